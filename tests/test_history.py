"""History and statistics computed from logs of scripted headless games; names matched across games;
renames and merges as aliases that never rewrite the game log."""

from __future__ import annotations

import json
import sqlite3

import pytest
from hypothesis import given, settings, strategies as st

from companion.app.table.language import Translator
from companion.history.games import GameShelf, load_game, load_games, load_names, rename_player, undo_rename
from companion.history.names import Names, RenameError, name_key, plan_rename
from companion.history.stats import player_stats, ranks, treasure_per_game
from companion.history.timeline import describe, keys_over_game, timeline
from companion.session import GameSession
from companion.store import GameLog, LogError
from companion.store.migrations import LATEST, migrate
from tests.history_support import DUO_GAME, FAMILY, cast, copy_log, run_headless
from tests.test_headless import SCRIPTED_GAME


@pytest.fixture(scope="module")
def family_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("history") / "games.sqlite3"
    run_headless(db, FAMILY)
    return db


@pytest.fixture
def log(family_db, tmp_path):
    """A copy of the family's log for each test (renames write to it)."""
    with GameLog(copy_log(family_db, tmp_path)) as opened:
        yield opened


def by_name(board):
    return {s.name: s for s in board}


# --- names ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("a, b", [("Zoé", "zoe"), (" ANN ", "ann"), ("Marie Christine", "marie christine"),
                                  ("JEAN-BAPTISTE", "Jean-Baptiste"), ("Noël", "NOEL"), ("Zo e", "zoe"),
                                  ("Jean Baptiste", "Jean-Baptiste"), ("Jean–Baptiste", "jean.baptiste"),
                                  ("D'Artagnan", "Dartagnan")])
def test_names_match_without_case_accents_spaces_or_punctuation(a, b):
    assert name_key(a) == name_key(b)


@pytest.mark.parametrize("a, b", [("Ann", "Anne"), ("Jean-Baptiste", "Jean-Baptiste 2"), ("Léa", "Lea2"),
                                  ("?!", "!?")])
def test_different_names_stay_different(a, b):
    assert name_key(a) != name_key(b)


def test_two_spellings_at_one_table_stay_two_players():
    keys = Names().seat_keys(["Zoé", "Zoe", "Bob"])
    assert len(set(keys)) == 3 and keys[2] == "bob"


# --- statistics from the scripted games -------------------------------------------------------------


def test_statistics_per_player_across_games(log):
    board = player_stats(load_games(log), load_names(log))
    s = by_name(board)
    assert set(s) == {"bob", "Zoe", "Cy", "Ann", "Robert", "Dee"}  # newest spelling; 'ANN' is Ann
    ann, bob, zoe, cy = s["Ann"], s["bob"], s["Zoe"], s["Cy"]
    assert (ann.games, ann.wins, ann.keys_won, ann.duels_won, ann.duels_lost) == (3, 0, 4, 2, 3)
    assert (ann.riddles, ann.riddles_solved, ann.treasures, ann.best_treasure) == (2, 1, [0, 0, 50], 50)
    assert ann.average_treasure == pytest.approx(50 / 3)
    assert (bob.games, bob.wins, bob.keys_won, bob.duels_won, bob.duels_lost, bob.treasures) == (2, 2, 6, 2, 0, [80, 80])
    assert bob.riddle_share is None
    assert (zoe.games, zoe.wins, zoe.keys_won, zoe.riddle_share, zoe.treasures) == (2, 1, 5, 0.5, [50, 80])
    assert zoe.spellings == {"Zoé", "Zoe"} and ann.spellings == {"Ann", "ANN"}
    assert (cy.games, cy.keys_won, cy.duels_won, cy.duels_lost, cy.treasures) == (2, 3, 1, 2, [50, 0])


def test_unfinished_games_are_not_counted(log):
    assert [g.id for g in load_games(log)] == [4, 3, 2, 1]
    assert log.game(5).status == "in_progress"
    assert sum(s.games for s in player_stats(load_games(log, status=None))) == 3 + 3 + 3 + 2


def test_leaderboard_orders_by_wins_then_win_share_then_treasure(log):
    board = player_stats(load_games(log), load_names(log))
    assert [s.name for s in board] == ["bob", "Robert", "Zoe", "Cy", "Ann", "Dee"]
    assert ranks(board) == [1, 2, 3, 4, 5, 6]


def test_players_level_on_every_count_share_a_rank(tmp_path):
    db = tmp_path / "g.sqlite3"
    run_headless(db, DUO_GAME + cast(DUO_GAME, {"Robert": "Sam", "Dee": "Tom"}))
    with GameLog(db) as log:
        board = player_stats(load_games(log))
    assert [s.name for s in board] == ["Robert", "Sam", "Dee", "Tom"] and ranks(board) == [1, 1, 3, 3]


