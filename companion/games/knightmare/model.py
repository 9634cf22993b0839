"""The state of a Knightmare game (Le Chevalier du Labyrinthe): frozen dataclasses in the rulebook's words.

What the companion cannot know (the rooms, their die grids, occupants and shields, the 56 cards) stays
on the board: the table tells it in one command where needed. What it tracks is what the rulebook
counts: helmets, Merlin's objects, spells, where each knight is, the parts of the Book of Riddles and
the bridges to the Throne.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

from companion.engine.core import evolve

GAME = "knightmare"

HELMETS = 40
"""'40 "Helmet" tokens' (Contents): they move between the castle, the players and the bridges; never
created or lost."""
START_HELMETS = 2
"""'Each player takes 2 "Helmet" tokens and one "Object" token' (Setting Up, step 9)."""

MIN_PLAYERS, MAX_PLAYERS = 2, 4
"""'4 figures' and four parts of the Book of Riddles; a fight needs a left neighbour to roll."""

OBJECTS = ("book", "wand", "ring", "crown")
"""'the Book of Spells, the Magic Wand, the Ring or the Crown' (The Game, 1), in that order: the order
in which they are dealt when the table does not say."""

PLACES = ("labyrinth", "dungeon", "chamber", "throne")
CARD_KINDS = ("challenge", "spell", "present", "trap", "imprisonment", "other")
SENT_TO_DUNGEON = ("present", "trap", "imprisonment")
"""The cards that send a knight to the Dungeon (III): a present not obeyed, a trap, imprisonment."""

BASE_STRENGTH = 3
"""'In all combats, your strength is "3", increased by the number of points obtained with your die roll'."""
ESCAPE_AT = 4
"""'To leave the Dungeon, you must obtain 4 or more on the die.'"""
DEFAULT_BRIDGE = 5
MAX_BRIDGE = 20
MAX_SHIELD = 20
PARTS = 4
LANGUAGES = ("fr", "en")


class Phase:
    """What the engine waits for (the ``phase`` field of the state)."""

    NO_GAME = "no_game"
    TURN = "turn"            # in the labyrinth: move, blocked, dungeon, chamber
    CARD = "card"            # the knight entered a room: the card drawn
    FIGHT = "fight"          # a Challenge card: the fight against the room's occupant
    REWARD = "reward"        # a won fight: a helmet or the room's object
    ESCAPE = "escape"        # in the Dungeon: the roll to get out
    QUESTION = "question"    # in the Chamber of Merlin: the turn's first question
    CONTINUE = "continue"    # after a right answer: go on (answer the next one) or stop
    OVER = "over"


_ALWAYS = ("cast", "adjust", "end_turn")
"""Accepted in every phase of play: 'You may cast a spell at any time during your turn', the table's
corrections, and ending a turn where the table settles it itself."""

EXPECTS: dict[str, tuple[str, ...]] = {
    Phase.NO_GAME: (),
    Phase.TURN: ("move", "blocked", "dungeon", "chamber", *_ALWAYS),
    Phase.CARD: ("card", *_ALWAYS),
    Phase.FIGHT: ("fight", *_ALWAYS),
    Phase.REWARD: ("reward", *_ALWAYS),
    Phase.ESCAPE: ("escape", *_ALWAYS),
    Phase.QUESTION: ("answer", "abandon", "question", *_ALWAYS),
    Phase.CONTINUE: ("answer", "stop", "question", *_ALWAYS),
    Phase.OVER: (),
}

START_PHASE = {"labyrinth": Phase.TURN, "dungeon": Phase.ESCAPE, "chamber": Phase.QUESTION}
"""Where a turn starts, by the knight's place."""


@dataclass(frozen=True)
class HouseRules:
    """Readings of the rulebook that tables may choose differently (docs/games/knightmare.md)."""

    fight_helmets: str = "spent"
    """Helmets played before a fight's roll: 'spent' (back to the castle whatever the outcome, as every
    helmet played in the rulebook) or 'returned_on_win' (a won fight gives them back)."""

    chamber_entry: str = "one_helmet"
    """What the Challenge of Merlin needs besides an object: 'one_helmet' (something to place) or
    'whole_bridge' (as many helmets as the bridge is long: 'sufficient Helmets')."""

    @staticmethod
    def allowed() -> dict[str, tuple[Any, ...]]:
        return {"fight_helmets": ("spent", "returned_on_win"), "chamber_entry": ("one_helmet", "whole_bridge")}

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "HouseRules":
        return cls(**{k: v for k, v in data.items() if k in cls.allowed()})


@dataclass(frozen=True)
class Question:
    """A question of Merlin asked in the Chamber, as recorded in the log: the rules never read the packs."""

    id: str
    part: int
    text: str
    answer: str
    accept: tuple[str, ...] = ()


@dataclass(frozen=True)
class Fight:
    """The last fight of the game, for the screens (both strengths, both dice, the verdict)."""

    player: str
    roller: str
    shield: int
    helmets: int
    roll: int
    opponent_roll: int
    strength: int
    opponent_strength: int
    outcome: str  # "won", "lost", "tie"


@dataclass(frozen=True)
class Player:
    name: str
    helmets: int = 0
    object: str | None = None
    spells: int = 0
    place: str = "labyrinth"
    part: int | None = None
    """The part of the Book of Riddles: by order of arrival in the Chamber, kept for the whole game."""
    bridge: int = 0
    """Helmets on this knight's bridge now, this turn's included."""


@dataclass(frozen=True)
class GameState:
    players: tuple[Player, ...] = ()
    seed: int | None = None
    house_rules: HouseRules = HouseRules()
    bridge_length: int = DEFAULT_BRIDGE
    language: str = "fr"
    phase: str = Phase.NO_GAME
    current: int | None = None
    first: int | None = None
    castle: int = HELMETS
    dice: int = 0
    """How many dice the companion has rolled: the next one is a pure function of (seed, dice)."""
    turns: int = 0
    placed: int = 0
    """Helmets the current knight placed on the bridge this turn: they fall on a wrong answer."""
    answered: int = 0
    """Questions answered this turn: the Challenge may be abandoned only before the first."""
    question: Question | None = None
    questions: tuple[str, ...] = ()
    """The ids of every question asked this game: none is asked twice."""
    fight: Fight | None = None
    winners: tuple[str, ...] = ()

    def index(self, name: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.name == name:
                return i
        return None

    def left_of(self, i: int) -> int:
        """The left-hand neighbour: the next player clockwise, in seating order (who plays next)."""
        return (i + 1) % len(self.players)

    def right_of(self, i: int) -> int:
        """The right-hand neighbour: who reads the questions in the Chamber."""
        return (i - 1) % len(self.players)

    def clockwise_from(self, i: int) -> list[int]:
        n = len(self.players)
        return [(i + k) % n for k in range(n)]

    def with_player(self, i: int, player: Player) -> "GameState":
        players = list(self.players)
        players[i] = player
        return evolve(self, players=tuple(players))

    @property
    def reader(self) -> int | None:
        """Who reads Merlin's questions now: the right-hand neighbour of a knight in the Chamber."""
        if self.current is None or self.phase not in (Phase.QUESTION, Phase.CONTINUE):
            return None
        return self.right_of(self.current)
