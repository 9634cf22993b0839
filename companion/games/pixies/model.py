"""The state of a Pixies game: frozen dataclasses, in the rulebook's words (docs/games/pixies.md)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

from companion.engine.core import evolve

GAME = "pixies"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
ROUNDS = 3
SPACES = 9
MULTIPLIERS = {1: 2, 2: 3, 3: 4}
"""'2 points per card in round 1, 3 in round 2, 4 in round 3' for the largest colour zone."""
MODES = ("pad", "draft")
HIDDEN = "?"
"""A face-down card the companion did not see (pad mode: the table says only 'down')."""


def cards_per_turn(players: int) -> int:
    """'As many cards as there are players (3 → 3, 4 → 4, 5 → 5; 2 players → 4 cards)'."""
    return 4 if players == 2 else players


class Phase:
    NO_GAME = "no_game"
    GRIDS = "grids"      # pad: the grids of the round are entered
    REVEAL = "reveal"    # draft: the first player reveals this turn's cards
    PICK = "pick"        # draft: the current player takes one of them
    OVER = "over"


EXPECTS: dict[str, tuple[str, ...]] = {
    Phase.NO_GAME: (),
    Phase.GRIDS: ("grid",),
    Phase.REVEAL: ("reveal",),
    Phase.PICK: ("pick",),
    Phase.OVER: (),
}


@dataclass(frozen=True)
class HouseRules:
    """Readings a table may choose (docs/games/pixies.md, 'Settings')."""

    multicolour: str = "all"
    """'all': a multicolour card is every colour at once (the publisher's rule); 'best_one': each one
    counts as one colour, the one that scores the player most (the companion picks it)."""

    @staticmethod
    def allowed() -> dict[str, tuple[Any, ...]]:
        return {"multicolour": ("all", "best_one")}

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "HouseRules":
        return cls(**{k: v for k, v in data.items() if k in cls.allowed()})


@dataclass(frozen=True)
class Space:
    """One of the nine spaces of a grid: its face-up card and the face-down card under it (or alone)."""

    up: str | None = None
    down: str | None = None
    """The face-down card's id (draft), :data:`HIDDEN` when the companion did not see it (pad), or None."""

    @property
    def empty(self) -> bool:
        return self.up is None and self.down is None

    @property
    def validated(self) -> bool:
        """Two cards on the space, one face up: it takes no more cards."""
        return self.up is not None and self.down is not None

    def item(self) -> Any:
        """The space as the Interfaces write it: null, "down", {"up": ID} or {"up": ID, "validated": true}."""
        if self.up is None:
            return None if self.down is None else "down"
        return {"up": self.up, "validated": True} if self.down is not None else {"up": self.up}


EMPTY_GRID: tuple[Space, ...] = (Space(),) * SPACES


def grid_items(grid: tuple[Space, ...]) -> list[Any]:
    return [s.item() for s in grid]


def is_full(grid: tuple[Space, ...]) -> bool:
    """'A card on each of the nine spaces' (face up or face down)."""
    return not any(s.empty for s in grid)


@dataclass(frozen=True)
class Score:
    """A grid's score for one round, as the Interfaces name its parts, and what the screens outline."""

    validated: int
    spirals: int
    crosses: int
    stars: int
    zone: int
    zone_points: int
    total: int
    multiplier: int
    zone_colour: str | None = None
    """The zone's colour ('multi' when it is made of multicolour cards only), None without a zone."""
    zone_spaces: tuple[int, ...] = ()
    multicolour_as: Mapping[str, str] | None = None
    """best_one only: the colour each face-up multicolour card counted as, by space ("3": "yellow")."""

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["zone_spaces"] = list(self.zone_spaces)
        out["multicolour_as"] = None if self.multicolour_as is None else dict(self.multicolour_as)
        return out


@dataclass(frozen=True)
class RoundEntry:
    round: int
    grid: tuple[Any, ...]
    """The finished grid's nine items."""
    score: Score


@dataclass(frozen=True)
class Player:
    name: str
    grid: tuple[Space, ...] = EMPTY_GRID
    entered: bool = False
    """Pad: this round's grid is in."""
    discarded: tuple[str, ...] = ()
    """Draft: this round's cards that had to go face down with no empty space left."""
    rounds: tuple[RoundEntry, ...] = ()

    @property
    def total(self) -> int:
        return sum(r.score.total for r in self.rounds)


@dataclass(frozen=True)
class GameState:
    players: tuple[Player, ...] = ()
    seed: int | None = None
    mode: str = "pad"
    house_rules: HouseRules = HouseRules()
    phase: str = Phase.NO_GAME
    round: int | None = None
    first: int | None = None
    """Who reveals this turn (draft); pad: the game's first player in round 1, else None (unknown)."""
    starter: int | None = None
    """The first player of the game."""
    revealed: tuple[str, ...] = ()
    order: tuple[int, ...] = ()
    """This turn's picks, in order (2 players: A, B, A, B)."""
    picks: int = 0
    turn: int = 0
    """Turns played this round (draft)."""
    winners: tuple[str, ...] = ()

    @property
    def current(self) -> int | None:
        return self.order[self.picks] if self.phase == Phase.PICK and self.picks < len(self.order) else None

    def index(self, name: Any) -> int | None:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        return None

    def with_player(self, i: int, player: Player) -> "GameState":
        players = list(self.players)
        players[i] = player
        return evolve(self, players=tuple(players))

    def out_of_deck(self) -> dict[str, str]:
        """Draft: every card out of the deck this round and where it is ('Ann's grid (space 4)',
        'the revealed cards', 'discarded by Bob')."""
        where: dict[str, str] = {c: "the revealed cards" for c in self.revealed}
        for p in self.players:
            for n, s in enumerate(p.grid, 1):
                for c in (s.up, s.down):
                    if c is not None and c != HIDDEN:
                        where[c] = f"{p.name}'s grid (space {n})"
            for c in p.discarded:
                where[c] = f"the cards {p.name} discarded"
        return where


@dataclass(frozen=True)
class Placement:
    """Where a card taken goes in a grid ('Placement is compulsory'), and what the player must say.

    ``kind``: "up" (its space is empty: face up), "validated" (its space holds only a face-down card: face
    up on it), "keep" (its space holds one face-up card: the two are stacked and the player says which
    stays up), "down" (its space is validated: face down on one of the empty ``spaces``, the player's
    choice) or "discarded" (its space is validated and no space is empty)."""

    kind: str
    space: int | None
    spaces: tuple[int, ...] = ()

    @property
    def needs(self) -> str | None:
        """The field the ``pick`` must give: "keep", "space" or None."""
        return {"keep": "keep", "down": "space"}.get(self.kind)

    def to_json(self) -> dict[str, Any]:
        return {"goes": self.kind, "needs": self.needs, "space": self.space, "spaces": list(self.spaces)}


def placement(grid: tuple[Space, ...], number: int) -> Placement:
    """Where a card of ``number`` goes in ``grid``."""
    own = grid[number - 1]
    if own.empty:
        return Placement("up", number)
    if own.up is None:
        return Placement("validated", number)
    if own.down is None:
        return Placement("keep", number)
    empties = tuple(n for n, s in enumerate(grid, 1) if s.empty)
    return Placement("down", None, empties) if empties else Placement("discarded", None)
