"""Games as the history sees them: the active line of each game of the log, read once, then pure data.

Only the functions here touch the log (reading games, recording renames); everything the history
computes (timeline, statistics, exports) is a pure function of :class:`PlayedGame`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from datetime import datetime, timezone
from typing import Any

from companion.history.names import Names, name_key, plan_rename
from companion.store import GameLog, GameRecord


@dataclass(frozen=True)
class Step:
    """One accepted command of a game's active line and the events it produced."""

    seq: int
    at: str  # when it was committed (ISO 8601, UTC)
    command: dict[str, Any]
    events: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class PlayedGame:
    id: int
    game: str
    status: str  # 'finished', 'in_progress' or 'abandoned'
    created_at: str
    finished_at: str | None
    steps: tuple[Step, ...] = field(repr=False)

    def events(self) -> list[dict[str, Any]]:
        return [e for step in self.steps for e in step.events]

    def _first(self, kind: str) -> dict[str, Any] | None:
        return next((e for step in self.steps for e in step.events if e.get("type") == kind), None)

    @cached_property
    def players(self) -> tuple[str, ...]:
        """The players in seating order, as written at the table."""
        started = self._first("game_started")
        return tuple(started["players"]) if started else ()

    @property
    def first_player(self) -> str | None:
        chosen = self._first("first_player_chosen")
        return chosen["player"] if chosen else None

    @cached_property
    def over(self) -> dict[str, Any] | None:
        return self._first("game_over")

    @property
    def winners(self) -> tuple[str, ...]:
        return tuple(self.over["winners"]) if self.over else ()

    @property
    def scores(self) -> dict[str, int]:
        """Boyards of every player at the end (all 0 while the game is not over)."""
        scores = dict(self.over["scores"]) if self.over else {}
        return {p: int(scores.get(p, 0)) for p in self.players}

    @property
    def table(self) -> dict[str, Any]:
        """What the table chose with the ``new`` command (colours...), when the app recorded it."""
        return dict(self.steps[0].command.get("table", {})) if self.steps else {}

    @property
    def started(self) -> datetime:
        return parse_time(self.created_at)

    @property
    def ended(self) -> datetime:
        """When the game finished, else its last accepted command."""
        if self.finished_at:
            return parse_time(self.finished_at)
        return parse_time(self.steps[-1].at) if self.steps else self.started

    @property
    def duration_s(self) -> float:
        return max(0.0, (self.ended - self.started).total_seconds())


def parse_time(text: str) -> datetime:
    """A time written by the log; the oldest logs wrote dates without a zone, which are UTC."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def _played(log: GameLog, record: GameRecord) -> PlayedGame:
    steps = tuple(Step(c.seq, c.created_at, c.command, tuple(c.events)) for c in log.active_commands(record.id))
    return PlayedGame(record.id, record.game, record.status, record.created_at, record.finished_at, steps)


def load_games(log: GameLog, status: str | None = "finished") -> list[PlayedGame]:
    """The games of the log, newest first (only finished ones unless ``status`` says otherwise)."""
    return [_played(log, record) for record in log.games(status)]


def load_game(log: GameLog, game_id: int) -> PlayedGame | None:
    record = log.game(game_id)
    return _played(log, record) if record else None


def load_names(log: GameLog) -> Names:
    """The renames and merges of players recorded in the log."""
    return Names(log.player_aliases())


def rename_player(log: GameLog, old: str, new: str) -> dict[str, str]:
    """Count ``old``'s finished games under ``new`` from now on (merging when ``new`` is already a
    player); the games stay as played. Returns the aliases written; raises RenameError."""
    tables = {g.id: g.players for g in load_games(log)}
    aliases = plan_rename(load_names(log), tables, old, new)
    log.set_player_aliases(aliases)
    return aliases


def undo_rename(log: GameLog, old: str) -> bool:
    """Forget the rename of ``old`` (its games count under its own name again); False when none."""
    return log.drop_player_alias(name_key(old))
