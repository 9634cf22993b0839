"""The rules of the Énigme (shared/rules/fort-boyard-rulebook.txt): Père Fouras's riddle solved or failed, the
Key (or, in Round 2, the Clue) thrown into the sea, abandoned or won back by diving, and Round 2's stake."""

from __future__ import annotations

import pytest

from tests.support import Table, round_2


def test_enigme_solved_wins_a_key():
    """'ÉNIGME ... If you succeed, well done: you win a Key.'"""
    t = Table()
    t.do("land", space="enigme")
    assert t.phase == "enigme"
    t.do("result", success=True)
    assert t.p("Ann")["keys"] == 1 and t.current == "Bob"


def test_enigme_failed_throws_the_key_into_the_sea():
    """'If you fail, Père Fouras throws the Key into the sea. You then have the choice between: DIVING ...
    ABANDONING THIS KEY.'"""
    t = Table()
    t.do("land", space="enigme")
    t.do("result", success=False)
    assert t.phase == "sea" and t.view["expects"] == ["sea"]
    assert "riddle_failed" in t.types()


def test_abandoning_the_key_ends_the_turn():
    """'ABANDONING THIS KEY. Your turn then ends and the next player takes their turn.'"""
    t = Table()
    t.do("land", space="enigme")
    t.do("result", success=False)
    t.do("sea", choice="abandon")
    assert t.p("Ann")["status"] == "playing" and t.current == "Bob" and t.p("Ann")["keys"] == 0


def test_diving_ends_the_turn_and_puts_the_pawn_on_the_submerged_track():
    """'DIVING ... Place your pawn on the space ... below the Père Fouras space. Your turn then ends.'"""
    t = Table()
    t.do("land", space="enigme")
    t.do("result", success=False)
    t.do("sea", choice="dive")
    assert t.p("Ann")["status"] == "diving" and t.p("Ann")["dive_stake"] == "key"
    assert t.current == "Bob"


def test_diver_reaching_the_sunken_key_wins_it_without_a_riddle():
    """'...reach the sunken Key space ... you win Père Fouras's Key, without having to give a correct
    answer to the riddle. ... bring your pawn back up onto the Fort ... Your turn then ends.'"""
    t = Table(players=("Ann", "Bob"))
    t.do("land", space="enigme")
    t.do("result", success=False)
    t.do("sea", choice="dive")
    t.pass_turn()
    assert t.current == "Ann" and t.phase == "dive"
    t.do("dive", reached=True)
    assert t.p("Ann")["keys"] == 1 and t.p("Ann")["status"] == "playing" and t.current == "Bob"


def test_diver_may_need_several_turns():
    """'Once you have completed a full circuit of the Fort (in one or several turns)...'"""
    t = Table(players=("Ann", "Bob"))
    t.do("land", space="enigme")
    t.do("result", success=False)
    t.do("sea", choice="dive")
    t.pass_turn()
    t.do("dive", reached=False)
    assert t.p("Ann")["status"] == "diving" and t.p("Ann")["keys"] == 0 and t.current == "Bob"
    t.pass_turn()
    assert t.phase == "dive"
    assert t.refuse("land", space="force").code == "wrong_phase"


def test_round_2_enigme_stake_is_said_before_the_reading():
    """'Important: you must say aloud your choice (Key or Clue) before your left-hand neighbour reads the
    ÉNIGME card to you.'"""
    t = round_2()
    t.do("land", space="enigme")
    assert t.phase == "enigme_stake"
    assert t.refuse("result", success=True).code == "wrong_phase"
    t.do("stake", stake="key")
    assert t.phase == "enigme"


@pytest.mark.parametrize("stake, keys, clues", [("key", 1, 1), ("clue", 0, 2)])
def test_round_2_enigme_wins_the_chosen_stake(stake, keys, clues):
    """'On ÉNIGME spaces, you now have the choice between trying to win a Key or obtaining a new Clue.'"""
    t = round_2()
    t.do("land", space="enigme")
    t.do("stake", stake=stake)
    t.do("result", success=True)
    assert (t.p("Bob")["keys"], t.p("Bob")["clues"]) == (keys, clues)


def test_round_2_clue_thrown_into_the_sea_is_won_by_diving():
    """'The principle of the Key thrown into the sea becomes the Clue thrown into the sea.'"""
    t = round_2()
    t.do("land", space="enigme")
    t.do("stake", stake="clue")
    t.do("result", success=False)
    t.do("sea", choice="dive")
    assert t.p("Bob")["dive_stake"] == "clue"
    t.pass_turn()
    t.pass_turn()
    t.do("dive", reached=True)
    assert (t.p("Bob")["clues"], t.p("Bob")["keys"]) == (2, 0)
