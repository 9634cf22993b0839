"""The game log: durable, replayable, undoable, migratable."""

from __future__ import annotations

import json
import sqlite3

import pytest

from companion.session import GameSession
from companion.store import GameLog, LogError
from companion.store.migrations import LATEST, MIGRATIONS, migrate

NEW = {"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob", "Cy"], "first": "Ann", "seed": 5}


@pytest.fixture
def db(tmp_path):
    return tmp_path / "games.sqlite3"


def play(session: GameSession, *commands: dict) -> list[dict]:
    answers = [session.handle(c) for c in commands]
    assert all(a["ok"] for a in answers), answers
    return answers


def test_log_commits_durably_in_wal_mode_with_full_sync(db):
    log = GameLog(db)
    assert log.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert log.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_each_accepted_command_is_one_row_with_its_events(db):
    s = GameSession(GameLog(db))
    play(s, NEW, {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True})
    rows = s.log.all_commands(s.game_id)
    assert [r["command"]["cmd"] for r in rows] == ["new", "land", "result"]
    assert [e["type"] for e in rows[2]["events"]][:2] == ["challenge_result", "key_won"]


def test_refused_and_state_commands_are_not_logged(db):
    s = GameSession(GameLog(db))
    play(s, NEW)
    assert not s.handle({"cmd": "result", "success": True})["ok"]
    play(s, {"cmd": "state"})
    assert len(s.log.all_commands(s.game_id)) == 1


def test_resume_rebuilds_exactly_the_last_acknowledged_state(db):
    s = GameSession(GameLog(db))
    play(s, NEW, {"cmd": "land", "space": "duel"}, {"cmd": "opponent", "player": "Cy"})
    before = s.view()
    s.log.close()
    again = GameSession(GameLog(db))
    assert again.view() == before
    assert again.state == s.state


def test_new_game_without_seed_records_the_seed_it_rolled(db):
    s = GameSession(GameLog(db), new_seed=lambda: 99)
    play(s, {"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob"]})
    assert s.log.all_commands(s.game_id)[0]["command"]["seed"] == 99
    assert s.view()["seed"] == 99


def test_undo_takes_back_the_last_command_and_keeps_it_in_history(db):
    s = GameSession(GameLog(db))
    play(s, NEW, {"cmd": "land", "space": "force"})
    mid = s.state
    play(s, {"cmd": "result", "success": True})
    answer = s.handle({"cmd": "undo"})
    assert answer["ok"] and answer["events"][0]["type"] == "undone"
    assert s.state == mid
    rows = s.log.all_commands(s.game_id)
    assert rows[-1]["undone_at"] is not None and len(rows) == 3


def test_undo_repeats_back_to_the_start_of_the_game(db):
    s = GameSession(GameLog(db))
    first = play(s, NEW)[0]["state"]
    play(s, {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True}, {"cmd": "land", "space": "door"})
    for _ in range(3):
        assert s.handle({"cmd": "undo"})["ok"]
    assert s.view() == first
    refused = s.handle({"cmd": "undo"})
    assert refused["error"]["code"] == "nothing_to_undo"


def test_command_after_undo_forks_and_resume_follows_the_new_branch(db):
    s = GameSession(GameLog(db))
    play(s, NEW, {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True})
    play(s, {"cmd": "undo"}, {"cmd": "result", "success": False})
    rows = s.log.all_commands(s.game_id)
    undone, fork = rows[2], rows[3]
    assert undone["undone_at"] and not fork["undone_at"]
    assert undone["seq"] == fork["seq"] == 3 and undone["parent_id"] == fork["parent_id"] == rows[1]["id"]
    resumed = GameSession(GameLog(db))
    assert resumed.view()["players"][0]["keys"] == 0 and resumed.state == s.state


