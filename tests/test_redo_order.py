"""Redo follows the rows' order, never the clock (issue 27, defect 8): a Pi without a real-time clock may
go back in time after a power cut, and ``undone_at`` then brought back a discarded branch. What redo
brings back is found through an index, not a scan of every command."""

from __future__ import annotations

import sqlite3
from itertools import count

import pytest

from companion.session import GameSession
from companion.store import GameLog
from companion.store.migrations import LATEST, MIGRATIONS, migrate

NEW = {"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob"], "seed": 3, "first": "Ann"}


@pytest.fixture
def clock(monkeypatch):
    """The log's clock, set by the test: ``clock.append(time stamp)`` for each time it is read."""
    stamps: list[str] = []
    ticks = count()

    def now() -> str:
        return stamps.pop(0) if stamps else f"2026-06-01T12:00:{next(ticks) % 60:02d}.000+00:00"

    monkeypatch.setattr("companion.store.log._now", now)
    return stamps


def test_redo_after_the_clock_went_back_brings_back_the_last_undone_not_the_discarded_branch(tmp_path, clock):
    with GameLog(tmp_path / "games.sqlite3") as log:
        s = GameSession(log)
        assert s.handle(NEW)["ok"]
        assert s.handle({"cmd": "land", "space": "door"})["ok"]  # the branch the table discards
        clock.append("2026-06-01T20:00:00.000+00:00")  # its undo, in the evening
        assert s.handle({"cmd": "undo"})["ok"]
        assert s.handle({"cmd": "land", "space": "force"})["ok"]  # power cut: the clock is back at 1970
        clock.append("1970-01-01T00:00:05.000+00:00")
        assert s.handle({"cmd": "undo"})["ok"]
        assert s.redoable() == {"cmd": "land", "space": "force"}
        answer = s.handle({"cmd": "redo"})
        assert answer["ok"] and answer["events"][0]["command"] == {"cmd": "land", "space": "force"}
        assert answer["state"]["phase"] == "challenge"


def executed(log: GameLog, call) -> list[tuple[str, tuple]]:
    """The statements ``call()`` runs on the log's connection (SQL text only: sqlite3's trace)."""
    seen: list[str] = []
    log.db.set_trace_callback(seen.append)
    try:
        call()
    finally:
        log.db.set_trace_callback(None)
    return seen


def test_redoable_is_an_index_look_up_not_a_scan(tmp_path):
    with GameLog(tmp_path / "games.sqlite3") as log:
        s = GameSession(log)
        assert s.handle(NEW)["ok"] and s.handle({"cmd": "land", "space": "door"})["ok"]
        assert s.handle({"cmd": "undo"})["ok"]
        [sql] = executed(log, lambda: log.redoable(s.game_id))
        assert log.redoable(s.game_id).command == {"cmd": "land", "space": "door"}
        plan = [row[3] for row in log.db.execute("EXPLAIN QUERY PLAN " + sql)]
        assert not any(step.startswith("SCAN") for step in plan), plan
        assert any("USING INDEX commands_undone_child" in step for step in plan), plan
        assert any("USING INDEX commands_active_seq" in step for step in plan), plan


def test_a_row_taken_out_as_damaged_is_never_redone(tmp_path):
    with GameLog(tmp_path / "games.sqlite3") as log:
        s = GameSession(log)
        assert s.handle(NEW)["ok"] and s.handle({"cmd": "land", "space": "door"})["ok"]
        first = s.commands[0]
        assert log.take_out(s.game_id, [1]) == 1
        s.resume()
        assert s.commands == (first,) and s.redoable() is None
        assert s.handle({"cmd": "redo"})["error"]["code"] == "nothing_to_redo"


def test_schema_5_widens_the_status_check_and_keeps_every_game(tmp_path):
    db = tmp_path / "v4.sqlite3"
    raw = sqlite3.connect(db, isolation_level=None)
    migrate(raw, target=4)
    raw.execute("INSERT INTO games (game, status, created_at, updated_at) VALUES ('fort-boyard', 'finished', 'a', 'b')")
    raw.close()
    with GameLog(db) as log:
        assert log.db.execute("PRAGMA user_version").fetchone()[0] == LATEST == len(MIGRATIONS) == 5
        assert log.integrity_check() == "ok" and [g.status for g in log.games()] == ["finished"]
        log.keep_aside(1)
        assert log.game(1).status == "damaged"
        with pytest.raises(sqlite3.IntegrityError):
            log.db.execute("UPDATE games SET status='paused'")
