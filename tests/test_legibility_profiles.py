"""The screens that ran out of room on the larger and the portrait profiles (history, the new game's
options), measured on the real pictures of ``companion shots``; gold fills only the one main action
(docs/design.md: the podium's steps and the code words' levels were gold blocks); one scale for every
size (widgets/art.py)."""

from __future__ import annotations

import json

import pytest

from tests.support import app_harness

pytest.importorskip("kivy")

SCREENS = ("history", "history-games", "history-stats", "history-player", "new_game-options")


def test_history_and_the_new_games_options_are_legible_on_every_larger_profile(all_shots):
    """720×1280: the games' lines, the player's figures and the options' columns; 1280×800: the player's
    figures and the table's "Duels"; 1024×600: the two buttons under the list (9 px apart)."""
    from companion.app.legibility import check_folder
    from companion.app.scenarios import shot_name

    out, _figures = all_shots  # the run's shared pictures
    everything = json.loads((out / "widgets.json").read_text("utf-8"))
    wanted = {shot_name(s, p, "fr") for s in SCREENS for p in ("720x1280", "1024x600", "1280x800")}
    widgets = {name: report for name, report in everything.items() if name in wanted}
    assert len(widgets) == 3 * len(SCREENS)
    assert [str(p) for p in check_folder(widgets)] == []


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("gold")) as h:
        yield h


def shown(h, scenario: str):
    from companion.app.scenarios import SCENARIOS

    h.app.set_language("fr")
    name = SCENARIOS[scenario](h.app)
    h.settle(frames=8)
    assert h.app.sm.current == name
    return h.screen


def gold_fills(h) -> list:
    from companion.app import theme

    return [w for w in h.widgets(h.screen) if list(getattr(w, "bg", ())) == list(theme.GOLD)]


def test_the_podium_fills_only_the_rematch_with_gold_and_its_first_step_is_no_button(harness):
    from kivy.uix.button import Button

    from companion.app import theme

    h = harness
    shown(h, "podium")
    assert [w.text for w in gold_fills(h)] == [h.app.controller.tr("podium.again")]
    steps = [c for c in h.widgets(h.screen) if getattr(c, "place", None) is not None and not hasattr(c, "font_size")]
    assert sorted(c.place for c in steps) == [1, 2, 3]
    for column in steps:
        step = column.children[0]  # the step under the players who stand on it
        assert not isinstance(step, Button) and step.radius == 0  # square: not the shape of a button
        number = step.children[0]
        assert number.text == str(column.place)
        assert list(number.color) == list(theme.GOLD if column.place == 1 else theme.TEXT)  # the trophy's gold


def test_the_code_words_levels_are_a_choice_with_its_tick_not_a_gold_button(harness):
    from companion.app.screens.kit import SELECTED

    h = harness
    shown(h, "new_game-code-words")
    assert [w.text for w in gold_fills(h)] == [h.app.controller.tr("new.start")]
    segments = {w.choice: w for w in h.widgets(h.screen) if isinstance(getattr(w, "choice", None), tuple)}
    hard = segments[("Jean-Baptiste", "hard")]
    assert hard.text.startswith("✓ ") and list(hard.bg) == list(SELECTED)
    assert not segments[("Jean-Baptiste", "easy")].text.startswith("✓ ")
    h.tap(segments[("Zoé", "hard")])
    h.settle(frames=4)
    assert h.app.sm.get_screen("new_game").form.word_levels["Zoé"] == "hard"


def test_every_size_is_the_tokens_one_on_the_windows_profile(harness, monkeypatch):
    """art.px, Scale.px and the tokens' px are one scale: the window's profile's. A desktop window between
    two profiles (1280×720) is laid out as the nearest (1280×800), its art and its sizes alike: before,
    art.px took the window's own 1.5 while the tokens' line boxes took the profile's 1.667."""
    from types import SimpleNamespace

    from companion.app.controls import Scale
    from companion.app.look import tokens
    from companion.app.table.profiles import PROFILES
    from companion.app.widgets import art

    assert Scale.factor == tokens.scale(art.profile()) and art.px(36) == tokens.px(36, art.profile())
    monkeypatch.setattr(art, "Window", SimpleNamespace(width=1280, height=720))
    assert art.profile() is PROFILES["1280x800"]
    assert art.px(36) == tokens.px(36, PROFILES["1280x800"]) == 60
    try:
        harness.app._resize()
        assert Scale.factor == PROFILES["1280x800"].scale
    finally:
        monkeypatch.undo()
        harness.app._resize()
    assert Scale.factor == 1.0
