"""Everything that can happen in a Pixies game: what the game log keeps and replays. Types are prefixed
``pixies.`` (event type names are unique across all the companion's games)."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from companion.engine.core import Event, event_family

_ev = event_family('pixies.')


@_ev("game_started")
class GameStarted(Event):
    game: str
    players: tuple[str, ...]
    seed: int
    mode: str  # "pad" or "draft"
    house_rules: dict[str, Any] = field(default_factory=dict)


@_ev("first_player_chosen")
class FirstPlayerChosen(Event):
    player: str
    by: str  # "players" (the command's 'first') or "seed" (drawn by the companion)


@_ev("round_started")
class RoundStarted(Event):
    round: int
    first: str | None  # who reveals the first turn's cards (pad mode after round 1: not known)


@_ev("turn_started")
class TurnStarted(Event):
    """Draft: ``player`` reveals ``cards`` cards; the picks go in ``order``."""

    player: str
    cards: int
    order: tuple[str, ...]


@_ev("cards_revealed")
class CardsRevealed(Event):
    player: str
    cards: tuple[str, ...]


@_ev("card_placed")
class CardPlaced(Event):
    """Draft: ``player`` took ``card`` and placed it: face "up" on ``space`` (``validated`` when it lies on
    another card, ``keep`` saying which of two face-up cards stayed up), face "down" on the empty
    ``space`` they chose, or "discarded" (no space was empty; ``space`` None)."""

    player: str
    card: str
    face: str
    space: int | None
    validated: bool = False
    keep: str | None = None


@_ev("grid_filled")
class GridFilled(Event):
    """``player`` has a card on all nine spaces: the round ends with this turn; ``still_to_pick`` take
    their card first."""

    player: str
    still_to_pick: tuple[str, ...] = ()


@_ev("turn_ended")
class TurnEnded(Event):
    last: str  # who took the last card: the first player of the next turn


@_ev("grid_entered")
class GridEntered(Event):
    """Pad: ``player``'s grid at the end of the round, its nine items as the ``grid`` command gives them."""

    player: str
    spaces: tuple[Any, ...]


@_ev("player_scored")
class PlayerScored(Event):
    """A player's score for the round, part by part, and the grid it was made from."""

    round: int
    player: str
    grid: tuple[Any, ...]
    score: dict[str, Any]


@_ev("round_ended")
class RoundEnded(Event):
    round: int
    reason: str  # "grid_full" (draft), "deck_short" (draft: too few cards left for a turn), "grids_in" (pad)
    full: tuple[str, ...] = ()  # the players with a card on all nine spaces


@_ev("game_over")
class GameOver(Event):
    winners: tuple[str, ...]
    scores: dict[str, int]
