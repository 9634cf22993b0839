"""The new game's options (Fort Boyard's, issue 22's family review at 800×480): every word at 20 px or more,
the code words' toggle in a tappable look, the page scrolling rather than shrinking its text."""

from __future__ import annotations

import pytest

from tests.support import app_harness

SCREENS = ("new_game-options", "new_game-code-words")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("new_game_options")) as h:
        yield h


def show(h, scenario: str, language: str) -> None:
    from companion.app.scenarios import SCENARIOS

    h.app.set_language(language)
    SCENARIOS[scenario](h.app)
    h.settle(frames=8)


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("scenario", SCREENS)
def test_every_word_of_the_options_is_at_least_20_px(harness, scenario, language):
    from kivy.uix.label import Label

    show(harness, scenario, language)
    small = [(w.text, round(w.font_size, 1)) for w in harness.widgets()
             if isinstance(w, Label) and w.text.strip() and w.font_size < 20]
    assert small == []


@pytest.mark.parametrize("scenario", SCREENS)
def test_the_code_words_toggle_looks_like_the_other_options_not_disabled(harness, scenario):
    from companion.app import theme
    from companion.app.screens.kit import choice_look

    show(harness, scenario, "en")
    toggle = next(w for w in harness.widgets() if getattr(w, "text", "").startswith("Code words:"))
    assert not toggle.disabled
    assert tuple(toggle.bg) == tuple(choice_look(False)["bg"]) and tuple(toggle.bg) != tuple(theme.STONE_DARK)
    assert tuple(toggle.color) == tuple(theme.TEXT)
