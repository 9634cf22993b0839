"""The places after the Throne: who comes second, third and fourth (pure; the podium shows them).

"The first player to reach the Throne of Merlin wins the game." (V. The Winner) is all the rulebook says;
the others' order is this companion's reading (docs/games/knightmare.md, "Readings"): the knight whose
bridge is longer is nearer the Throne; on equal bridges, the one with more helmets in hand could build
further; knights equal on both share the place.

The shell's podium orders players by one number (``GameUI.podium``) and words it from that number alone
(``score_words``): :func:`scores` packs the Throne, the bridge, the helmets in hand and whether the hand
decides a place (two knights off the Throne on equal bridges), so the words name the hand only there."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

HAND = 100       # above 2 × 40 helmets in hand + the flag
THRONE = 10_000  # above any bridge (at most 20 helmets) times HAND


def scores(players: Sequence[Mapping[str, Any]], winners: Iterable[str]) -> dict[str, int]:
    """Each knight's number, ordered as the podium: the Throne, then the bridge, then (on equal bridges
    only) the helmets in hand."""
    won = set(winners)
    shared = Counter(int(p.get("bridge", 0)) for p in players if p["name"] not in won)
    out = {}
    for p in players:
        bridge, hand = int(p.get("bridge", 0)), int(p.get("helmets", 0))
        if p["name"] in won:
            out[p["name"]] = THRONE + bridge * HAND
        elif shared[bridge] > 1:  # the hand decides: every knight of that bridge has the flag, their order kept
            out[p["name"]] = bridge * HAND + hand * 2 + 1
        else:
            out[p["name"]] = bridge * HAND
    return out


def read_score(score: int) -> tuple[bool, int, int | None]:
    """What :func:`scores` packed: (on the Throne, helmets on the bridge, helmets in hand or None where
    the hand decides nothing)."""
    rest = score % HAND
    return score >= THRONE, (score % THRONE) // HAND, (rest // 2 if rest % 2 else None)


def places(players: Sequence[Mapping[str, Any]], winners: Iterable[str]) -> dict[str, int]:
    """Each knight's place (1 for the Throne), shared by knights equal on bridge and helmets."""
    numbers = scores(players, winners)
    return {name: 1 + sum(1 for other in numbers.values() if other > s) for name, s in numbers.items()}
