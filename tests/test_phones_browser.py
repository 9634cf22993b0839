"""Two players' pages open side by side in a real headless Chromium: each shows its own clues, a clue won
appears live, a proposal typed in the page reaches the game."""

from __future__ import annotations

import pytest

from tests.browser_support import CHROMIUM
from tests.phones_support import clues, make_feed, secrets_of, start_game, start_server, to_round_2, win_clue

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed (scripts/bootstrap installs it for the tests)")

CLUE_LIST = "Array.from(document.querySelectorAll('#clues li')).map(li => li.textContent)"


@pytest.fixture
def game(tmp_path):
    feed = make_feed(tmp_path / "g.sqlite3")
    start_game(feed)
    to_round_2(feed)
    server = start_server(feed)
    from tests.browser_support import Browser

    browser = Browser()
    yield feed, server, browser
    browser.close()
    server.stop()
    feed.close()


def test_two_pages_side_by_side_show_their_own_clues_and_a_clue_won_appears_live(game):
    feed, server, browser = game
    urls = server.urls()
    bob, cy = browser.open(urls["Bob"]), browser.open(urls["Cy"])
    # Live pages: the script has connected when the connection notice is hidden and the clues rendered.
    assert browser.wait_for(bob, f"{CLUE_LIST}.length == 1 && document.getElementById('status').hidden")
    assert browser.wait_for(cy, f"{CLUE_LIST}.length == 1")
    assert browser.evaluate(bob, CLUE_LIST) == clues(feed.session, "Bob")
    assert browser.evaluate(cy, CLUE_LIST) == clues(feed.session, "Cy")
    body = browser.evaluate(bob, "document.body.innerText")
    assert not any(s in body for s in secrets_of(feed.session, "Cy"))
    win_clue(feed, "Bob")
    assert browser.wait_for(bob, f"{CLUE_LIST}.length == 2")
    assert browser.evaluate(bob, CLUE_LIST) == clues(feed.session, "Bob")
    assert browser.evaluate(cy, CLUE_LIST) == clues(feed.session, "Cy")  # Cy's page: still only Cy's clue
    assert browser.evaluate(bob, "document.getElementById('propose').hidden") is True


def test_a_proposal_typed_in_the_page_reaches_the_game_at_the_players_turn(game):
    feed, server, browser = game
    while feed.session.view()["round"] == 2:  # Ann collects the 4th clue; the others keep their 0 keys
        win_clue(feed, "Ann")
    assert feed.session.view()["current"] == "Ann"
    ann = browser.open(server.urls()["Ann"])
    assert browser.wait_for(ann, "!document.getElementById('propose').hidden")
    word = secrets_of(feed.session, "Ann")[0]
    browser.evaluate(ann, f"document.getElementById('word').value = {word!r};"
                          "document.getElementById('propose').requestSubmit(); true")
    assert browser.wait_for(ann, "document.getElementById('last').className == 'ok'")
    assert feed.session.view()["players"][0]["status"] == "treasure"


def test_a_page_refused_its_live_updates_reconnects_by_itself(game):
    from companion.phones.gate import Limits

    feed, server, browser = game
    server.limits = Limits(streams=0)  # every live page refused (503): the browser alone would give up
    bob = browser.open(server.urls()["Bob"])
    assert browser.wait_for(bob, "!document.getElementById('status').hidden")  # "connection lost, trying again"
    server.limits = Limits()
    assert browser.wait_for(bob, "document.getElementById('status').hidden", timeout=20)  # reconnected
    win_clue(feed, "Bob")
    assert browser.wait_for(bob, f"{CLUE_LIST}.length == 2")


def test_a_page_replaced_by_a_newer_one_of_its_link_says_so_and_stays_put(game):
    from companion.phones.gate import Limits

    feed, server, browser = game
    server.limits = Limits(streams_per_link=1)
    first = browser.open(server.urls()["Bob"])
    assert browser.wait_for(first, f"{CLUE_LIST}.length == 1 && document.getElementById('status').hidden")
    second = browser.open(server.urls()["Bob"])
    assert browser.wait_for(second, f"{CLUE_LIST}.length == 1 && document.getElementById('status').hidden")
    assert browser.wait_for(first, "document.getElementById('status').textContent.indexOf('ouverte ailleurs') >= 0")
    win_clue(feed, "Bob")
    assert browser.wait_for(second, f"{CLUE_LIST}.length == 2")
    assert server.open_streams() == 1  # the first page did not come back to push the second out


def test_a_proposal_answered_with_no_json_says_to_try_again(game):
    feed, server, browser = game
    while feed.session.view()["round"] == 2:
        win_clue(feed, "Ann")
    ann = browser.open(server.urls()["Ann"])
    assert browser.wait_for(ann, "!document.getElementById('propose').hidden")
    # 5,000 characters (the field stops typing at 64; a script does not): a body over 4 KiB, a bare 413.
    browser.evaluate(ann, "document.getElementById('word').value = 'x'.repeat(5000);"
                          "document.getElementById('propose').requestSubmit(); true")
    assert browser.wait_for(ann, "document.getElementById('status').textContent.indexOf('réessaie') >= 0")
    assert feed.session.commands[-1]["cmd"] != "propose"
