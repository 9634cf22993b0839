"""The game log defends itself: one writer process at a time, only its own files, never a damaged one
touched, a damaged game summary never fatal (issue 15, defects 1, 4 and 5)."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys

import pytest

from companion.session import GameSession
from companion.store import APPLICATION_ID, DamagedLog, ForeignLog, GameLog, LogError, LogInUse
from tests.conftest import ROOT

NEW = {"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob", "Cy"], "first": "Ann", "seed": 5}


def companion(env, *args, stdin: bytes = b"", timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *map(str, args)], input=stdin, capture_output=True,
                          env=env, cwd=ROOT, timeout=timeout)


class Player:
    """A ``companion play --headless`` process kept running, one command at a time."""

    def __init__(self, env, db) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "companion", "play", "--headless", "--db", str(db)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=ROOT)

    def send(self, command: dict) -> dict:
        self.proc.stdin.write((json.dumps(command) + "\n").encode())
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self) -> int:
        self.proc.stdin.close()
        code = self.proc.wait(timeout=60)
        self.proc.stdout.close()
        return code


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- one writer per log -------------------------------------------------------------------------------


def test_a_second_headless_writer_is_refused_while_the_first_plays_on_and_readers_read(companion_env, tmp_path):
    db = tmp_path / "games.sqlite3"
    first = Player(companion_env, db)
    try:
        assert first.send(NEW)["ok"]
        assert first.send({"cmd": "land", "space": "force"})["ok"]
        second = companion(companion_env, "play", "--headless", "--db", db,
                           stdin=b'{"cmd":"state"}\n{"cmd":"result","success":true}\n')
        lines = second.stdout.decode().splitlines()
        assert second.returncode == 3 and len(lines) == 1
        answer = json.loads(lines[0])
        assert answer["ok"] is False and answer["error"]["code"] == "log_in_use"
        assert f"process {first.proc.pid}" in answer["error"]["message"]
        assert "companion play --headless" in answer["error"]["message"]
        # Readers work while the first process holds the log.
        history = companion(companion_env, "history", "--db", db, "--game", "1", "--json")
        assert history.returncode == 0, history.stderr
        assert json.loads(history.stdout)["players"] == ["Ann", "Bob", "Cy"]
        export = companion(companion_env, "export", "--db", db, "--game", "1", "--format", "json")
        assert export.returncode == 0, export.stderr
        assert [c["command"]["cmd"] for c in json.loads(export.stdout)["commands"]] == ["new", "land"]
        from companion.config import load_config
        from companion.doctor import Context
        from companion.doctor.system import check_game_log

        checked = list(check_game_log(Context(load_config(tmp_path / "none.toml"), db=db)))
        assert checked[0].status == "pass", checked[0]
        # The first process is unaffected: the refused one's command went nowhere.
        answer = first.send({"cmd": "result", "success": True})
        assert answer["ok"], answer
        assert [p["keys"] for p in answer["state"]["players"]] == [1, 0, 0]
        assert first.send({"cmd": "land", "space": "door"})["ok"]
    finally:
        assert first.close() == 0
    # Once it has ended, the log is free again and holds exactly what the first one acknowledged.
    after = companion(companion_env, "play", "--headless", "--db", db, stdin=b'{"cmd":"state"}\n')
    state = json.loads(after.stdout)["state"]
    assert after.returncode == 0 and state["commands"] == 4 and state["current"] == "Cy"


def test_the_text_prompt_on_a_log_in_use_exits_3_naming_the_holder(companion_env, tmp_path):
    db = tmp_path / "games.sqlite3"
    first = Player(companion_env, db)
    try:
        assert first.send(NEW)["ok"]
        second = companion(companion_env, "play", "--db", db, stdin=b"quit\n")
        assert second.returncode == 3 and f"process {first.proc.pid}" in second.stderr.decode()
    finally:
        first.close()


def test_a_rename_waits_for_the_writer_but_history_reads(companion_env, tmp_path):
    db = tmp_path / "games.sqlite3"
    first = Player(companion_env, db)
    try:
        assert first.send(NEW)["ok"]
        rename = companion(companion_env, "history", "--db", db, "--rename", "Ann", "Anne")
        assert rename.returncode == 1 and "in use by process" in rename.stderr.decode()
        assert companion(companion_env, "history", "--db", db).returncode == 0
    finally:
        first.close()


def test_the_lock_names_its_holder_and_is_freed_on_close(tmp_path):
    db = tmp_path / "games.sqlite3"
    log = GameLog(db, role="app")
    holder = json.loads((tmp_path / "games.sqlite3.lock").read_text())
    assert holder["pid"] == os.getpid() and holder["role"] == "app"
    code = "from companion.store import GameLog; import sys; GameLog(sys.argv[1], role='headless')"
    busy = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True, cwd=ROOT, timeout=60)
    assert busy.returncode != 0 and b"LogInUse" in busy.stderr and b"the companion app" in busy.stderr
    log.close()
    free = subprocess.run([sys.executable, "-c", code, str(db)], capture_output=True, cwd=ROOT, timeout=60)
    assert free.returncode == 0, free.stderr


@pytest.mark.parametrize("link", ["symbolic", "hard"])
def test_a_link_planted_at_the_lock_name_is_replaced_never_written_through(tmp_path, link):
    target = tmp_path / "elsewhere.txt"
    target.write_text("precious")
    planted = tmp_path / "games.sqlite3.lock"
    planted.symlink_to(target) if link == "symbolic" else os.link(target, planted)
    with GameLog(tmp_path / "games.sqlite3") as log:  # the lock is on the log itself: the game opens
        assert GameSession(log).handle(NEW)["ok"]
        assert not planted.is_symlink() and json.loads(planted.read_text())["pid"] == os.getpid()
    assert target.read_text() == "precious"


# --- only the companion's own logs --------------------------------------------------------------------


def test_a_new_log_is_marked_with_the_companions_application_id(tmp_path):
    db = tmp_path / "games.sqlite3"
    GameLog(db).close()
    raw = sqlite3.connect(db)
    assert raw.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID == 0x46426370
    raw.close()


def test_a_log_of_todays_schema_without_the_mark_is_adopted_with_its_games(tmp_path):
    db = tmp_path / "games.sqlite3"
    with GameLog(db) as log:
        session = GameSession(log)
        session.handle(NEW)
        before = session.view()
    raw = sqlite3.connect(db)
    raw.execute("PRAGMA application_id = 0")  # as every log written before the mark existed
    raw.close()
    with GameLog(db) as log:
        assert GameSession(log).view() == before
        assert log.db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_a_foreign_database_is_refused_and_left_byte_for_byte(tmp_path):
    foreign = tmp_path / "recipes.sqlite3"
    raw = sqlite3.connect(foreign)
    raw.execute("CREATE TABLE recipes (name TEXT)")
    raw.execute("INSERT INTO recipes VALUES ('far breton')")
    raw.commit()
    raw.close()
    before = digest(foreign)
    for readonly in (False, True):
        with pytest.raises(ForeignLog) as info:
            GameLog(foreign, readonly=readonly)
        assert str(foreign) in str(info.value) and "not a game log" in str(info.value)
    assert digest(foreign) == before
    assert foreign.read_bytes()[18:20] == b"\x01\x01"  # still a rollback-journal database, not WAL
    assert [p.name for p in tmp_path.iterdir()] == ["recipes.sqlite3"]  # nothing made beside it


def test_a_foreign_database_with_another_application_id_is_refused(companion_env, tmp_path):
    foreign = tmp_path / "other.db"
    raw = sqlite3.connect(foreign)
    raw.execute("PRAGMA application_id = 1234")
    raw.execute("CREATE TABLE games (id INTEGER)")  # even with a table of the same name
    raw.commit()
    raw.close()
    before = digest(foreign)
    proc = companion(companion_env, "play", "--headless", "--db", foreign, stdin=b'{"cmd":"state"}\n')
    assert proc.returncode == 1 and "not a game log" in proc.stderr.decode() and proc.stdout == b""
    assert digest(foreign) == before


@pytest.mark.parametrize("content", [b"shopping list " * 100, b"SQLite format 3\x00" + b"\x13" * 4096],
                         ids=["not-a-database", "corrupt"])
def test_a_damaged_log_is_refused_and_never_touched(tmp_path, content):
    db = tmp_path / "games.sqlite3"
    db.write_bytes(content)
    with pytest.raises(DamagedLog) as info:
        GameLog(db)
    assert str(db) in str(info.value)
    assert db.read_bytes() == content
    assert [p.name for p in tmp_path.iterdir()] == ["games.sqlite3"]  # nothing made beside it


def test_a_log_with_a_damaged_page_is_found_by_its_check(tmp_path):
    db = tmp_path / "games.sqlite3"
    with GameLog(db) as log:
        session = GameSession(log)
        session.handle(NEW)
        for _ in range(40):
            session.handle({"cmd": "land", "space": "door"})
    data = bytearray(db.read_bytes())
    page = 4096
    data[2 * page:3 * page] = b"\xa5" * page  # one page of the log overwritten
    db.write_bytes(bytes(data))
    with pytest.raises(DamagedLog):
        GameLog(db)
    assert db.read_bytes() == bytes(data)


def test_a_damaged_default_log_is_kept_aside_and_the_app_starts_a_new_one_with_a_notice(tmp_path, monkeypatch):
    from companion.app.launch import open_session
    from companion.store import default_db_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    db = default_db_path()
    db.parent.mkdir(parents=True)
    db.write_bytes(b"garbage " * 512)
    notices = []
    session, problem = open_session(None, notices)
    try:
        assert problem is None and session.view()["phase"] == "no_game"
        assert session.handle(NEW)["ok"]
    finally:
        session.log.close()
    [aside] = [p for p in db.parent.iterdir() if p.name.startswith("games.sqlite3.damaged-")]
    assert aside.read_bytes() == b"garbage " * 512
    assert [n.key for n in notices] == ["notice.log_damaged"] and str(aside) in notices[0].detail


def test_a_damaged_log_given_with_db_is_refused_not_renamed(tmp_path):
    from companion.app.launch import open_session

    db = tmp_path / "mine.sqlite3"
    db.write_bytes(b"garbage " * 512)
    with pytest.raises(LogError):
        open_session(db, [])
    assert db.read_bytes() == b"garbage " * 512


def test_the_app_on_a_log_in_use_shows_why_and_saves_nothing_elsewhere(companion_env, tmp_path):
    from companion.app.launch import open_session

    db = tmp_path / "games.sqlite3"
    first = Player(companion_env, db)
    try:
        assert first.send(NEW)["ok"]
        session, problem = open_session(db, [])
        assert f"process {first.proc.pid}" in problem and "in use" in problem
        assert session.log.path.name == ":memory:"
    finally:
        first.close()
    session, problem = open_session(db, [])  # what "try again" does once the other one has ended
    try:
        assert problem is None and session.view()["players"][0]["name"] == "Ann"
    finally:
        session.log.close()


# --- a damaged summary of a finished game -----------------------------------------------------------


def finished_game(db) -> dict:
    from tests.test_headless import SCRIPTED_GAME

    with GameLog(db) as log:
        session = GameSession(log)
        for command in SCRIPTED_GAME:
            assert session.handle(command)["ok"]
        return log.game(session.game_id).summary


@pytest.mark.parametrize("damage", ["{not json", "[" * 100_000, "42"])
def test_a_damaged_summary_is_rebuilt_from_the_game_and_noted(tmp_path, damage):
    db = tmp_path / "games.sqlite3"
    summary = finished_game(db)
    raw = sqlite3.connect(db)
    raw.execute("UPDATE games SET summary = ?", (damage,))
    raw.commit()
    raw.close()
    with GameLog(db) as log:
        session = GameSession(log)  # resuming reads the latest game: it used to raise here
        assert session.view()["winners"] == ["Bob"]
        assert [g.summary for g in log.games()] == [summary]
        assert len(log.problems) == 1 and "game 1" in log.problems[0] and "rebuilt" in log.problems[0]


def test_history_and_the_app_start_with_a_damaged_summary(companion_env, tmp_path):
    from companion.app.launch import open_session

    db = tmp_path / "games.sqlite3"
    finished_game(db)
    raw = sqlite3.connect(db)
    raw.execute("UPDATE games SET summary = '{oops'")
    raw.commit()
    raw.close()
    history = companion(companion_env, "history", "--db", db)
    assert history.returncode == 0 and "#1" in history.stdout.decode()
    assert "summary is unreadable" in history.stderr.decode() and "Traceback" not in history.stderr.decode()
    notices = []
    session, problem = open_session(db, notices)
    session.log.close()
    assert problem is None and [n.key for n in notices] == ["notice.log_summary"]
