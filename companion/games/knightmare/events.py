"""Everything that can happen in a Knightmare game: what the game log keeps and replays.

Every type is prefixed ``knightmare.``: event names are unique across all the companion's games.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from companion.engine.core import Event, event_family

_ev = event_family('knightmare.')


@_ev("game_started")
class GameStarted(Event):
    """The knights are seated, each with 2 helmets and their starting object (null: none)."""

    game: str
    players: tuple[str, ...]
    seed: int
    bridge: int
    language: str
    objects: dict[str, Any]
    house_rules: dict[str, Any] = field(default_factory=dict)


@_ev("first_rolls")
class FirstRolls(Event):
    """One roll-off for the first player, made by the companion; ties among the highest roll again."""

    rolls: dict[str, int]


@_ev("first_player")
class FirstPlayer(Event):
    player: str
    by: str  # "dice" or "players"


@_ev("turn_started")
class TurnStarted(Event):
    player: str


@_ev("turn_ended")
class TurnEnded(Event):
    player: str
    reason: str = ""


@_ev("die_rolled")
class DieRolled(Event):
    """The companion rolled a die (seeded; the value is also in the command)."""

    player: str
    value: int
    purpose: str  # "move", "blocked", "fight", "opponent", "escape"


@_ev("moved")
class Moved(Event):
    """'roll the die ... you may modify the number obtained on the die by playing one or more Helmets'."""

    player: str
    roll: int
    helmets: int


@_ev("blocked")
class Blocked(Event):
    """'If the room indicated by the die roll is occupied ... If you have none, you lose your turn.'"""

    player: str
    roll: int


@_ev("card_drawn")
class CardDrawn(Event):
    player: str
    kind: str
    obeyed: bool | None = None


@_ev("fought")
class Fought(Event):
    """A fight against the room's occupant; ``spent``: the helmets played that go back to the castle."""

    player: str
    roller: str  # the left-hand neighbour, who rolled for the occupant
    shield: int
    helmets: int
    roll: int
    opponent_roll: int
    strength: int
    opponent_strength: int
    outcome: str  # "won", "lost", "tie"
    spent: int


@_ev("helmet_won")
class HelmetWon(Event):
    """A helmet from the castle to ``player`` (a won fight, a Spell card)."""

    player: str
    reason: str


@_ev("helmet_unavailable")
class HelmetUnavailable(Event):
    """The castle is empty: the helmet the knight was owed stays a wish."""

    player: str
    reason: str


@_ev("object_taken")
class ObjectTaken(Event):
    """After a won fight: the room's object; the one held before goes back to its room."""

    player: str
    object: str
    returned: str | None = None


@_ev("spell_received")
class SpellReceived(Event):
    player: str


@_ev("spell_cast")
class SpellCast(Event):
    player: str
    turn_of: str | None = None  # whose turn it was


@_ev("sent_to_dungeon")
class SentToDungeon(Event):
    """'You must then return to the corresponding rooms all the objects you had collected, but you keep
    your Helmets.'"""

    player: str
    reason: str  # "fight", "present", "trap", "imprisonment"
    returned: str | None = None


@_ev("went_to_dungeon")
class WentToDungeon(Event):
    """'If you go to the Dungeon voluntarily, you keep your objects but you may not draw a card.'"""

    player: str


@_ev("escape_tried")
class EscapeTried(Event):
    player: str
    roll: int
    helmets: int
    out: bool


@_ev("adjusted")
class Adjusted(Event):
    """The table set figures of ``player`` (only the keys present changed); helmets to or from the castle."""

    player: str
    changes: dict[str, Any]


@_ev("bridge_cleared")
class BridgeCleared(Event):
    """A knight's bridge is removed from the board: its helmets go back to the castle."""

    player: str
    helmets: int
    reason: str


@_ev("chamber_entered")
class ChamberEntered(Event):
    """'At the start of your turn, you place yourself in the corner of the Chamber of Merlin bearing the
    corresponding object'; ``part``: the part of the Book of Riddles, by order of arrival."""

    player: str
    object: str
    part: int


@_ev("question_asked")
class QuestionAsked(Event):
    """A question of Merlin for ``player``, with its answer for the reader: the log keeps it whole, so a
    replay never reads the content files."""

    player: str
    reader: str
    id: str
    part: int
    text: str
    answer: str
    accept: tuple[str, ...] = ()


@_ev("answered")
class Answered(Event):
    player: str
    correct: bool
    id: str | None = None  # the companion's question, or None when the table read its own
    part: int | None = None


@_ev("helmet_placed")
class HelmetPlaced(Event):
    """'For each correct answer, you may place a Helmet on the game board.'"""

    player: str
    bridge: int  # helmets on the bridge now


@_ev("bridge_fell")
class BridgeFell(Event):
    """'You lose all the Helmets placed on the board during this turn' (back to the castle)."""

    player: str
    helmets: int


@_ev("challenge_abandoned")
class ChallengeAbandoned(Event):
    """'You then return immediately to one of the Rooms of Iselle and draw a card. You lose all your
    Helmets as well as the object you possessed.'"""

    player: str
    helmets: int
    object: str | None
    bridge: int


@_ev("throne_reached")
class ThroneReached(Event):
    player: str


@_ev("game_over")
class GameOver(Event):
    winners: tuple[str, ...]
    scores: dict[str, int]
