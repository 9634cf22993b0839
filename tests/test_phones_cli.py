"""``companion phones --db DB [--host HOST] [--port PORT]``: links printed as JSON lines, pages of the log's
current game, following another program's commands, proposals only when no other program holds the log."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

import pytest

from companion.phones import LogFeed, PhoneServer
from companion.session import GameSession
from companion.store import GameLog, LogInUse
from tests.phones_support import NAMES, Stream, clues, ok, request, secrets_of


class Table:
    """Another program playing on the log: opened for each step, closed after it."""

    def __init__(self, path):
        self.path = path

    def __call__(self, *commands):
        session = GameSession(GameLog(self.path))
        try:
            for cmd in commands:
                ok(session.handle(cmd))
            return session.state
        finally:
            session.log.close()

    def play(self, fn):
        session = GameSession(GameLog(self.path))
        try:
            return fn(session)
        finally:
            session.log.close()


class _Feedlike:
    def __init__(self, session):
        self.session = session

    def handle(self, cmd):
        return self.session.handle(cmd)


@pytest.fixture
def table(tmp_path):
    t = Table(tmp_path / "g.sqlite3")
    t({"cmd": "new", "players": NAMES, "seed": 5, "first": "Ann", "code_words": "companion", "language": "en"})
    return t


def serve(companion_env, db, *extra):
    proc = subprocess.Popen([sys.executable, "-m", "companion", "phones", "--db", str(db), "--port", "0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=companion_env, text=True)
    links = {}
    for _ in NAMES:
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
        entry = json.loads(line)
        assert sorted(entry) == ["player", "url"]
        links[entry["player"]] = entry["url"]
    return proc, links


def stop(proc):
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=20) == 0


def test_it_prints_a_link_per_player_serves_their_pages_and_stops_on_sigterm(companion_env, table):
    from tests.phones_support import to_round_2
    table.play(lambda s: to_round_2(_Feedlike(s)))
    proc, links = serve(companion_env, table.path)
    try:
        assert list(links) == NAMES and all(u.startswith("http://127.0.0.1:") for u in links.values())
        state = table.play(lambda s: s.state)
        for name in NAMES:
            status, page = request(links[name])
            first = state.players[state.index(name)].clue_texts[0]
            assert status == 200 and first in page
        assert request(links["Ann"].rsplit("/p/", 1)[0] + "/")[0] == 404
    finally:
        stop(proc)


def test_a_restart_keeps_the_links(companion_env, table):
    proc, links = serve(companion_env, table.path)
    stop(proc)
    proc, again = serve(companion_env, table.path)
    stop(proc)
    assert [u.rsplit("/p/", 1)[1] for u in links.values()] == [u.rsplit("/p/", 1)[1] for u in again.values()]


def test_it_follows_the_commands_of_the_program_that_plays(companion_env, table):
    from tests.phones_support import to_round_2, win_clue
    table.play(lambda s: to_round_2(_Feedlike(s)))
    proc, links = serve(companion_env, table.path)
    stream = Stream(links["Cy"])
    try:
        assert len(stream.next()[1]["clues"]) == 1
        table.play(lambda s: win_clue(_Feedlike(s), "Cy"))
        view = stream.next()[1]
        assert view["clues"] == table.play(lambda s: clues(s, "Cy")) and len(view["clues"]) == 2
    finally:
        stream.close()
        stop(proc)


def test_it_writes_the_proposal_when_no_other_program_holds_the_log(companion_env, table):
    from tests.phones_support import to_round_3
    table.play(lambda s: to_round_3(_Feedlike(s)))
    word = table.play(lambda s: secrets_of(s, "Ann")[0])
    proc, links = serve(companion_env, table.path)
    try:
        # The first proposal loads the answer matcher and its word lists: seconds on a loaded machine.
        status, body = request(links["Ann"] + "/propose", "POST", {"word": word}, timeout=60)
        assert status == 200 and json.loads(body)["correct"] is True
    finally:
        stop(proc)
    assert table.play(lambda s: s.commands[-1]) == {"cmd": "propose", "player": "Ann", "word": word,
                                                    "accepted": True}


def test_a_proposal_is_refused_in_the_pages_words_while_another_program_holds_the_log(table):
    from tests.phones_support import to_round_3
    table.play(lambda s: to_round_3(_Feedlike(s)))

    def held(path):
        raise LogInUse(f"the game log {path} is in use by process 42 (the companion app), since 2026-12-01")

    feed = LogFeed(table.path, writer=held)
    server = PhoneServer(feed).start()
    try:
        before = table.play(lambda s: s.commands)
        status, body = request(server.urls()["Ann"] + "/propose", "POST", {"word": "anything"})
        # The page's language (the table's: English here), and nothing of the log, the program or its pid.
        said = "The game is being changed elsewhere: try again in a moment."
        assert status == 409 and json.loads(body)["error"] == said
        assert not any(leak in body for leak in ("42", str(table.path), "companion app", "2026"))
        assert table.play(lambda s: s.commands) == before
    finally:
        server.stop()
        feed.close()


@pytest.mark.parametrize("args, words", [
    (["--host", "8.8.8.8"], "--host"),
    (["--port", "70000"], "--port"),
])
def test_bad_options_are_refused_naming_them(companion_env, table, args, words):
    proc = subprocess.run([sys.executable, "-m", "companion", "phones", "--db", str(table.path), *args],
                          capture_output=True, text=True, env=companion_env, timeout=60)
    assert proc.returncode == 1 and words in proc.stderr and proc.stdout == ""


def test_a_game_with_the_cards_or_no_log_has_nothing_to_serve(companion_env, tmp_path):
    Table(tmp_path / "c.sqlite3")({"cmd": "new", "players": NAMES, "seed": 1})
    (tmp_path / "notes.txt").write_text("not a log\n")
    for db, words in ((tmp_path / "c.sqlite3", "no phone links"), (tmp_path / "none.sqlite3", "no such file"),
                      (tmp_path / "notes.txt", "not a database"), (tmp_path, "not a file")):
        proc = subprocess.run([sys.executable, "-m", "companion", "phones", "--db", str(db), "--port", "0"],
                              capture_output=True, text=True, env=companion_env, timeout=60)
        assert proc.returncode == 1 and words in proc.stderr and proc.stdout == ""
    assert not (tmp_path / "none.sqlite3").exists() and (tmp_path / "notes.txt").read_text() == "not a log\n"
