"""The shared setup, settings and podium after the blind family review (a 7-inch 800×480 screen at 1.5 m):
Fort Boyard's options on pages that fit (every word ≥ 20 px, every choice in sight, nothing to scroll),
Back and Next / Start at the same two bottom corners on every step, the settings' rows in their own area
above the bottom strip and every on/off one switch, the podium's names and scores large."""

from __future__ import annotations

import pytest

from tests.support import app_harness

OPTION_PAGES = ("new_game-options", "new_game-cards", "new_game-code-words")
STEPS = ("new_game-players", "new_game-saved", *OPTION_PAGES, "knightmare-options", "pixies-options",
         "forfort-options", "forfort-house-rules", "fort-options")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("new_game_options")) as h:
        yield h


def show(h, scenario: str, language: str = "en") -> None:
    from companion.app.scenarios import SCENARIOS

    h.app.set_language(language)
    SCENARIOS[scenario](h.app)
    h.settle(frames=8)


def labels(h):
    from kivy.uix.label import Label

    return [w for w in h.widgets(h.screen) if isinstance(w, Label) and w.text.strip() and w.width > 1]


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("scenario", OPTION_PAGES)
def test_every_word_of_the_options_is_at_least_20_px(harness, scenario, language):
    show(harness, scenario, language)
    small = [(w.text, round(w.font_size, 1)) for w in labels(harness) if w.font_size < 20]
    assert small == []


@pytest.mark.parametrize("scenario", OPTION_PAGES)
def test_every_choice_of_the_options_is_whole_on_the_screen_without_scrolling(harness, scenario):
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView

    show(harness, scenario)
    assert not [w for w in harness.widgets(harness.screen) if isinstance(w, ScrollView)]
    choices = [w for w in harness.widgets(harness.screen) if hasattr(w, "choice")]
    assert choices
    for w in choices:
        x, y = w.to_window(w.x, w.y)
        assert 0 <= x and x + w.width <= Window.width + 0.5 and 0 <= y and y + w.height <= Window.height + 0.5, w.text


def test_the_code_words_are_a_two_way_choice_in_the_look_of_every_option(harness):
    from companion.app.screens.kit import choice_look

    show(harness, "new_game-options")
    segments = {w.choice[1]: w for w in harness.widgets(harness.screen) if getattr(w, "choice", (None,))[0] == "code_words"}
    assert set(segments) == {"cards", "companion"}
    assert tuple(segments["companion"].bg) == tuple(choice_look(False)["bg"])
    assert tuple(segments["cards"].bg) == tuple(choice_look(True)["bg"]) and segments["cards"].text.startswith("✓")


@pytest.mark.parametrize("scenario", STEPS)
def test_back_is_bottom_left_and_the_way_forward_bottom_right_of_one_size_on_every_step(harness, scenario):
    from kivy.core.window import Window

    show(harness, scenario)
    ends = {w.step_end: w for w in harness.widgets(harness.screen) if hasattr(w, "step_end")}
    back, ahead = ends["back"], ends["forward"]
    (bx, by), (fx, fy) = back.to_window(back.x, back.y), ahead.to_window(ahead.x, ahead.y)
    assert tuple(back.size) == tuple(ahead.size)
    assert bx < Window.width * 0.1 and fx + ahead.width > Window.width * 0.9
    assert by < Window.height * 0.1 and abs(by - fy) < 1
    # the lowest buttons of the screen: nothing touchable under them
    lowest = min(w.to_window(w.x, w.y)[1] for w in harness.widgets(harness.screen) if hasattr(w, "on_release")
                 and w.width > 1)
    assert by <= lowest + 1


def test_the_settings_rows_scroll_in_their_own_area_above_the_bottom_strip(harness):
    from kivy.uix.scrollview import ScrollView

    show(harness, "settings-sound")
    [view] = [w for w in harness.widgets(harness.screen) if isinstance(w, ScrollView)]
    [strip] = [w for w in harness.widgets(harness.screen) if getattr(w, "settings_strip", False)]
    assert view.to_window(view.x, view.y)[1] >= strip.to_window(strip.x, strip.top)[1] - 0.5
    back = next(w for w in harness.widgets(harness.screen) if getattr(w, "text", None) == "Back")
    assert back.to_window(back.x, back.y)[1] < view.to_window(view.x, view.y)[1]


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("scenario", ["settings", "settings-sound", "settings-display", "settings-hardware"])
def test_every_on_off_setting_is_one_switch_on_then_off_in_the_same_words(harness, scenario, language):
    show(harness, scenario, language)
    tr = harness.app.controller.tr
    on, off = tr("settings.on"), tr("settings.off")
    switches: dict[str, list] = {}
    for w in harness.widgets(harness.screen):
        choice = getattr(w, "choice", None)
        if choice is not None and w.text.lstrip("✓ ") in (on, off):
            switches.setdefault(choice[0], []).append(w)
    assert switches  # each page shown has at least one on/off
    for name, segments in switches.items():
        segments.sort(key=lambda w: w.x)
        assert [w.text.lstrip("✓ ") for w in segments] == [on, off], name
        assert sum(w.text.startswith("✓") for w in segments) == 1


@pytest.mark.parametrize("scenario", ["podium", "fort-podium", "knightmare-podium", "pixies-podium"])
def test_the_podium_names_are_24_px_and_the_scores_28_the_winners_larger(harness, scenario):
    show(harness, scenario)
    screen = harness.screen
    scores = [w for w in harness.widgets(screen) if getattr(w, "podium_score", False)]
    assert scores and all(w.font_size >= 28 - 0.5 for w in scores)
    first = [w for w in scores if any(getattr(p, "place", None) == 1 for p in ancestors(w))]
    assert first and min(w.font_size for w in first) > max(w.font_size for w in scores if w not in first)
    standing = [w for w in labels(harness) if getattr(w, "role", "") == "standing" and w not in scores]
    assert len(standing) == len(scores) and all(w.font_size >= 24 - 0.5 for w in standing)  # the names


def ancestors(w):
    while w.parent is not None and w.parent is not w:
        w = w.parent
        yield w
