"""``companion phones``'s log follower (LogFeed) when the file changes under it: a log renamed over the
path ends the old game's links, and never gets an old link's proposal; a row damaged while serving is
reported, and the following goes on."""

from __future__ import annotations

import os
import sqlite3
import threading
import time

import pytest

from companion.phones import LogFeed, PhoneServer
from companion.phones.report import Reporter
from companion.session import GameSession
from companion.store import GameLog
from tests.phones_support import NAMES, Stream, clues, ok, request, secrets_of, to_round_2, to_round_3, win_clue


class _Played:
    """A session opened on the log for some steps, then closed (another program playing)."""

    def __init__(self, session):
        self.session = session

    def handle(self, cmd):
        return self.session.handle(cmd)


def play(path, fn):
    session = GameSession(GameLog(path))
    try:
        return fn(_Played(session))
    finally:
        session.log.close()


def new_log(path, seed, then=to_round_3):
    def setup(feed):
        ok(feed.handle({"cmd": "new", "players": NAMES, "seed": seed, "first": "Ann", "code_words": "companion",
                        "language": "en"}))
        then(feed)
    play(path, setup)


def commands(path):
    return play(path, lambda f: f.session.commands)


class Lines:
    def __init__(self):
        self.lines = []
        self.reporter = Reporter(write=self.lines.append, every=0.0)


