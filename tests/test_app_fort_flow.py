"""Fort's turn screen after the blind review, through the real app at 800×480: the same six steps on every
step (the cleanup marked skipped on a first turn, the discard and the draw current together), the play's
hint outside a button until a suit is tapped, the sheet's level reached shown bright and sending nothing,
its +4, where the points are changed said on the recruit step, the last round's banner naming the start
player, and the final scoring's header."""

from __future__ import annotations

import pytest

from tests.support import app_harness

SIX = ["cleanup", "play", "follow", "recruit", "end", "draw"]


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("fort-flow")) as h:
        yield h


def _cells(h):
    """The step bar's cells, left to right, as (step, current, skipped)."""
    cells = [w for w in h.widgets() if hasattr(w, "step") and hasattr(w, "skipped")]
    cells.sort(key=lambda w: w.x)
    return [(w.step, w.current, w.skipped) for w in cells]


def _shown(h, app):
    app.show_phase()
    h.settle(frames=6)


def test_the_step_bar_shows_the_same_six_steps_at_every_step(harness):
    from companion.app.games.fort.scenarios import fresh_game, play

    h, app = harness, harness.app
    fresh_game(app, players=2, park_deck=10)
    _shown(h, app)
    # the first turn: the cleanup is there, marked skipped; the play is current
    assert _cells(h) == [("cleanup", False, True), ("play", True, False)] + [(s, False, False) for s in SIX[2:]]
    play(app, {"cmd": "play", "suit": None})
    _shown(h, app)
    assert [c[0] for c in _cells(h)] == SIX and [c[0] for c in _cells(h) if c[1]] == ["recruit"]
    play(app, {"cmd": "recruit", "from": "park"})
    _shown(h, app)
    assert [c[0] for c in _cells(h) if c[1]] == ["end", "draw"]  # one command does both


def test_a_later_turn_says_the_cleanup_and_the_hint_is_no_button(harness):
    from companion.app.games.fort.scenarios import mid_game

    h, app = harness, harness.app
    mid_game(app)
    _shown(h, app)
    tr = app.controller.tr
    assert _cells(h)[0] == ("cleanup", False, False)
    texts = [getattr(w, "text", "") for w in h.widgets()]
    assert tr("fort.cleanup.reminder") in texts
    assert not [w for w in h.widgets() if getattr(w, "main", False)]  # nothing to confirm before a suit
    h.tap(next(w for w in h.widgets() if getattr(w, "suit", "") == "crown"))
    go = next(w for w in h.widgets() if getattr(w, "main", False))
    assert go.text == tr("fort.play.go", suit=tr("fort.suit.crown")) and not go.disabled


def test_the_sheet_shows_the_level_reached_bright_and_adds_four(harness):
    from companion.app import theme
    from companion.app.games.fort.scenarios import JB, mid_game

    h, app = harness, harness.app
    mid_game(app)
    _shown(h, app)
    c = app.controller
    before = next(p for p in c.view["players"] if p["name"] == JB)
    h.tap(next(w for w in h.widgets() if getattr(w, "player_name", None) == JB))
    current = next(w for w in h.widgets() if getattr(w, "current", False) and hasattr(w, "level"))
    assert current.level == before["level"] and not current.disabled and tuple(current.bg) == tuple(theme.GOLD)
    h.tap(current)  # the level it is at: nothing sent
    assert next(p for p in c.view["players"] if p["name"] == JB)["level"] == before["level"]
    h.tap(next(w for w in h.widgets() if getattr(w, "points", None) == 4))
    assert next(p for p in c.view["players"] if p["name"] == JB)["points"] == before["points"] + 4
    h.tap(h.button(c.tr("play.close")))


def test_the_recruit_step_says_where_points_are_changed(harness):
    from companion.app.games.fort.scenarios import fresh_game, play

    h, app = harness, harness.app
    fresh_game(app, players=3, park_deck=10)
    play(app, {"cmd": "play", "suit": None})
    _shown(h, app)
    assert [w for w in h.widgets() if getattr(w, "score_hint", False)]


