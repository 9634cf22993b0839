"""The phone server over HTTP on the loopback: private pages, 404s, live updates, proposals at one's turn,
rate limits, and nothing listening before it is started."""

from __future__ import annotations

import json

import pytest

from companion.phones import PhoneServer, RateLimit, qr_png, qr_svg
from tests.phones_support import (
    NAMES, Stream, clues, listening_sockets, make_feed, ok, request, secrets_of, start_game, start_server,
    to_round_2, to_round_3, win_clue,
)


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


def test_each_page_holds_its_players_clues_and_nothing_of_the_others(feed, server):
    to_round_2(feed)
    win_clue(feed, "Bob")
    urls = server.urls()
    assert sorted(urls) == NAMES
    for name in NAMES:
        status, page = request(urls[name])
        assert status == 200
        assert name in page and all(c in page for c in clues(feed.session, name))
        others = [s for other in NAMES if other != name for s in secrets_of(feed.session, other)]
        assert others and not any(s in page for s in others), name
        assert secrets_of(feed.session, name)[0] not in page  # not even their own word
    assert len(clues(feed.session, "Bob")) == 2


def test_the_page_speaks_the_tables_language(tmp_path):
    feed = make_feed(tmp_path / "en.sqlite3")
    start_game(feed, language="en")
    server = start_server(feed)
    try:
        assert "Your clues" in request(server.urls()["Ann"])[1]
    finally:
        server.stop()
        feed.close()
    feed = make_feed(tmp_path / "fr.sqlite3")
    start_game(feed)
    server = start_server(feed)
    try:
        assert "Tes indices" in request(server.urls()["Ann"])[1]
    finally:
        server.stop()
        feed.close()


def test_a_wrong_or_old_token_or_any_other_path_gets_a_bare_404(feed, server):
    to_round_2(feed)
    url = server.urls()["Ann"]
    base = url.rsplit("/p/", 1)[0]
    old = url
    start_game(feed)  # a new game: new secrets
    assert server.urls()["Ann"] != old
    token = server.urls()["Ann"].rsplit("/", 1)[1]
    for bad in (old, old + "/events", base + "/p/" + token[:-1] + "A", base + "/p/", base + "/", base + "/p",
                base + "/p/" + token + "/nothing", base + "/favicon.ico"):
        status, body = request(bad)
        assert (status, body) == (404, "Not found"), bad
    assert request(old + "/propose", "POST", {"word": "x"}) == (404, "Not found")
    assert request(server.urls()["Ann"], "DELETE") == (404, "Not found")


def test_a_clue_won_reaches_the_open_page_at_once_and_only_its_players(feed, server):
    to_round_2(feed)
    bob, cy = Stream(server.urls()["Bob"]), Stream(server.urls()["Cy"])
    try:
        assert bob.next()[1]["clues"] == clues(feed.session, "Bob")
        cy_first = cy.next()[1]
        win_clue(feed, "Bob")
        name, view = bob.next()
        assert name == "message" and view["clues"] == clues(feed.session, "Bob") and len(view["clues"]) == 2
        assert cy_first["clues"] == clues(feed.session, "Cy")
    finally:
        bob.close()
        cy.close()


def test_a_page_of_an_old_game_hears_that_it_is_gone(feed, server):
    stream = Stream(server.urls()["Ann"])
    try:
        stream.next()
        start_game(feed)
        assert stream.next()[0] == "gone"
    finally:
        stream.close()


def test_a_proposal_is_accepted_only_from_the_player_whose_turn_it_is(feed, server):
    to_round_3(feed)
    urls = server.urls()
    assert feed.session.view()["current"] == "Ann"
    before = feed.session.state
    status, body = request(urls["Bob"] + "/propose", "POST", {"word": secrets_of(feed.session, "Bob")[0]})
    assert status == 409 and feed.session.state == before
    status, body = request(urls["Ann"] + "/propose", "POST", {"word": secrets_of(feed.session, "Ann")[0]})
    answer = json.loads(body)
    assert status == 200 and answer["correct"] is True and answer["view"]["last_proposal"]["correct"] is True
    assert feed.session.commands[-1] == {"cmd": "propose", "player": "Ann",
                                         "word": secrets_of(feed.session, "Ann")[0], "accepted": True}
    assert not any(s in body for other in ("Bob", "Cy") for s in secrets_of(feed.session, other))
    assert feed.session.view()["current"] == "Bob"
    status, _ = request(urls["Ann"] + "/propose", "POST", {"word": "again"})
    assert status == 409  # Ann's turn is over


