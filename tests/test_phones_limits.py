"""The phone server's door and its answers to hostile requests: header and idle timeouts, caps in all (from
the file limit) and per address, rate-limited reports that never block, no server name, no 500 for a body
of nested brackets, a refused proposal in the page's words."""

from __future__ import annotations

import http.client
import json
import socket
import threading

import pytest
from hypothesis import given, settings, strategies as st

from companion.phones import LogFeed, PhoneServer
from companion.phones.gate import MAX_CONNECTIONS, RESERVE, Limits, connection_cap, loop_error_handler, nofile_limit
from companion.phones.report import Reporter
from companion.store import LogInUse
from tests.phones_support import Stream, make_feed, request, start_game, start_server, to_round_3


@pytest.fixture
def feed(tmp_path):
    feed = make_feed(tmp_path / "g.sqlite3")
    start_game(feed)
    yield feed
    feed.close()


@pytest.fixture
def server(feed):
    server = start_server(feed)
    yield server
    server.stop()


def _half_open(port, source="127.0.0.1", data=b"GET /p/ HTTP/1.1\r\nHost: 127.0.0.1\r\n", timeout=20):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0))
    s.sendall(data)
    return s


def _closed_by_server(s):
    """Whether the server closed ``s`` (within its timeout: far longer than the server's few seconds)."""
    try:
        while True:
            data = s.recv(65536)
            if not data:
                return True
    except (socket.timeout, TimeoutError):
        return False
    except ConnectionResetError:
        return True
    finally:
        s.close()


def test_unfinished_headers_and_an_idle_keep_alive_are_closed_after_a_few_seconds(server):
    slow = _half_open(server.port)  # never finishes its headers
    idle = _half_open(server.port, data=f"GET {server.urls()['Ann'].split(':', 2)[2][5:]} HTTP/1.1\r\n"
                                        "Host: 127.0.0.1\r\n\r\n".encode())
    assert idle.recv(12).startswith(b"HTTP/1.1 200")  # answered, then kept alive, then idle
    outcome = {}
    waits = [threading.Thread(target=lambda k=k, s=s: outcome.__setitem__(k, _closed_by_server(s)))
             for k, s in (("slow", slow), ("idle", idle))]
    for t in waits:
        t.start()
    for t in waits:
        t.join()
    assert outcome == {"slow": True, "idle": True}


def test_the_oldest_idle_connection_of_an_address_makes_room_and_busy_ones_are_kept(feed):
    server = start_server(feed, limits=Limits(per_address=3))
    try:
        live = Stream(server.urls()["Ann"])  # busy: a live page is never closed to make room
        live.next()
        first, second = _half_open(server.port), _half_open(server.port)
        third = _half_open(server.port)  # the cap: the oldest idle one (first) goes
        assert _closed_by_server(first)
        second.settimeout(0.5)
        assert not _closed_by_server(second)  # (closed here, by the test)
        assert request(server.urls()["Bob"])[0] == 200  # a new one still gets in
        assert server.open_streams() == 1 and server.gate.held <= 3  # the live page kept its place
        other = _half_open(server.port, source="127.0.0.2")  # another address: its own places
        other.settimeout(0.5)
        assert not _closed_by_server(other)
        third.close()
        live.close()
    finally:
        server.stop()


def test_the_cap_in_all_is_derived_from_the_file_limit_well_under_it():
    assert connection_cap(1024) == MAX_CONNECTIONS == 256
    assert connection_cap(640) == (640 - RESERVE - 2 * Limits.backlog) // 2
    assert connection_cap(100) == 8
    for soft in range(600, 70000, 997):  # above the floor: the cap, the reserve and one accept batch fit
        assert connection_cap(soft) + RESERVE + 2 * Limits.backlog <= soft


def test_the_server_takes_its_cap_from_this_processs_file_limit(server):
    assert server.gate.total == connection_cap(nofile_limit())


EMFILE_LINE = "companion phones: socket.accept() out of system resource: OSError: [Errno 24] Too many open files"


def test_a_report_is_one_line_then_held_back_and_counted():
    now = [0.0]
    lines = []
    reporter = Reporter(write=lines.append, every=10.0, clock=lambda: now[0])
    for _ in range(1000):
        reporter.report("accept", "socket.accept() out of system resource:\nOSError: [Errno 24] Too many open files")
    now[0] = 11.0
    reporter.report("accept", "socket.accept() out of system resource")
    reporter.report("other", "something else")
    assert reporter.flush()
    assert lines == [EMFILE_LINE,
                     "companion phones: socket.accept() out of system resource (999 more like it in the last 10 s)",
                     "companion phones: something else"]


def test_a_report_never_blocks_on_an_output_nobody_reads():
    stuck = threading.Event()
    reporter = Reporter(write=lambda line: stuck.wait(), every=0.0, keep=8)
    done = threading.Event()

    def flood():
        for i in range(10_000):
            reporter.report(f"kind {i}", "a line")
        done.set()

    threading.Thread(target=flood, daemon=True).start()
    try:
        assert done.wait(60)  # 10,000 reports, the writer stuck on its first line
    finally:
        stuck.set()


