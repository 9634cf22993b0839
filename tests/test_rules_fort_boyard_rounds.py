"""How Rounds 1 and 2 end and the next begins (shared/rules/fort-boyard-rulebook.txt): the third Key, the
fourth Clue, who plays first, the first Clues, the Keys kept; and Round 2's challenges winning a Clue."""

from __future__ import annotations

import pytest

from tests.support import Table, round_2


def test_round_1_stops_immediately_at_the_third_key():
    """'The round continues in this way until one of you has 3 Keys in front of you. Round 1 then stops
    immediately!'"""
    t = Table()
    t.to_round_2("Ann")
    assert t.view["round"] == 2
    assert t.p("Ann")["keys"] == 3
    ended = [e for e in t.events if e["type"] == "round_ended"]
    assert ended == [{"type": "round_ended", "round": 1, "player": "Ann", "reason": "third_key"}]


def test_round_2_starts_with_the_left_hand_neighbour_of_the_third_key_winner():
    """'The player who now has the turn (the left-hand neighbour of the player who has just won their 3rd
    Key) may roll the die...'"""
    t = Table(first="Ann")
    t.to_round_2("Bob")
    assert t.current == "Cy"


def test_third_key_won_as_duel_opponent_ends_round_1():
    """A key won by defending a Duel counts: the round ends with the opponent's left-hand neighbour."""
    t = Table(players=("Ann", "Bob", "Cy"))
    t.pass_turn()
    for _ in range(2):
        t.win_challenge()  # Bob
        t.pass_turn()  # Cy
        t.pass_turn()  # Ann
    assert t.p("Bob")["keys"] == 2 and t.current == "Bob"
    t.pass_turn()
    t.do("land", space="duel")  # Cy challenges Bob and loses
    t.do("opponent", player="Bob")
    t.do("result", winner="Bob")
    assert t.view["round"] == 2 and t.view["round_winner"] == "Bob" and t.current == "Cy"


def test_round_2_begins_with_every_players_first_clue():
    """'Before the round begins, each player reveals to their left-hand neighbour the first Clue of their
    Code Word.'"""
    t = Table()
    t.to_round_2()
    assert [p["clues"] for p in t.view["players"]] == [1, 1, 1]
    assert [e["reason"] for e in t.events if e["type"] == "clue_won"] == ["first_clue"] * 3


def test_keys_are_kept_into_round_2():
    """'Keep the Keys you won in Round 1 in front of you at all times.'"""
    t = Table()
    t.to_round_2()
    assert t.p("Ann")["keys"] == 3 and t.view["stock_keys"] == 17


@pytest.mark.parametrize("space", ["concentration", "force"])
def test_round_2_success_wins_a_clue_instead_of_a_key(space):
    """'Instead of winning a Key when you succeed at a challenge, you win a Clue.'"""
    t = round_2()
    t.do("land", space=space)
    t.do("result", success=True)
    assert (t.p("Bob")["clues"], t.p("Bob")["keys"]) == (2, 0)


def test_round_2_stops_immediately_at_the_fourth_clue():
    """'The round continues in this way until one of you has all 4 Clues. Round 2 then stops immediately!'"""
    t = round_2()
    while t.view["round"] == 2:
        if t.current == "Cy":
            t.win_challenge()
        else:
            t.pass_turn()
    assert t.p("Cy")["clues"] == 4
    assert {"type": "round_ended", "round": 2, "player": "Cy", "reason": "fourth_clue"} in t.events
