"""A damaged row never stops the evening (issue 27, defect 1): the app, ``play --headless`` and the session
start on every log of the corpus (tests/damaged_logs.py), resume the current game up to its last readable
command or keep it aside as damaged, keep every row, and say what happened."""

from __future__ import annotations

import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.damaged_logs import KINDS, build_base, damaged_copy

LEGAL = {"cmd": "land", "space": "door"}


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    return build_base(tmp_path_factory.mktemp("base") / "games.sqlite3")


def rows(path: Path) -> dict[int, tuple]:
    """Every command row as stored (bytes), by id: what no start may delete or change."""
    db = sqlite3.connect(path)
    try:
        return {r[0]: r[1:] for r in db.execute(
            "SELECT id, game_id, seq, CAST(command AS BLOB), CAST(events AS BLOB), created_at FROM commands")}
    finally:
        db.close()


def status(path: Path, game_id: int) -> str:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT status FROM games WHERE id=?", (game_id,)).fetchone()[0]
    finally:
        db.close()


def check_resumed(session, hit, path: Path) -> None:
    """The current game resumed up to a command before the damage, or kept aside when it cannot be."""
    if session.damage is None:
        assert session.game_id == hit.game_id and session.view()["game_id"] == hit.game_id
    elif session.damage["resumed_at"]:
        assert hit.replayable and session.game_id == hit.game_id
        assert len(session.commands) == session.damage["resumed_at"] >= 1
        assert str(hit.game_id) in session.damage_text() and "kept in the log" in session.damage_text()
    else:
        assert session.game_id is None and session.view()["phase"] == "no_game"
        assert status(path, hit.game_id) == "damaged"
    if not hit.replayable:
        assert session.game_id is None


@pytest.mark.parametrize("kind", KINDS)
def test_the_app_starts_on_a_log_damaged_in_its_current_game(base, tmp_path, kind):
    from tests.support import app_harness

    db = tmp_path / "games.sqlite3"
    hit = damaged_copy(base, db, kind, "current")
    before = rows(db)
    with app_harness(tmp_path) as h:
        app = h.app
        assert app.log_problem is None and app.sm.current != "error"
        session = app.controller.session
        check_resumed(session, hit, db)
        keys = [n.key for n in app.notices]
        if session.damage is not None:
            key = "notice.game_resumed" if session.damage["resumed_at"] else "notice.game_kept_aside"
            assert key in keys and app.controller.tr(key) != key
            if app.sm.current == "home":  # said on home, in the table's words: the notices open by themselves
                from kivy.core.window import Window
                from kivy.uix.label import Label
                from kivy.uix.modalview import ModalView

                h.settle(frames=3)
                shown = [w for w in Window.children if isinstance(w, ModalView)]
                texts = [w.text for v in shown for w in h.widgets(v) if isinstance(w, Label)]
                assert any(app.controller.tr(key) in t for t in texts), texts
                for view in shown:
                    view.dismiss(animation=False)
        answer = session.handle({"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob"]})
        assert answer["ok"] and session.handle(LEGAL)["ok"]
    after = rows(db)
    assert {i: r for i, r in after.items() if i in before} == before  # nothing deleted, nothing rewritten


@pytest.mark.parametrize("kind", KINDS)
def test_the_session_resumes_the_whole_current_game_when_an_older_finished_game_is_damaged(base, tmp_path, kind):
    from companion.app.launch import open_session

    db = tmp_path / "games.sqlite3"
    damaged_copy(base, db, kind, "finished")
    before = rows(db)
    notices: list = []
    session, problem = open_session(db, notices)
    try:
        assert problem is None and session.damage is None
        assert session.game_id == 3 and len(session.commands) == 16
        assert session.handle(LEGAL)["ok"] or session.handle({"cmd": "undo"})["ok"]
    finally:
        session.log.close()
    assert {i: r for i, r in rows(db).items() if i in before} == before


def headless(db: Path, lines: list[dict], capsys) -> tuple[int, list[dict], str]:
    """``companion play --headless --db db`` in this process, fed ``lines``."""
    from companion.cli import main

    stdin = io.TextIOWrapper(io.BytesIO("".join(json.dumps(line) + "\n" for line in lines).encode()), "utf-8")
    stdout = io.TextIOWrapper(io.BytesIO(), "utf-8")
    old = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = stdin, stdout
    try:
        code = main(["play", "--headless", "--db", str(db)])
    finally:
        sys.stdin, sys.stdout = old
        stdout.flush()
    answers = [json.loads(line) for line in stdout.buffer.getvalue().decode().splitlines()]
    return code, answers, capsys.readouterr().err


