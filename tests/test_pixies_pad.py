"""The score pad (mode 'pad'): each player's grid entered at the end of a round, checked as a paper pad
cannot (issue 24, item 4: a card that does not exist, a card in two grids, a face-up card on the wrong
space — each refused with the space named), and scored once every grid is in."""

from __future__ import annotations

import pytest

from tests.pixies_support import WORKED_EXAMPLE, Pixies, up, val

FULL = ["down"] * 9


def pad(players=("Ann", "Bob", "Cy"), **rules) -> Pixies:
    return Pixies(players=players, mode="pad", **rules)


def test_a_pad_game_waits_for_every_grid_with_no_current_player():
    g = pad()
    v = g.view
    assert (v["phase"], v["expects"], v["current"], v["revealed"], v["round"]) == ("grids", ["grid"], None, [], 1)
    assert v["waiting_grids"] == ["Ann", "Bob", "Cy"] and v["first"] == "Ann"


def test_the_round_is_scored_when_every_grid_is_in_and_the_next_begins():
    g = pad()
    g.do("grid", player="Ann", spaces=WORKED_EXAMPLE)
    g.do("grid", player="Bob", spaces=FULL)
    assert g.view["round"] == 1 and g.p("Ann")["rounds"] == []
    g.do("grid", player="Cy", spaces=[None] * 8 + [up("red-9-none")])
    assert g.view["round"] == 2 and g.view["first"] is None  # the pad does not see who took the last card
    ann = g.p("Ann")
    assert ann["grid"] == [None] * 9 and ann["rounds"][0]["grid"] == WORKED_EXAMPLE
    assert ann["rounds"][0]["total"] == 26 + 6 + 4 - 7 + 4 * 2 and ann["total"] == ann["rounds"][0]["total"]
    assert [p["rounds"][0]["total"] for p in g.view["players"][1:]] == [0, 0]


def test_a_grid_may_be_sent_again_until_every_grid_is_in():
    g = pad(players=("Ann", "Bob"))
    g.do("grid", player="Ann", spaces=[up("red-1-3s")] + ["down"] * 8)
    g.do("grid", player="Ann", spaces=FULL)
    g.do("grid", player="Bob", spaces=FULL)
    assert g.p("Ann")["rounds"][0]["grid"] == FULL


def test_a_card_that_does_not_exist_is_refused_with_its_space():
    """'A card that does not exist (no multicolour 1, 5 or 9)'."""
    g = pad()
    refusal = g.refuse("grid", player="Ann", spaces=["down"] * 4 + [up("multi-5-none")] + ["down"] * 4)
    assert refusal.code == "unknown_card" and "space 5" in refusal.message and "no multicolour 5" in refusal.message
    typo = g.refuse("grid", player="Ann", spaces=[up("blue-1-5s")] + ["down"] * 8)
    assert "space 1" in typo.message and "blue-1-6s" in typo.message  # the blue 1 that exists


def test_a_card_in_two_grids_is_refused_with_its_space():
    """'A card in two grids'."""
    g = pad()
    g.do("grid", player="Ann", spaces=["down"] * 6 + [val("green-7-2x")] + ["down"] * 2)
    refusal = g.refuse("grid", player="Bob", spaces=[None] * 6 + [up("green-7-2x")] + [None] * 2)
    assert refusal.code == "card_in_two_grids" and "space 7" in refusal.message and "Ann's grid" in refusal.message
    g.do("grid", player="Ann", spaces=FULL)  # Ann's grid corrected: Bob's is accepted
    g.do("grid", player="Bob", spaces=[None] * 6 + [up("green-7-2x")] + [None] * 2)


def test_a_face_up_card_on_the_wrong_space_is_refused_with_its_space():
    """'A face-up card on the wrong space'."""
    g = pad()
    refusal = g.refuse("grid", player="Ann", spaces=[None, None, up("red-4-2s")] + [None] * 6)
    assert refusal.code == "wrong_space" and "space 3" in refusal.message and "space 4" in refusal.message


def test_a_round_needs_a_grid_with_a_card_on_every_space():
    """'A round ends at the end of the turn in which some player has at least one card on each of the nine
    spaces': the last grid in is refused when no grid is full."""
    g = pad(players=("Ann", "Bob"))
    g.do("grid", player="Ann", spaces=[None] + ["down"] * 8)
    refusal = g.refuse("grid", player="Bob", spaces=[None] * 9)
    assert refusal.code == "no_full_grid"
    g.do("grid", player="Bob", spaces=FULL)
    assert g.view["round"] == 2


@pytest.mark.parametrize("spaces,where", [
    ([None] * 8, "9 spaces"),
    ("down", "9 spaces"),
    ([None] * 8 + ["up"], "space 9"),
    ([None] * 8 + [{"card": "red-9-none"}], "space 9"),
    ([None] * 8 + [{"up": "red-9-none", "validated": "yes"}], "space 9"),
    ([None] * 8 + [{"up": 9}], "space 9"),
    ([None] * 8 + [{"up": "red-9-none", "down": True}], "space 9"),
])
def test_a_malformed_grid_is_refused_naming_the_space(spaces, where):
    refusal = pad().refuse("grid", player="Ann", spaces=spaces)
    assert refusal.code == "bad_field" and where in refusal.message


def test_a_grid_for_someone_not_at_the_table_is_refused():
    assert pad().refuse("grid", player="Zed", spaces=FULL).code == "unknown_player"


def test_validated_false_is_recorded_as_a_card_alone():
    g = pad(players=("Ann", "Bob"))
    g.do("grid", player="Ann", spaces=[{"up": "red-1-3s", "validated": False}] + ["down"] * 8)
    assert g.decision.command["spaces"][0] == {"up": "red-1-3s"}
    assert g.p("Ann")["grid"][0] == up("red-1-3s")


def test_three_rounds_then_the_podium():
    g = pad(players=("Ann", "Bob"))
    for _ in range(3):
        g.do("grid", player="Ann", spaces=[val("red-1-3s")] + ["down"] * 8)
        g.do("grid", player="Bob", spaces=FULL)
    assert g.view["phase"] == "over" and g.view["winners"] == ["Ann"]
    assert g.p("Ann")["total"] == 3 * (1 + 3) and [r["round"] for r in g.p("Ann")["rounds"]] == [1, 2, 3]
    assert g.refuse("grid", player="Ann", spaces=FULL).code == "game_over"


def test_a_spaces_picker_leaves_out_the_cards_face_up_in_another_grid():
    from companion.games.pixies import RULES

    g = pad()
    g.do("grid", player="Ann", spaces=[up("red-1-3s")] + ["down"] * 8)
    assert RULES.picker(g.state, "Bob", 1) == ["blue-1-6s", "green-1-5s", "yellow-1-4s", "red-1-star"]
    assert "red-1-3s" in RULES.picker(g.state, "Ann", 1)  # Ann's own card, when she sends her grid again