@pytest.mark.parametrize("body", [{"word": ""}, {"word": "x" * 65}, {"word": 3}, ["word"], {"correct": True}])
def test_a_bad_proposal_is_refused_and_changes_nothing(feed, server, body):
    to_round_3(feed)
    before = feed.session.state
    assert request(server.urls()["Ann"] + "/propose", "POST", body)[0] == 400
    assert feed.session.state == before


def test_a_page_may_not_overrule_the_matcher(feed, server):
    to_round_3(feed)
    status, body = request(server.urls()["Ann"] + "/propose", "POST", {"word": "xylophone", "correct": True})
    assert status == 200 and json.loads(body)["correct"] is False
    assert "correct" not in feed.session.commands[-1]


def test_too_many_requests_from_one_address_get_429(feed):
    server = start_server(feed, rate=RateLimit(burst=5, per_second=0.5))
    try:
        statuses = [request(server.urls()["Ann"])[0] for _ in range(8)]
    finally:
        server.stop()
    assert statuses[:5] == [200] * 5 and statuses[5:] == [429] * 3


def test_nothing_listens_until_the_server_is_started_and_after_it_stops(feed):
    before = listening_sockets()
    server = PhoneServer(feed, "127.0.0.1", 0)
    to_round_2(feed)
    assert listening_sockets() == before and not server.running
    server.start()
    try:
        assert len(listening_sockets() - before) == 1
    finally:
        server.stop()
    assert listening_sockets() == before


def test_the_links_qr_codes_are_svg_and_png(feed, server):
    url = server.urls()["Ann"]
    assert qr_svg(url).lstrip().startswith("<svg") and qr_png(url).startswith(b"\x89PNG")


def test_the_apps_phone_service_is_off_until_started_and_gives_a_link_and_qr_code_per_player(feed):
    from companion.phones import PhoneService

    phones = PhoneService(feed)
    assert not phones.running and phones.links() == {} and phones.qr_png("Ann") is None
    with pytest.raises(ValueError):
        phones.start(host="8.8.8.8")
    links = phones.start(host="127.0.0.1", port=0)
    try:
        assert list(links) == NAMES and phones.running
        assert all(links[n].endswith(feed.session.phone_tokens()[n]) for n in NAMES)
        assert phones.qr_png("Bob").startswith(b"\x89PNG") and "<svg" in phones.qr_svg("Cy")
        assert request(links["Ann"])[0] == 200
    finally:
        phones.stop()
    assert not phones.running and phones.links() == {}


def test_a_page_ends_on_the_last_state_however_fast_the_changes_come(feed, server):
    import socket

    to_round_2(feed)
    while feed.session.view()["current"] != "Bob":
        ok(feed.handle({"cmd": "land", "space": "door"}))
    ok(feed.handle({"cmd": "land", "space": "force"}))
    stream = Stream(server.urls()["Bob"], timeout=1.5)
    try:
        last = stream.next()[1]
        for _ in range(15):  # as fast as the session commits: pages are written to while changes come
            ok(feed.handle({"cmd": "result", "success": True}))
            ok(feed.handle({"cmd": "undo"}))
        ok(feed.handle({"cmd": "result", "success": True}))
        try:
            while True:
                last = stream.next()[1]
        except (socket.timeout, TimeoutError):
            pass  # quiet: the page has everything it will get
        assert last["clues"] == clues(feed.session, "Bob") and len(last["clues"]) == 2
    finally:
        stream.close()
