"""The podium's places after the Throne (companion/games/knightmare/ranking.py): "The first player to reach
the Throne of Merlin wins the game." (V. The Winner); the others by bridge, then by helmets in hand."""

from __future__ import annotations

from hypothesis import given, strategies as st

from companion.games.knightmare.ranking import places, read_score, scores


def knight(name, bridge, helmets):
    return {"name": name, "bridge": bridge, "helmets": helmets}


def test_the_knight_on_the_throne_is_first_whatever_the_others_hold():
    players = [knight("Ann", 3, 0), knight("Bob", 2, 30)]
    assert places(players, ["Ann"]) == {"Ann": 1, "Bob": 2}


def test_a_longer_bridge_comes_before_more_helmets_in_hand():
    players = [knight("Ann", 5, 0), knight("Bob", 1, 9), knight("Cy", 2, 0), knight("Di", 0, 12)]
    assert places(players, ["Ann"]) == {"Ann": 1, "Cy": 2, "Bob": 3, "Di": 4}


def test_on_equal_bridges_the_helmets_in_hand_decide_and_equal_hands_share_the_place():
    players = [knight("Ann", 4, 0), knight("Bob", 1, 2), knight("Cy", 1, 5), knight("Di", 1, 2)]
    assert places(players, ["Ann"]) == {"Ann": 1, "Cy": 2, "Bob": 3, "Di": 3}


def test_the_words_name_the_hand_only_where_it_decides_a_place():
    numbers = scores([knight("Ann", 4, 1), knight("Bob", 1, 2), knight("Cy", 1, 5), knight("Di", 0, 7)], ["Ann"])
    assert read_score(numbers["Ann"]) == (True, 4, None)
    assert read_score(numbers["Cy"]) == (False, 1, 5)
    assert read_score(numbers["Di"]) == (False, 0, None)


@given(st.lists(st.tuples(st.integers(0, 19), st.integers(0, 40)), min_size=2, max_size=4))
def test_places_follow_the_bridge_then_the_hand(figures):
    players = [knight(f"K{i}", b, h) for i, (b, h) in enumerate(figures)]
    got = places(players, [])
    for a in players:
        for b in players:
            key_a, key_b = (a["bridge"], a["helmets"]), (b["bridge"], b["helmets"])
            if a["bridge"] != b["bridge"]:
                assert (got[a["name"]] < got[b["name"]]) == (a["bridge"] > b["bridge"])
            elif key_a == key_b:
                assert got[a["name"]] == got[b["name"]]
            else:
                assert (got[a["name"]] < got[b["name"]]) == (key_a > key_b)
