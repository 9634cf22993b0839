"""Live pages: a few per link, the oldest of a link making room for its newest, so that one link can never
shut the other players out; a page closed frees its place at once."""

from __future__ import annotations

import time

import pytest

from companion.phones import RateLimit
from companion.phones.gate import Limits
from tests.phones_support import Stream, clues, make_feed, start_game, start_server, to_round_2, win_clue


@pytest.fixture
def feed(tmp_path):
    feed = make_feed(tmp_path / "g.sqlite3")
    start_game(feed)
    to_round_2(feed)
    yield feed
    feed.close()


def _events(stream):
    """The events a stream got, up to the one that ends it (or the end of the stream)."""
    names = []
    try:
        while not names or names[-1] == "message":
            names.append(stream.next()[0])
    except EOFError:
        pass
    return names


def test_64_pages_of_one_link_leave_the_other_players_their_live_pages(feed):
    # The 64 at once: more requests and connections than one address may make at once.
    server = start_server(feed, rate=RateLimit(burst=100), limits=Limits(connect_burst=100))
    ann = []
    try:
        for _ in range(64):  # the old cap in all, and what shut Bob out
            ann.append(Stream(server.urls()["Ann"]))
            ann[-1].next()
        bob = Stream(server.urls()["Bob"])  # 200, not 503
        assert bob.next()[1]["player"] == "Bob"
        keep = Limits().streams_per_link
        assert server.open_streams() == keep + 1
        # The oldest of Ann's went first, each told why; her newest are live.
        assert all(_events(s) == ["replaced"] for s in ann[:-keep])
        win_clue(feed, "Ann")
        assert all(s.next()[1]["clues"] == clues(feed.session, "Ann") for s in ann[-keep:])
        win_clue(feed, "Bob")
        assert bob.next()[1]["clues"] == clues(feed.session, "Bob")
        bob.close()
    finally:
        for s in ann:
            s.close()
        server.stop()


def test_at_the_cap_in_all_the_link_holding_the_most_gives_up_its_oldest(feed):
    server = start_server(feed, limits=Limits(streams=3, streams_per_link=2))
    try:
        ann = [Stream(server.urls()["Ann"]) for _ in range(2)]
        bob = Stream(server.urls()["Bob"])
        for s in (*ann, bob):
            s.next()
        cy = Stream(server.urls()["Cy"])
        assert cy.next()[1]["player"] == "Cy"
        assert _events(ann[0]) == ["replaced"] and server.open_streams() == 3
        for s in (*ann, bob, cy):
            s.close()
    finally:
        server.stop()


def test_a_page_closed_frees_its_place_at_once_not_at_the_next_heartbeat(feed):
    server = start_server(feed)
    try:
        pages = [Stream(server.urls()[name]) for name in ("Ann", "Bob", "Cy")]
        for page in pages:
            page.next()
        assert server.open_streams() == 3
        for page in pages:
            page.close()
        deadline = time.monotonic() + 5  # the heartbeat (15 s, and 25 before) is far later
        while server.open_streams() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert server.open_streams() == 0
    finally:
        server.stop()


def test_no_live_page_at_all_is_a_503_with_retry_after(feed):
    import http.client

    server = start_server(feed, limits=Limits(streams=0))
    try:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        conn.request("GET", "/p/" + server.urls()["Ann"].rsplit("/", 1)[1] + "/events")
        response = conn.getresponse()
        assert response.status == 503 and response.getheader("Retry-After") == "5"
        conn.close()
    finally:
        server.stop()