def test_undo_reopens_a_finished_game(db):
    s = GameSession(GameLog(db))
    play(
        s,
        {"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob"], "first": "Ann", "seed": 1},
    )
    # Ann wins round 1 and round 2 by Force; Bob passes at the Door.
    while s.view()["round"] in (1, 2):
        me = s.view()["current"]
        if me == "Ann":
            play(s, {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True})
        else:
            play(s, {"cmd": "land", "space": "door"})
    play(s, {"cmd": "propose", "player": "Ann", "correct": True})
    for _ in range(3):
        play(s, {"cmd": "draw", "player": "Ann", "tokens": {"10": 1}})
    assert s.log.game(s.game_id).status == "finished"
    assert s.log.game(s.game_id).summary == {"winners": ["Ann"], "scores": {"Ann": 30, "Bob": 0}}
    play(s, {"cmd": "undo"})
    record = s.log.game(s.game_id)
    assert record.status == "in_progress" and record.summary is None and s.view()["phase"] == "draw"


def test_finished_and_abandoned_games_stay_in_the_log(db):
    s = GameSession(GameLog(db))
    play(s, NEW, {"cmd": "land", "space": "force"})
    first_id = s.game_id
    play(s, {**NEW, "players": ["Dee", "Eve"], "first": "Dee"})
    games = s.log.games()
    assert [g.status for g in games] == ["in_progress", "abandoned"]
    assert len(s.log.all_commands(first_id)) == 2


def test_resume_of_an_empty_log_has_no_game(db):
    s = GameSession(GameLog(db))
    assert s.view()["phase"] == "no_game" and s.view()["players"] == []
    assert s.handle({"cmd": "land", "space": "door"})["error"]["code"] == "no_game"


# --- schema versions ---------------------------------------------------------------------------------


def _version_1_log(path) -> dict:
    """A log as version 1 of the schema wrote it: one finished game and one in progress."""
    db = sqlite3.connect(path, isolation_level=None)
    migrate(db, target=1)
    s_events = [{"type": "game_over", "winners": ["Ann"], "scores": {"Ann": 40, "Bob": 0}}]
    db.execute("INSERT INTO games VALUES (1, 'fort-boyard', 'finished', '2026-01-01', '2026-01-01')")
    db.execute(
        "INSERT INTO commands (game_id, seq, command, events, created_at) VALUES (1, 1, '{}', ?, '2026-01-01')",
        (json.dumps(s_events),),
    )
    # Game 2, in progress: written through the current engine, then stored with version 1's columns.
    scratch = GameSession(GameLog(":memory:"))
    play(scratch, NEW, {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True})
    db.execute("INSERT INTO games VALUES (2, 'fort-boyard', 'in_progress', '2026-01-02', '2026-01-02')")
    for r in scratch.log.all_commands(scratch.game_id):
        db.execute(
            "INSERT INTO commands (game_id, seq, command, events, created_at) VALUES (2, ?, ?, ?, ?)",
            (r["seq"], json.dumps(r["command"]), json.dumps(r["events"]), r["created_at"]),
        )
    db.close()
    return scratch.view()


def test_log_written_by_schema_version_1_opens_and_resumes(db):
    expected = _version_1_log(db)
    log = GameLog(db)
    assert log.db.execute("PRAGMA user_version").fetchone()[0] == LATEST == len(MIGRATIONS)
    s = GameSession(log)
    assert s.view()["players"] == expected["players"] and s.game_id == 2
    finished = log.game(1)
    assert finished.summary == {"winners": ["Ann"], "scores": {"Ann": 40, "Bob": 0}}
    assert finished.finished_at == "2026-01-01"


def test_a_version_3_log_has_its_player_aliases_keyed_as_names_now_match(db):
    """v4: hyphens, apostrophes and dots count as spaces in names; the v3 alias keys follow."""
    from companion.store.migrations import migrate

    db_ = sqlite3.connect(db, isolation_level=None)
    migrate(db_, target=3)
    db_.executemany("INSERT INTO player_aliases (alias, name, created_at) VALUES (?, ?, ?)", [
        ("jean-baptiste", "JB", "2026-01-01T10:00:00"),
        ("jeanbaptiste", "Jean-Baptiste", "2026-02-01T10:00:00"),  # set later: it wins
        ("d'artagnan", "Charles", "2026-01-05T10:00:00"),
        ("zoe", "Zoé", "2026-01-06T10:00:00"),
        ("?!", "Mystère", "2026-01-07T10:00:00"),  # punctuation only: kept as it is
    ])
    db_.close()
    log = GameLog(db)
    assert log.player_aliases() == {
        "jeanbaptiste": ("Jean-Baptiste", "2026-02-01T10:00:00"),
        "dartagnan": ("Charles", "2026-01-05T10:00:00"),
        "zoe": ("Zoé", "2026-01-06T10:00:00"),
        "?!": ("Mystère", "2026-01-07T10:00:00"),
    }