def test_asyncios_accept_errors_reach_the_reporter_as_lines_without_tracebacks():
    lines = []
    reporter = Reporter(write=lines.append, every=10.0)
    handle = loop_error_handler(reporter.report)
    try:
        raise OSError(24, "Too many open files")
    except OSError as exc:
        error = exc
    for _ in range(500):
        handle(None, {"message": "socket.accept() out of system resource", "exception": error})
    assert reporter.flush()
    assert lines == [EMFILE_LINE]


def test_no_answer_names_the_server_program_or_its_version(server):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", "/p/" + server.urls()["Ann"].rsplit("/", 1)[1])
    answers = [conn.getresponse()]
    answers[0].read()
    conn.request("GET", "/nothing")
    answers.append(conn.getresponse())
    answers[1].read()
    conn.close()
    assert [a.status for a in answers] == [200, 404]
    assert all(a.getheader("Server") == "companion" for a in answers)
    raw = _half_open(server.port, data=b"NOT HTTP AT ALL\x00\r\n\r\n")  # aiohttp's own 400
    reply = b""
    while b"\r\n\r\n" not in reply:
        chunk = raw.recv(4096)
        if not chunk:
            break
        reply += chunk
    raw.close()
    head = reply.split(b"\r\n\r\n")[0].decode("latin-1")
    assert head.split()[1] == "400" and "Server: companion" in head
    assert "aiohttp" not in head.lower() and "python" not in head.lower()


def test_a_body_of_nested_brackets_is_a_clean_400(feed, server, capfd):
    to_round_3(feed)
    before = feed.session.state
    for body in ("[" * 4000, "[" * 2000 + "]" * 2000, '{"word":' * 500):
        status, text = _post(server.urls()["Ann"] + "/propose", body)
        assert status == 400 and json.loads(text) == {"error": "Tape un mot de 1 à 64 caractères."}
    assert feed.session.state == before
    assert "Traceback" not in capfd.readouterr().err


def _post(url, body):
    parts = url.split("/", 3)
    host, port = parts[2].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("POST", "/" + parts[3], body=body.encode(), headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    text = response.read().decode("utf-8")
    conn.close()
    return response.status, text


@pytest.mark.parametrize("language, words", [
    ("fr", "La partie est en train d’être modifiée ailleurs : réessaie dans un instant."),
    ("en", "The game is being changed elsewhere: try again in a moment."),
])
def test_a_proposal_refused_while_the_log_is_held_says_so_in_the_pages_language(tmp_path, language, words):
    path = tmp_path / "g.sqlite3"
    table = make_feed(path)
    start_game(table, language=language)
    to_round_3(table)
    table.close()

    def held(p):
        raise LogInUse(f"the game log {p} is in use by process 4242 (the companion app), since 2026-12-01T20:00")

    feed = LogFeed(path, writer=held, report=Reporter(write=lambda line: None))
    server = PhoneServer(feed).start()
    try:
        status, body = request(server.urls()["Ann"] + "/propose", "POST", {"word": "anything"})
    finally:
        server.stop()
        feed.close()
    assert status == 409 and json.loads(body)["error"] == words
    assert not any(leak in body for leak in ("4242", str(path), "companion app", "2026"))


class _Door:
    """What the gate sees of a connection: its address, whether a request is under way, drop()."""

    def __init__(self, address):
        self.address, self.busy, self.dropped = address, False, False

    @property
    def idle(self):
        return not self.busy

    def drop(self):
        self.dropped = True


@settings(max_examples=200, deadline=None)
@given(total=st.integers(1, 6), per_address=st.integers(1, 4),
       steps=st.lists(st.tuples(st.sampled_from(["open", "close", "busy", "idle"]), st.integers(0, 3),
                                st.integers(0, 50)), max_size=80))
def test_the_gate_never_holds_more_than_its_caps_nor_closes_a_busy_connection(total, per_address, steps):
    from companion.phones.gate import Gate

    gate = Gate(total, per_address, lambda kind, text: None, rate=(1e9, 1e9))
    held = []  # the doors let in and neither closed nor dropped
    for what, address, pick in steps:
        if what == "open":
            door = _Door(f"10.0.0.{address}")
            busy_before = [d for d in held if d.busy]
            if gate.admit(door, door.address):
                held.append(door)
            assert all(not d.dropped for d in busy_before)
            held = [d for d in held if not d.dropped]
        elif held:
            door = held[pick % len(held)]
            if what == "close":
                gate.leave(door, door.address)
                held.remove(door)
            else:
                door.busy = what == "busy"
        assert gate.held == len(held) <= total
        for address in {d.address for d in held}:
            assert sum(d.address == address for d in held) <= per_address
    for door in held:  # every one the gate counts can leave: nothing is left counted
        gate.leave(door, door.address)
    assert gate.held == 0


def test_a_proposal_whose_body_never_ends_is_answered_and_its_place_freed(feed):
    to_round_3(feed)
    server = start_server(feed, limits=Limits(body_timeout=0.5))
    try:
        path = server.urls()["Ann"].split(":", 2)[2].split("/", 1)[1]
        slow = _half_open(server.port, data=f"POST /{path}/propose HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                             "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                                             '{"word": "xy'.encode())
        reply = slow.recv(4096).decode("utf-8", "replace")
        slow.close()
        assert reply.startswith("HTTP/1.1 408") and "réessaie" in reply
        assert feed.session.commands[-1]["cmd"] != "propose"
    finally:
        server.stop()
