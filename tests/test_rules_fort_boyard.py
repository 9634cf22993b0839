"""One test per rule of shared/rules/fort-boyard-rulebook.txt, each quoting the sentence it checks: setup and
turn order, and what a refused command leaves. The other topics: tests/test_rules_fort_boyard_*.py (spaces,
duels, riddles, rounds, code word, treasure, readings, cards)."""

from __future__ import annotations

import pytest

from companion.games.fort_boyard import RULES
from tests.support import Table


def test_highest_die_roll_goes_first():
    """'Each player rolls the die. The player who rolls the highest number goes first.'"""
    t = Table(first=None, seed=7)
    rolls = [e for e in t.events if e["type"] == "dice_rolled"]
    final = rolls[-1]["rolls"]
    best = max(final.values())
    assert [n for n, v in final.items() if v == best] == [t.current]
    assert t.view["first"] == t.current


def test_tied_highest_rolls_roll_again():
    """Ties for the highest roll are re-rolled among the tied players only."""
    seed = next(s for s in range(500) if len([e for e in Table(first=None, seed=s).events if e["type"] == "dice_rolled"]) > 1)
    t = Table(first=None, seed=seed)
    rolls = [e["rolls"] for e in t.events if e["type"] == "dice_rolled"]
    first_top = max(rolls[0].values())
    assert sorted(rolls[1]) == sorted(n for n, v in rolls[0].items() if v == first_top)
    assert list(rolls[-1].values()).count(max(rolls[-1].values())) == 1


def test_seeded_die_rolls_are_deterministic():
    """The companion's dice come from the seed recorded in the log: same seed, same first player."""
    assert Table(first=None, seed=42).events == Table(first=None, seed=42).events


def test_players_may_say_who_goes_first():
    """'...or the players say who won': the roll done at the table is entered as ``first``."""
    t = Table(first="Cy")
    assert t.current == "Cy"
    assert ("first_player_chosen", "players") in [(e["type"], e.get("by")) for e in t.events]


def test_play_proceeds_clockwise():
    """'Play then proceeds clockwise.' The left-hand neighbour is the next player in seating order."""
    t = Table(players=("Ann", "Bob", "Cy", "Dee"), first="Cy")
    order = []
    for _ in range(5):
        order.append(t.current)
        t.pass_turn()
    assert order == ["Cy", "Dee", "Ann", "Bob", "Cy"]


@pytest.mark.parametrize("players", [["Solo"], ["A", "B", "C", "D", "E", "F", "G"]])
def test_two_to_six_players(players):
    """'6 pawns': 2 to 6 players."""
    t = Table()
    with pytest.raises(Exception) as info:
        RULES.start({"cmd": "new", "players": players, "seed": 1})
    assert info.value.code == "bad_field"
    assert "2 to 6" in info.value.message
    assert t.view["round"] == 1


def test_player_names_must_differ():
    with pytest.raises(Exception) as info:
        RULES.start({"cmd": "new", "players": ["Ann", "ann"], "seed": 1})
    assert "appears twice" in info.value.message


def test_first_player_must_be_a_player():
    with pytest.raises(Exception) as info:
        RULES.start({"cmd": "new", "players": ["Ann", "Bob"], "first": "Zed", "seed": 1})
    assert info.value.code == "unknown_player"


def test_key_stock_holds_twenty_keys():
    """'20 keys' (Components)."""
    assert Table().view["stock_keys"] == 20


def test_refused_commands_change_nothing():
    t = Table()
    before = t.state
    for cmd, fields in [("land", {}), ("result", {"success": True}), ("stake", {"stake": "key"}), ("fly", {})]:
        t.refuse(cmd, **fields)
    assert t.state == before
