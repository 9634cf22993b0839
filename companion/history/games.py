"""Games as the history sees them: the active line of each game of the log, read once, then pure data.

Only the functions here touch the log (reading games, recording renames); everything the history
computes (timeline, statistics, exports) is a pure function of :class:`PlayedGame`.
"""

from __future__ import annotations

import json
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


# Every active command of a batch of games as one JSON text per game: one json.loads per game instead of
# two per command (reading a family's years of games is mostly JSON decoding). Rows are stored JSON.
_ACTIVE_LINES = """
SELECT game_id, '[' || group_concat('[' || seq || ',"' || created_at || '",' || command || ',' || events || ']', ',') || ']'
FROM (SELECT game_id, seq, created_at, command, events FROM commands
      WHERE undone_at IS NULL AND game_id IN ({marks}) ORDER BY game_id, seq)
GROUP BY game_id
"""


def _one_by_one(log: GameLog, game_id: int) -> tuple[Step, ...]:
    return tuple(Step(c.seq, c.created_at, c.command, tuple(c.events)) for c in log.active_commands(game_id))


def _active_lines(log: GameLog, ids: list[int]) -> dict[int, tuple[Step, ...]]:
    lines: dict[int, tuple[Step, ...]] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        for game_id, text in log.db.execute(_ACTIVE_LINES.format(marks=",".join("?" * len(chunk))), chunk):
            try:
                rows = json.loads(text)
            except json.JSONDecodeError:  # a damaged row: read command by command, which names it
                lines[game_id] = _one_by_one(log, game_id)
                continue
            steps = (Step(seq, at, command, tuple(events)) for seq, at, command, events in rows)
            lines[game_id] = tuple(sorted(steps, key=lambda step: step.seq))
    return lines


def _played(log: GameLog, records: list[GameRecord]) -> list[PlayedGame]:
    lines = _active_lines(log, [r.id for r in records])
    return [PlayedGame(r.id, r.game, r.status, r.created_at, r.finished_at, lines.get(r.id, ())) for r in records]


def load_games(log: GameLog, status: str | None = "finished") -> list[PlayedGame]:
    """The games of the log, newest first (only finished ones unless ``status`` says otherwise)."""
    return _played(log, log.games(status))


def load_game(log: GameLog, game_id: int) -> PlayedGame | None:
    record = log.game(game_id)
    return _played(log, [record])[0] if record else None


class GameShelf:
    """The games of one log kept between screens: a game is read again only when its row changed (an
    undo reopens a finished game; a new game is new)."""

    def __init__(self, log: GameLog) -> None:
        self.log = log
        self._kept: dict[int, tuple[tuple, PlayedGame]] = {}

    @staticmethod
    def _version(record) -> tuple:
        # updated_at has millisecond resolution: an undo and the command after it can share it, but
        # they always change the status and the finish time of the game.
        return (record.updated_at, record.status, record.finished_at)

    def games(self, status: str | None = "finished") -> list[PlayedGame]:
        records = self.log.games(status)
        stale = [r for r in records if self._kept.get(r.id, ((),))[0] != self._version(r)]
        for record, game in zip(stale, _played(self.log, stale)):
            self._kept[record.id] = (self._version(record), game)
        return [self._kept[r.id][1] for r in records]

    def game(self, game_id: int) -> PlayedGame | None:
        record = self.log.game(game_id)
        if record is None:
            return None
        kept = self._kept.get(game_id)
        if kept is None or kept[0] != self._version(record):
            self._kept[game_id] = (self._version(record), _played(self.log, [record])[0])
        return self._kept[game_id][1]


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
