"""Everything that can happen in a Forfort game: what the game log keeps and replays.

Event types are prefixed ``forfort.``: the log holds every game's events and their names are one space.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from companion.engine.core import Event, event_family

_ev = event_family('forfort.')


@_ev("started")
class Started(Event):
    players: tuple[str, ...]
    seed: int
    first: str
    settings: dict[str, Any] = field(default_factory=dict)


@_ev("camp_placed")
class CampPlaced(Event):
    player: str  # whose camp
    fort: str  # whose fort (a partner's in the team game)
    space: str
    setup: bool  # the starting camp: no card played


@_ev("card_played")
class CardPlayed(Event):
    """A card left ``player``'s hand: onto the fort (a wall built) or to the discard pile (an effect,
    a camp's cost, a forced discard)."""

    player: str
    to: str  # "fort" or "discard"


@_ev("wall_built")
class WallBuilt(Event):
    player: str
    space: str
    source: str  # "hand", "discard" (Mason) or "dungeon" (double Mason)
    protected: bool
    drawbridge: bool
    combo: bool  # a double effect


@_ev("space_destroyed")
class SpaceDestroyed(Event):
    """'Destroy all cards in one space': walls to the owner's discard pile, camps gone for good, an army
    defeated; a drawbridge token on that wall goes back to its owner."""

    fort: str
    space: str
    by: str  # who destroyed it
    cause: str  # "ram" (Battering Ram), "trebuchet" or "army"


@_ev("dungeon_sieged")
class DungeonSieged(Event):
    """Siege Tower: the top card of ``fort``'s dungeon to its discard pile."""

    fort: str
    by: str
    combo: bool


@_ev("army_placed")
class ArmyPlaced(Event):
    owner: str
    fort: str
    space: str
    direction: str
    combo: bool


@_ev("army_defeated")
class ArmyDefeated(Event):
    """An army flipped to its skull side: by a Garrison, a protected wall, or a destroyed space."""

    owner: str
    fort: str
    space: str  # where it stood (a protected wall it hit: the space it came from)
    cause: str  # "garrison", "protected_wall", "destroyed"


@_ev("army_marched")
class ArmyMarched(Event):
    """At the start of its owner's turn an army advanced one space: ``to`` None when it left the fort
    (back to its owner)."""

    owner: str
    fort: str
    space: str
    to: str | None


@_ev("card_discarded")
class CardDiscarded(Event):
    """No action possible: a card from hand to the discard pile."""

    player: str


@_ev("drawbridge_lowered")
class DrawbridgeLowered(Event):
    player: str
    space: str


@_ev("drawn")
class Drawn(Event):
    player: str
    count: int


@_ev("ending")
class Ending(Event):
    """A dungeon is empty: the round is played out, then the forts are scored."""

    player: str  # whose dungeon


@_ev("turn_started")
class TurnStarted(Event):
    player: str
    extra: bool  # through the drawbridge


@_ev("phase")
class PhaseSet(Event):
    """What the game waits for now (after setup, a march, an action)."""

    phase: str
    combos: int = 0
    garrison_left: int = 0


@_ev("game_over")
class GameOver(Event):
    winners: tuple[str, ...]
    scores: dict[str, int]
    won_by: str  # "fort" or "score"
