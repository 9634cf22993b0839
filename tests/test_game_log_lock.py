"""The one-writer lock is the log file's own (issue 27, defect 4): a second writer is refused however it
reaches the file (the lock file deleted, a symbolic link in another folder, a hard link), a log renamed
over is never written on, and a symbolic link that leads nowhere creates nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from companion.session import GameSession
from companion.store import GameLog, LogError
from tests.conftest import ROOT
from tests.test_game_log_guard import NEW, Player, companion, digest


def refused(env, db) -> dict:
    """What a second ``play --headless`` on ``db`` answers: it must be refused before any command."""
    second = companion(env, "play", "--headless", "--db", db, stdin=b'{"cmd":"state"}\n' + json.dumps(NEW).encode())
    lines = second.stdout.decode().splitlines()
    assert second.returncode == 3 and len(lines) == 1, (second.returncode, lines, second.stderr.decode()[-500:])
    answer = json.loads(lines[0])
    assert answer["ok"] is False and answer["error"]["code"] == "log_in_use"
    return answer["error"]


def played(env, db) -> dict:
    after = companion(env, "play", "--headless", "--db", db, stdin=b'{"cmd":"state"}\n')
    assert after.returncode == 0, after.stderr.decode()[-500:]
    return json.loads(after.stdout)["state"]


def test_deleting_the_lock_file_lets_no_second_writer_in(companion_env, tmp_path):
    db = tmp_path / "games.sqlite3"
    first = Player(companion_env, db)
    try:
        assert first.send(NEW)["ok"]
        (tmp_path / "games.sqlite3.lock").unlink()
        error = refused(companion_env, db)
        assert f"process {first.proc.pid}" in error["message"]  # the kernel still says who holds it
        assert first.send({"cmd": "land", "space": "force"})["ok"]
    finally:
        assert first.close() == 0
    assert played(companion_env, db)["commands"] == 2


@pytest.mark.parametrize("first_by", ["link", "file"])
def test_a_symbolic_link_in_another_folder_meets_the_same_lock(companion_env, tmp_path, first_by):
    (tmp_path / "cards").mkdir()
    (tmp_path / "shortcuts").mkdir()
    db = tmp_path / "cards" / "games.sqlite3"
    link = tmp_path / "shortcuts" / "evening.sqlite3"
    GameLog(db).close()
    link.symlink_to(db)
    first_path, second_path = (link, db) if first_by == "link" else (db, link)
    first = Player(companion_env, first_path)
    try:
        assert first.send(NEW)["ok"]
        error = refused(companion_env, second_path)
        assert f"process {first.proc.pid}" in error["message"]
        assert first.send({"cmd": "land", "space": "force"})["ok"]
    finally:
        assert first.close() == 0
    assert link.is_symlink() and not (tmp_path / "shortcuts" / "evening.sqlite3.lock").exists()
    assert played(companion_env, link)["commands"] == played(companion_env, db)["commands"] == 2


def test_a_hard_link_meets_the_same_lock_and_no_game_vanishes(companion_env, tmp_path):
    db = tmp_path / "games.sqlite3"
    GameLog(db).close()
    (tmp_path / "backup").mkdir()
    linked = tmp_path / "backup" / "games.sqlite3"
    os.link(db, linked)  # what cp -al and rsnapshot make: one file, two names
    first = Player(companion_env, db)
    try:
        assert first.send(NEW)["ok"]
        error = refused(companion_env, linked)
        assert f"process {first.proc.pid}" in error["message"]  # the other name's .lock does not exist
        for command in ({"cmd": "land", "space": "force"}, {"cmd": "result", "success": True},
                        {"cmd": "land", "space": "door"}):
            assert first.send(command)["ok"]
    finally:
        assert first.close() == 0
    assert played(companion_env, db)["commands"] == 4


def test_in_one_process_every_name_of_the_log_shares_its_lock(tmp_path):
    db = tmp_path / "games.sqlite3"
    link = tmp_path / "link.sqlite3"
    link.symlink_to(db)
    first = GameLog(db)
    second = GameLog(link)  # one program, one game session: not refused
    first.close()
    code = "from companion.store import GameLog; import sys; GameLog(sys.argv[1])"
    busy = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True, cwd=ROOT, timeout=60)
    assert busy.returncode != 0 and b"LogInUse" in busy.stderr  # the second still holds it
    second.close()
    free = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True, cwd=ROOT, timeout=60)
    assert free.returncode == 0, free.stderr


def test_a_log_renamed_over_is_not_written_on_and_the_new_file_is_untouched(tmp_path):
    db = tmp_path / "games.sqlite3"
    other = tmp_path / "other.sqlite3"
    with GameLog(other) as log:
        assert GameSession(log).handle({**NEW, "players": ["Zoe", "Yan"], "first": "Zoe"})["ok"]
    before = digest(other)
    with GameLog(db) as log:
        session = GameSession(log)
        assert session.handle(NEW)["ok"]
        os.replace(other, db)  # a restore from a backup while the game goes on
        answer = session.handle({"cmd": "land", "space": "force"})
        assert answer["ok"] is False and answer["error"]["code"] == "storage_error"
        assert "replaced or removed" in answer["error"]["message"]
    assert digest(db) == before
    with GameLog(db) as log:  # the file now at the name is a writer's again, and holds its own game
        assert GameSession(log).view()["players"][0]["name"] == "Zoe"


def test_a_log_removed_while_played_is_not_written_on(tmp_path):
    db = tmp_path / "games.sqlite3"
    with GameLog(db) as log:
        session = GameSession(log)
        assert session.handle(NEW)["ok"]
        for suffix in ("", "-wal", "-shm"):
            os.unlink(f"{db}{suffix}")
        answer = session.handle({"cmd": "land", "space": "force"})
        assert answer["ok"] is False and "replaced or removed" in answer["error"]["message"]


def test_a_second_writer_is_refused_on_the_new_log_made_after_a_damaged_one_is_set_aside(tmp_path, monkeypatch):
    from companion.app.launch import open_session
    from companion.store import default_db_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    db = default_db_path()
    db.parent.mkdir(parents=True)
    db.write_bytes(b"garbage " * 512)
    session, problem = open_session(None, [])
    try:
        assert problem is None and session.handle(NEW)["ok"]
        code = "from companion.store import GameLog; import sys; GameLog(sys.argv[1])"
        busy = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True, cwd=ROOT, timeout=60)
        assert busy.returncode != 0 and b"LogInUse" in busy.stderr
    finally:
        session.log.close()


@pytest.mark.parametrize("where", ["beside", "missing-folder"])
def test_a_symbolic_link_that_leads_nowhere_is_refused_and_creates_nothing(companion_env, tmp_path, where):
    target = tmp_path / "gone.sqlite3" if where == "beside" else tmp_path / "card" / "games.sqlite3"
    link = tmp_path / "games.sqlite3"
    link.symlink_to(target)
    with pytest.raises(LogError) as info:
        GameLog(link)
    assert "symbolic link" in str(info.value) and "does not exist" in str(info.value)
    proc = companion(companion_env, "play", "--headless", "--db", link, stdin=b'{"cmd":"state"}\n')
    assert proc.returncode == 1 and b"does not exist" in proc.stderr and b"Traceback" not in proc.stderr
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith("xdg")] == ["games.sqlite3"]
    assert not os.path.lexists(target) and link.is_symlink()
