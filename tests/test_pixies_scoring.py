"""One test per scoring rule of Pixies (shared/rules/pixies-digest.md, 'Scoring a round'), the digest's
worked example, the 70 cards, and the house rule 'best_one' against every assignment tried one by one."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings, strategies as st

from companion.games.pixies.cards import CARDS, COLOURS
from companion.games.pixies.scoring import LARGEST, best_by_enumeration, breakdown, score_grid
from tests.pixies_support import WORKED_EXAMPLE, Pixies, grid_of, up, val

E = None  # an empty space


def score(items, round_=1, multicolour="all"):
    return score_grid(grid_of(items), round_, multicolour)


# --- the cards ------------------------------------------------------------------------------------------


def test_seventy_cards_with_the_digests_numbers_colours_and_stars():
    """'Per number: 1×5, 2×6, 3×8, 4×10, 5×12, 6×10, 7×8, 8×6, 9×5. Four colours of 16 cards and 6
    multicolour cards; 8 ★ cards.'"""
    assert len(CARDS) == 70
    assert Counter(c.number for c in CARDS.values()) == {1: 5, 2: 6, 3: 8, 4: 10, 5: 12, 6: 10, 7: 8, 8: 6, 9: 5}
    assert Counter(c.colour for c in CARDS.values()) == {"blue": 16, "green": 16, "yellow": 16, "red": 16, "multi": 6}
    assert sum(c.star for c in CARDS.values()) == 8


def test_card_ids_are_colour_number_mark():
    """The Interfaces' examples, and the digest's 'blue 3:3S' (the publisher's implementation has 3S)."""
    assert {"blue-1-6s", "yellow-2-star", "red-8-5x", "multi-3-none", "blue-3-3s"} <= set(CARDS)
    red8 = CARDS["red-8-5x"]
    assert (red8.colour, red8.number, red8.crosses, red8.spirals, red8.star) == ("red", 8, 5, 0, False)
    assert sorted(c.number for c in CARDS.values() if c.multi) == [2, 3, 4, 6, 7, 8]


# --- the worked example -------------------------------------------------------------------------------


def test_the_digests_worked_example_scores_41():
    """'Validated 2+3+5+7+9 = 26; spirals 6 + ★ 4 (...) = 10; crosses 2+2+2+1 = 7; largest zone yellow
    {2, 3, 5, 6} = 4 cards × 3 = 12. Total 41.' (round 2)"""
    s = score(WORKED_EXAMPLE, 2)
    assert (s.validated, s.spirals, s.stars, s.crosses, s.zone, s.zone_points, s.total) == (26, 6, 4, 7, 4, 12, 41)
    assert s.zone_colour == "yellow" and s.zone_spaces == (2, 3, 5, 6)


def test_the_worked_example_through_the_score_pad():
    g = Pixies(players=("Ann", "Bob"), mode="pad")
    g.do("grid", player="Ann", spaces=["down"] * 9)
    g.do("grid", player="Bob", spaces=["down"] * 9)
    g.do("grid", player="Ann", spaces=WORKED_EXAMPLE)
    g.do("grid", player="Bob", spaces=["down"] * 9)
    entry = g.p("Ann")["rounds"][1]
    assert {k: entry[k] for k in ("validated", "spirals", "crosses", "stars", "zone", "zone_points", "total")} == {
        "validated": 26, "spirals": 6, "crosses": 7, "stars": 4, "zone": 4, "zone_points": 12, "total": 41}
    assert entry["grid"] == WORKED_EXAMPLE and g.p("Ann")["total"] == 41


# --- one rule each ----------------------------------------------------------------------------------


def test_only_validated_cards_score_their_number():
    """'Round score = (sum of the numbers of the validated cards) + ...'"""
    s = score([E, E, E, E, val("red-5-none"), up("red-6-none"), E, E, E])
    assert s.validated == 5