@pytest.mark.parametrize("where", ["current", "finished"])
@pytest.mark.parametrize("kind", KINDS)
def test_headless_plays_on_every_damaged_log(base, tmp_path, capsys, kind, where):
    db = tmp_path / "games.sqlite3"
    hit = damaged_copy(base, db, kind, where)
    code, answers, err = headless(db, [{"cmd": "state"}, {"cmd": "undo"}, {"cmd": "redo"}, LEGAL,
                                       {"cmd": "new", "game": "fort-boyard", "players": ["Zoé", "Léa"]}, LEGAL], capsys)
    assert code == 0 and len(answers) == 6 and "Traceback" not in err
    assert all(isinstance(a.get("ok"), bool) for a in answers) and answers[4]["ok"] and answers[5]["ok"]
    if where == "current" and (answers[0]["state"]["game_id"] != hit.game_id or "resumes" in err):
        assert err.startswith("companion: ") and f"game {hit.game_id}:" in err and err.count("\n") == 1


APP_KINDS = ["events_nested_10000", "command_not_utf8_blob", "game_name_unknown"]


@pytest.mark.parametrize("kind", APP_KINDS)
def test_the_real_app_process_starts_on_a_damaged_log(base, tmp_path, companion_env, kind):
    pytest.importorskip("kivy")
    db = tmp_path / "games.sqlite3"
    damaged_copy(base, db, kind, "current")
    proc = subprocess.run([sys.executable, "-m", "companion", "app", "--exit-after-first-frame", "--db", str(db)],
                          capture_output=True, text=True, env=companion_env, timeout=120)
    assert proc.returncode == 0 and "first_frame" in proc.stdout, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr and "companion: Game log damaged, the game" in proc.stderr


def test_the_app_on_a_log_whose_game_resumed_early_keeps_playing_and_saving(base, tmp_path):
    """After a start that took the damaged rows out of the line, what is played is saved and resumed."""
    from companion.session import GameSession
    from companion.store import GameLog

    db = tmp_path / "games.sqlite3"
    damaged_copy(base, db, "events_cut_short", "current")
    with GameLog(db) as log:
        session = GameSession(log)
        resumed = session.damage["resumed_at"]
        assert session.handle({"cmd": "undo"})["ok"] and session.handle({"cmd": "redo"})["ok"]
        view = session.view()
    with GameLog(db) as log:
        again = GameSession(log)
        assert again.damage is None and again.view() == view and len(again.commands) == resumed
        taken = log.db.execute("SELECT count(*) FROM commands WHERE damaged_at IS NOT NULL").fetchone()[0]
        assert taken == 16 - resumed  # the damaged row and those after it in the game's line of 16


def test_the_kiosks_default_log_is_resumed_not_set_aside(base, tmp_path, monkeypatch):
    """Without --db (the kiosk) a log that passes quick_check but holds a damaged row is resumed in
    place: only a file SQLite itself finds damaged is set aside whole."""
    from companion.app.launch import open_session

    data = tmp_path / "data"
    data.mkdir()
    damaged_copy(base, data / "games.sqlite3", "command_nested_10000", "current")
    monkeypatch.setattr("companion.store.default_db_path", lambda: data / "games.sqlite3")
    notices: list = []
    session, problem = open_session(None, notices)
    session.log.close()
    assert problem is None and [n.key for n in notices] == ["notice.game_resumed"]
    assert not any(".damaged-" in name for name in os.listdir(data))


@pytest.mark.parametrize("kind", ["events_nested_10000", "command_not_utf8_blob", "command_created_at_quote",
                                  "seq_duplicate", "event_unknown_player", "game_name_unknown"])
def test_the_apps_history_screens_show_the_other_games_when_an_old_game_is_damaged(base, tmp_path, kind):
    from tests.support import app_harness

    damaged_copy(base, tmp_path / "games.sqlite3", kind, "finished")
    with app_harness(tmp_path) as h:
        for screen in ("history", "history_stats"):
            h.app.go(screen)
            h.settle(frames=3)
            assert h.app.sm.current == screen
        assert 1 in {g.id for g in h.app.history_shelf.games()}
        h.app.sm.get_screen("history_game").game_id = 1
        h.app.go("history_game")
        h.settle(frames=3)
        assert h.app.sm.current == "history_game"