def test_keys_counted_from_events_match_the_engine_state(tmp_path):
    db = tmp_path / "g.sqlite3"
    answers = run_headless(db, SCRIPTED_GAME)
    final = {p["name"]: p for p in answers[-1]["state"]["players"]}
    with GameLog(db) as log:
        game = load_game(log, 1)
    last = timeline(game)[-1]
    assert last.keys == {n: p["keys"] for n, p in final.items()}
    assert last.clues == {n: p["clues"] for n, p in final.items()}
    chart = keys_over_game(game)
    assert dict(zip(chart.players, chart.points[-1])) == last.keys
    assert chart.points[0] == (0, 0, 0)
    assert chart.series("Bob") == [0, 0, 1, 2, 2, 3, 3, 2]
    assert chart.series("Cy") == [0, 0, 0, 0, 1, 1, 2, 2]
    assert len(chart.rounds) == 2 and chart.rounds[0] < chart.rounds[1]


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_keys_over_any_random_game_match_the_engine(seed):
    import random

    from companion.games.fort_boyard.autoplay import legal_command

    session = GameSession(GameLog(":memory:"))
    session.handle({"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob", "Cy", "Dee"], "seed": seed})
    rng = random.Random(seed)
    while (cmd := legal_command(session.view(), rng, success=0.6)) is not None:
        assert session.handle(cmd)["ok"]
    game = load_game(session.log, session.game_id)
    chart = keys_over_game(game)
    view = session.view()
    assert dict(zip(chart.players, chart.points[-1])) == {p["name"]: p["keys"] for p in view["players"]}
    board = player_stats([game])
    assert sum(s.wins for s in board) == len(view["winners"])
    assert {s.name: s.treasures for s in board} == {p["name"]: [p["boyards"]] for p in view["players"]}


def test_timeline_tells_rounds_keys_clues_duels_and_the_treasure_room(log):
    game = load_game(log, 1)
    moments = timeline(game)
    kinds = [m.kind for m in moments]
    assert kinds[0] == "round" and kinds.count("round") == 3 and kinds[-1] == "game_over"
    for kind in ("key", "key_taken", "clue", "duel", "sea", "dived", "prison", "round_won", "out", "key_paid",
                 "wrong_word", "word_found", "handful"):
        assert kind in kinds, kind
    duel = next(m for m in moments if m.kind == "duel")
    assert (duel.player, duel.other, duel.round) == ("Bob", "Ann", 1)
    en, fr = Translator("en"), Translator("fr")
    assert describe(moments[-1], en) == "Bob wins with 80 Boyards!"
    taken = next(m for m in moments if m.kind == "key_taken")
    assert describe(taken, en) == "Bob takes a key from Ann (Duel)"
    assert describe(taken, fr) == "Bob prend une clé à Ann (Duel)"
    assert all(describe(m, lang) for m in moments for lang in (en, fr))


def test_dates_and_durations_come_from_the_log(log):
    first = load_game(log, 1)
    assert first.created_at.startswith("2026-03-01T18:00:00")
    assert first.duration_s == (len(SCRIPTED_GAME) - 1) * 60


def test_treasure_per_game_is_oldest_first_by_player(log):
    names = load_names(log)
    rows = treasure_per_game(load_games(log), names)
    assert [r.game_id for r in rows] == [1, 2, 3, 4]
    assert [r.treasure.get("zoe") for r in rows] == [None, 50, 80, None]
    assert rows[0].treasure == {"ann": 0, "bob": 80, "cy": 50}


def test_the_shelf_reads_a_game_again_only_when_its_row_changed(tmp_path):
    db = tmp_path / "g.sqlite3"
    run_headless(db, SCRIPTED_GAME)
    with GameLog(db) as log:
        session = GameSession(log)
        shelf = GameShelf(log)
        first = shelf.games()
        assert [g.id for g in first] == [1] and shelf.games()[0] is first[0]
        assert session.handle({"cmd": "undo"})["ok"]  # the last handful: the game is open again
        assert shelf.games() == [] and shelf.game(1).status == "in_progress"
        assert session.handle(SCRIPTED_GAME[-1])["ok"]
        again = shelf.games()
        assert again[0] is not first[0] and again[0].winners == ("Bob",)
        assert [s.events for s in again[0].steps] == [s.events for s in first[0].steps]


def test_a_damaged_row_is_named_by_its_command(tmp_path):
    db = tmp_path / "g.sqlite3"
    run_headless(db, SCRIPTED_GAME)
    with GameLog(db) as log:
        log.db.execute("UPDATE commands SET events = '[{\"type\": ' WHERE seq = 7")
        assert load_games(log) == []  # it used to raise LogError: the whole history stopped
        assert log.problems == [f"{db}: game 1 is damaged and left out: command 7: events: not valid JSON "
                                "(Expecting value: line 1 column 11 (char 10))"]


# --- renames and merges -----------------------------------------------------------------------------


def commands_table(log) -> list:
    return log.db.execute("SELECT id, game_id, seq, command, events, created_at, undone_at FROM commands").fetchall()


