"""The rules of the Duel (shared/rules/fort-boyard-rulebook.txt): its opponent and its winner in Round 1, its
stake (a Key or a Clue) in Round 2, and the house rule for a Clue duel lost (docs/rules.md)."""

from __future__ import annotations

import pytest

from tests.support import Table, round_2


def test_duel_names_an_opponent_first():
    """'DUEL: When you land on this space, name the opponent you want to face.'"""
    t = Table()
    t.do("land", space="duel")
    assert t.phase == "duel_opponent"
    assert t.refuse("result", winner="Ann").code == "wrong_phase"
    t.do("opponent", player="Cy")
    assert t.phase == "duel_result" and t.view["opponent"] == "Cy"


def test_duel_opponent_cannot_be_yourself():
    t = Table()
    t.do("land", space="duel")
    assert t.refuse("opponent", player="Ann").code == "bad_field"
    assert t.refuse("opponent", player="Zed").code == "unknown_player"


def test_duel_winner_takes_one_of_the_opponents_keys():
    """'If you win, well done: you win one of your opponent's Keys, provided they have at least one.'"""
    t = Table()
    t.pass_turn()
    t.win_challenge()  # Bob has a key
    t.pass_turn()
    t.do("land", space="duel")
    t.do("opponent", player="Bob")
    t.do("result", winner="Ann")
    assert (t.p("Ann")["keys"], t.p("Bob")["keys"], t.view["stock_keys"]) == (1, 0, 19)


def test_duel_against_a_player_without_keys_takes_a_key_from_the_stock():
    """'If the player you challenged had no Keys, take one Key from the stock instead.'"""
    t = Table()
    t.do("land", space="duel")
    t.do("opponent", player="Bob")
    t.do("result", winner="Ann")
    assert (t.p("Ann")["keys"], t.view["stock_keys"]) == (1, 19)


def test_duel_lost_gives_the_opponent_one_of_your_keys():
    """'If your opponent wins, they win one of your Keys, provided you have at least one.'"""
    t = Table()
    t.win_challenge()  # Ann 1
    t.pass_turn()
    t.pass_turn()
    t.do("land", space="duel")
    t.do("opponent", player="Cy")
    t.do("result", winner="Cy")
    assert (t.p("Ann")["keys"], t.p("Cy")["keys"], t.view["stock_keys"]) == (0, 1, 19)
    assert t.current == "Bob"


def test_duel_lost_without_keys_the_opponent_takes_from_the_stock():
    """'If you had no Keys, they take one Key from the stock instead.'"""
    t = Table()
    t.do("land", space="duel")
    t.do("opponent", player="Cy")
    t.do("result", winner="Cy")
    assert (t.p("Cy")["keys"], t.view["stock_keys"]) == (1, 19)


def test_duel_winner_must_be_one_of_the_duellists():
    t = Table()
    t.do("land", space="duel")
    t.do("opponent", player="Cy")
    assert t.refuse("result", winner="Bob").code == "bad_field"


def test_round_2_duel_stake_is_said_before_the_opponent():
    """'Important: you must say aloud your choice (Key or Clue) before you name the player you are
    challenging.'"""
    t = round_2()
    t.do("land", space="duel")
    assert t.phase == "duel_stake"
    assert t.refuse("opponent", player="Ann").code == "wrong_phase"
    t.do("stake", stake="clue")
    assert t.phase == "duel_opponent" and t.view["stake"] == "clue"


def test_round_2_duel_for_a_key_takes_the_opponents_key():
    """'On DUEL challenges, you now have the choice between winning one of your opponent's Keys (or one
    from the stock)...'"""
    t = round_2()
    t.do("land", space="duel")
    t.do("stake", stake="key")
    t.do("opponent", player="Ann")
    t.do("result", winner="Bob")
    assert (t.p("Bob")["keys"], t.p("Ann")["keys"], t.p("Bob")["clues"]) == (1, 2, 1)


def test_round_2_duel_for_a_clue_wins_a_clue():
    """'...or obtaining a new Clue for your Code Word.'"""
    t = round_2()
    t.do("land", space="duel")
    t.do("stake", stake="clue")
    t.do("opponent", player="Ann")
    t.do("result", winner="Bob")
    assert (t.p("Bob")["clues"], t.p("Ann")["keys"]) == (2, 3)


def test_round_2_duel_for_a_key_lost_gives_the_opponent_a_key():
    """'Round 2 plays exactly like Round 1': the opponent who wins a Key duel takes a key."""
    t = round_2()
    t.do("land", space="duel")
    t.do("stake", stake="key")
    t.do("opponent", player="Cy")
    t.do("result", winner="Cy")
    assert (t.p("Cy")["keys"], t.view["stock_keys"]) == (1, 16)


@pytest.mark.parametrize(
    "house, cy_clues, cy_keys, bob_keys",
    [("clue", 2, 0, 1), ("key", 1, 1, 0), ("nothing", 1, 0, 1)],
)
def test_round_2_clue_duel_lost_house_rule(house, cy_clues, cy_keys, bob_keys):
    """Ambiguous: what the opponent wins when they win a Duel played for a Clue (docs/rules.md)."""
    t = Table(duel_clue_to_opponent=house)
    t.to_round_2("Ann")
    t.do("land", space="enigme")  # Bob wins a key first
    t.do("stake", stake="key")
    t.do("result", success=True)
    t.pass_turn()  # Cy
    t.pass_turn()  # Ann
    t.do("land", space="duel")
    t.do("stake", stake="clue")
    t.do("opponent", player="Cy")
    t.do("result", winner="Cy")
    assert (t.p("Cy")["clues"], t.p("Cy")["keys"], t.p("Bob")["keys"]) == (cy_clues, cy_keys, bob_keys)
