"""The history screens with the plays of two games (issue 22): chips choose a game (All, then each game
played), every line names its game, the leaderboard and a player's page show the chosen game's own
figures only (Fort Boyard's keys never for another game), and All counts plays and wins over every game."""

from __future__ import annotations

import sqlite3

import pytest

from companion.session import GameSession
from companion.store import GameLog
from tests.games import tally  # noqa: F401  (the fixture)
from tests.history_support import Clock, run_headless
from tests.support import app_harness
from tests.test_headless import SCRIPTED_GAME

pytest.importorskip("kivy")

TALLY_GAME = [{"cmd": "new", "game": "tally", "players": ["Bob", "Zoé"], "rounds": 1, "seed": 1},
              {"cmd": "score", "points": 5}, {"cmd": "score", "points": 3}]  # Bob wins 5 to 3


@pytest.fixture(scope="module")
def two_games_db(tmp_path_factory):
    return tmp_path_factory.mktemp("history-games") / "games.sqlite3"


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("history-games-run")) as h:
        h.app.set_language("en")
        yield h


@pytest.fixture
def h(harness, two_games_db, tally, tmp_path):
    """The app, in English, on a log of a Fort Boyard play (Bob wins with 80) then a Tally play (Bob wins 5
    to 3); every history screen back on its default game."""
    if not two_games_db.exists():
        clock = Clock()
        run_headless(two_games_db, SCRIPTED_GAME, clock)
        run_headless(two_games_db, TALLY_GAME, clock)
    copy = tmp_path / "games.sqlite3"
    with sqlite3.connect(two_games_db) as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    c = harness.app.controller
    c.session.log.close()
    c.session = GameSession(GameLog(copy))
    for name in ("history", "history_stats", "history_player"):
        harness.app.sm.get_screen(name).__dict__.pop("game", None)
    harness.app.go("home")
    harness.pump()
    return harness


def texts(h) -> list[str]:
    return [w.text for w in h.widgets(h.screen) if getattr(w, "text", None)]


def chips(h) -> list[tuple[str, str]]:
    """The game chips over a list, in their order: (game id or "*", text)."""
    rows = [w.chips for w in h.widgets(h.screen) if hasattr(w, "chips")]
    return [(b.choice[1], b.text) for row in rows for b in reversed(row.children)]


def headers(h) -> list[str]:
    """The leaderboard's header row, as drawn."""
    tr = h.app.controller.tr
    names = {tr(k): k for k in ("stats.player", "stats.wins", "stats.keys", "stats.riddles", "stats.duels",
                                "stats.average", "stats.best", "stats.share", "stats.kinds")}
    screen = h.app.sm.get_screen("history_stats")
    return [names[t] for t in [tr("stats.player")] + [tr(c.header) for c in screen.columns]]


def test_the_list_has_a_chip_per_game_played_and_one_shows_that_games_plays_only(h):
    h.tap("History")
    # Home's order (the registry's); Tally, a test game the registry does not hold, after its games.
    assert chips(h) == [("*", "✓ All games"), ("fort-boyard", "Fort Boyard"), ("tally", "Tally")]
    lines = [t for t in texts(h) if "\u00a0min · " in t]
    assert [t.split(" · ")[0] for t in lines] == ["Tally", "Fort Boyard"]
    h.tap("Tally")
    assert ("tally", "✓ Tally") in chips(h)
    lines = [t for t in texts(h) if "\u00a0min · " in t]
    assert len(lines) == 1 and lines[0].startswith("Tally · ") and "winner: Bob" in lines[0]


def test_the_leaderboard_shows_the_chosen_games_own_figures_only(h):
    h.app.go("history_stats")
    h.pump(2)
    assert ("tally", "✓ Tally") in chips(h)  # the game played last
    assert headers(h) == ["stats.player", "stats.wins", "stats.average", "stats.best"]  # no keys for Tally
    h.tap("Chart")  # the chart has a page of its own
    assert "Score per game" in texts(h) and "Treasure per game" not in texts(h)
    h.tap("Fort Boyard")  # another game's board: its table first
    assert headers(h) == ["stats.player", "stats.wins", "stats.keys", "stats.riddles", "stats.duels",
                          "stats.average", "stats.best"]
    h.tap("Chart")
    assert "Treasure per game" in texts(h)


def test_all_games_counts_plays_and_wins_over_every_game_and_leads_to_each(h):
    h.app.go("history_stats")
    h.tap("All games")
    assert headers(h) == ["stats.player", "stats.wins", "stats.share", "stats.kinds"]
    shown = texts(h)
    assert "1. Bob" in shown and "2/2" in shown  # Bob won the Fort Boyard play and the Tally play
    h.tap("Each game")  # each game's button on a page of their own
    h.tap("Fort Boyard · 1 game")
    assert ("fort-boyard", "✓ Fort Boyard") in chips(h)


def test_a_players_page_shows_the_games_own_lines_and_score_words(h):
    h.app.go("history_stats")
    h.tap("1. Bob")  # Tally's board
    shown = texts(h)
    assert "Bob · Tally" in shown and "Average score: 5" in shown
    assert not any("key" in t for t in shown)
    h.app.go("history_stats")
    h.tap("Fort Boyard")
    h.tap("1. Bob")
    shown = texts(h)
    assert "Bob · Fort Boyard" in shown and "Average treasure: 80" in shown
    assert any(t.endswith(("key won", "keys won")) for t in shown)


def test_a_play_of_a_game_without_a_timeline_shows_a_bar_over_each_players_name(h):
    from companion.app.screens.history_charts import Chart

    h.tap("History")
    h.tap(h.button("Tally · "))
    [chart] = [w for w in h.widgets(h.screen) if isinstance(w, Chart)]
    assert chart.per_series and {s.label: s.values for s in chart.series} == {"Bob": (5,), "Zoé": (3,)}
    assert "Keys during the game" not in texts(h)
