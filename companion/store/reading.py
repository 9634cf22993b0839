"""Reading the game log: its games, each game's line of commands and the players' aliases.

Every row is read as hostile input (an SD card fails row by row): text columns as bytes, a damaged
summary rebuilt in memory and noted in :attr:`problems`, a damaged command row raised as
:class:`~companion.store.rows.DamagedRow` naming it, never a traceback. Nothing here writes.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from companion.store.migrations import summary_from_events
from companion.store.rows import COMMAND_COLUMNS, DamagedRow, StoredCommand, decoded, raw_row


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    status: str
    created_at: str
    updated_at: str
    finished_at: str | None
    summary: dict | None


class LogReading:
    """The reading half of :class:`~companion.store.log.GameLog` (which opens ``db``)."""

    db: sqlite3.Connection
    path: Path
    problems: list[str]  # what was found damaged while reading, and set right in memory

    def _game(self, row: tuple | None) -> GameRecord | None:
        """A games row read as bytes (text that is not UTF-8 never stops the list): undecodable bytes become
        U+FFFD, which no game name, status or time stamp of the companion's holds."""
        if row is None:
            return None
        game_id, *texts, summary = row
        head = [t.decode("utf-8", "replace") if isinstance(t, bytes) else t for t in texts]
        return GameRecord(game_id, *head, summary=self._summary(game_id, summary))

    def _summary(self, game_id: int, text: bytes | None) -> dict | None:
        """A finished game's stored summary; a damaged one is rebuilt from the game's last command (in
        memory: the log is not written to) and noted in :attr:`problems`, never raised."""
        if not text:
            return None
        try:
            value = json.loads(text)
            if (isinstance(value, dict) and isinstance(value.get("winners"), list)
                    and isinstance(value.get("scores"), dict)):
                return value
        except (ValueError, RecursionError):
            pass
        rebuilt = self._rebuilt_summary(game_id)
        self.note(f"{self.path}: game {game_id}: its stored summary is unreadable; "
                  + ("rebuilt from its last command" if rebuilt else "left out"))
        return rebuilt

    def note(self, problem: str) -> None:
        """Say once what was found damaged while reading (history and the app show :attr:`problems`)."""
        if problem not in self.problems:
            self.problems.append(problem)

    def _rebuilt_summary(self, game_id: int) -> dict | None:
        row = self.db.execute(
            "SELECT CAST(events AS BLOB) FROM commands WHERE game_id=? AND undone_at IS NULL "
            "ORDER BY seq DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        try:
            events = json.loads(row[0]) if row and row[0] is not None else []
            return summary_from_events(events) if isinstance(events, list) else None
        except (ValueError, RecursionError, AttributeError, TypeError):
            return None

    _GAME_COLUMNS = ("id, CAST(game AS BLOB), CAST(status AS BLOB), CAST(created_at AS BLOB), "
                     "CAST(updated_at AS BLOB), CAST(finished_at AS BLOB), CAST(summary AS BLOB)")

    def latest_game(self) -> GameRecord | None:
        """The game to show on start: of each kind's newest game neither abandoned nor kept aside as
        damaged (in progress, or finished), the one played most recently (``updated_at``, then the
        newest). With one kind of game in the log, its newest such game, as before there were several."""
        return self._game(
            self.db.execute(
                f"SELECT {self._GAME_COLUMNS} FROM games WHERE id IN ("
                "  SELECT MAX(id) FROM games WHERE status NOT IN ('abandoned', 'damaged') GROUP BY game) "
                "ORDER BY updated_at DESC, id DESC LIMIT 1"
            ).fetchone()
        )

    def in_progress(self) -> list[GameRecord]:
        """The games in progress (one per kind), the most recently played first (``updated_at``, then id)."""
        return [self._game(r) for r in self.db.execute(
            f"SELECT {self._GAME_COLUMNS} FROM games WHERE status='in_progress' ORDER BY updated_at DESC, id DESC")]

    def start_command(self, game_id: int) -> dict | None:
        """A game's first command (its ``new``, as recorded), or None when unreadable."""
        row = self.db.execute("SELECT CAST(command AS BLOB) FROM commands WHERE game_id=? AND seq=1 "
                              "AND undone_at IS NULL", (game_id,)).fetchone()
        try:  # read as bytes: text that is not UTF-8 is unreadable, never an error of the cursor
            command = json.loads(row[0]) if row else None
        except (ValueError, RecursionError, TypeError):
            return None
        return command if isinstance(command, dict) else None

    def game(self, game_id: int) -> GameRecord | None:
        return self._game(
            self.db.execute(f"SELECT {self._GAME_COLUMNS} FROM games WHERE id=?", (game_id,)).fetchone()
        )

    def games(self, status: str | None = None) -> list[GameRecord]:
        """Games newest first, optionally only those of one status."""
        sql = f"SELECT {self._GAME_COLUMNS} FROM games"
        args: tuple = ()
        if status:
            sql += " WHERE status=?"
            args = (status,)
        return [self._game(r) for r in self.db.execute(sql + " ORDER BY id DESC", args)]

    def active_commands(self, game_id: int) -> Iterator[StoredCommand]:
        """The game's accepted commands that are not undone, in order: what replay folds. Raises
        :class:`~companion.store.rows.DamagedRow` at the first row that does not read, or when the line
        is broken (its first command not ``new``, a position missing or twice): the rows before it were
        read whole. Rows whose position is not a positive number are not part of the line."""
        cur = self.db.execute(
            f"SELECT {COMMAND_COLUMNS} FROM commands "
            "WHERE game_id=? AND undone_at IS NULL AND typeof(seq)='integer' AND seq > 0 ORDER BY seq, id",
            (game_id,),
        )
        expected = 1
        for row in cur:
            if row[1] < expected:
                raise DamagedRow(self.path, game_id, row[0], f"a second active command at seq {row[1]}",
                                 whole_game=True)
            if row[1] > expected:
                raise DamagedRow(self.path, game_id, row[0], f"the command before it (seq {expected}) is missing")
            stored = decoded(self.path, game_id, row)
            if expected == 1 and stored.command.get("cmd") != "new":
                raise DamagedRow(self.path, game_id, row[0], "the game's first command is not its 'new'")
            expected += 1
            yield stored

    def all_commands(self, game_id: int) -> list[dict]:
        """Every command of a game, undone ones included, in the order they were written. A row that does
        not read is given as its text (bytes that are not UTF-8 as U+FFFD), with ``damaged`` saying why."""
        cur = self.db.execute(
            "SELECT id, seq, parent_id, CAST(command AS BLOB), CAST(events AS BLOB), CAST(created_at AS BLOB), "
            "CAST(undone_at AS BLOB) FROM commands WHERE game_id=? ORDER BY id",
            (game_id,),
        )
        return [raw_row(self.path, game_id, r) for r in cur]

    # Of the undone commands that followed the last active one, the newest row is the one undone most
    # recently: a sibling written later was played after the older one was undone, and redo only ever
    # brings back the newest. Row order, never the undone_at clock: a Pi without a real-time clock may
    # go back in time after a power cut. Two index look-ups (commands_active_seq, commands_undone_child).
    _REDOABLE = (f"SELECT {COMMAND_COLUMNS} FROM commands "
                 "WHERE parent_id = (SELECT id FROM commands WHERE game_id=? AND undone_at IS NULL "
                 "ORDER BY seq DESC LIMIT 1) AND undone_at IS NOT NULL AND damaged_at IS NULL "
                 "ORDER BY id DESC LIMIT 1")

    def redoable(self, game_id: int) -> StoredCommand | None:
        """The command redo would bring back: of the undone commands that followed the game's last active
        one, the one undone most recently (rows taken out of the line as damaged are never brought back).
        A command played after an undo follows a new last active command, which nothing undone follows:
        a new command clears redo. Raises DamagedRow when that command does not read."""
        row = self.db.execute(self._REDOABLE, (game_id,)).fetchone()
        return None if row is None else decoded(self.path, game_id, row)

    def player_aliases(self) -> dict[str, tuple[str, str]]:
        """Every alias: the old name's matching key -> (the name it goes under now, when it was set)."""
        return {a: (n, t) for a, n, t in self.db.execute("SELECT alias, name, created_at FROM player_aliases")}

    def integrity_check(self) -> str:
        return self.db.execute("PRAGMA integrity_check").fetchone()[0]
