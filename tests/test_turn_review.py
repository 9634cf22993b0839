"""The turn's screens after the family review (issue 14): the riddle's answer only while a finger holds it,
the duel's contest chosen before its winners, "Lancer le sablier" the main action before the hourglass runs,
a paused ring that says so, the spent dots drawn, the sea naming its player."""

from __future__ import annotations

import pytest

from companion.app.look.tokens import TYPE
from tests.support import app_harness, shown_scenario as shown


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("turn-review")) as h:
        h.app.set_language("fr")
        yield h


def texts(harness, screen) -> list[str]:
    return [w.text for w in harness.widgets(screen) if hasattr(w, "text")]


def judge_widget(harness, text):
    """The judge with ``text``, enabled or muted (``harness.button`` finds only enabled buttons)."""
    from kivy.uix.button import Button

    return next(w for w in harness.widgets(harness.screen) if isinstance(w, Button) and w.text == text)


def strip_of(harness, screen):
    return next(w for w in harness.widgets(screen) if getattr(w, "answer_hold", False))


def hold(harness, widget):
    """A finger put on ``widget`` (returned: lift it with ``touch_up()``)."""
    from kivy.tests.common import UnitTestTouch

    harness.pump(2)
    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    harness.pump(2)
    return touch


def test_the_riddles_answer_shows_only_while_the_judge_holds_it(harness):
    screen = shown(harness, "enigme")
    tr = harness.app.controller.tr
    answer = tr("enigme.answer", answer=harness.app.controller.game_part.card_item().answer)
    strip = strip_of(harness, screen)
    assert answer not in texts(harness, screen)
    harness.tap(strip)  # a tap (or a brush) shows nothing that stays
    assert answer not in texts(harness, screen)
    touch = hold(harness, strip)
    assert answer in texts(harness, screen)
    touch.touch_up()
    harness.pump(2)
    assert answer not in texts(harness, screen)


def test_the_riddles_answer_strip_says_what_it_does_and_whose_it_is_at_reading_size(harness):
    from companion.app.games.fort_boyard.turn import reader_of

    screen = shown(harness, "enigme")
    tr = harness.app.controller.tr
    strip = strip_of(harness, screen)
    judges = [judge_widget(harness, tr("enigme.correct")), judge_widget(harness, tr("enigme.wrong"))]
    from companion.app import theme

    reader = reader_of(screen)
    assert reader != harness.app.controller.view["current"]  # the reader, not the player answering
    assert strip.text == tr("enigme.hold_reader", player=reader) and reader in strip.text
    assert strip.font_size >= 22 and strip.base_font == TYPE.body  # read from the reader's seat
    assert list(strip.bg) == list(theme.STONE_DARK)  # quiet: never the start's gold
    title_bottom = min(w.to_window(*w.pos)[1] for w in harness.widgets(screen)
                       if getattr(w, "role", None) == "step")
    _, top = strip.to_window(strip.x, strip.top)
    assert top < title_bottom  # under the title, inside the riddle's panel
    for judge in judges:
        assert not strip.collide_widget(judge)


def test_pere_fouras_is_a_third_of_the_screens_height_beside_his_riddle(harness):
    from kivy.core.window import Window

    from companion.app.games.fort_boyard.riddle import FOURAS_SHARE

    screen = shown(harness, "enigme")
    fouras = screen.fouras
    drawn = min(fouras.height, fouras.width / fouras._aspect)  # the portrait keeps its aspect in its box
    assert drawn >= Window.height * FOURAS_SHARE
    strip = strip_of(harness, screen)
    assert fouras.get_root_window() is not None
    assert fouras.to_window(fouras.right, 0)[0] < strip.to_window(strip.x, 0)[0]  # at the left of his riddle


def test_listen_again_has_pere_fouras_read_the_riddle_once_more(harness):
    calls = []

    class Sound:  # the companion's sound, as far as this screen uses it
        def say_card(self, deck, card_id):
            calls.append((deck, card_id))
            return object()  # an utterance under way

    screen = shown(harness, "enigme")
    card = harness.app.controller.view["card"]
    before = harness.app.sound
    harness.app.sound = Sound()
    try:
        harness.tap(screen.listen_button)
        assert calls == [(card["deck"], card["id"])]
    finally:
        harness.app.sound = before
    harness.app.sound = None
    try:
        assert screen.listen_again() is False  # no voice: the screen says so (a toast), nothing breaks
    finally:
        harness.app.sound = before


def test_the_duel_questions_answer_shows_only_while_held(harness):
    screen = shown(harness, "duel-choose")
    screen.duel_panel.choose("question")
    harness.settle(frames=4)
    screen = harness.app.current_screen()
    answer = harness.app.controller.tr("duel.answer", answer=harness.app.controller.game_part.card_item().answer)
    strip = strip_of(harness, screen)
    assert answer not in texts(harness, screen)
    touch = hold(harness, strip)
    assert answer in texts(harness, screen)
    touch.touch_up()
    harness.pump(2)
    assert answer not in texts(harness, screen)


