"""Everything that can happen in a game of Fort: what the game log keeps and replays (``fort.*``)."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from companion.engine.core import Event, event_family

_ev = event_family('fort.')


@_ev("started")
class Started(Event):
    players: tuple[str, ...]
    seed: int
    start: str
    park_deck: int
    settings: dict[str, Any] = field(default_factory=dict)


@_ev("played")
class Played(Event):
    """The leader played a card of ``suit`` (None: no card), taking ``resource`` with its public action;
    a coin card (``wild``) is followed in the suit ``declared``."""

    leader: str
    suit: str | None
    resource: str | None
    declared: str | None = None


@_ev("followed")
class Followed(Event):
    player: str
    follows: bool


@_ev("recruited")
class Recruited(Event):
    leader: str
    source: str  # park, yard or deck
    from_park_deck: bool  # the park's refill or the deck's top card came from the park deck


@_ev("points")
class PointsScored(Event):
    player: str
    points: int  # gained, or lost when negative


@_ev("level")
class LevelReached(Event):
    player: str
    level: int


@_ev("macaroni")
class Macaroni(Event):
    """'5 the macaroni sculpture (first only)'."""

    player: str


@_ev("ask")
class Ask(Event):
    """Reaching level 1 asks for a made-up rule, level 2 for a perk."""

    player: str
    take: str  # "rule" or "perk"


@_ev("rule_taken")
class RuleTaken(Event):
    player: str
    rule: str


@_ev("perk_taken")
class PerkTaken(Event):
    player: str
    perk: str


@_ev("best_friends")
class BestFriends(Event):
    player: str
    count: int


@_ev("last_round")
class LastRound(Event):
    """The end is triggered: the round is finished up to the start player."""

    trigger: str  # points, level or park_deck
    player: str | None


@_ev("turn_ended")
class TurnEnded(Event):
    """Discard and draw; ``next`` leads, or None: the last round is over, the final scoring begins."""

    leader: str
    next: str | None


@_ev("final")
class FinalScored(Event):
    """A player's made-up rules scored from the counts they gave (Sleepover waits for everyone's cards)."""

    player: str
    counts: dict[str, int]
    points: dict[str, int]


@_ev("game_over")
class GameOver(Event):
    winners: tuple[str, ...]
    scores: dict[str, int]
    finals: dict[str, Any]
