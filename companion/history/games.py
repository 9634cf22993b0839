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

from companion.engine import Refusal, game_entry
from companion.history.names import Names, name_key, plan_rename
from companion.session import players_of
from companion.store import DamagedRow, GameLog, GameRecord
from companion.store.migrations import is_game_over


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
        """The players in seating order, as written at the table: its ``game_started`` event's when it
        names them, else its recorded ``new`` command's (docs/games/README.md)."""
        started = self._first("game_started")
        if started and isinstance(started.get("players"), (list, tuple)):
            return tuple(started["players"])
        return tuple(players_of(self.steps[0].command)) if self.steps else ()

    def name(self, language: str = "en") -> str:
        """The game's name in ``language``, from the registry (its id for a game no longer held)."""
        return game_name(self.game, language)

    @property
    def first_player(self) -> str | None:
        chosen = self._first("first_player_chosen")
        return chosen["player"] if chosen else None

    @cached_property
    def over(self) -> dict[str, Any] | None:
        """The event that ended the game (winners, scores), or None."""
        return next((e for step in self.steps for e in step.events if is_game_over(e)), None)

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


def game_name(game: str, language: str = "en") -> str:
    """A game's name in ``language`` (English when it has none in it), from the registry alone."""
    try:
        names = game_entry(game).name
    except Refusal:
        return game
    return names.get(language) or names.get("en") or game


def parse_time(text: str) -> datetime:
    """A time written by the log; the oldest logs wrote dates without a zone, which are UTC."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


# Every active command of a batch of games as one JSON text per game: one json.loads per game instead of
# two per command (reading a family's years of games is mostly JSON decoding). Only rows that are
# complete JSON of the right types are put together, their time stamp quoted by SQLite's JSON: a row
# that is not (or a created_at holding a quote) cannot add or hide steps, it leaves the game's count
# short and the game is read row by row, which names the row. Read as bytes: text that is not UTF-8 fails
# that game's json.loads, never the cursor.
_READABLE = ("typeof(seq)='integer' AND typeof(created_at)='text' AND typeof(command)='text' "
             "AND typeof(events)='text' AND json_valid(command) AND json_valid(events)")
_ACTIVE_LINES = f"""
SELECT game_id, count(*), count(CASE WHEN {_READABLE} THEN 1 END),
       CAST('[' || group_concat(CASE WHEN {_READABLE}
            THEN '[' || seq || ',' || json_quote(created_at) || ',' || command || ',' || events || ']' END, ',')
            || ']' AS BLOB)
FROM (SELECT game_id, seq, created_at, command, events FROM commands
      WHERE undone_at IS NULL AND game_id IN ({{marks}}) ORDER BY game_id, seq)
GROUP BY game_id
"""


def _one_by_one(log: GameLog, game_id: int) -> tuple[Step, ...]:
    return tuple(Step(c.seq, c.created_at, c.command, tuple(c.events)) for c in log.active_commands(game_id))


def _batch(rows: int, readable: int, text: bytes | None) -> tuple[Step, ...] | None:
    """The game's line from its batch text, or None when any row of it needs reading one by one."""
    if readable != rows or text is None:
        return None
    try:
        line = json.loads(text)
    except (ValueError, RecursionError):
        return None
    steps = []
    for n, step in enumerate(line, 1):
        if not (isinstance(step, list) and len(step) == 4 and step[0] == n and isinstance(step[2], dict)
                and isinstance(step[3], list) and all(isinstance(e, dict) for e in step[3])):
            return None
        steps.append(Step(step[0], step[1], step[2], tuple(step[3])))
    if len(steps) != rows or steps[0].command.get("cmd") != "new":
        return None
    return tuple(steps)


def _active_lines(log: GameLog, ids: list[int]) -> dict[int, tuple[Step, ...] | DamagedRow]:
    """Each game's active line, or the damage that stops it from being read."""
    lines: dict[int, tuple[Step, ...] | DamagedRow] = {}
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        for game_id, rows, readable, text in log.db.execute(_ACTIVE_LINES.format(marks=",".join("?" * len(chunk))),
                                                             chunk):
            steps = _batch(rows, readable, text)
            if steps is None:  # a damaged row: read command by command, which names it
                try:
                    steps = _one_by_one(log, game_id)
                except DamagedRow as exc:
                    lines[game_id] = exc
                    continue
            lines[game_id] = steps
    return lines


def _readable(game: PlayedGame) -> str | None:
    """What keeps a game from being shown (None when nothing does): everything the history lists, sorts
    and adds up is read once here, so that a damaged game is named and left out, never fatal later."""
    try:  # its events mean what its rules say: a kind this companion does not hold cannot be shown
        game_entry(game.game)
    except Refusal:
        return f"its game {game.game!r} is not one this companion holds"
    if not game.steps:
        return "it has no command"
    try:
        if not all(isinstance(p, str) for p in game.players) or not all(isinstance(w, str) for w in game.winners):
            return "its players are not names"
        if not all(isinstance(v, int) for v in game.scores.values()):
            return "its scores are not numbers"
        game.duration_s, game.table  # noqa: B018 - the time stamps and the table's options, read now
        for step in game.steps:
            parse_time(step.at)
        return None
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as exc:
        return f"it does not read ({type(exc).__name__}: {exc})"


def _played(log: GameLog, records: list[GameRecord]) -> dict[int, PlayedGame]:
    """The games of ``records`` that read, by id; each one that does not is named in the log's problems."""
    lines = _active_lines(log, [r.id for r in records])
    games = {}
    for r in records:
        line = lines.get(r.id, ())
        if isinstance(line, DamagedRow):
            log.note(f"{log.path}: game {r.id} is damaged and left out: command {line.row_id}: {line.what}")
            continue
        game = PlayedGame(r.id, r.game, r.status, r.created_at, r.finished_at, line)
        why = _readable(game)
        if why:
            log.note(f"{log.path}: game {r.id} is damaged and left out: {why}")
            continue
        games[r.id] = game
    return games


def load_games(log: GameLog, status: str | None = "finished") -> list[PlayedGame]:
    """The games of the log, newest first (only finished ones unless ``status`` says otherwise); a game
    that does not read is left out and named in ``log.problems``, as is a game of a status the companion
    never writes (which no list holds)."""
    for game_id, text in log.db.execute(
            "SELECT id, CAST(status AS BLOB) FROM games WHERE status NOT IN ('in_progress', 'finished', 'abandoned', "
            "'damaged') ORDER BY id"):
        shown = text.decode("utf-8", "replace") if isinstance(text, bytes) else text
        log.note(f"{log.path}: game {game_id} is damaged and left out: its status {shown!r} is unknown")
    return list(_played(log, log.games(status)).values())


def load_game(log: GameLog, game_id: int) -> PlayedGame | None:
    """The game, or None when there is none or it does not read (then named in ``log.problems``)."""
    record = log.game(game_id)
    return _played(log, [record]).get(game_id) if record else None


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
        played = _played(self.log, stale)
        for record in stale:
            if record.id in played:
                self._kept[record.id] = (self._version(record), played[record.id])
            else:  # damaged (named in the log's problems): left out until its row changes
                self._kept.pop(record.id, None)
        return [self._kept[r.id][1] for r in records if r.id in self._kept]

    def game(self, game_id: int) -> PlayedGame | None:
        record = self.log.game(game_id)
        if record is None:
            return None
        kept = self._kept.get(game_id)
        if kept is None or kept[0] != self._version(record):
            game = _played(self.log, [record]).get(game_id)
            if game is None:
                return None
            self._kept[game_id] = (self._version(record), game)
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
