"""A game log in memory standing in for one that cannot be written (a read-only card, a log of a newer
companion): a copy of the file's games, so that the evening goes on with nothing saved (issue 27)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from companion.store.guard import LogError, NewerLog, connect_readonly, inspect
from companion.store.migrations import migrate
from companion.store.reading import LogReading
from companion.store.rows import COMMAND_COLUMNS

if TYPE_CHECKING:
    from companion.store.log import GameLog


def copy_in_memory(cls: "type[GameLog]", path: str | Path) -> "GameLog":
    """A log in memory holding a copy of the log at ``path`` (read-only): for playing where nothing
    can or may be saved (a read-only card, a log of a newer companion), with the game in progress and
    the history there. ``unsaved`` is True; ``path`` names the log copied. A newer log's copy is kept
    in its own schema when the session's statements work on it; else the log in memory starts empty."""
    log = cls(":memory:")
    source = None
    try:
        try:
            kind = inspect(Path(path))
        except NewerLog:
            kind, log.newer = "ours", True
        if kind != "new":
            source = connect_readonly(Path(path))
            source.backup(log.db)
            if log.newer:
                try_writing(log.db)
            else:
                migrate(log.db)
    except (LogError, sqlite3.Error, OSError, RuntimeError):
        log.db.close()
        log = cls(":memory:")  # what cannot be copied is still read by history from the file
    finally:
        if source is not None:
            source.close()
    log.path, log.unsaved = Path(path), True
    return log


def try_writing(db: sqlite3.Connection) -> None:
    """The session's reads and writes once on this log, taken back: raises sqlite3.Error when a newer
    schema does not take them."""
    db.execute("SAVEPOINT probe")
    try:
        game_id = db.execute("INSERT INTO games (game, status, created_at, updated_at) "
                             "VALUES ('probe', 'in_progress', 'x', 'x')").lastrowid
        db.execute("INSERT INTO commands (game_id, seq, parent_id, command, events, created_at) "
                   "VALUES (?, 1, NULL, '{}', '[]', 'x')", (game_id,))
        db.execute(LogReading._REDOABLE, (game_id,)).fetchone()
        db.execute(f"SELECT {LogReading._GAME_COLUMNS} FROM games LIMIT 1").fetchone()
        db.execute(f"SELECT {COMMAND_COLUMNS}, damaged_at FROM commands LIMIT 1").fetchone()
    finally:
        db.execute("ROLLBACK TO probe")
        db.execute("RELEASE probe")