def test_spirals_and_crosses_count_on_every_face_up_card_validated_or_not():
    """'Spirals and crosses count on every face-up card, validated or not.'"""
    s = score([up("blue-1-6s"), val("blue-2-4s"), E, up("green-4-1x"), E, val("blue-6-1x"), E, E, E])
    assert (s.spirals, s.crosses) == (10, 2)


def test_a_covered_card_counts_nothing():
    """'A covered card and a lone face-down card count nothing': only the face-up card of a stack counts."""
    g = Pixies()
    g.set_grid("Ann", [E, E, E, up("red-4-2s"), E, E, E, E, E])
    g.reveal("green-4-4s", "red-9-none", "green-9-4x")
    g.do("pick", player="Ann", card="green-4-4s", keep="old")
    assert g.p("Ann")["score"]["spirals"] == 2 and g.p("Ann")["score"]["validated"] == 4


def test_face_down_cards_break_colour_zones():
    """'... and they break colour zones.'"""
    row = [up("red-1-3s"), "down", up("red-3-4s"), E, E, E, E, E, E]
    assert score(row).zone == 0
    assert score([up("red-1-3s"), up("red-2-5s"), up("red-3-4s"), E, E, E, E, E, E]).zone == 3


def test_a_star_card_gives_one_spiral_per_face_up_card_of_its_colour_itself_included():
    """'A ★ card gives one spiral per face-up card of its colour in the same grid, itself included.'"""
    s = score([up("red-1-star"), E, up("red-3-4s"), E, E, up("blue-6-1s"), E, up("red-8-none"), E])
    assert s.stars == 3 and s.spirals == 5  # printed spirals apart from the ★ points


def test_a_multicolour_card_counts_for_every_star():
    """'A multicolour card is every colour at once (for zones and for ★ cards).'"""
    s = score([E, up("yellow-2-star"), E, up("blue-4-star"), E, E, E, up("multi-8-1x"), E])
    assert s.stars == 4  # each ★ counts itself and the multicolour 8


def test_only_the_single_largest_zone_scores():
    """'Only the player's single largest group of orthogonally adjacent face-up cards of one colour scores.'"""
    s = score([up("red-1-3s"), up("red-2-5s"), up("red-3-4s"), E, E, E, up("blue-7-3x"), up("blue-8-3x"), E])
    assert (s.zone, s.zone_colour, s.zone_spaces, s.zone_points) == (3, "red", (1, 2, 3), 6)


def test_adjacency_is_orthogonal_only():
    s = score([up("red-1-3s"), E, E, E, up("red-5-none"), E, E, E, up("red-9-none")])
    assert s.zone == 0


def test_a_zone_needs_two_cards():
    """'... and only if it has at least 2 cards.'"""
    assert score([up("red-1-3s"), E, E, E, E, E, E, E, E]).zone_points == 0
    assert score([up("red-1-3s"), E, E, up("red-4-none"), E, E, E, E, E]).zone_points == 4


def test_the_zone_multiplier_is_two_three_four_in_rounds_one_two_three():
    """'Each of its cards is worth 2 in round 1, 3 in round 2, 4 in round 3.'"""
    items = [up("red-1-3s"), up("red-2-5s"), E, E, E, E, E, E, E]
    assert [score(items, r).zone_points for r in (1, 2, 3)] == [4, 6, 8]


def test_a_multicolour_card_joins_a_zone_of_each_colour_but_zones_stay_one_colour():
    """A multicolour card is every colour at once, but a zone is 'of one colour': blue, multi, red in a row
    are a blue zone of 2 and a red zone of 2, not a zone of 3."""
    s = score([up("blue-1-6s"), up("multi-2-none"), up("red-3-4s"), E, E, E, E, E, E])
    assert s.zone == 2


def test_two_multicolour_cards_side_by_side_are_a_zone():
    s = score([E, E, E, up("multi-4-none"), E, E, up("multi-7-1x"), E, E])
    assert (s.zone, s.zone_colour) == (2, "multi")


