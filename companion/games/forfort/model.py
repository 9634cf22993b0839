"""The state of a Forfort game: frozen dataclasses, in the help pages' own words.

What the companion cannot see (which card is in a hand, the arrows and symbols on a card) the table
tells it; what it counts (hands, dungeons, discard piles, armies, camps, the end) it never asks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.engine.core import evolve

GAME = "forfort"
MIN_PLAYERS, MAX_PLAYERS = 2, 4

WALLS = 22
"""'takes the corresponding 22 wall cards'; a player's walls are never created or lost (hand + dungeon
+ discard + fort = 22)."""
HAND = 3
"""'Draw 3 wall cards into your hand'."""
ARMIES, CAMPS = 3, 3
"""Per player; the pages give no count (readings file, point 9): see docs/games/forfort.md."""

SPACES = ("nw", "n", "ne", "w", "e", "sw", "s", "se")
CORNERS = ("nw", "ne", "sw", "se")  # 'Angled walls must be placed in corner spaces.'
SIDES = ("n", "w", "e", "s")  # 'Straight walls ... orthogonally adjacent to your dungeon.'
DIRECTIONS = ("n", "s", "e", "w")

# The fort drawn as a 3×3 grid around the dungeon (the centre, 1, 1): x grows east, y grows south.
XY = {"nw": (0, 0), "n": (1, 0), "ne": (2, 0), "w": (0, 1), "e": (2, 1), "sw": (0, 2), "s": (1, 2), "se": (2, 2)}
AT = {xy: s for s, xy in XY.items()}
STEP = {"n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0)}


def directions_from(space: str) -> tuple[str, ...]:
    """Where an army may head from ``space``: along the fort's edge, never through the dungeon
    (from ``n`` or ``s`` only ``e``/``w``; from ``w`` or ``e`` only ``n``/``s``; from a corner the two
    directions along its edges that stay in the fort: from ``nw``, ``e`` or ``s``)."""
    x, y = XY[space]
    found = []
    for d in DIRECTIONS:
        dx, dy = STEP[d]
        nxt = (x + dx, y + dy)
        if nxt in AT:  # stays in the fort and is not the dungeon
            found.append(d)
    return tuple(found)


def next_space(space: str, direction: str) -> str | None:
    """The space an army on ``space`` enters heading ``direction``; None when it leaves the fort."""
    x, y = XY[space]
    dx, dy = STEP[direction]
    return AT.get((x + dx, y + dy))


EFFECTS = ("ram", "trebuchet")
"""'Battering Ram: Destroy all cards in one space of an opponent's front line. Trebuchet: ... second or
third line.'"""


def facing(players: int, attacker: int, target: int) -> str:
    """Which side of ``target``'s fort faces ``attacker`` (readings file, point 8): the players are seated
    in playing order, play passing to the left, and each fort is drawn as its owner sees it (its top row
    towards the table's middle). Two players face each other ("top"); with three or four, the next player
    sits at one's left, so one sits at their right ("right"), the one before at their left ("left"), and
    with four the one opposite faces their top row."""
    k = (target - attacker) % players
    if players == 2 or (players == 4 and k == 2):
        return "top"
    return "right" if k == 1 else "left"


_LINE_AXIS = {"top": (1, 0), "right": (0, 2), "left": (0, 0)}  # (axis: 0 x / 1 y, the front's coordinate)


def line_of(players: int, attacker: int, target: int, space: str) -> int:
    """The line (1 front, 2 second, 3 third) of ``space`` in ``target``'s fort as seen from ``attacker``:
    'the front line of your fort for each opponent ... is the line closest to that opponent'; the second
    line is the middle one (the dungeon's), the third the far one."""
    axis, front = _LINE_AXIS[facing(players, attacker, target)]
    return 1 + abs(XY[space][axis] - front)


def effect_for(line: int) -> str:
    """The effect that reaches a line: the Ram the front line, the Trebuchet the second or third."""
    return "ram" if line == 1 else "trebuchet"


@dataclass(frozen=True)
class Card:
    """One card on a space: a wall (angled in a corner, straight elsewhere), a camp or an army."""

    kind: str  # "wall", "camp" or "army"
    protected: bool = False  # walls: 'Protected walls resist certain attacks.'
    drawbridge: bool = False  # walls: the card bears the drawbridge symbol
    owner: int | None = None  # armies: whose army (a seat)
    direction: str | None = None  # armies: where it heads

    def to_json(self, names: tuple[str, ...], covered: int) -> dict[str, Any]:
        if self.kind == "wall":
            return {"top": "wall", "protected": self.protected, "drawbridge": self.drawbridge, "covered": covered}
        if self.kind == "camp":
            return {"top": "camp", "covered": covered}
        return {"top": "army", "army_owner": names[self.owner], "direction": self.direction, "covered": covered}


