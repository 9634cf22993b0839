"""The state of a game of Fort (the kids' deck-builder): frozen dataclasses in the digest's English terms.

The board holds the pizza, the toys and the cards; the companion keeps what is bookkeeping between turns:
who leads and who may follow, each player's points, fort level, made-up rules and perks, the park deck's
count, the last round, and the final scoring of the made-up rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.engine.core import evolve

GAME = "fort"
MIN_PLAYERS, MAX_PLAYERS = 2, 4

SUITS = ("book", "crown", "glue", "shovel", "skateboard", "squirtgun", "wild")
WILD = "wild"  # 'and a wild coin suit': a coin card led is followed in the suit the leader declares
DECLARABLE = SUITS[:-1]  # the six suits a coin may be declared as ('a wild lead: the declared suit')
RESOURCES = ("pizza", "toys", "none")
SOURCES = ("park", "yard", "deck")
END_POINTS = 25  # 'The end is triggered when a player reaches 25 points, or fort level 5, or the park deck runs out.'
TOP_LEVEL = 5
BEST_FRIENDS = 2  # 'its two best friends'
PARK_DECK = 40
"""Kids left in the park deck after setup. The digest gives no count (docs/games/fort.md): count yours
and send ``park_deck`` with ``new``."""

# Made-up rules: id -> what the final scoring asks of the player who holds it (the digest's table).
RULES: dict[str, tuple[str, ...]] = {
    "big-plans": ("advance",),
    "loner": ("best_friends",),
    "friendship-bracelet": ("suits",),
    "sleepover": ("cards",),
    "minimalism": (),  # the fort level: the companion keeps it
    "slime-lab": ("book",),
    "play-palace": ("crown",),
    "popularity": ("lookout",),
    "secret-stash": ("pack",),
    "pizza-party": ("pizza",),
    "piggy-bank": ("toys",),
}
PERKS = ("diy", "sticky-fingers", "recycling", "xxl-backpack", "do-over", "birthday-party", "rough-housing",
         "bribe", "copy-cat")
COUNTS = ("cards", "book", "crown", "lookout", "pack", "pizza", "toys", "suits", "advance", "best_friends")
TIE_BREAKS = ("shared", "fort_level")
HOUSE_RULES = {"macaroni_points": (0, 50), "level_points": (0, 10)}  # the settings' bounds (whole numbers)


class Step:
    """The leader's turn (``step`` in the state): cleanup needs no command, discard and draw are end_turn."""

    NO_GAME = "no_game"
    PLAY = "play"
    FOLLOW = "follow"
    RECRUIT = "recruit"
    END = "end"
    FINAL = "final"
    OVER = "over"


ANY_STEP = ("points", "level", "rule", "perk", "best_friends")
"""'Points and levels change at any step (the leader's and a follower's actions).'"""
EXPECTS: dict[str, tuple[str, ...]] = {
    Step.NO_GAME: (),
    Step.PLAY: ("play",) + ANY_STEP,
    Step.FOLLOW: ("follow",) + ANY_STEP,
    Step.RECRUIT: ("recruit",) + ANY_STEP,
    Step.END: ("end_turn",) + ANY_STEP,
    Step.FINAL: ("final",),
    Step.OVER: (),
}


@dataclass(frozen=True)
class Settings:
    macaroni_points: int = 0  # the sculpture's value: not in the texts here (docs/games/fort.md)
    tie_break: str = "shared"
    level_points: int = 0  # points the companion adds for each fort level newly reached: '(?)' in the digest

    def to_json(self) -> dict[str, Any]:
        return {"macaroni_points": self.macaroni_points, "tie_break": self.tie_break,
                "level_points": self.level_points}


@dataclass(frozen=True)
class Player:
    name: str
    points: int = 0
    level: int = 0
    turns: int = 0  # turns completed as the leader
    rules: tuple[str, ...] = ()
    perks: tuple[str, ...] = ()
    macaroni: bool = False
    best_friends: int = BEST_FRIENDS
    reached: int = 0  # the highest fort level reached: a rule at 1 and a perk at 2 are asked once
    final: Mapping[str, int] | None = None  # made-up rule -> points, once scored
    counts: Mapping[str, int] | None = None  # what the player said at the final scoring


@dataclass(frozen=True)
class GameState:
    players: tuple[Player, ...] = ()
    settings: Settings = Settings()
    seed: int = 0
    start: int = 0  # the start player: 'where the last round stops'
    leader: int | None = None
    step: str = Step.NO_GAME
    follower: int | None = None
    suit: str | None = None  # the card the leader played
    declared: str | None = None  # a coin (wild) card led: the suit the leader declared, the one followers discard
    resource: str | None = None  # the leader's resource choice, followers take the same
    follows: tuple[tuple[int, bool], ...] = ()  # this turn's follow answers
    park_deck: int = PARK_DECK
    last_round: bool = False
    trigger: str | None = None  # "points", "level" or "park_deck"
    trigger_by: str | None = None  # who reached 25 points or level 5 (the bar names them)
    asks: tuple[tuple[int, str], ...] = ()  # (player, "rule" | "perk") still to take
    winners: tuple[int, ...] = ()

    def name(self, i: int | None) -> str | None:
        return None if i is None else self.players[i].name

    def with_player(self, i: int, **changes: Any) -> "GameState":
        players = list(self.players)
        players[i] = evolve(players[i], **changes)
        return evolve(self, players=tuple(players))