def test_log_from_a_newer_companion_is_refused_with_a_clear_error(db):
    db_ = sqlite3.connect(db)
    db_.execute(f"PRAGMA user_version = {LATEST + 1}")
    db_.close()
    with pytest.raises(LogError) as info:
        GameLog(db)
    assert str(db) in str(info.value) and "newer" in str(info.value)


def test_a_game_whose_new_is_corrupt_is_kept_aside_and_named_with_file_and_command(db):
    s = GameSession(GameLog(db))
    play(s, NEW)
    s.log.db.execute("UPDATE commands SET events = 'not json'")
    s.log.close()
    with GameLog(db) as log:
        again = GameSession(log)  # it used to raise LogError: the app could not start
        assert again.game_id is None and log.game(1).status == "damaged"
        assert str(db) in again.damage_text() and "command 1" in again.damage_text()
        assert log.db.execute("SELECT events FROM commands").fetchall() == [("not json",)]


def test_a_file_that_is_not_a_database_is_refused_clearly(db):
    db.write_text("this is not sqlite " * 100)
    with pytest.raises(LogError) as info:
        GameLog(db)
    assert str(db) in str(info.value)


def test_storage_failure_refuses_the_command_and_changes_nothing(db):
    s = GameSession(GameLog(db))
    play(s, NEW)
    before = s.view()
    s.log.db.execute("CREATE TRIGGER no_more BEFORE INSERT ON commands BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    answer = s.handle({"cmd": "land", "space": "force"})
    assert answer["error"]["code"] == "storage_error" and "disk full" in answer["error"]["message"]
    assert s.view() == before
    s.log.db.execute("DROP TRIGGER no_more")
    assert GameSession(GameLog(db)).view() == before


def test_undo_then_redo_gives_back_the_same_state_and_the_same_log(db):
    s = GameSession(GameLog(db))
    play(s, NEW, {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True}, {"cmd": "land", "space": "duel"})
    view, log = s.view(), s.log.all_commands(s.game_id)
    play(s, {"cmd": "undo"}, {"cmd": "undo"})
    answers = play(s, {"cmd": "redo"}, {"cmd": "redo"})
    assert [a["events"][0]["type"] for a in answers] == ["redone", "redone"]
    assert [a["events"][0]["command"]["cmd"] for a in answers] == ["result", "land"]  # reverse order of the undos
    assert s.view() == view and s.log.all_commands(s.game_id) == log
    assert GameSession(GameLog(db)).state == s.state  # a restart replays the redone line
    assert s.handle({"cmd": "redo"})["error"]["code"] == "nothing_to_redo"


def test_a_new_command_after_an_undo_clears_redo(db):
    s = GameSession(GameLog(db))
    play(s, NEW, {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True})
    play(s, {"cmd": "undo"}, {"cmd": "result", "success": False})
    assert s.redoable() is None
    refused = s.handle({"cmd": "redo"})
    assert refused["error"]["code"] == "nothing_to_redo"
    play(s, {"cmd": "undo"})  # the failure, undone last, is what redo brings back (not the older success)
    assert play(s, {"cmd": "redo"})[0]["events"][0]["command"] == {"cmd": "result", "success": False}


def test_redo_of_the_last_handful_finishes_the_game_again(db):
    s = GameSession(GameLog(db))
    play(s, {"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob"], "first": "Ann", "seed": 1})
    while s.view()["round"] in (1, 2):
        if s.view()["current"] == "Ann":
            play(s, {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True})
        else:
            play(s, {"cmd": "land", "space": "door"})
    play(s, {"cmd": "propose", "player": "Ann", "correct": True})
    for _ in range(3):
        play(s, {"cmd": "draw", "player": "Ann", "tokens": {"10": 1}})
    play(s, {"cmd": "undo"}, {"cmd": "redo"})
    record = s.log.game(s.game_id)
    assert record.status == "finished" and record.summary == {"winners": ["Ann"], "scores": {"Ann": 30, "Bob": 0}}
    assert s.view()["phase"] == "over"