def test_the_duels_contest_step_has_no_winner_buttons_and_the_run_step_has_them_last(harness):
    from kivy.uix.button import Button

    screen = shown(harness, "duel-choose")
    tr = harness.app.controller.tr
    won = [tr("duel.won_lines", player=n) for n in ("Marie-Christine", "Maximilien")]
    buttons = lambda: [w.text for w in harness.widgets(screen) if isinstance(w, Button)]
    assert not set(won) & set(buttons())
    harness.tap(tr("buzz.mode.card"))
    harness.settle(frames=4)
    screen = harness.app.current_screen()
    start, winners = harness.button(tr("hourglass.start")), [harness.button(t) for t in won]
    assert start.to_window(*start.pos)[0] < min(w.to_window(*w.pos)[0] for w in winners)  # the start first
    assert {w.height for w in winners} == {winners[0].height}  # both names laid out alike


def test_the_card_contest_shows_the_games_duel_card_not_a_quiz_question(harness):
    screen = shown(harness, "duel-contest")
    item = harness.app.controller.game_part.card_item()
    shown_texts = " ".join(texts(harness, screen))
    assert item is None or screen.typeset(item.question) not in shown_texts
    assert harness.app.controller.tr("space.duel") in shown_texts  # "pioche une carte Duel …"


@pytest.mark.parametrize("shot", ["challenge", "enigme"])
def test_the_hourglass_start_is_the_main_action_before_it_runs(harness, shot):
    from companion.app import theme

    screen = shown(harness, shot)
    tr = harness.app.controller.tr
    start = harness.button(tr("hourglass.start"))
    judges = ("common.success", "common.failure") if shot == "challenge" else ("enigme.correct", "enigme.wrong")
    judge = [judge_widget(harness, tr(k)) for k in judges]
    assert list(start.bg) == list(theme.GOLD)
    assert start.font_size > max(j.font_size for j in judge)
    assert all(j.base_font == TYPE.body for j in judge)  # secondary
    assert start.to_window(*start.pos)[0] < min(j.to_window(*j.pos)[0] for j in judge)  # first in the row
    harness.tap(start)
    harness.settle(frames=4)  # running: the judges are the main action again
    screen = harness.app.current_screen()
    judge = [harness.button(tr(k)) for k in judges]
    assert all(j.base_font == TYPE.button for j in judge)
    harness.tap(tr("hourglass.pause"))


@pytest.mark.parametrize("shot", ["challenge", "enigme"])
def test_the_judges_wait_for_the_hourglass_and_say_so(harness, shot):
    screen = shown(harness, shot)
    tr = harness.app.controller.tr
    judges = ("common.success", "common.failure") if shot == "challenge" else ("enigme.correct", "enigme.wrong")
    phase = harness.app.controller.view["phase"]
    for key in judges:
        judge = judge_widget(harness, tr(key))
        assert judge.disabled  # muted: a tap judges nothing
        harness.tap(judge)
        assert harness.app.controller.view["phase"] == phase
    assert tr("fb.judge_after_start") in texts(harness, screen)
    harness.tap(tr("hourglass.start"))
    harness.settle(frames=4)
    screen = harness.app.current_screen()
    assert not any(judge_widget(harness, tr(k)).disabled for k in judges)
    assert tr("fb.judge_after_start") not in texts(harness, screen)
    harness.tap(tr("hourglass.pause"))


def test_a_paused_ring_says_so_and_a_waiting_one_does_not(harness):
    from companion.app.screens.hourglass_view import HourglassView

    tr = harness.app.controller.tr
    screen = shown(harness, "hourglass-last10")  # paused at 7 s
    view = next(w for w in harness.widgets(screen) if isinstance(w, HourglassView))
    assert view.paused_label.text == tr("hourglass.paused") and view.paused_label.height > 0
    assert view.time_label.font_size >= TYPE.timer
    screen = shown(harness, "challenge")  # full, not started: nothing is paused yet
    view = next(w for w in harness.widgets(screen) if isinstance(w, HourglassView))
    assert view.paused_label.text == ""


def test_spent_dots_are_drawn_grey_and_lit_ones_keep_their_colour():
    from companion.app.widgets.ring import SPENT, shown_colour

    assert shown_colour((0, 0, 0)) == SPENT and min(SPENT) > 0.25  # not black on the navy sea
    assert shown_colour((255, 40, 0)) == (1.0, 40 / 255, 0.0)  # the last ten seconds keep their warning


def test_the_sea_names_its_player_and_explains_at_reading_size(harness):
    screen = shown(harness, "enigme-sea")
    title = next(w for w in harness.widgets(screen) if getattr(w, "role", None) == "step")
    assert title.text.startswith("Marie-Christine")
    helper = next(w for w in harness.widgets(screen) if getattr(w, "text", "").startswith("Plonger"))
    assert helper.font_size >= TYPE.body
