"""Scoring a grid for a round (shared/rules/pixies-digest.md, 'Scoring a round'). Pure.

Round score = validated numbers + spirals − crosses + ★ points + largest zone × 2, 3, 4 (rounds 1-3):

- spirals and crosses count on every face-up card, validated or not; a covered or lone face-down card
  counts nothing and breaks colour zones;
- a ★ card gives one spiral per face-up card of its colour in the grid, itself included;
- only the single largest group of orthogonally adjacent face-up cards of one colour scores, from 2 cards;
- a multicolour card is every colour at once ('all'), or, as the house rule 'best_one', one colour each:
  the companion gives each the colour that scores the player most.

A grid's cells are bits 0-8 (space 1 top left is bit 0, space 9 bottom right is bit 8): the largest zone
of every set of cells is looked up in a table of the 512 sets, made once.
"""

from __future__ import annotations

from itertools import product
from typing import Mapping, Sequence

from companion.games.pixies.cards import CARDS, COLOURS, MULTI, Card
from companion.games.pixies.model import MULTIPLIERS, SPACES, Score, Space

_FULL = (1 << SPACES) - 1
_NOT_LEFT = _FULL & ~0b001_001_001  # a cell shifted right lands in the left column only when it wrapped
_NOT_RIGHT = _FULL & ~0b100_100_100


def _neighbours(cells: int) -> int:
    return (((cells << 1) & _NOT_LEFT) | ((cells >> 1) & _NOT_RIGHT) | (cells << 3) | (cells >> 3)) & _FULL


def _largest(cells: int) -> tuple[int, int]:
    """The largest group of orthogonally adjacent cells in ``cells``: (size, cells); of groups of one size,
    the one holding the lowest space."""
    best, rest = (0, 0), cells
    while rest:
        group = rest & -rest
        while True:
            grown = (group | _neighbours(group)) & cells
            if grown == group:
                break
            group = grown
        size = group.bit_count()
        if size > best[0]:
            best = (size, group)
        rest &= ~group
    return best


LARGEST: tuple[tuple[int, int], ...] = tuple(_largest(cells) for cells in range(1 << SPACES))


def face_up(grid: Sequence[Space]) -> tuple[Card | None, ...]:
    return tuple(None if s.up is None else CARDS[s.up] for s in grid)


def breakdown(grid: Sequence[Space], round_: int, as_colour: Mapping[int, str] | None = None) -> Score:
    """The grid's score with every multicolour card every colour (``as_colour`` None), or with the
    multicolour card of each cell index counted as the colour ``as_colour`` gives it."""
    ups = face_up(grid)
    masks = dict.fromkeys(COLOURS, 0)
    multi_cells = 0
    validated = spirals = crosses = 0
    for i, card in enumerate(ups):
        if card is None:
            continue
        bit = 1 << i
        spirals += card.spirals
        crosses += card.crosses
        if grid[i].validated:
            validated += card.number
        if not card.multi:
            masks[card.colour] |= bit
        elif as_colour is None:
            multi_cells |= bit
            for c in COLOURS:
                masks[c] |= bit
        else:
            multi_cells |= bit
            masks[as_colour[i]] |= bit
    stars = sum(masks[card.colour].bit_count() for card in ups if card is not None and card.star)
    zone, cells, colour = 0, 0, None
    for c in COLOURS:
        size, group = LARGEST[masks[c]]
        if size > zone:
            zone, cells, colour = size, group, c
    if zone < 2:
        zone, cells, colour = 0, 0, None
    elif as_colour is None and cells & ~multi_cells == 0:
        colour = MULTI  # two multicolour cards side by side: a zone of every colour
    multiplier = MULTIPLIERS[round_]
    zone_points = zone * multiplier
    return Score(
        validated=validated, spirals=spirals, crosses=crosses, stars=stars, zone=zone,
        zone_points=zone_points, total=validated + spirals - crosses + stars + zone_points,
        multiplier=multiplier, zone_colour=colour,
        zone_spaces=tuple(i + 1 for i in range(SPACES) if cells >> i & 1),
        multicolour_as=None if as_colour is None else {str(i + 1): c for i, c in sorted(as_colour.items())},
    )


def best_colours(grid: Sequence[Space], round_: int) -> dict[int, str]:
    """The house rule 'best_one': a colour for each face-up multicolour card (by cell index) that gives the
    grid its highest score, every assignment considered.

    Only ★ points and the zone depend on the colours. ★ points are linear: a multicolour card counted as
    colour d adds one spiral per face-up ★ card of colour d. So for each colour c the largest zone could
    have and each set S of multicolour cards given c, the best the others can add is the ★ gain of the
    best other colour; the best of these 4 × 2^k values is the best of the 4^k assignments (a zone in
    another colour only adds to the value counted, and that case is counted under its own colour).
    tests/test_pixies_scoring.py checks this against the 4^k assignments one by one."""
    ups = face_up(grid)
    multis = [i for i, card in enumerate(ups) if card is not None and card.multi]
    if not multis:
        return {}
    base = dict.fromkeys(COLOURS, 0)
    stars = dict.fromkeys(COLOURS, 0)
    for i, card in enumerate(ups):
        if card is not None and not card.multi:
            base[card.colour] |= 1 << i
            stars[card.colour] += card.star
    k, multiplier = len(multis), MULTIPLIERS[round_]
    subsets = []
    for subset in range(1 << k):
        cells = 0
        for j, i in enumerate(multis):
            if subset >> j & 1:
                cells |= 1 << i
        subsets.append((subset, cells, subset.bit_count()))
    best = None
    for c in COLOURS:
        other = max((d for d in COLOURS if d != c), key=stars.__getitem__)  # the first of the best
        for subset, cells, n in subsets:
            size = LARGEST[base[c] | cells][0]
            value = stars[c] * n + stars[other] * (k - n) + (size * multiplier if size >= 2 else 0)
            if best is None or value > best[0]:
                best = (value, c, subset, other)
    _, c, subset, other = best
    return {i: (c if subset >> j & 1 else other) for j, i in enumerate(multis)}


def best_by_enumeration(grid: Sequence[Space], round_: int) -> Score:
    """The best score over the 4^k colourings of the k multicolour cards, tried one by one: the check of
    :func:`best_colours` (tests) and the benchmark's figure of what it saves."""
    ups = face_up(grid)
    multis = [i for i, card in enumerate(ups) if card is not None and card.multi]
    scores = (breakdown(grid, round_, dict(zip(multis, colours))) for colours in product(COLOURS, repeat=len(multis)))
    return max(scores, key=lambda s: s.total)


def score_grid(grid: Sequence[Space], round_: int, multicolour: str = "all") -> Score:
    """The grid's score under the table's multicolour rule ('all' or 'best_one')."""
    if multicolour == "best_one":
        return breakdown(grid, round_, best_colours(grid, round_))
    return breakdown(grid, round_)
