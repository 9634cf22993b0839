"""Readings where the rulebook is silent (docs/rules.md): an empty key stock, a Prison turn or a dive at a
round's end, and who is out of Round 3."""

from __future__ import annotations

import pytest

from tests.support import Table


def test_empty_key_stock_wins_nothing():
    """'Take a Key from the stock': when the stock is empty there is no key to take."""
    t = Table(players=("Ann", "Bob"))
    t.to_round_2("Ann")  # Ann 3 keys, stock 17; Bob then collects every key left by Énigmes for a Key
    while t.view["stock_keys"] > 0:
        if t.current == "Bob":
            t.do("land", space="enigme")
            t.do("stake", stake="key")
            t.do("result", success=True)
        else:
            t.pass_turn()
    assert t.current == "Ann"
    t.do("land", space="enigme")
    t.do("stake", stake="key")
    t.do("result", success=True)
    assert t.p("Ann")["keys"] == 3 and t.view["stock_keys"] == 0
    assert {"type": "key_unavailable", "player": "Ann", "reason": "enigme"} in t.events


@pytest.mark.parametrize("carries, status, skipped", [(False, "playing", False), (True, "prison", True)])
def test_pending_prison_turn_at_round_end(carries, status, skipped):
    """'Place each player's pawn back on the DÉPART space': a Prison turn not yet served is forgotten
    unless the house rule keeps it."""
    t = Table(prison_carries_over=carries)
    t.win_challenge()  # Ann 1
    t.pass_turn()
    t.pass_turn()
    t.win_challenge()  # Ann 2
    t.pass_turn()  # Bob
    t.do("land", space="prison")  # Cy
    t.win_challenge()  # Ann 3: round 1 ends before Cy served the Prison turn; Bob starts round 2
    assert t.p("Cy")["status"] == status
    t.pass_turn()  # Bob
    assert (t.current == "Ann") is skipped


def test_dive_in_progress_is_lost_at_round_end():
    """Pawns go back to DÉPART when a round ends: a diver's Key stays at the bottom of the sea."""
    t = Table()
    t.win_challenge()  # Ann 1
    t.do("land", space="enigme")  # Bob fails and dives
    t.do("result", success=False)
    t.do("sea", choice="dive")
    t.pass_turn()
    t.win_challenge()  # Ann 2
    t.do("dive", reached=False)
    t.pass_turn()
    t.win_challenge()  # Ann 3
    assert t.p("Bob")["status"] == "playing" and t.p("Bob")["dive_stake"] is None


def test_four_clue_player_without_keys_is_out_and_the_next_player_proposes_first():
    """Proposals start with the 4-clue player, but a player without a key cannot enter: the next player
    clockwise with a key proposes first."""
    t = Table()
    t.to_round_2("Ann")  # Bob first; Bob wins clues but no key
    while t.view["round"] == 2:
        if t.current == "Bob":
            t.win_challenge()
        else:
            t.pass_turn()
    assert t.p("Bob")["status"] == "out" and t.current == "Ann"


def test_player_who_lost_every_key_in_round_2_is_out_of_round_3():
    """'If you have no Keys in front of you, you cannot access the Fort's Treasure': keys lost in Round 2
    Key duels count."""
    t = Table(players=("Ann", "Bob"))
    t.to_round_2("Ann")
    while t.p("Ann")["keys"]:  # Bob takes Ann's three keys in Key duels
        if t.current == "Bob":
            t.do("land", space="duel")
            t.do("stake", stake="key")
            t.do("opponent", player="Ann")
            t.do("result", winner="Bob")
        else:
            t.pass_turn()
    while t.view["round"] == 2:
        if t.current == "Bob":
            t.win_challenge()
        else:
            t.pass_turn()
    assert t.p("Ann")["status"] == "out" and t.current == "Bob" and t.phase == "propose"
