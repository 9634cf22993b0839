"""The rules of Round 1's spaces other than the Duel and the Énigme (shared/rules/fort-boyard-rulebook.txt):
the Door, the challenges, Prison and the Passe-partout, each test quoting the sentence it checks."""

from __future__ import annotations

import pytest

from tests.support import Table


def test_door_has_no_effect():
    """'DOOR: ... Landing on it has no effect. Your turn ends and the next player takes their turn.'"""
    t = Table()
    t.pass_turn()
    assert t.current == "Bob"
    assert all(p["keys"] == 0 for p in t.view["players"])


@pytest.mark.parametrize("space", ["concentration", "force"])
def test_challenge_success_wins_a_key_from_the_stock(space):
    """'If you succeed, well done: you win a Key. Take a Key from the stock and place it in front of you.'"""
    t = Table()
    t.do("land", space=space)
    assert t.phase == "challenge"
    t.do("result", success=True)
    assert t.p("Ann")["keys"] == 1 and t.view["stock_keys"] == 19
    assert t.current == "Bob"


@pytest.mark.parametrize("space", ["concentration", "force"])
def test_challenge_failure_gains_nothing(space):
    """'If you fail, you gain nothing. Your turn ends and the next player takes their turn.'"""
    t = Table()
    t.do("land", space=space)
    t.do("result", success=False)
    assert t.p("Ann")["keys"] == 0 and t.view["stock_keys"] == 20 and t.current == "Bob"


def test_prison_skips_the_next_turn():
    """'PRISON: Your current turn ends, but you must also pass your next turn as well!'"""
    t = Table()
    t.do("land", space="prison")
    assert t.p("Ann")["status"] == "prison" and t.current == "Bob"
    t.pass_turn()
    t.pass_turn()  # Cy
    assert t.current == "Bob"
    assert [e["type"] for e in t.events][-2:] == ["turn_skipped", "turn_started"]
    assert t.p("Ann")["status"] == "playing"
    t.pass_turn()
    t.pass_turn()
    assert t.current == "Ann"


def test_prison_with_two_players_gives_the_other_two_turns_in_a_row():
    t = Table(players=("Ann", "Bob"))
    t.do("land", space="prison")
    t.pass_turn()
    assert t.current == "Bob"


def test_passe_partout_moves_to_any_space_and_follows_it():
    """'PASSE PARTOUT: You may immediately move your pawn to any space you choose ... Then follow the
    instructions of its new space.'"""
    t = Table()
    t.do("land", space="passe_partout")
    assert t.phase == "passe_partout" and t.current == "Ann"
    t.do("land", space="force")
    assert t.phase == "challenge" and t.view["via_passe_partout"]
    t.do("result", success=True)
    assert t.p("Ann")["keys"] == 1 and t.current == "Bob"


def test_passe_partout_to_prison_imprisons():
    t = Table()
    t.do("land", space="passe_partout")
    t.do("land", space="prison")
    assert t.p("Ann")["status"] == "prison"


def test_passe_partout_cannot_choose_passe_partout_again():
    t = Table()
    t.do("land", space="passe_partout")
    assert t.refuse("land", space="passe_partout").code == "bad_field"


def test_unknown_space_is_refused():
    t = Table()
    refusal = t.refuse("land", space="moat")
    assert refusal.code == "bad_field" and "space" in refusal.message