Stack = tuple[Card, ...]  # bottom first; the last card is the visible one


@dataclass(frozen=True)
class Player:
    name: str
    fort: tuple[Stack, ...] = tuple(() for _ in SPACES)  # in SPACES order
    hand: int = HAND
    dungeon: int = WALLS - HAND
    discard: int = 0
    armies_left: int = ARMIES
    armies_defeated: int = 0
    camps_left: int = CAMPS
    drawbridge: str | None = None  # the space of the wall the token is on
    team: int | None = None

    def stack(self, space: str) -> Stack:
        return self.fort[SPACES.index(space)]

    def top(self, space: str) -> Card | None:
        s = self.stack(space)
        return s[-1] if s else None

    def with_stack(self, space: str, stack: Stack) -> "Player":
        fort = list(self.fort)
        fort[SPACES.index(space)] = stack
        return evolve(self, fort=tuple(fort))

    def walls_in_fort(self) -> int:
        return sum(1 for s in self.fort for c in s if c.kind == "wall")


class Phase:
    NO_GAME = "no_game"
    SETUP = "setup"  # each player in turn places the starting camp
    MARCH = "march"  # 'one army' house rule: the current player names the army that advances
    ACTION = "action"  # the current player's armies have marched: one action
    END = "end"  # after the action: combinations, the drawbridge, end_turn
    OVER = "over"


EXPECTS: dict[str, tuple[str, ...]] = {
    Phase.NO_GAME: (),
    Phase.SETUP: ("camp",),
    Phase.MARCH: ("march",),
    Phase.ACTION: ("build", "destroy", "siege", "army", "defeat", "camp", "discard"),
    Phase.END: ("drawbridge", "end_turn"),
    Phase.OVER: (),
}
COMBO_COMMANDS = ("build", "destroy", "siege", "army", "defeat")
"""What may follow a build in the same turn as a combination's double effect (it costs no card)."""


@dataclass(frozen=True)
class Settings:
    """The table's choices where the help pages disagree (docs/games/forfort.md)."""

    teams: bool = False
    armies: int = ARMIES
    camps: int = CAMPS
    march: str = "each"  # 'each' army advances (English page) or 'one' (French page)
    no_action: str = "go_on"  # after a forced discard: 'go_on' (drawbridge and draw) or 'pass' (the turn ends)
    lines: str = "seats"  # the Ram's and the Trebuchet's lines: 'seats' (as seated) or 'any' (any space)

    def to_json(self) -> dict[str, Any]:
        return {"teams": self.teams, "armies": self.armies, "camps": self.camps, "march": self.march,
                "no_action": self.no_action, "lines": self.lines}


MARCH_RULES = ("each", "one")
NO_ACTION_RULES = ("go_on", "pass")
LINES_RULES = ("seats", "any")


@dataclass(frozen=True)
class GameState:
    players: tuple[Player, ...] = ()
    settings: Settings = Settings()
    seed: int = 0
    phase: str = Phase.NO_GAME
    first: int = 0
    current: int | None = None
    round: int = 0  # turns played by the first player
    ending: bool = False  # a dungeon is empty: the round is played out
    combos: int = 0  # double effects still allowed after this turn's last build
    garrison_left: int = 0  # a Garrison pair resolves twice: the second army or defeat
    extra_turn: bool = False  # the drawbridge was lowered this turn: the same player plays again
    acted: bool = False  # this turn's action is made
    winners: tuple[int, ...] = ()
    won_by: str | None = None  # "fort" (eight walls) or "score"

    def name(self, i: int | None) -> str | None:
        return None if i is None else self.players[i].name

    def with_player(self, i: int, player: Player) -> "GameState":
        players = list(self.players)
        players[i] = player
        return evolve(self, players=tuple(players))

    def partners(self, i: int, j: int) -> bool:
        """Team game: 'teammates seated diagonally opposite each other' (seats 0 and 2, 1 and 3)."""
        return self.settings.teams and i != j and self.players[i].team == self.players[j].team
