"""The legibility check over widgets.json (companion.app.legibility), on reports written by hand, and the
report itself from a real screen."""

from __future__ import annotations

import json

import pytest

from companion.app.legibility import check_shot
from tests.support import app_harness


def text(t: str, px: float, role: str | None = None, broken: bool = False) -> dict:
    item = {"text": t, "font_px": px, "pos": [0, 0], "size": [200, 40], "colour": [1, 1, 1, 1], "broken_word": broken}
    return {**item, "role": role} if role else item


def button(t: str, x: int, y: int, w: int = 100, h: int = 60) -> dict:
    return {"text": t, "pos": [x, y], "size": [w, h]}


def whats(report: dict, scale: float = 1.0) -> list[str]:
    return [p.what for p in check_shot("fort-boyard-turn-800x480-fr.png", report, scale)]


def test_text_under_18_px_on_a_play_screen_is_a_problem():
    assert whats({"texts": [text("Où est arrivé le pion ?", 16), text("Porte", 18)]}) == [
        "'Où est arrivé le pion ?' is 16 px, under the 18 px of a text"]


def test_the_step_and_the_standings_have_their_own_minimums():
    found = whats({"texts": [text("À Zoé de jouer", 30, role="step"), text("2 clés", 20, role="standing")]})
    assert found == ["'À Zoé de jouer' is 30 px, under the 36 px of a step",
                     "'2 clés' is 20 px, under the 24 px of a standing"]


def test_minimums_scale_with_the_profile():
    scale = 800 / 480  # the 1280x800 profile: 18 px become 30
    assert whats({"texts": [text("Porte", 30)]}, scale) == []
    assert whats({"texts": [text("Porte", 29)]}, scale) == ["'Porte' is 29 px, under the 30 px of a text"]


def test_a_word_broken_inside_is_a_problem():
    assert whats({"texts": [text("Marie-Christine", 24, broken=True)]}) == [
        "'Marie-Christine' has a word too wide for its box: it is broken inside"]


def test_small_touch_targets_and_narrow_gaps_are_problems():
    report = {"touchables": [button("Monter", 0, 0, 100, 45), button("Descendre", 104, 0), button("OK", 300, 0)]}
    assert whats(report) == ["touch target 'Monter' is 100×45 px, under 48 px on a side",
                             "touch targets 'Monter' and 'Descendre' are 4 px apart, under 8 px"]


def test_diagonal_neighbours_are_measured_corner_to_corner_and_nested_targets_are_not_compared():
    report = {"touchables": [button("A", 0, 0), button("B", 106, 66), button("panel", 0, 0, 400, 200)]}
    assert whats(report) == []  # A and B: 6 and 6 px apart on each axis, 8.5 px corner to corner


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("legibility")) as h:  # at 800×480, whatever made the window
        yield h


def test_the_report_of_a_real_screen_lists_its_texts_and_touchables(harness):
    from companion.app.scenarios import SCENARIOS

    SCENARIOS["turn"](harness.app)
    harness.settle(frames=8)
    report = harness.widget_report()
    json.dumps(report)  # what shots writes must be JSON
    space = harness.app.controller.tr("space.force")
    force = [t for t in report["touchables"] if t["text"] == space]
    assert len(force) == 1 and min(force[0]["size"]) >= 48
    label = [t for t in report["texts"] if t["text"] == space]
    assert label and label[0]["font_px"] > 0 and label[0]["broken_word"] is False
    assert any("Marie-Christine" in t["text"] for t in report["texts"])
    assert all(t["pos"][0] >= 0 and t["pos"][1] >= 0 for t in report["texts"])


def test_the_report_leaves_out_rows_scrolled_out_of_their_list(harness):
    # The hardware check's and the history's lists: rows below the view were reported over the buttons.
    from companion.app.scenarios import SCENARIOS

    SCENARIOS["history-game"](harness.app)
    harness.settle(frames=8)
    from kivy.uix.scrollview import ScrollView

    [view] = [w for w in harness.widgets(harness.screen) if isinstance(w, ScrollView)]
    bottom = view.to_window(*view.pos)[1]
    report = harness.widget_report()
    rows = [t for t in report["texts"] if any(t["text"] == getattr(w, "text", None)
                                              for w in harness.widgets(view.children[0]))]
    assert rows and all(t["pos"][1] >= bottom - 1 for t in rows)
    assert len(rows) < len([w for w in harness.widgets(view.children[0]) if getattr(w, "text", "")])


def test_shots_write_widgets_json_beside_the_pictures(all_shots):
    out, _figures = all_shots  # the run's shared pictures (every profile: one process each, then joined)
    widgets = json.loads((out / "widgets.json").read_text("utf-8"))
    turn = sorted(name for name in widgets if name.startswith("fort-boyard-turn-") and name.endswith("-fr.png")
                  and "passe" not in name)
    assert turn == ["fort-boyard-turn-1024x600-fr.png", "fort-boyard-turn-1280x800-fr.png",
                    "fort-boyard-turn-720x1280-fr.png", "fort-boyard-turn-800x480-fr.png"]
    assert all(widgets[name]["texts"] and widgets[name]["touchables"] for name in widgets)
    assert not list(out.glob(".widgets-*"))
