"""The history screens in the real app (Kivy offscreen), on a log of scripted headless games: the list,
a game's timeline and keys chart, the leaderboard, a player's page, rename and merge with confirmation."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone

import pytest

from companion.app.table.language import Translator
from companion.history.games import load_game, load_names
from companion.history.timeline import keys_over_game
from companion.session import GameSession
from companion.store import GameLog
from tests.history_support import FAMILY, run_headless
from tests.support import app_harness

pytest.importorskip("kivy")


@pytest.fixture(scope="module")
def family_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("history-app") / "family.sqlite3"
    run_headless(db, FAMILY)
    return db


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("history-app-run")) as h:
        h.app.set_language("en")
        yield h


@pytest.fixture
def h(harness, family_db, tmp_path):
    """The app on a fresh copy of the family's log, in English, on the home screen."""
    copy = tmp_path / "games.sqlite3"
    with sqlite3.connect(family_db) as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    c = harness.app.controller
    c.session.log.close()
    c.session = GameSession(GameLog(copy))
    harness.app.go("home")
    harness.pump()
    return harness


def texts(h) -> list[str]:
    return [w.text for w in h.widgets(h.screen) if getattr(w, "text", None)]


def confirm_box_texts(h) -> list[str]:
    from kivy.uix.modalview import ModalView

    return [w.text for v in h.widgets() if isinstance(v, ModalView) for w in h.widgets(v) if getattr(w, "text", None)]


def test_history_lists_finished_games_newest_first_and_opens_one(h):
    h.tap("History")
    assert h.app.sm.current == "history"
    games = [t for t in texts(h) if "\u00a0min · " in t]
    starts = [Translator("en").date_time(datetime(2026, 3, 1, hour, minute, tzinfo=timezone.utc))
              for hour, minute in ((19, 57), (19, 18), (18, 39), (18, 0))]  # shown in the local time
    assert [g.split(" · ")[:2] for g in games] == [["Fort Boyard", s] for s in starts]  # each names its game
    # The winner's name and score in bold gold markup, the others plain.
    assert "Zoe\u00a080[/color][/b] · Ann\u00a050 · Cy\u00a00" in games[1] and "winner: Zoe" in games[1]
    h.tap(h.button(games[3]))
    assert h.app.sm.current == "history_game"
    shown = texts(h)
    assert "Bob takes a key from Ann (Duel)" in shown and "Round 3 – Ann starts" in shown
    assert "Bob wins with 80 Boyards!" in shown


def test_the_keys_chart_draws_every_players_keys(h):
    from companion.app.screens.history_charts import Chart

    h.app.sm.get_screen("history_game").game_id = 1
    h.app.go("history_game")
    h.settle(frames=6)
    chart = next(w for w in h.widgets(h.screen) if isinstance(w, Chart))
    expected = keys_over_game(load_game(h.app.controller.session.log, 1))
    assert [list(s.values) for s in chart.series] == [expected.series(p) for p in ("Ann", "Bob", "Cy")]
    assert [label for _, label in chart.marks] == ["R1", "R2", "R3"]  # every round marked, the first too
    assert len(chart.canvas.children) > 20  # grid, lines, dots and labels were drawn


def test_leaderboard_and_a_players_page(h):
    h.app.go("history")
    h.tap("Statistics")
    assert h.app.sm.current == "history_stats"
    names = [t for t in texts(h) if t[:2] in {f"{i}." for i in range(1, 7)}]
    assert names == ["1. bob", "2. Robert", "3. Zoe", "4. Cy", "5. Ann", "6. Dee"]
    h.tap("5. Ann")
    assert h.app.sm.current == "history_player"
    shown = texts(h)
    for line in ("3 games played", "0 wins", "4 keys won", "Riddles: 1/2 (50%)", "Duels: 2 won, 3 lost",
                 "Average treasure: 17", "Best treasure: 50", "Also written: ANN"):
        assert line in shown, (line, shown)


def test_merging_is_asked_first_and_can_be_separated_again(h):
    log = h.app.controller.session.log
    h.app.sm.get_screen("history_player").player_key = "robert"
    h.app.go("history_player")
    h.pump()
    h.tap("bob")  # Robert never sat with bob: offered as the same person
    assert any("Are Robert and bob the same person?" in t for t in confirm_box_texts(h))
    h.tap(h.app.controller.tr("common.cancel"))
    assert load_names(log).aliases == {}
    h.tap("bob")
    h.tap(h.app.controller.tr("common.confirm"))
    assert load_names(log).key("Robert") == "bob"
    assert "3 games played" in texts(h) and "3 wins" in texts(h)
    h.tap("Separate “Robert”")
    h.tap(h.app.controller.tr("common.confirm"))
    assert load_names(log).key("Robert") == "robert"


def test_renaming_by_typing_a_new_name(h):
    h.app.sm.get_screen("history_player").player_key = "dee"
    h.app.go("history_player")
    h.pump()
    screen = h.screen
    h.type_into(screen.name_entry, "Delphine")
    h.tap("Rename")
    assert any("Dee’s games will show under the name Delphine" in t for t in confirm_box_texts(h))
    h.tap(h.app.controller.tr("common.confirm"))
    assert h.screen.player_key == "delphine" and "Delphine · Fort Boyard" in texts(h)  # the page names its game


def test_a_refused_rename_says_why_in_the_tables_language(h):
    from kivy.core.window import Window

    h.app.sm.get_screen("history_player").player_key = "cy"
    h.app.go("history_player")
    h.pump()
    h.type_into(h.screen.name_entry, "Zoé")
    h.tap("Rename")
    h.tap(h.app.controller.tr("common.confirm"))
    toast = h.app._toast
    assert toast is not None and toast in Window.children
    assert toast.text == "Cy and Zoé played together (game 3): they are two players."
    assert load_names(h.app.controller.session.log).aliases == {}


@pytest.mark.parametrize("scenario", ["history-stats-chart", "history-game"])  # the chart's page of the board
def test_the_history_discs_and_chart_tell_two_players_of_the_same_initial_apart(harness, scenario):
    """"Marie-Christine" and "Maximilien" at one table: "MC" and "Ma" (the table's rule), never "M" twice."""
    from companion.app.controls import Swatch
    from companion.app.scenarios import SCENARIOS
    from companion.app.screens.history_charts import Chart

    SCENARIOS[scenario](harness.app)
    harness.settle(frames=6)
    discs = [w.label.text for w in harness.widgets(harness.screen) if isinstance(w, Swatch) and w.label.text]
    labels = [s.label for w in harness.widgets(harness.screen) if isinstance(w, Chart) for s in w.series]
    assert len(discs) == len(set(discs)) >= 4 and len(labels) == len(set(labels)) >= 4
    if scenario == "history-stats-chart":  # the family board has both; a name of several words is "MC" at every table
        assert {"MC", "Ma"} <= set(discs)
