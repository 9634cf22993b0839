"""The touchscreen app, driven through its real widgets with simulated touches (Kivy offscreen)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.test_headless import SCRIPTED_GAME

pytest.importorskip("kivy")

from companion.app.screens.base import redo_text, undo_text  # noqa: E402
from tests.support import app_harness, judge_by_touch  # noqa: E402


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("app")
    with app_harness(tmp) as h:
        h.tmp = tmp
        yield h


def tr(h, key, **kw):
    return h.app.controller.tr(key, **kw)


def plus_buttons(h):
    from kivy.uix.button import Button

    found = [w for w in h.widgets(h.screen) if isinstance(w, Button) and w.text == "+" and not w.disabled]
    return sorted(found, key=lambda w: w.to_window(*w.center)[0])


def tap_command(h, cmd: dict) -> None:
    """Do at the table what ``cmd`` says, with touches on the screen the app shows."""
    phase = h.app.controller.view["phase"]
    name = cmd["cmd"]
    if name == "land":
        h.tap(tr(h, "space." + cmd["space"]))
    elif name == "result" and "winner" in cmd:  # the winners come after a contest is chosen
        h.tap(tr(h, "buzz.mode.card"))
        h.tap(tr(h, "duel.won_lines", player=cmd["winner"]))
    elif name == "result":
        if phase == "enigme":
            judge_by_touch(h, tr(h, "enigme.correct" if cmd["success"] else "enigme.wrong"))
        else:
            judge_by_touch(h, tr(h, "common.success" if cmd["success"] else "common.failure"))
    elif name == "opponent":
        h.tap(cmd["player"])
    elif name == "stake":
        h.tap(tr(h, "common." + cmd["stake"]))
    elif name == "sea" and cmd["choice"] == "dive":
        h.tap(tr(h, "sea.dive"))
    elif name == "sea":  # letting the stake go for good asks first
        h.tap(tr(h, "sea.abandon"))
        h.tap(tr(h, "common.confirm"))
    elif name == "dive":
        h.tap(tr(h, "dive.reached" if cmd["reached"] else "dive.not_yet"))
    elif name == "propose":
        again = h.app.controller.view["phase"] == "propose_again"  # a second try says "Wrong again"
        h.tap(tr(h, "propose.right" if cmd["correct"] else "propose.wrong_again" if again else "propose.wrong"))
    elif name == "pass":
        h.tap(tr(h, "propose.give_up"))
    elif name == "draw":
        for k, kind in enumerate(("pebble", "10", "20", "50")):
            for _ in range(cmd["tokens"].get(kind, 0)):
                h.tap(plus_buttons(h)[k])  # the screen is rebuilt after each tap: find the button again
        h.tap(tr(h, "treasure.done"))
    else:
        raise AssertionError(f"no touch for {cmd}")
    if h.app.sm.current in ("moment", "duel_outcome"):  # a round's end, a duel's outcome: the table taps on
        h.tap(tr(h, "common.continue"))


def start_game_by_touch(h, names, first, companion_decks=()):
    from kivy.uix.textinput import TextInput

    h.app.go("home")
    h.pump()
    h.tap("Fort Boyard")  # its tile on home
    for _ in range(len(names) - 2):
        h.tap(tr(h, "new.add"))
    inputs = sorted((w for w in h.widgets(h.screen) if isinstance(w, TextInput)),
                    key=lambda w: -w.to_window(*w.center)[1])
    for box, name in zip(inputs, names):
        h.type_into(box, name)
    h.tap(tr(h, "new.more_options"))
    h.tap(first)
    h.tap(tr(h, "new.next"))  # where the cards come from: the setup's page after who starts
    for deck in companion_decks:  # the deck's segmented toggle: its "companion" segment
        [segment] = [w for w in h.widgets(h.screen) if getattr(w, "choice", None) == (deck, "companion")]
        h.tap(segment)
    running = h.app.controller.in_progress
    h.tap(tr(h, "new.start"))
    if running:  # replacing the game in progress is confirmed
        h.tap(tr(h, "common.confirm"))


def test_whole_game_by_touch_ends_as_the_same_commands_through_headless(harness, tmp_path):
    h = harness
    start_game_by_touch(h, ["Ann", "Bob", "Cy"], "Ann", companion_decks=("enigme", "concentration"))
    assert h.app.sm.current == "turn"
    for cmd in SCRIPTED_GAME[1:]:
        tap_command(h, cmd)
    view = h.app.controller.view
    assert view["phase"] == "over" and view["winners"] == ["Bob"], [(p["name"], p["handfuls"]) for p in view["players"]]
    assert h.app.sm.current == "podium"
    cards = [c for c in h.app.controller.session.commands if c["cmd"] == "card"]
    assert {c["deck"] for c in cards} == {"enigme", "concentration"}

    lines = [json.dumps(c) for c in h.app.controller.session.commands]
    proc = subprocess.run([sys.executable, "-m", "companion", "play", "--headless", "--db", str(tmp_path / "h.sqlite3")],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60)
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert all(a["ok"] for a in answers)
    headless = answers[-1]["state"]
    assert headless == {**view, "game_id": headless["game_id"]}


def test_undo_is_one_tap_not_the_widest_button_and_redo_brings_it_back(harness):
    h = harness
    start_game_by_touch(h, ["Ann", "Bob"], "Ann")
    h.tap(tr(h, "space.force"))
    before = h.app.controller.view
    undo = h.button(undo_text(h.app.controller.tr))
    assert undo.what == tr(h, "common.undo", what=tr(h, "space.force"))  # what it takes back, in words
    from kivy.uix.button import Button

    widest = max((w for w in h.widgets(h.screen) if isinstance(w, Button)), key=lambda w: w.width)
    assert undo.width < widest.width
    h.tap(undo_text(h.app.controller.tr))
    assert h.app.controller.view["phase"] == "land" and h.app.sm.current == "turn"
    h.tap(redo_text(h.app.controller.tr))
    assert h.app.controller.view == before and h.app.sm.current == "challenge"


def test_undo_takes_back_a_companion_card_with_the_landing_that_drew_it(harness):
    h = harness
    start_game_by_touch(h, ["Ann", "Bob"], "Ann", companion_decks=("force",))
    h.tap(tr(h, "space.force"))
    card = h.app.controller.view["card"]
    assert card is not None and card["deck"] == "force", (h.app.controller.table, h.app.controller.session.commands)
    h.tap(undo_text(h.app.controller.tr))
    view = h.app.controller.view
    assert view["phase"] == "land" and view["card"] is None and view["cards_drawn"] == []
    h.tap(redo_text(h.app.controller.tr))  # the landing comes back with the card it drew
    assert h.app.controller.view["card"] == card


def test_new_game_over_a_running_one_asks_for_confirmation(harness):
    h = harness
    start_game_by_touch(h, ["Ann", "Bob"], "Ann")
    game = h.app.controller.view["game_id"]
    h.app.go("new_game")
    h.app.sm.get_screen("new_game").rows = [{"name": "Cy", "colour": "orange"}, {"name": "Dee", "colour": "sky"}]
    h.app.sm.get_screen("new_game").rebuild()
    h.pump()
    h.tap(tr(h, "new.more_options"))
    h.tap(tr(h, "new.next"))  # the cards' page, the last one: Start
    h.tap(tr(h, "new.start"))
    assert h.app.controller.view["game_id"] == game  # not yet: the question is asked
    h.tap(tr(h, "common.cancel"))
    assert h.app.controller.view["game_id"] == game
    h.tap(tr(h, "new.start"))
    h.tap(tr(h, "common.confirm"))
    assert h.app.controller.view["game_id"] != game


def test_riddle_answer_shows_only_while_a_finger_holds_it(harness):
    from kivy.tests.common import UnitTestTouch

    h = harness
    start_game_by_touch(h, ["Ann", "Bob"], "Ann", companion_decks=("enigme",))
    h.tap(tr(h, "space.enigme"))
    riddle = h.app.controller.game_part.card_item()
    shown = lambda: [w.text for w in h.widgets(h.screen) if hasattr(w, "text")]
    answer = tr(h, "enigme.answer", answer=riddle.answer)
    hint = tr(h, "enigme.hold_reader", player="Bob")  # Bob, on Ann's left, reads her the riddle
    h.tap(hint)  # a tap, or a brushed strip, leaves nothing on screen
    assert answer not in shown()
    strip = h.button(hint)
    touch = UnitTestTouch(*strip.to_window(*strip.center))
    touch.touch_down()  # the judge's finger held on the strip
    h.pump(2)
    assert answer in shown()
    touch.touch_up()
    h.pump(2)
    assert answer not in shown()


def test_language_switches_while_the_app_runs(harness):
    h = harness
    h.app.go("home")
    h.pump()
    h.tap("English")  # the button names the next language in its own words
    assert h.app.controller.tr.language == "en"
    assert h.button("History") and h.button("Fort Boyard\n2–6\u00a0players")
    assert "language = \"en\"" in (h.tmp / "settings.toml").read_text()
    h.tap("Français")
    assert h.button("Historique") and h.button("Fort Boyard\n2–6\u00a0joueurs")  # the count never broken


def test_a_failing_screen_shows_the_error_screen_and_the_app_goes_on(harness, monkeypatch):
    h = harness
    start_game_by_touch(h, ["Ann", "Bob"], "Ann")
    from companion.app.games.fort_boyard.turn import TurnScreen

    monkeypatch.setattr(TurnScreen, "body", lambda self: 1 / 0)
    h.app.sm.get_screen("turn").rebuild()
    h.settle(frames=4)
    assert h.app.sm.current == "error"
    monkeypatch.undo()
    h.tap(tr(h, "error.back"))
    assert h.app.sm.current == "home"
    h.tap(tr(h, "home.continue"))
    assert h.app.sm.current == "turn"


def test_keyboard_shortcuts_land_on_spaces(harness):
    from kivy.core.window import Window

    h = harness
    start_game_by_touch(h, ["Ann", "Bob"], "Ann")
    Window.dispatch("on_key_down", 100, 0, "d", [])  # d: Door
    h.pump()
    assert h.app.controller.view["current"] == "Bob"
    Window.dispatch("on_key_down", 122, 0, "z", ["ctrl"])
    h.pump()
    assert h.app.controller.view["current"] == "Ann"


def test_overflow_check_finds_text_that_does_not_fit(harness):
    from kivy.core.window import Window
    from kivy.uix.label import Label

    label = Label(text="Une phrase beaucoup trop longue pour une si petite étiquette", size_hint=(None, None),
                  size=(40, 12), pos=(0, 0))
    Window.add_widget(label)
    try:
        harness.pump(2)
        assert any(o["text"].startswith("Une phrase") for o in harness.overflowing_labels())
    finally:
        Window.remove_widget(label)


def test_hourglass_starts_pauses_and_tells_when_time_is_up(harness):
    import time as _time

    h = harness
    h.app.change_settings(hourglass_seconds=5)
    try:
        start_game_by_touch(h, ["Ann", "Bob"], "Ann")
        h.tap(tr(h, "space.force"))
        assert h.app.ring.remaining() == 5.0  # full and waiting
        ups = []
        h.app.hourglass_listeners.append(lambda: ups.append(True))
        h.tap(tr(h, "hourglass.start"))
        h.settle(0.3)
        assert 0 < h.app.ring.remaining() < 5.0
        h.tap(tr(h, "hourglass.pause"))
        left = h.app.ring.remaining()
        h.settle(0.3)
        assert h.app.ring.remaining() == left
        h.tap(tr(h, "hourglass.resume"))
        end = _time.monotonic() + 10
        while not ups and _time.monotonic() < end:
            h.pump(1)
        assert ups == [True]
        h.settle(frames=3)
        assert tr(h, "hourglass.up") in [w.text for w in h.widgets(h.screen) if hasattr(w, "text")]
    finally:
        h.app.hourglass_listeners.clear()
        h.app.change_settings(hourglass_seconds=30)


def test_display_profile_setting_resizes_a_desktop_window(harness):
    from kivy.core.window import Window

    h = harness
    try:
        h.app.change_settings(display_profile="720x1280")
        h.pump(3)
        assert tuple(Window.size) == (720, 1280) and h.app.portrait
    finally:
        h.app.change_settings(display_profile="800x480")
        h.pump(3)
    assert tuple(Window.size) == (800, 480)


def test_a_two_part_button_text_shows_every_line_it_measured(harness):
    """Kivy lays a text with a newline out from the middle, giving the part after the newline only half
    a fixed-height box: a wrapped second part lost its last line although the measured text fitted (the
    home screen's "Continue" button on the portrait display lost the last players' names)."""
    from kivy.core.window import Window

    from companion.app.controls import BigButton

    h = harness
    button = BigButton(text="Continue the game\nRound 1 – Marie-Christine, Jean-Baptiste, Zoé, Maximilien",
                       base_font=26, size_hint=(None, None), size=(448, 110), pos=(10, 10))
    Window.add_widget(button)
    try:
        h.settle(frames=3)
        # The lines of the texture on screen (Kivy's own layout of them), read before anything lays it out again.
        drawn = [" ".join(word.text for word in line.words) for line in button._label._cached_lines]
        assert len(drawn) == 3 and drawn[-1].endswith("Maximilien")
        assert button.texture_size[1] <= button.height
        assert not button.overflows()
    finally:
        Window.remove_widget(button)


def test_a_long_name_in_a_narrow_label_shrinks_instead_of_breaking_in_the_middle(harness):
    """Kivy breaks a word wider than the box anywhere ("Marie-Christi / ne", the dice screen's columns)."""
    from kivy.core.window import Window

    from companion.app.controls import FitLabel

    h = harness
    label = FitLabel(text="Marie-Christine : 5", base_font=20, size_hint=(None, None), size=(110, 80), pos=(10, 10))
    Window.add_widget(label)
    try:
        h.settle(frames=3)
        drawn = [" ".join(word.text for word in line.words) for line in label._label._cached_lines]
        assert any("Marie-Christine" in line for line in drawn), drawn
        assert label.font_size < 20 and not label.overflows()
    finally:
        Window.remove_widget(label)
