"""Which card the companion draws: never one that gives away a card of this game, the least recently
heard first, chance among equals. Pure: the game's cards and the table's history are passed in.

Cards are named ``(deck, id)`` as the game log records them (``("enigme", "moon")``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

Card = tuple[str, str]


def games_ago(history: Iterable[tuple[int, str, str]]) -> dict[Card, int]:
    """(deck, id) -> in how many games ago it was last drawn (1: the last game), from the log's
    ``(game id, deck, id)`` of earlier games; a larger game id is a more recent game."""
    last: dict[Card, int] = {}
    for game_id, deck, card in history:
        last[(deck, card)] = max(game_id, last.get((deck, card), game_id))
    order = {game_id: rank for rank, game_id in enumerate(sorted(set(last.values()), reverse=True), 1)}
    return {card: order[game_id] for card, game_id in last.items()}


def choose_card(
    deck: str,
    candidates: Sequence[str],
    drawn: Sequence[Card],
    conflicts: Mapping[Card, frozenset[Card]],
    heard: Mapping[Card, int],
    rng: random.Random,
) -> str | None:
    """One id of ``candidates`` (cards of ``deck`` not drawn yet in this game), or None when empty.

    First the cards that give away none of the ``drawn`` ones (``conflicts``: a card -> the cards it
    gives away or is given away by); a game that has used every other card takes one that does. Among
    those, the cards never heard in the table's earlier games, then those heard longest ago (``heard``:
    card -> games ago); ``rng`` picks among the equals, in id order, so a seeded game draws the same.
    """
    if not candidates:
        return None
    played = set(drawn)

    def rank(card_id: str) -> tuple[bool, float]:
        card = (deck, card_id)
        gives_away = bool(conflicts.get(card, frozenset()) & played)
        return gives_away, -heard.get(card, float("inf"))

    ranks = {card_id: rank(card_id) for card_id in candidates}
    best = min(ranks.values())
    return rng.choice(sorted(c for c, r in ranks.items() if r == best))
