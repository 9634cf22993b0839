"""The game log: one SQLite row per accepted command, committed before the command is acknowledged.

WAL journal with ``synchronous=FULL``: once :meth:`GameLog.append` returns, the command survives a
pulled plug. State is never stored, only rebuilt by replaying the events of the active commands; undo
marks a command undone (the row stays, so history keeps every branch).
"""

from __future__ import annotations

import errno
import json
import sqlite3
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from companion.store.guard import (APPLICATION_ID, DamagedLog, LogError, NewerLog, ReadOnlyLog, connect_readonly,
                                   inspect, read_only, read_only_error, set_aside)
from companion.store.lock import LogInUse, WriterLock
from companion.store.memory import copy_in_memory
from companion.store.migrations import LATEST, migrate, summary_from_events
from companion.store.reading import GameRecord, LogReading
from companion.store.recent import RecentContent
from companion.store.rows import COMMAND_COLUMNS, DamagedRow, StoredCommand, decoded

__all__ = ["APP_NAME", "DamagedRow", "GameLog", "GameRecord", "LogInUse", "StoredCommand", "default_db_path"]

APP_NAME = "fort-boyard-companion"


def default_db_path() -> Path:
    """Where the log lives without ``--db``: the user data directory."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME)) / "games.sqlite3"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _open_error(path: Path, exc: OSError) -> LogError:
    if read_only_error(exc):
        return ReadOnlyLog(f"cannot write the game log {path}: {exc.strerror or exc}")
    return LogError(f"cannot open the game log {path}: {exc.strerror or exc}")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))



class GameLog(LogReading, RecentContent):
    """The durable log of every game played on this companion.

    One writer at a time: a writer holds the log's :class:`~companion.store.lock.WriterLock` until
    :meth:`close` (another process is refused with :class:`LogInUse`, naming the holder). ``readonly``
    opens it for reading only (history, export), which works while a writer plays. Only the companion's
    own logs are opened (:mod:`companion.store.guard`): a foreign database is refused and a damaged log
    is refused without being touched, or with ``replace_damaged`` set aside under a new name (never
    written to, never deleted) and a new log started in its place: ``damaged`` then says what was found
    and where the damaged file went. A log of a newer schema is refused for writing (:class:`NewerLog`)
    and read as it is; a log on a read-only card is refused for writing (:class:`ReadOnlyLog`): read it,
    or play on :meth:`copy_in_memory`."""

    unsaved = False  # a log in memory standing in for one that cannot be written: nothing is saved
    newer = False  # read as it is: written by a newer companion

    def __init__(self, path: str | Path, role: str = "writer", readonly: bool = False,
                 replace_damaged: bool = False, refuse_writes: str | None = None) -> None:
        self.path = Path(path)
        self.refuse_writes = refuse_writes  # why every write is refused (an in-memory stand-in, issue 27)
        self.readonly = readonly
        self.damaged: tuple[str, Path] | None = None
        self.problems: list[str] = []  # what was found damaged while reading, and set right in memory
        self._lock: WriterLock | None = None
        if str(path) == ":memory:":
            self.db = sqlite3.connect(":memory:", isolation_level=None)
            self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            migrate(self.db)
            return
        if readonly:
            self.db = self._open_reader(role)
            return
        if read_only(self.path):
            raise ReadOnlyLog(f"cannot write the game log {self.path}: its card or folder is read-only")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _open_error(self.path, exc) from exc
        try:  # a foreign or damaged file is refused before anything is created beside it
            inspect(self.path, check=False)
        except DamagedLog:
            if not replace_damaged:
                raise
        try:
            self._lock = WriterLock(self.path, role)  # on the file itself, every link resolved (issue 27)
        except LogError as exc:  # the lock file cannot be made: a card gone read-only says so
            if read_only_error(exc.__cause__):
                raise ReadOnlyLog(f"cannot write the game log {self.path}: its card or folder is read-only "
                                  f"({exc.__cause__.strerror})") from exc
            raise
        db = None
        try:
            kind = self._inspect_for_writing(replace_damaged)
            self.db = db = sqlite3.connect(self._lock.file, isolation_level=None, timeout=10.0)
            self._lock.check()  # SQLite opened the file locked, not one renamed in meanwhile
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            if kind != "ours":  # a new log, or one adopted (see companion.store.guard): mark it ours
                self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            migrate(self.db)
        except (LogError, sqlite3.Error, OSError, RuntimeError) as exc:
            if db is not None:
                db.close()
            self._lock.release()
            if read_only_error(exc) or read_only_error(exc.__cause__):
                raise ReadOnlyLog(f"cannot write the game log {self.path}: its card or folder is read-only "
                                  f"({exc})") from exc
            if isinstance(exc, LogError):
                raise
            raise LogError(f"cannot open the game log {self.path}: {exc}") from exc

    @classmethod
    def copy_in_memory(cls, path: str | Path) -> "GameLog":
        """A log in memory holding a copy of the log at ``path``: see :func:`companion.store.memory.copy_in_memory`."""
        return copy_in_memory(cls, path)

    def _inspect_for_writing(self, replace_damaged: bool) -> str:
        try:
            return inspect(self.path)
        except DamagedLog as exc:
            if not replace_damaged:
                raise
            self.damaged = (str(exc), set_aside(self._lock.file))  # under the writer's lock: nobody uses it
            self._lock.retake()  # the new file at its name, before SQLite makes it a log
            return "new"

    def _open_reader(self, role: str) -> sqlite3.Connection:
        """A read-only connection; a log of an older version is first brought up to date when no writer
        holds it (a writer that holds it has done so already)."""
        try:
            kind = inspect(self.path)
        except NewerLog as exc:  # read as it is, as far as this companion understands it
            kind, self.newer = "ours", True
            self.problems.append(str(exc).replace("cannot open", "read only"))
        if kind == "new":
            raise LogError(f"the game log {self.path} holds no game yet")
        try:
            db = connect_readonly(self.path)
            if kind == "adopt" or db.execute("PRAGMA user_version").fetchone()[0] < LATEST:
                db.close()
                try:
                    GameLog(self.path, role).close()
                except (LogInUse, ReadOnlyLog):  # read as it is: the writer or nobody brings it up to date
                    pass
                db = connect_readonly(self.path)
            return db
        except sqlite3.Error as exc:
            raise LogError(f"cannot read the game log {self.path}: {exc}") from exc

    def close(self) -> None:
        if self._lock is not None and self._lock.replaced():
            self._let_go()
        self.db.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> "GameLog":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writing (each method is one transaction) ----------------------------------------------------

    def _let_go(self) -> None:
        """The log was renamed over: the WAL beside its name is still this connection's, and would be read
        as the new file's (SQLite leaves it there). Empty it into the file it belongs to, and close."""
        try:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:
            pass
        self.db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        if self.refuse_writes:
            raise OSError(errno.EBUSY, self.refuse_writes)
        if self._lock is not None and self._lock.replaced():  # never write on into a file no name leads to
            self._let_go()
            self._lock.check()
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def new_game(self, game: str, command: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> int:
        """Start a game: a game of the same kind still in progress is marked abandoned (it stays in the
        log); games of other kinds stay in progress, one per kind."""
        now = _now()
        with self._transaction() as db:
            db.execute("UPDATE games SET status='abandoned', updated_at=? WHERE status='in_progress' AND game=?",
                       (now, game))
            game_id = db.execute(
                "INSERT INTO games (game, status, created_at, updated_at) VALUES (?, 'in_progress', ?, ?)",
                (game, now, now),
            ).lastrowid
            db.execute(
                "INSERT INTO commands (game_id, seq, parent_id, command, events, created_at) "
                "VALUES (?, 1, NULL, ?, ?, ?)",
                (game_id, _dumps(command), _dumps(list(events)), now),
            )
        return game_id

    def append(
        self,
        game_id: int,
        command: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]],
        finished: bool = False,
        summary: Mapping[str, Any] | None = None,
    ) -> int:
        """Record an accepted command durably; ``finished`` when its events ended the game. ``summary``:
        the finished game's summary as its rules make it; without one, read from its ``game_over`` event."""
        now = _now()
        with self._transaction() as db:
            parent_id, seq = db.execute(
                "SELECT id, seq FROM commands WHERE game_id=? AND undone_at IS NULL ORDER BY seq DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            row_id = db.execute(
                "INSERT INTO commands (game_id, seq, parent_id, command, events, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seq + 1, parent_id, _dumps(command), _dumps(list(events)), now),
            ).lastrowid
            if finished:
                summary = dict(summary) if summary is not None else summary_from_events(list(events))
                db.execute(
                    "UPDATE games SET status='finished', finished_at=?, summary=?, updated_at=? WHERE id=?",
                    (now, _dumps(summary) if summary else None, now, game_id),
                )
            else:
                db.execute("UPDATE games SET updated_at=? WHERE id=?", (now, game_id))
        return row_id

    def undo(self, game_id: int) -> StoredCommand | None:
        """Mark the last active command undone (never the game's first); returns it, or None."""
        now = _now()
        with self._transaction() as db:
            row = db.execute(
                f"SELECT {COMMAND_COLUMNS} FROM commands "
                "WHERE game_id=? AND undone_at IS NULL AND seq > 1 ORDER BY seq DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            stored = decoded(self.path, game_id, row)  # before the change: a damaged row is not undone
            db.execute("UPDATE commands SET undone_at=? WHERE id=?", (now, row[0]))
            # Undoing the last handful reopens a finished game; any undo is a move at the table: the game
            # was played now (the most recently played game is the one shown on start).
            db.execute(
                "UPDATE games SET status='in_progress', finished_at=NULL, summary=NULL, updated_at=? "
                "WHERE id=? AND status='finished'",
                (now, game_id),
            )
            db.execute("UPDATE games SET updated_at=? WHERE id=?", (now, game_id))
        return stored


    def redo(self, game_id: int, finished: bool = False, summary: Mapping[str, Any] | None = None) -> StoredCommand | None:
        """Bring back the command :meth:`redoable` names (its row active again, as before its undo);
        ``finished`` when its events end the game. Returns it, or None when there is nothing to redo."""
        now = _now()
        with self._transaction() as db:
            stored = self.redoable(game_id)
            if stored is None:
                return None
            db.execute("UPDATE commands SET undone_at=NULL WHERE id=?", (stored.id,))
            if finished:  # redoing the last handful finishes the game again
                summary = dict(summary) if summary is not None else summary_from_events(list(stored.events))
                db.execute("UPDATE games SET status='finished', finished_at=?, summary=?, updated_at=? WHERE id=?",
                           (now, _dumps(summary) if summary else None, now, game_id))
            else:
                db.execute("UPDATE games SET updated_at=? WHERE id=?", (now, game_id))
        return stored

    def take_out(self, game_id: int, kept: Sequence[int]) -> int:
        """Take the game's active rows other than the ``kept`` ones (the rows replayed) out of its line,
        kept as they are: a row found damaged and those after it, which the game cannot be replayed
        through. They are marked undone and damaged (never redone), so that the game goes on from its
        last kept row. Returns how many."""
        now = _now()
        with self._transaction() as db:
            taken = db.execute(
                "UPDATE commands SET undone_at=?, damaged_at=? WHERE game_id=? AND undone_at IS NULL "
                "AND id NOT IN (SELECT value FROM json_each(?))", (now, now, game_id, _dumps(list(kept)))).rowcount
            db.execute("UPDATE games SET updated_at=? WHERE id=?", (now, game_id))
        return taken

    def keep_aside(self, game_id: int) -> None:
        """Keep a game that cannot be replayed aside as ``damaged``: its rows stay as they are, history
        still reads them, no game resumes it."""
        with self._transaction() as db:
            db.execute("UPDATE games SET status='damaged', updated_at=? WHERE id=?", (_now(), game_id))

    # --- player aliases: renames and merges of players across games (the games stay as played) --------

    def set_player_aliases(self, aliases: Mapping[str, str]) -> None:
        """Point each matching key at a name, in one transaction."""
        now = _now()
        with self._transaction() as db:
            db.executemany(
                "INSERT INTO player_aliases (alias, name, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT(alias) DO UPDATE SET name=excluded.name, created_at=excluded.created_at",
                [(alias, name, now) for alias, name in aliases.items()],
            )

    def drop_player_alias(self, alias: str) -> bool:
        """Forget one alias; False when there was none."""
        with self._transaction() as db:
            return db.execute("DELETE FROM player_aliases WHERE alias=?", (alias,)).rowcount > 0
