"""A log that must not or cannot be written (issue 27, defect 1): a log of a newer companion (after a
downgrade) is refused for writing but read, and a log on a read-only card lets the table play in memory,
saying that nothing will be saved; ``companion history`` reads both."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from companion.store.migrations import LATEST
from tests.damaged_logs import build_base
from tests.test_damaged_log_history import companion
from tests.test_damaged_log_start import headless


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    return build_base(tmp_path_factory.mktemp("base") / "games.sqlite3")


@pytest.fixture
def newer(base, tmp_path) -> Path:
    db = tmp_path / "games.sqlite3"
    db.write_bytes(base.read_bytes())
    raw = sqlite3.connect(db)
    raw.execute(f"PRAGMA user_version = {LATEST + 1}")
    raw.close()
    return db


def test_the_app_on_a_newer_log_starts_plays_in_memory_and_says_nothing_is_saved(newer):
    from companion.app.launch import open_session

    before = digest(newer)
    notices: list = []
    session, problem = open_session(newer, notices)  # it used to raise LogError: the app exited 1
    try:
        assert problem is None and [n.key for n in notices] == ["notice.log_newer"]
        assert "newer" in notices[0].detail and "nothing will be saved" in notices[0].headline()
        assert session.log.unsaved and session.game_id == 3 and len(session.commands) == 16  # in memory
        assert [g.id for g in session.log.games("finished")] == [2, 1]  # the history, read only
        assert session.handle({"cmd": "new", "players": ["Ann", "Bob"]})["ok"]
    finally:
        session.log.close()
    assert digest(newer) == before


def test_the_app_on_a_newer_log_it_cannot_read_plays_on_an_empty_log_in_memory(newer):
    from companion.app.launch import open_session

    raw = sqlite3.connect(newer)
    raw.execute("ALTER TABLE commands RENAME COLUMN events TO happenings")  # what a newer schema may do
    raw.commit()
    raw.close()
    notices: list = []
    session, problem = open_session(newer, notices)
    try:
        assert problem is None and [n.key for n in notices] == ["notice.log_newer"]
        assert session.log.unsaved and session.game_id is None
        assert session.handle({"cmd": "new", "players": ["Ann", "Bob"]})["ok"]
    finally:
        session.log.close()


def test_headless_on_a_newer_log_says_why_in_one_json_line(newer, capsys):
    code, answers, err = headless(newer, [{"cmd": "state"}], capsys)
    assert code == 4 and len(answers) == 1 and answers[0]["error"]["code"] == "log_newer"
    assert "newer than this companion understands" in answers[0]["error"]["message"] and err == ""


def test_history_reads_a_newer_log_and_says_it_is_read_only(newer):
    before = digest(newer)
    code, out, err = companion("history", "--db", str(newer))
    assert code == 0 and "#1 " in out and "#2 " in out and "read only" in err
    assert digest(newer) == before


@pytest.fixture
def read_only_card(base, tmp_path, monkeypatch):
    """The log on a file system the system reports mounted read-only (os.statvfs's ST_RDONLY), which
    is what a card mounted read-only says: tests run as root, for whom no chmod makes a file read-only."""
    card = tmp_path / "card"
    card.mkdir()
    db = card / "games.sqlite3"
    db.write_bytes(base.read_bytes())
    real = os.statvfs

    def statvfs(path):
        result = real(path)
        if Path(path).absolute().is_relative_to(card):
            return os.statvfs_result((*result[:8], result.f_flag | os.ST_RDONLY, *result[9:]))
        return result

    monkeypatch.setattr(os, "statvfs", statvfs)
    return db


def test_the_app_on_a_read_only_card_plays_the_game_in_memory_and_says_nothing_is_saved(read_only_card):
    from companion.app.launch import open_session
    from companion.session import GameSession
    from companion.store import GameLog

    before = digest(read_only_card)
    with GameLog(read_only_card, readonly=True) as log:
        view = GameSession(log).view()
    notices: list = []
    session, problem = open_session(read_only_card, notices)
    try:
        assert problem is None and [n.key for n in notices] == ["notice.log_read_only"]
        assert "nothing will be saved" in notices[0].headline() and session.log.unsaved
        assert session.view() == view  # the game in progress goes on, from a copy in memory
        assert session.handle({"cmd": "land", "space": "door"})["ok"] or session.handle({"cmd": "undo"})["ok"]
    finally:
        session.log.close()
    assert digest(read_only_card) == before and not (read_only_card.parent / "games.sqlite3.lock").exists()


def test_headless_on_a_read_only_card_says_why_in_one_json_line(read_only_card, capsys):
    code, answers, _ = headless(read_only_card, [{"cmd": "state"}], capsys)
    assert code == 4 and answers[0]["error"]["code"] == "log_read_only"


def test_history_reads_the_log_of_a_read_only_mount(base, tmp_path):
    """On a real read-only mount (where this process may mount one): SQLite cannot make the WAL's
    -shm beside the log, and the reader opens it as immutable."""
    card = tmp_path / "card"
    card.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(card)], capture_output=True).returncode:
        pytest.skip("cannot mount a file system here")
    try:
        (card / "games.sqlite3").write_bytes(base.read_bytes())
        assert subprocess.run(["mount", "-o", "remount,ro", str(card)], capture_output=True).returncode == 0
        code, out, err = companion("history", "--json", "--db", str(card / "games.sqlite3"))
        assert code == 0 and [g["id"] for g in json.loads(out)] == [2, 1], err
        from companion.app.launch import open_session

        notices: list = []
        session, problem = open_session(card / "games.sqlite3", notices)
        session.log.close()
        assert problem is None and [n.key for n in notices] == ["notice.log_read_only"]
        assert session.game_id == 3 and len(session.commands) == 16
    finally:
        subprocess.run(["umount", str(card)], capture_output=True)


def test_a_log_the_system_refuses_to_write_is_a_read_only_log(base, tmp_path, monkeypatch):
    """A card that turns read-only under the companion (the kernel remounts a failing card read-only)
    passes the look before opening: the system's EROFS when the writer's lock opens the log's own file for
    writing says it."""
    import errno

    from companion.store import GameLog, ReadOnlyLog

    db = tmp_path / "games.sqlite3"
    db.write_bytes(base.read_bytes())
    real = os.open

    def refusing(path, flags, *args, **kwargs):
        writing = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        if writing and (str(path) == str(db) or ".lock" in os.path.basename(str(path))):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    with pytest.raises(ReadOnlyLog, match="read-only"):
        GameLog(db)
