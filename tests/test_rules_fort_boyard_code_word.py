"""Round 3 (shared/rules/fort-boyard-rulebook.txt): who may enter, the order of the code-word proposals, a
wrong proposal paid with a Key, and giving up."""

from __future__ import annotations

from tests.support import Table


def test_round_3_players_without_keys_are_out():
    """'If you have no Keys in front of you, you cannot access the Fort's Treasure; the game ends here for
    you.'"""
    t = Table()
    t.to_round_3({"Bob": 1}, clue_winner="Ann")
    assert t.p("Cy")["status"] == "out"
    assert {"type": "player_out", "player": "Cy"} in t.events


def test_round_3_proposals_start_with_the_player_with_four_clues():
    """'Each player with 1 Key or more, in turn, starting with the player who has 4 Clues, may propose
    what they believe is their Code Word.'"""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Bob")
    assert t.view["round"] == 3 and t.phase == "propose" and t.current == "Bob"
    t.do("propose", player="Bob", correct=True)
    assert t.current == "Cy"


def test_round_3_proposal_out_of_turn_is_refused():
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Bob")
    assert t.refuse("propose", player="Cy", correct=True).code == "not_your_turn"


def test_round_3_correct_code_word_opens_the_treasure_room():
    """'If your answer is correct and you have at least 1 Key in front of you, you gain access to the
    Treasure Room!'"""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    t.do("propose", player="Ann", correct=True)
    assert t.p("Ann")["status"] == "treasure"


def test_round_3_wrong_code_word_with_two_keys_allows_a_new_proposal_for_one_key():
    """'If your answer is wrong and you have at least 2 Keys in front of you, you may make a new proposal
    in exchange for one of your Keys.'"""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    t.do("propose", player="Ann", correct=False)
    assert t.phase == "propose_again" and t.current == "Ann" and t.p("Ann")["keys"] == 3
    stock = t.view["stock_keys"]
    t.do("propose", player="Ann", correct=True)
    assert t.p("Ann")["keys"] == 2 and t.view["stock_keys"] == stock + 1
    assert t.p("Ann")["status"] == "treasure"


def test_round_3_wrong_code_word_with_one_key_eliminates():
    """'If your answer is wrong and you have only 1 Key in front of you, you cannot access the Treasure
    Room; the game ends here for you.'"""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    t.do("propose", player="Ann", correct=True)
    t.do("propose", player="Bob", correct=False)
    assert t.p("Bob")["status"] == "eliminated" and t.current == "Cy"


def test_round_3_paying_down_to_one_key_then_wrong_eliminates():
    t = Table()
    t.to_round_3({"Bob": 2, "Cy": 1}, clue_winner="Ann")
    t.do("propose", player="Ann", correct=True)
    t.do("propose", player="Bob", correct=False)
    t.do("propose", player="Bob", correct=False)  # pays one key: 1 left, wrong again
    assert t.p("Bob")["keys"] == 1 and t.p("Bob")["status"] == "eliminated"


def test_round_3_player_may_give_up_after_a_wrong_proposal():
    """'...you MAY make a new proposal': passing instead eliminates, keeping the keys."""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    assert t.refuse("pass", player="Ann").code == "wrong_phase"
    t.do("propose", player="Ann", correct=False)
    t.do("pass", player="Ann")
    assert t.p("Ann")["status"] == "eliminated" and t.p("Ann")["keys"] == 3 and t.current == "Bob"
