"""One command's worth of events: :class:`Turn` emits them, applying each as it goes, so that later
decisions see the state the earlier events made; and the moves every handler shares (ending a turn,
the Dungeon, a helmet from the castle, the companion's die). Pure: no I/O, no clock.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from companion.engine.pure import EventCollector
from companion.games.knightmare import events as ev
from companion.games.knightmare import fields
from companion.games.knightmare.apply import apply
from companion.games.knightmare.model import GameState, Phase


def die_value(seed: int, n: int) -> int:
    """The companion's ``n``-th die of the game seeded ``seed``: a pure function of both, so that the
    screen can show the die before the command that uses it, and an undo never rolls again."""
    return random.Random(f"knightmare:{seed}:{n}").randint(1, 6)


class Turn(EventCollector[GameState]):
    play = staticmethod(apply)

    def __init__(self, state: GameState, cmd: Mapping[str, Any] | None = None) -> None:
        super().__init__(state)
        self.cmd: Mapping[str, Any] = cmd or {}
        self.filled: dict[str, Any] = {}  # values the companion chose, recorded with the command

    def name(self, i: int | None = None) -> str:
        return self.state.players[self.state.current if i is None else i].name

    @property
    def me(self):
        return self.state.players[self.state.current]

    def die(self, field: str, player: str, purpose: str) -> int:
        """The die of ``field``: the table's own roll when the command has it, else the companion's."""
        given = fields.die(self.cmd, field)
        if given is not None:
            return given
        value = die_value(self.state.seed or 0, self.state.dice)
        self.emit(ev.DieRolled(player, value, purpose))
        self.filled[field] = value
        return value

    # --- what several rules share -----------------------------------------------------------------------

    def end_turn(self, reason: str) -> None:
        """'A turn ends by itself once its outcome is settled': the next knight clockwise plays."""
        i = self.state.current
        self.emit(ev.TurnEnded(self.name(i), reason))
        self.emit(ev.TurnStarted(self.name(self.state.left_of(i))))

    def helmet_from_castle(self, i: int, reason: str) -> None:
        if self.state.castle > 0:
            self.emit(ev.HelmetWon(self.name(i), reason))
        else:
            self.emit(ev.HelmetUnavailable(self.name(i), reason))

    def to_dungeon(self, i: int, reason: str) -> None:
        """Sent to the Dungeon: the object goes back to its room, the helmets are kept."""
        self.emit(ev.SentToDungeon(self.name(i), reason, self.state.players[i].object))

    def asks_question(self) -> bool:
        """True when a question of Merlin is due and none is asked yet."""
        s = self.state
        return s.phase in (Phase.QUESTION, Phase.CONTINUE) and s.question is None
