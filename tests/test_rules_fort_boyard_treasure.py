"""The Treasure room (shared/rules/fort-boyard-rulebook.txt): one handful a Key held, the draws in turn, the
Boyards counted, the handfuls' RFID tags, the winners, and a finished game."""

from __future__ import annotations

import pytest

from tests.support import Table


def test_treasure_draws_equal_keys_held():
    """'You are entitled to as many draws of Boyards as you have Keys in front of you.'"""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 2}, clue_winner="Ann")
    for name in ("Ann", "Bob", "Cy"):
        t.do("propose", player=name, correct=True)
    assert t.phase == "draw" and t.current == "Ann" and t.p("Ann")["draws_left"] == 3
    for _ in range(3):
        t.do("draw", player="Ann", tokens={"10": 1})
    assert t.current == "Bob" and t.p("Bob")["draws_left"] == 1
    assert t.p("Ann")["boyards"] == 30


def test_draws_are_taken_one_player_after_the_other_in_turn():
    """'One after the other, each player who has found their Code Word draws Boyards from the Treasure Bag.'"""
    t = Table()
    t.to_round_3({"Ann": 1, "Cy": 1}, clue_winner="Bob")
    for name in ("Bob", "Cy", "Ann"):
        t.do("propose", player=name, correct=True)
    assert t.current == "Bob"
    assert t.refuse("draw", player="Cy", tokens={}).code == "not_your_turn"


def test_boyards_are_the_sum_of_token_values_and_pebbles_are_worth_nothing():
    """'Add together the value of each token you drew. Be careful: some tokens are pebbles and are worth
    nothing.'"""
    t = Table()
    t.to_round_3({"Ann": 2, "Cy": 1}, clue_winner="Bob")
    t.do("propose", player="Bob", correct=True)
    t.do("propose", player="Cy", correct=False)
    t.do("propose", player="Ann", correct=False)
    t.do("pass", player="Ann")
    t.do("draw", player="Bob", tokens={"pebble": 2, "10": 1, "20": 1, "50": 1})
    assert t.p("Bob")["boyards"] == 80


def test_a_players_draws_cannot_exceed_the_bag():
    """'100 Boyard tokens: 10 pebble tokens, 60 worth 10, 20 worth 20, 10 worth 50.' Tokens go back only
    after the player's last handful."""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    for name in ("Ann", "Bob", "Cy"):
        t.do("propose", player=name, correct=True)
    t.do("draw", player="Ann", tokens={"50": 8})
    refusal = t.refuse("draw", player="Ann", tokens={"50": 3})
    assert refusal.code == "bag_exceeded" and "10" in refusal.message
    t.do("draw", player="Ann", tokens={"50": 2})
    t.do("draw", player="Ann", tokens={"pebble": 10})
    t.do("draw", player="Bob", tokens={"50": 10})  # the bag is full again for Bob
    assert t.p("Bob")["boyards"] == 500


@pytest.mark.parametrize("tokens", [{"gold": 1}, {"10": -1}, {"20": 1.5}, {"50": True}, [1, 2]])
def test_bad_handful_is_refused(tokens):
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    for name in ("Ann", "Bob", "Cy"):
        t.do("propose", player=name, correct=True)
    assert t.refuse("draw", player="Ann", tokens=tokens).code == "bad_field"


def test_a_handful_keeps_the_rfid_tags_scanned_into_it():
    """The companion's own record (not the rulebook): the tags a reader counted are kept with the handful."""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    for name in ("Ann", "Bob", "Cy"):
        t.do("propose", player=name, correct=True)
    events = t.do("draw", player="Ann", tokens={"10": 2, "pebble": 1}, tags=["0A0B0C0D0E", "1A1B1C1D1E"])
    drawn = next(e for e in events if e["type"] == "handful_drawn")
    assert drawn["tags"] == ["0A0B0C0D0E", "1A1B1C1D1E"] and drawn["value"] == 20
    events = t.do("draw", player="Ann", tokens={"20": 1})  # counted by hand: no tags
    assert next(e for e in events if e["type"] == "handful_drawn")["tags"] == []


@pytest.mark.parametrize("tags, says", [
    ("0A0B0C0D0E", "must be a list of tag ids"),
    ([7], "must be a list of tag ids"),
    ([""], "must be a list of tag ids"),
    (["0A0B0C0D0E", "0A0B0C0D0E"], "'0A0B0C0D0E' is listed twice"),
    (["A", "B", "C"], "3 scanned tokens, but the handful holds 2"),
])
def test_bad_handful_tags_are_refused_and_named(tags, says):
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    for name in ("Ann", "Bob", "Cy"):
        t.do("propose", player=name, correct=True)
    refusal = t.refuse("draw", player="Ann", tokens={"10": 2}, tags=tags)
    assert refusal.code == "bad_field" and says in refusal.message and "draw: " in refusal.message
    assert t.p("Ann")["handfuls"] == []


def test_most_boyards_wins():
    """'The player with the most Boyards wins the game!'"""
    t = Table()
    t.to_round_3({"Ann": 3, "Cy": 1}, clue_winner="Bob")
    for name in ("Bob", "Cy", "Ann"):
        t.do("propose", player=name, correct=True)
    for _ in range(3):
        t.do("draw", player="Bob", tokens={"50": 1} if _ == 0 else {})
    t.do("draw", player="Cy", tokens={"20": 3})
    for _ in range(3):
        t.do("draw", player="Ann", tokens={"pebble": 1})
    assert t.phase == "over" and t.view["winners"] == ["Cy"] and t.current is None
    assert t.events[-1]["scores"] == {"Ann": 0, "Bob": 50, "Cy": 60}


def test_equal_boyards_share_the_victory():
    """Ties are shared: every player with the most Boyards wins."""
    t = Table()
    t.to_round_3({"Ann": 3, "Cy": 1}, clue_winner="Bob")
    for name in ("Bob", "Cy", "Ann"):
        t.do("propose", player=name, correct=True)
    for _ in range(3):
        t.do("draw", player="Bob", tokens={"50": 1} if _ == 0 else {})
    t.do("draw", player="Cy", tokens={"20": 1, "10": 3})
    for _ in range(3):
        t.do("draw", player="Ann", tokens={})
    assert t.view["winners"] == ["Bob", "Cy"]


def test_players_who_did_not_find_their_code_word_cannot_win():
    """'Players who have not found their Code Word are eliminated.' If nobody found it, nobody wins."""
    t = Table()
    t.to_round_3({"Ann": 1, "Cy": 1}, clue_winner="Bob")
    t.do("propose", player="Bob", correct=False)
    t.do("pass", player="Bob")
    t.do("propose", player="Cy", correct=False)
    t.do("propose", player="Ann", correct=False)
    assert t.phase == "over" and t.view["winners"] == []
    assert [p["status"] for p in t.view["players"]] == ["eliminated"] * 3


def test_finished_game_refuses_further_commands():
    t = Table()
    t.to_round_3({"Ann": 1, "Cy": 1}, clue_winner="Bob")
    t.do("propose", player="Bob", correct=False)
    t.do("pass", player="Bob")
    t.do("propose", player="Cy", correct=False)
    t.do("propose", player="Ann", correct=False)
    assert t.refuse("land", space="door").code == "game_over"