def until(condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@pytest.fixture
def logs(tmp_path):
    served, other = tmp_path / "g.sqlite3", tmp_path / "other.sqlite3"
    new_log(served, 5)
    new_log(other, 7)
    return served, other


def test_a_log_renamed_over_the_path_ends_the_old_games_links(logs):
    served, other = logs
    said = Lines()
    feed = LogFeed(served, interval=0.05, report=said.reporter)
    server = PhoneServer(feed, report=said.reporter).start()
    old = server.urls()["Ann"]
    stream = Stream(old)
    try:
        assert request(old)[0] == 200 and stream.next()[0] == "message"
        os.replace(other, served)
        assert until(lambda: request(old)[0] == 404)
        assert stream.next()[0] == "gone"
        assert until(lambda: server.urls()), said.lines
        assert server.urls()["Ann"] != old  # the new file's game, under its own links
        assert said.reporter.flush() and any("was replaced" in line for line in said.lines)
    finally:
        stream.close()
        server.stop()
        feed.close()


def test_an_old_links_proposal_is_never_written_into_the_new_files_game(logs):
    served, other = logs
    word = play(served, lambda f: secrets_of(f.session, "Ann")[0])
    new_game = commands(other)
    # The follower does not look again before the proposal comes: the server still knows the old secrets.
    feed = LogFeed(served, interval=3600, report=Lines().reporter)
    server = PhoneServer(feed).start()
    try:
        old = server.urls()["Ann"]
        os.replace(other, served)
        status, _ = request(old + "/propose", "POST", {"word": word})
        assert status == 409
        assert request(old)[0] == 404  # and the proposal's own look at the log ended the old links
    finally:
        server.stop()
        feed.close()
    assert commands(served) == new_game  # game 1 of the new file, as it was


def damage_last_row(path):
    """The last command row's events nested 100,000 deep (json.loads raises RecursionError); its text."""
    db = sqlite3.connect(path)
    row, events = db.execute("SELECT id, events FROM commands ORDER BY id DESC LIMIT 1").fetchone()
    with db:
        db.execute("UPDATE commands SET events = ? WHERE id = ?", ("[" * 100_000, row))
    db.close()
    return row, events


def restore_row(path, row, events):
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE commands SET events = ? WHERE id = ?", (events, row))
    db.close()


def rows(path):
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT id, events, undone_at, damaged_at FROM commands ORDER BY id").fetchall()
    finally:
        db.close()


def view_with(stream, condition, seconds=60.0):
    """The first view the stream sends that meets ``condition`` (each message waits up to the stream's
    timeout; a loaded machine may send intermediate states first, or coalesce them)."""
    deadline, seen = time.monotonic() + seconds, []
    while time.monotonic() < deadline:
        name, view = stream.next()
        assert name == "message", (name, seen)
        if condition(view):
            return view
        seen.append(view)
    raise AssertionError(f"no such view in {seen}")


@pytest.fixture
def serving(tmp_path):
    """A log at Round 2 (Bob has one clue, won by the last command), followed and served; Bob's stream."""
    path = tmp_path / "g.sqlite3"
    new_log(path, 5, then=to_round_2)
    said = Lines()
    feed = LogFeed(path, interval=0.05, report=said.reporter)
    server = PhoneServer(feed, report=said.reporter).start()
    stream = Stream(server.urls()["Bob"], timeout=30)  # generous: a loaded machine is slow, never wrong
    try:
        yield path, said, feed, server, stream
    finally:
        stream.close()
        server.stop()
        feed.close()


def damaged_said(said):
    return until(lambda: said.reporter.flush() and any("damaged" in line for line in said.lines), 60.0)


def test_a_row_damaged_while_serving_is_reported_and_the_pages_follow_again_once_it_reads(serving):
    path, said, feed, server, stream = serving
    before = stream.next()[1]
    assert before["clues"] and "log_damaged" not in before
    row, events = damage_last_row(path)
    assert damaged_said(said), said.lines
    follower = next(t for t in threading.enumerate() if t.name == "phones-log-follower")
    assert follower.is_alive()
    # The page keeps the last state read whole (its clue is not taken back) and says the log is damaged.
    assert stream.next()[1] == {**before, "log_damaged": True}
    restore_row(path, row, events)
    view_with(stream, lambda v: "log_damaged" not in v)  # the row reads again: the page follows again
    play(path, lambda f: win_clue(f, "Bob"))
    expected = play(path, lambda f: clues(f.session, "Bob"))
    assert len(expected) == len(before["clues"]) + 1
    assert "log_damaged" not in view_with(stream, lambda v: v["clues"] == expected)


def test_a_row_damaged_and_not_restored_keeps_the_last_good_state_and_says_so(serving):
    path, said, feed, server, stream = serving
    before = stream.next()[1]
    bob = server.urls()["Bob"]
    token = bob.rsplit("/", 1)[1]
    damage_last_row(path)
    assert damaged_said(said), said.lines
    assert stream.next()[1] == {**before, "log_damaged": True}
    status, page = request(bob)  # a page opened now: the same state, said plainly
    assert status == 200 and before["clues"][0] in page
    assert '<p id="damaged" class="no">The game\'s log cannot be read in full' in page.replace("&#x27;", "\'")
    kept = rows(path)
    answer = feed.propose("Bob", "anything", token)  # never written: the writer would take the rows out
    assert answer["error"]["code"] == "log_damaged", answer
    assert rows(path) == kept
    assert feed.snapshot().damaged and feed.snapshot().line == len(play(path, lambda f: f.session.commands)) + 1


def test_the_pages_follow_the_game_played_on_from_before_a_damaged_row(serving):
    """The table's program opened the log since: it resumed before the damaged row, took it out of the
    line (kept in the log) and played on; the pages follow that game, no longer marked damaged."""
    path, said, feed, server, stream = serving
    stream.next()
    row, _ = damage_last_row(path)
    assert damaged_said(said), said.lines
    assert stream.next()[1]["log_damaged"]

    def play_on(f):  # from before the damaged row: Ann's challenge waits for its result
        ok(f.handle({"cmd": "result", "success": True}))
        win_clue(f, "Bob")

    play(path, play_on)
    assert [r[3] is not None for r in rows(path) if r[0] == row] == [True]  # kept, out of the line
    expected = play(path, lambda f: clues(f.session, "Bob"))
    assert "log_damaged" not in view_with(stream, lambda v: v["clues"] == expected)


def test_a_log_damaged_before_serving_is_served_as_far_as_it_reads_and_said(tmp_path):
    path = tmp_path / "g.sqlite3"
    new_log(path, 5, then=to_round_2)
    damage_last_row(path)
    said = Lines()
    feed = LogFeed(path, interval=0.05, report=said.reporter)
    server = PhoneServer(feed, report=said.reporter).start()
    try:
        assert said.reporter.flush() and any("damaged" in line for line in said.lines), said.lines
        status, page = request(server.urls()["Bob"])
        assert status == 200 and 'id="damaged" class="no">' in page
        assert feed.snapshot().player_view("Bob")["log_damaged"] is True
    finally:
        server.stop()
        feed.close()
