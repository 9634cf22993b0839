"""The buzzer duel panel inside the real app (Kivy offscreen): keys as buzzers, the verdict, the result."""

from __future__ import annotations

import pytest

pytest.importorskip("kivy")

from companion.app.games.fort_boyard.buzzer_duel import translate  # noqa: E402
from tests.support import app_harness  # noqa: E402


def test_panel_messages_come_from_the_catalogues_in_the_tables_language():
    # every message in every language with the same placeholders: tests/test_language.py
    assert translate("en", "buzz.wins", player="Zoé") == "Zoé wins!"
    assert translate("fr", "buzz.release", player="Zoé") == "Zoé, relâche ton buzzer\u00a0!"
    assert translate("xx", "buzz.top") == "Top\u00a0!"  # an unknown language falls back to French


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("buzzer-app")) as h:
        yield h
        hw = getattr(h.app, "buzzer_hardware", None)
        if hw is not None:
            hw.close()


@pytest.fixture
def duel_screen(harness):
    from companion.app.games.fort_boyard.scenarios import _duel

    _duel(harness.app, "result")  # Marie-Christine (seat 1) challenges Maximilien (seat 4)
    harness.settle(frames=4)
    assert harness.app.controller.view["phase"] == "duel_result"
    return harness.screen


def key(harness, char: str, down: bool = True) -> None:
    from kivy.core.window import Window

    if down:
        Window.dispatch("on_key_down", ord(char), 0, char, [])
    else:
        Window.dispatch("on_key_up", ord(char), 0)
    harness.pump(2)  # presses reach the panel through Kivy's clock


def shown_panel(screen):
    """The duel panel the Duel screen shows now (each step of the duel rebuilds the screen)."""
    return screen.duel_panel


def texts(harness, root) -> list[str]:
    from kivy.uix.label import Label

    return [w.text for w in harness.widgets(root) if isinstance(w, Label) and w.text]


def test_card_duel_with_keys_names_the_winner_and_sends_the_result(harness, duel_screen):
    from companion.app.games.fort_boyard.buzzer_duel import BuzzerDuelPanel

    app = harness.app
    lang = app.controller.tr.language
    panel = shown_panel(duel_screen)
    assert isinstance(panel, BuzzerDuelPanel)
    harness.pump(3)
    shown = texts(harness, panel)  # step 1: the four contests, each with its line (no title: they are the question)
    assert all(translate(lang, "buzz.mode." + m) in shown and translate(lang, "buzz.hint." + m) in shown
               for m in ("card", "reflex", "question", "time"))
    harness.tap(translate(lang, "buzz.mode.card"))
    panel = shown_panel(duel_screen)  # the second step: the contest runs
    assert translate(lang, "buzz.card") in texts(harness, panel)
    key(harness, "2")  # Jean-Baptiste is not duelling
    key(harness, "4")  # Maximilien
    key(harness, "1")  # Marie-Christine
    shown = texts(harness, panel)
    assert translate(lang, "buzz.wins", player="Maximilien") in shown
    assert translate(lang, "buzz.line.ignored", player="Jean-Baptiste") in shown
    assert translate(lang, "buzz.line.valid", rank=1, player="Maximilien", gap="0.0 ms") in shown
    assert any(t.startswith("2. Marie-Christine  +") and t.endswith(" ms") for t in shown)
    assert app.controller.view["phase"] == "duel_result"  # the keys did not also send a result
    for char in "241":
        key(harness, char, down=False)
    harness.tap(translate(lang, "buzz.validate", player="Maximilien"))
    view = app.controller.view
    assert view["phase"] != "duel_result"
    last = view["last_command"]
    assert (last["cmd"], last["winner"]) == ("result", "Maximilien")
    assert last["buzzers"]["winner"] == "Maximilien"  # the duel's record goes into the game log
    assert last["buzzers"]["duellists"] == ["Marie-Christine", "Maximilien"]
    assert panel.duel.closed


def test_the_duel_survives_a_rebuild_and_follows_the_language(harness, duel_screen):
    from companion.app.games.fort_boyard.buzzer_duel import BuzzerDuelPanel, duel_for

    app = harness.app
    harness.tap(translate(app.controller.tr.language, "buzz.mode.question"))
    panel = shown_panel(duel_screen)
    key(harness, "1")
    key(harness, "1", down=False)
    duel_screen.rebuild()  # a rebuild: the same turn's duel is kept
    assert duel_for(duel_screen) is panel.duel and not panel.duel.closed
    before = app.controller.tr.language
    other = "en" if before == "fr" else "fr"
    app.controller.tr.set_language(other)
    try:
        duel_screen.rebuild()
        again = shown_panel(duel_screen)
        assert isinstance(again, BuzzerDuelPanel) and again.duel is panel.duel
        harness.pump(3)
        assert translate(other, "buzz.answers", player="Marie-Christine") in texts(harness, again)
        harness.tap(translate(other, "buzz.wrong"))
        assert translate(other, "buzz.nobody_left") in texts(harness, again)
        key(harness, "4")
        assert translate(other, "buzz.answers", player="Maximilien") in texts(harness, again)
        harness.tap(translate(other, "buzz.correct", player="Maximilien"))
        last = app.controller.view["last_command"]
        assert (last["cmd"], last["winner"], last["buzzers"]["winner"]) == ("result", "Maximilien", "Maximilien")
    finally:
        app.controller.tr.set_language(before)


def test_reflex_mode_says_attention_and_a_false_start_loses(harness, duel_screen):
    from companion.app.games.fort_boyard.buzzer_duel import BuzzerDuelPanel

    lang = harness.app.controller.tr.language
    harness.tap(translate(lang, "buzz.mode.reflex"))
    panel = shown_panel(duel_screen)
    assert isinstance(panel, BuzzerDuelPanel)
    assert translate(lang, "buzz.attention") in texts(harness, panel)
    key(harness, "1")  # Marie-Christine jumps the gun
    shown = texts(harness, panel)
    assert translate(lang, "buzz.wins_false_start", loser="Marie-Christine", player="Maximilien") in shown
    assert translate(lang, "buzz.line.false_start", player="Marie-Christine") in shown
    key(harness, "1", down=False)


def test_question_mode_draws_a_question_when_the_table_plays_the_games_cards(harness):
    from companion.app.games.fort_boyard.scenarios import fresh_game, play

    app = harness.app
    fresh_game(app, decks="physical")
    play(app, {"cmd": "land", "space": "duel"}, {"cmd": "opponent", "player": "Maximilien"})
    app.show_phase()
    harness.settle(frames=4)
    assert app.controller.view["card"] is None
    harness.tap(translate(app.controller.tr.language, "buzz.mode.question"))
    question = app.controller.game_part.card_item().question
    assert app.controller.tr.typeset(question) in [w.text for w in harness.widgets(harness.screen) if hasattr(w, "text")]
