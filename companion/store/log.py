"""The game log: one SQLite row per accepted command, committed before the command is acknowledged.

WAL journal with ``synchronous=FULL``: once :meth:`GameLog.append` returns, the command survives a
pulled plug. State is never stored, only rebuilt by replaying the events of the active commands; undo
marks a command undone (the row stays, so history keeps every branch).
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from companion.store.guard import APPLICATION_ID, DamagedLog, LogError, inspect, readonly_uri, set_aside
from companion.store.lock import LogInUse, WriterLock
from companion.store.migrations import LATEST, migrate, summary_from_events

APP_NAME = "fort-boyard-companion"


def default_db_path() -> Path:
    """Where the log lives without ``--db``: the user data directory."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME)) / "games.sqlite3"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    status: str
    created_at: str
    updated_at: str
    finished_at: str | None
    summary: dict | None


@dataclass(frozen=True)
class StoredCommand:
    id: int
    seq: int
    command: dict
    events: list[dict]
    created_at: str


class GameLog:
    """The durable log of every game played on this companion.

    One writer at a time: a writer holds the log's :class:`~companion.store.lock.WriterLock` until
    :meth:`close` (another process is refused with :class:`LogInUse`, naming the holder). ``readonly``
    opens it for reading only (history, export), which works while a writer plays. Only the companion's
    own logs are opened (:mod:`companion.store.guard`): a foreign database is refused and a damaged log
    is refused without being touched, or with ``replace_damaged`` set aside under a new name (never
    written to, never deleted) and a new log started in its place: ``damaged`` then says what was found
    and where the damaged file went."""

    def __init__(self, path: str | Path, role: str = "writer", readonly: bool = False,
                 replace_damaged: bool = False) -> None:
        self.path = Path(path)
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
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LogError(f"cannot open the game log {self.path}: {exc.strerror or exc}") from exc
        try:  # a foreign or damaged file is refused before anything is created beside it
            inspect(self.path, check=False)
        except DamagedLog:
            if not replace_damaged:
                raise
        self._lock = WriterLock(self.path, role)
        db = None
        try:
            kind = self._inspect_for_writing(replace_damaged)
            self.db = db = sqlite3.connect(self.path, isolation_level=None, timeout=10.0)
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
            if isinstance(exc, LogError):
                raise
            raise LogError(f"cannot open the game log {self.path}: {exc}") from exc

    def _inspect_for_writing(self, replace_damaged: bool) -> str:
        try:
            return inspect(self.path)
        except DamagedLog as exc:
            if not replace_damaged:
                raise
            self.damaged = (str(exc), set_aside(self.path))  # under the writer's lock: nobody else uses it
            return "new"

    def _open_reader(self, role: str) -> sqlite3.Connection:
        """A read-only connection; a log of an older version is first brought up to date when no writer
        holds it (a writer that holds it has done so already)."""
        kind = inspect(self.path)
        if kind == "new":
            raise LogError(f"the game log {self.path} holds no game yet")
        try:
            db = sqlite3.connect(readonly_uri(self.path), uri=True, isolation_level=None, timeout=10.0)
            if kind == "adopt" or db.execute("PRAGMA user_version").fetchone()[0] < LATEST:
                db.close()
                try:
                    GameLog(self.path, role).close()
                except LogInUse:
                    pass
                db = sqlite3.connect(readonly_uri(self.path), uri=True, isolation_level=None, timeout=10.0)
            return db
        except sqlite3.Error as exc:
            raise LogError(f"cannot read the game log {self.path}: {exc}") from exc

    def close(self) -> None:
        self.db.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> "GameLog":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writing (each method is one transaction) ----------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def new_game(self, game: str, command: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> int:
        """Start a game: any game still in progress is marked abandoned (it stays in the log)."""
        now = _now()
        with self._transaction() as db:
            db.execute("UPDATE games SET status='abandoned', updated_at=? WHERE status='in_progress'", (now,))
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
    ) -> int:
        """Record an accepted command durably; ``finished`` when its events ended the game."""
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
                summary = summary_from_events(list(events))
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
                "SELECT id, seq, command, events, created_at FROM commands "
                "WHERE game_id=? AND undone_at IS NULL AND seq > 1 ORDER BY seq DESC LIMIT 1",
                (game_id,),
            ).fetchone()
            if row is None:
                return None
            db.execute("UPDATE commands SET undone_at=? WHERE id=?", (now, row[0]))
            # Undoing the last handful reopens a finished game.
            db.execute(
                "UPDATE games SET status='in_progress', finished_at=NULL, summary=NULL, updated_at=? "
                "WHERE id=? AND status='finished'",
                (now, game_id),
            )
        return self._stored(row)

    def redoable(self, game_id: int) -> StoredCommand | None:
        """The command redo would bring back: of the undone commands that followed the game's last active
        one, the one undone most recently. A command played after an undo follows a new last active
        command, which nothing undone follows: a new command clears redo."""
        row = self.db.execute(
            "SELECT c.id, c.seq, c.command, c.events, c.created_at FROM commands c "
            "WHERE c.game_id=? AND c.undone_at IS NOT NULL AND c.parent_id = ("
            "  SELECT id FROM commands WHERE game_id=? AND undone_at IS NULL ORDER BY seq DESC LIMIT 1) "
            "ORDER BY c.undone_at DESC, c.id DESC LIMIT 1",
            (game_id, game_id),
        ).fetchone()
        return None if row is None else self._stored(row)

    def redo(self, game_id: int, finished: bool = False) -> StoredCommand | None:
        """Bring back the command :meth:`redoable` names (its row active again, as before its undo);
        ``finished`` when its events end the game. Returns it, or None when there is nothing to redo."""
        now = _now()
        with self._transaction() as db:
            stored = self.redoable(game_id)
            if stored is None:
                return None
            db.execute("UPDATE commands SET undone_at=NULL WHERE id=?", (stored.id,))
            if finished:  # redoing the last handful finishes the game again
                summary = summary_from_events(list(stored.events))
                db.execute("UPDATE games SET status='finished', finished_at=?, summary=?, updated_at=? WHERE id=?",
                           (now, _dumps(summary) if summary else None, now, game_id))
            else:
                db.execute("UPDATE games SET updated_at=? WHERE id=?", (now, game_id))
        return stored

    # --- reading ------------------------------------------------------------------------------------

    def _stored(self, row: tuple) -> StoredCommand:
        row_id, seq, command, events, created_at = row
        try:
            return StoredCommand(row_id, seq, json.loads(command), json.loads(events), created_at)
        except json.JSONDecodeError as exc:
            raise LogError(f"{self.path}: command {row_id} is not valid JSON: {exc}") from exc

    def _game(self, row: tuple | None) -> GameRecord | None:
        if row is None:
            return None
        *head, summary = row
        return GameRecord(*head, summary=self._summary(head[0], summary))

    def _summary(self, game_id: int, text: str | None) -> dict | None:
        """A finished game's stored summary; a damaged one is rebuilt from the game's last command (in
        memory: the log is not written to) and noted in :attr:`problems`, never raised."""
        if not text:
            return None
        try:
            value = json.loads(text)
            if isinstance(value, dict):
                return value
        except (ValueError, RecursionError):
            pass
        rebuilt = self._rebuilt_summary(game_id)
        note = (f"{self.path}: game {game_id}: its stored summary is unreadable; "
                + ("rebuilt from its last command" if rebuilt else "left out"))
        if note not in self.problems:
            self.problems.append(note)
        return rebuilt

    def _rebuilt_summary(self, game_id: int) -> dict | None:
        row = self.db.execute(
            "SELECT events FROM commands WHERE game_id=? AND undone_at IS NULL ORDER BY seq DESC LIMIT 1",
            (game_id,),
        ).fetchone()
        try:
            events = json.loads(row[0]) if row else []
            return summary_from_events(events) if isinstance(events, list) else None
        except (ValueError, RecursionError, AttributeError, TypeError):
            return None

    _GAME_COLUMNS = "id, game, status, created_at, updated_at, finished_at, summary"

    def latest_game(self) -> GameRecord | None:
        """The game to show on start: the newest one that was not abandoned."""
        return self._game(
            self.db.execute(
                f"SELECT {self._GAME_COLUMNS} FROM games WHERE status != 'abandoned' ORDER BY id DESC LIMIT 1"
            ).fetchone()
        )

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
        """The game's accepted commands that are not undone, in order: what replay folds."""
        cur = self.db.execute(
            "SELECT id, seq, command, events, created_at FROM commands "
            "WHERE game_id=? AND undone_at IS NULL ORDER BY seq",
            (game_id,),
        )
        for row in cur:
            yield self._stored(row)

    def all_commands(self, game_id: int) -> list[dict]:
        """Every command of a game, undone ones included, in the order they were written."""
        cur = self.db.execute(
            "SELECT id, seq, parent_id, command, events, created_at, undone_at FROM commands "
            "WHERE game_id=? ORDER BY id",
            (game_id,),
        )
        return [
            {
                "id": r[0], "seq": r[1], "parent_id": r[2], "command": json.loads(r[3]),
                "events": json.loads(r[4]), "created_at": r[5], "undone_at": r[6],
            }
            for r in cur
        ]

    def drawn_cards(self, before_game: int | None = None, games: int = 100) -> list[tuple[int, str, str]]:
        """``(game id, deck, card id)`` of the companion cards drawn (not undone) in the ``games`` most
        recent games before ``before_game`` (all games when None), for drawing the least heard first.
        A row that does not read as a card command is skipped: history must never stop a game."""
        rows = self.db.execute(
            "SELECT game_id, command FROM commands WHERE undone_at IS NULL AND command LIKE '%\"card\"%' "
            "AND game_id IN (SELECT id FROM games WHERE id < ? ORDER BY id DESC LIMIT ?) ORDER BY id",
            (before_game if before_game is not None else 2**62, games),
        )
        found = []
        for game_id, text in rows:
            try:
                command = json.loads(text)
            except json.JSONDecodeError:
                continue
            if not isinstance(command, dict) or command.get("cmd") != "card":
                continue
            deck, card = command.get("deck"), command.get("card")
            if isinstance(deck, str) and isinstance(card, str):
                found.append((game_id, deck, card))
        return found

    def dealt_words(self, before_game: int | None = None, games: int = 100) -> list[tuple[int, str, str]]:
        """``(game id, "code_word", word id)`` of the code words the companion dealt (not undone) in the
        ``games`` most recent games before ``before_game``, in the shape of :meth:`drawn_cards`, so that
        the words of the table's recent games are dealt last. Unreadable rows are skipped."""
        rows = self.db.execute(
            "SELECT game_id, command FROM commands WHERE undone_at IS NULL AND command LIKE '%\"deal\"%' "
            "AND game_id IN (SELECT id FROM games WHERE id < ? ORDER BY id DESC LIMIT ?) ORDER BY id",
            (before_game if before_game is not None else 2**62, games),
        )
        found = []
        for game_id, text in rows:
            try:
                deal = json.loads(text).get("deal")
            except (json.JSONDecodeError, AttributeError):
                continue
            if isinstance(deal, dict):
                found += [(game_id, "code_word", e["id"]) for e in deal.values()
                          if isinstance(e, dict) and isinstance(e.get("id"), str)]
        return found

    # --- player aliases: renames and merges of players across games (the games stay as played) --------

    def player_aliases(self) -> dict[str, tuple[str, str]]:
        """Every alias: the old name's matching key -> (the name it goes under now, when it was set)."""
        return {a: (n, t) for a, n, t in self.db.execute("SELECT alias, name, created_at FROM player_aliases")}

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

    def integrity_check(self) -> str:
        return self.db.execute("PRAGMA integrity_check").fetchone()[0]