def test_the_last_round_names_the_start_player_and_the_scoring_is_headed_final(harness):
    from companion.app.games.fort.scenarios import MC, SCENARIOS, to_final
    from companion.app.games.fort.ui import UI

    h, app = harness, harness.app
    SCENARIOS["last-round"](app)
    h.settle(frames=6)
    tr = app.controller.tr
    banner = next(w for w in h.widgets() if getattr(w, "role", None) == "last_round")
    assert tr("fort.last_round.ends", player=MC) in [getattr(w, "text", "") for w in h.widgets(banner)]
    to_final(app)
    _shown(h, app)
    assert app.controller.view["step"] == "final"
    assert UI.bar_info(app.current_screen()) == (tr("fort.bar.final"), None)


def _lit_chips(h):
    """The names of the standing strip's chips drawn as the current player's (in their own colour, the
    others on the sea's)."""
    from companion.app import theme
    from companion.app.screens.chips import PlayerChip

    return [w.player_name for w in h.widgets() if isinstance(w, PlayerChip) and tuple(w.bg) != tuple(theme.SEA_LIGHT)]


def test_the_follow_window_lights_and_names_the_player_deciding_not_the_leader(harness):
    from companion.app.games.fort.scenarios import SCENARIOS

    h, app = harness, harness.app
    SCENARIOS["follow"](app)
    h.settle(frames=6)
    v, tr = app.controller.view, app.controller.tr
    assert v["follower"] != v["leader"]
    assert _lit_chips(h) == [v["follower"]]
    texts = [getattr(w, "text", "") for w in h.widgets()]
    assert tr("fort.step.follow.ask", follower=v["follower"]) in texts


def test_the_play_step_names_the_leader_who_took_the_resource(harness):
    from companion.app.games.fort.scenarios import SCENARIOS

    h, app = harness, harness.app
    SCENARIOS["play"](app)
    h.settle(frames=6)
    v, tr = app.controller.view, app.controller.tr
    assert _lit_chips(h) == [v["leader"]]
    label = next(w for w in h.widgets() if getattr(w, "role", None) == "resource_by")
    assert label.text == tr("fort.play.resource.by", player=v["leader"])


def test_the_podium_shows_each_players_points_by_source(harness):
    from companion.app.games.fort.scenarios import SCENARIOS
    from companion.app.games.fort.ui import UI

    h, app = harness, harness.app
    SCENARIOS["podium"](app)
    h.settle(frames=6)
    v, tr = app.controller.view, app.controller.tr
    shown = [w.text for w in h.widgets() if getattr(w, "role", None) == "podium_detail"]
    assert len(shown) == 3  # the three on the steps; the fourth in the "also at the table" line
    for p in v["players"]:
        rules = sum(p["final"].values())
        detail = UI.podium_detail(tr, v, p["name"])
        assert detail.startswith(tr("fort.podium.rules", n=rules))
    assert set(shown) <= {UI.podium_detail(tr, v, p["name"]) for p in v["players"]}


def test_the_step_bar_is_a_progress_line_of_20_px_words_not_buttons(harness):
    from kivy.uix.button import Button

    from companion.app.controls import FitLabel, Panel
    from companion.app.games.fort.scenarios import fresh_game

    h, app = harness, harness.app
    fresh_game(app, players=2, park_deck=10)
    _shown(h, app)
    cells = [w for w in h.widgets() if hasattr(w, "step") and hasattr(w, "skipped")]
    assert len(cells) == len(SIX)
    for cell in cells:
        assert not isinstance(cell, (Panel, Button))  # no filled, rounded cell: nothing reads as tappable
        words = [w for w in h.widgets(cell) if isinstance(w, FitLabel)]
        assert words and all(w.base_font >= 20 for w in words)