def test_merging_two_names_counts_their_games_together_without_touching_the_games(log):
    before = commands_table(log)
    rename_player(log, "Robert", "Bob")
    s = by_name(player_stats(load_games(log), load_names(log)))
    assert "Robert" not in s and s["Bob"].games == 3 and s["Bob"].wins == 3
    assert s["Bob"].treasures == [80, 80, 70] and s["Bob"].spellings == {"Bob", "bob", "Robert"}
    assert commands_table(log) == before  # the log stays as it was played
    assert undo_rename(log, "robert")  # matched like any name
    s = by_name(player_stats(load_games(log), load_names(log)))
    assert s["Robert"].games == 1 and s["bob"].games == 2


def test_renaming_a_player_shows_the_new_name_everywhere(log):
    rename_player(log, "zoe", "Zoé Martin")
    s = by_name(player_stats(load_games(log), load_names(log)))
    assert s["Zoé Martin"].games == 2 and "Zoe" not in s
    # A later rename of the same player carries the names already merged into them.
    rename_player(log, "Zoé Martin", "Zozo")
    s = by_name(player_stats(load_games(log), load_names(log)))
    assert s["Zozo"].games == 2 and s["Zozo"].spellings == {"Zoé", "Zoe"}


def test_renaming_back_and_forth_never_loops(log):
    rename_player(log, "Robert", "Bob")
    rename_player(log, "Bob", "Robert")
    s = by_name(player_stats(load_games(log), load_names(log)))
    assert s["Robert"].games == 3 and "Bob" not in s and "bob" not in s
    assert load_names(log).key("Bob") == "robert"


def test_players_who_sat_at_the_same_table_cannot_be_merged(log):
    with pytest.raises(RenameError) as info:
        rename_player(log, "Cy", "Zoé")
    assert info.value.code == "together" and "game 3" in str(info.value)
    assert load_names(log).aliases == {}


@pytest.mark.parametrize("old, new, code", [("Nobody", "Bob", "unknown"), ("Bob", "   ", "empty"),
                                            ("Bob", "B" * 25, "too_long")])
def test_bad_renames_are_refused_with_a_reason(log, old, new, code):
    with pytest.raises(RenameError) as info:
        rename_player(log, old, new)
    assert info.value.code == code


def test_plan_rename_is_pure_and_keeps_earlier_merges():
    names = Names({"bobby": ("Bob", "2026-01-01")})
    tables = {1: ["Bobby", "Ann"], 2: ["Bob", "Cy"]}
    assert plan_rename(names, tables, "Bob", "Robert") == {"bob": "Robert", "bobby": "Robert"}


def test_a_merged_name_seated_with_its_player_later_still_counts_apart():
    names = Names({"bobby": ("Bob", "2026-01-01")})
    assert names.seat_keys(["Bob", "Bobby"]) == ["bob", "=bobby"]


# --- schema -----------------------------------------------------------------------------------------


def test_log_of_schema_version_2_opens_with_no_alias_and_its_history(tmp_path):
    db = tmp_path / "v2.sqlite3"
    run_headless(db, SCRIPTED_GAME)
    raw = sqlite3.connect(db, isolation_level=None)
    raw.execute("DROP TABLE player_aliases")
    raw.execute("PRAGMA user_version = 2")
    raw.close()
    with GameLog(db) as log:
        assert log.db.execute("PRAGMA user_version").fetchone()[0] == LATEST == 5
        assert log.player_aliases() == {}
        assert [s.name for s in player_stats(load_games(log))] == ["Bob", "Cy", "Ann"]
        rename_player(log, "Cy", "Cyril")
        assert load_names(log).key("Cy") == "cyril"


def test_migration_3_adds_only_the_alias_table():
    db = sqlite3.connect(":memory:", isolation_level=None)
    migrate(db, target=2)
    before = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    migrate(db, target=3)
    after = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
    assert after - before == {"player_aliases", "sqlite_autoindex_player_aliases_1"}


def test_aliases_survive_reopening(log):
    rename_player(log, "Dee", "Delphine")
    path = log.path
    log.close()
    with GameLog(path) as again:
        assert by_name(player_stats(load_games(again), load_names(again)))["Delphine"].games == 1


def test_the_logs_summaries_agree_with_the_events_the_statistics_use(log):
    for g in load_games(log):
        assert json.loads(log.db.execute("SELECT summary FROM games WHERE id=?", (g.id,)).fetchone()[0]) == {
            "winners": list(g.winners), "scores": g.scores}


def test_the_shelf_sees_an_undo_and_redo_written_in_the_same_millisecond(tmp_path, monkeypatch):
    import companion.store.log as store_log

    monkeypatch.setattr(store_log, "_now", lambda: "2026-03-01T18:00:00.000+00:00")  # every write, one instant
    with GameLog(tmp_path / "g.sqlite3") as log:
        session = GameSession(log)
        for cmd in SCRIPTED_GAME:
            assert session.handle(cmd)["ok"]
        shelf = GameShelf(log)
        assert [g.winners for g in shelf.games()] == [("Bob",)]
        assert session.handle({"cmd": "undo"})["ok"]
        assert shelf.games() == [] and shelf.game(1).status == "in_progress"
        assert session.handle(SCRIPTED_GAME[-1])["ok"]
        assert [(g.status, g.winners) for g in shelf.games()] == [("finished", ("Bob",))]