def test_crosses_are_minus_one_each():
    """'Les croix valent moins 1 et non 1.' (the help page's correction)"""
    assert score([E, E, E, E, E, E, E, up("red-8-5x"), E]).total == -5


# --- the house rule best_one --------------------------------------------------------------------------


def test_best_one_gives_a_multicolour_card_one_colour_the_best_for_the_player():
    """House rule: multicolour as one chosen colour, 'the companion picks the best colour for the player'."""
    items = [up("blue-1-6s"), up("multi-2-none"), E, up("blue-4-star"), E, E, E, E, up("red-9-none")]
    every = score(items, 3)
    best = score(items, 3, "best_one")
    assert every.multicolour_as is None and best.multicolour_as == {"2": "blue"}
    assert best.total == every.total  # with one colour in play both rules agree


def test_best_one_counts_a_multicolour_card_once_where_all_counts_it_twice():
    items = [E, up("yellow-2-star"), E, up("red-4-2s"), E, E, up("multi-7-1x"), up("red-8-none"), E]
    every = score(items, 1)
    best = score(items, 1, "best_one")
    assert (every.stars, every.zone) == (2, 3)  # the ★ and the red zone both count the multicolour 7
    assert (best.zone, best.stars, best.multicolour_as) == (3, 1, {"7": "red"})  # zone 3×2 beats ★ +1
    assert best.total == every.total - 1


def test_best_one_in_a_game_is_recorded_with_each_colour():
    g = Pixies(players=("Ann", "Bob"), mode="pad", multicolour="best_one")
    g.do("grid", player="Ann", spaces=WORKED_EXAMPLE)
    g.do("grid", player="Bob", spaces=["down"] * 9)
    assert g.p("Ann")["rounds"][0]["multicolour_as"] == {"3": "yellow"}


def test_the_zone_table_knows_every_set_of_cells():
    assert LARGEST[0b111_111_111] == (9, 0b111_111_111)
    assert LARGEST[0b100_010_001] == (1, 0b000_000_001)  # the diagonal: three groups of one
    assert LARGEST[0b000_001_100] == (1, 0b000_000_100)  # spaces 3 and 4 are not neighbours (wrap-around)


CARD_BY_NUMBER = {n: sorted(c for c in CARDS if CARDS[c].number == n) for n in range(1, 10)}


@st.composite
def grids(draw, multis=st.integers(0, 6)):
    """A grid with up to six face-up multicolour cards among random face-up, validated and face-down spaces."""
    want = draw(multis)
    multi_spaces = set(draw(st.permutations([2, 3, 4, 6, 7, 8]))[:want])
    items = []
    for n in range(1, 10):
        kind = draw(st.sampled_from([None, "down", "up", "validated"]))
        if n in multi_spaces:
            card = next(c for c in CARD_BY_NUMBER[n] if CARDS[c].multi)
            kind = "up" if kind in (None, "down") else kind
        elif kind in ("up", "validated"):
            stars = [c for c in CARD_BY_NUMBER[n] if CARDS[c].star]
            if stars and draw(st.booleans()):  # ★ cards often: they are what a multicolour card's colour trades
                card = draw(st.sampled_from(stars))
            else:
                card = draw(st.sampled_from([c for c in CARD_BY_NUMBER[n] if not CARDS[c].multi]))
        items.append(kind if kind in (None, "down") else (val(card) if kind == "validated" else up(card)))
    return items


@settings(max_examples=200, deadline=None)
@given(items=grids(), round_=st.integers(1, 3))
def test_best_one_is_the_best_of_every_assignment_tried_one_by_one(items, round_):
    grid = grid_of(items)
    best = score_grid(grid, round_, "best_one")
    assert best.total == best_by_enumeration(grid, round_).total
    assert best == breakdown(grid, round_, {int(k) - 1: c for k, c in (best.multicolour_as or {}).items()})
    assert set((best.multicolour_as or {}).values()) <= set(COLOURS)
    assert best.total <= score_grid(grid, round_, "all").total  # one colour each never scores more than all
