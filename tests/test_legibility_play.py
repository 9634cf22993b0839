"""The play screens through the real app at 800×480, in French and in English: every text at its minimum
(18 px, 24 px for a standing, 36 px for the step), touch targets of 48 px with 8 px gaps, no word broken,
no text out of its box, and counted words agreeing with their number (issues 13 and 14)."""

from __future__ import annotations

import re

import pytest

from companion.app.legibility import check_shot
from tests.support import app_harness

PLAY_SHOTS = ("turn", "turn-passe_partout", "challenge", "challenge-physical", "duel-stake", "duel-opponent",
              "duel-choose", "duel-result", "duel-contest", "enigme", "enigme-answer", "enigme-sea", "dive", "time-up",
              "hourglass-last10", "rule-help")
# A count that disagrees with its word ("1 clés"; French takes the singular for 0 and 1), and Round 1's
# "0/4 indices", which means nothing yet: whole numbers only ("20 clés" is right).
WRONG_COUNTS = re.compile(r"(?<!\d)(?:[01]\s+clés|1\s+keys|0/4 (?:indices|clues))")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("legibility-play")) as h:  # at 800×480, whatever made the window
        yield h


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("shot", PLAY_SHOTS)
def test_a_play_screen_is_legible_from_across_the_table(harness, shot, language):
    from companion.app.scenarios import SCENARIOS, shot_name

    app = harness.app
    app.controller.settings = app.settings.changed(language=language)
    app.controller.tr.set_language(language)
    SCENARIOS[shot](app)
    harness.settle(frames=8)
    report = harness.widget_report()
    name = shot_name(shot, "800x480", language)
    assert [str(p) for p in check_shot(name, report, 1.0)] == []
    assert harness.overflowing_labels() == []
    texts = [t["text"] for t in report["texts"]]
    assert not [t for t in texts if WRONG_COUNTS.search(t)]
    steps = [t for t in report["texts"] if t.get("role") == "step"]
    # (with the rule's help open, only the help is seen: the report leaves out what lies under a popup)
    assert steps or shot == "rule-help", "every play screen says whose turn it is and what to do next"
    if shot not in ("rule-help", "time-up"):
        standings = [t for t in report["texts"] if t.get("role") == "standing"]
        assert len(standings) >= len(app.controller.view["players"])  # one per player at least


def test_time_up_fills_the_screen_until_a_tap(harness):
    from companion.app.scenarios import SCENARIOS, shot_name

    app = harness.app
    SCENARIOS["time-up"](app)
    harness.settle(frames=4)
    screen = app.current_screen()
    overlay = screen.time_up_overlay
    assert overlay is not None and tuple(overlay.size) == tuple(screen.size)
    harness.tap(overlay)
    assert screen.time_up_overlay is None
    screen.rebuild()  # seen once: a rebuild (language, rotation) does not bring it back
    assert screen.time_up_overlay is None


def test_the_duel_is_a_sequence_contest_then_run_with_the_timer_or_the_buzzers(harness):
    from companion.app.scenarios import SCENARIOS, shot_name
    from companion.app.screens.hourglass_view import HourglassView

    app = harness.app
    SCENARIOS["duel-choose"](app)
    harness.settle(frames=4)
    screen = app.current_screen()
    assert not [w for w in harness.widgets(screen) if isinstance(w, HourglassView)]  # step 1: the contest only
    harness.tap(app.controller.tr("buzz.mode.reflex"))
    harness.settle(frames=4)
    # the run: the buzzers are the reflex's timer, no hourglass beside them...
    assert not [w for w in harness.widgets(screen) if isinstance(w, HourglassView)]
    screen.duel_panel.other_contest()
    harness.settle(frames=4)
    harness.tap(app.controller.tr("buzz.mode.card"))
    harness.settle(frames=4)
    assert [w for w in harness.widgets(screen) if isinstance(w, HourglassView)]  # ...the card's is the hourglass
    for name in ("Marie-Christine", "Maximilien"):  # step 3: the winners in their colours
        button = harness.button(app.controller.tr("duel.won_lines", player=name))
        from companion.app.controls import colour_rgba

        assert list(button.bg) == list(colour_rgba(app.controller.colour_of(name)))


def test_undo_then_redo_by_touch_gives_back_the_same_game(harness):
    from companion.app.scenarios import SCENARIOS, shot_name
    from companion.app.games.fort_boyard.scenarios import play
    from companion.app.screens.base import redo_text, undo_text

    app = harness.app
    SCENARIOS["turn"](app)
    play(app, {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True})
    app.show_phase()
    harness.settle(frames=2)
    before = app.controller.view
    harness.tap(undo_text(app.controller.tr))
    assert app.controller.view["phase"] == "challenge"
    harness.tap(redo_text(app.controller.tr))
    assert app.controller.view == before
    redo = [w for w in harness.widgets(app.current_screen()) if getattr(w, "text", None) == redo_text(app.controller.tr)]
    assert redo and redo[0].disabled  # nothing left to redo


def test_the_last_ten_seconds_are_told_once_and_pulse(harness):
    from companion.app.scenarios import SCENARIOS, shot_name
    from companion.app.screens.hourglass_view import HourglassView

    app = harness.app
    SCENARIOS["hourglass-last10"](app)  # stopped at 7 s: no warning while it does not run
    told = []
    app.hourglass_warning_listeners.append(lambda: told.append(True))
    try:
        harness.settle(frames=3)
        assert told == []
        harness.tap(app.controller.tr("hourglass.resume"))
        harness.settle(0.3)
        view = next(w for w in harness.widgets(app.current_screen()) if isinstance(w, HourglassView))
        from companion.app import theme

        assert told == [True] and list(view.time_label.color) == list(theme.WARNING)
        harness.settle(0.3)
        assert told == [True]  # once per hourglass
    finally:
        app.hourglass_warning_listeners.clear()
        app.ring.idle()
