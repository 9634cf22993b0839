"""Schema versions of the game log. A log written by any older version is brought up to date on open.

Each migration moves ``PRAGMA user_version`` from N-1 to N inside one transaction. Never edit a
released migration: add the next one.
"""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from typing import Callable

_V1 = """
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    game        TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('in_progress', 'finished', 'abandoned')),
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE TABLE commands (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games(id),
    seq         INTEGER NOT NULL,             -- position in the game's active line, 1 = the 'new' command
    parent_id   INTEGER REFERENCES commands(id), -- the command it followed: undone branches stay as a tree
    command     TEXT NOT NULL,                -- the command as recorded (JSON)
    events      TEXT NOT NULL,                -- the events it produced (JSON list)
    created_at  TEXT NOT NULL,
    undone_at   TEXT                          -- set by undo, the row is kept
);
CREATE UNIQUE INDEX commands_active_seq ON commands (game_id, seq) WHERE undone_at IS NULL;
CREATE INDEX games_status ON games (status, id);
"""


def _v2(db: sqlite3.Connection) -> None:
    """Finished games get their finish time and a summary (scores, winners) for the history screen."""
    db.execute("ALTER TABLE games ADD COLUMN finished_at TEXT")
    db.execute("ALTER TABLE games ADD COLUMN summary TEXT")
    rows = db.execute(
        "SELECT g.id, c.events, c.created_at FROM games g JOIN commands c ON c.game_id = g.id "
        "WHERE g.status = 'finished' AND c.undone_at IS NULL "
        "AND c.seq = (SELECT MAX(seq) FROM commands WHERE game_id = g.id AND undone_at IS NULL)"
    ).fetchall()
    for game_id, events_json, created_at in rows:
        summary = summary_from_events(json.loads(events_json))
        db.execute(
            "UPDATE games SET finished_at = ?, summary = ? WHERE id = ?",
            (created_at, json.dumps(summary) if summary else None, game_id),
        )


def is_game_over(event: dict) -> bool:
    """Whether ``event`` ends its game: type ``game_over``, or ``<game>.game_over`` for a game that
    prefixes its event types (docs/games/README.md). It holds ``winners`` and ``scores``."""
    kind = event.get("type")
    return isinstance(kind, str) and (kind == "game_over" or kind.endswith(".game_over"))


def summary_from_events(events: list[dict]) -> dict | None:
    """The summary of a finished game, from the events of its last command: its game-over event's
    winners and scores (every game ends with one, :func:`is_game_over`). What a game adds to its summary
    comes from its rules (``summary(state)``, companion/session.py); this is the part common to all."""
    for e in events:
        if is_game_over(e):
            return {"winners": list(e.get("winners", [])), "scores": dict(e.get("scores", {}))}
    return None


# Player names are matched across games; a rename that merges one player's history into another's is
# an alias (the old name's matching key -> the name it now goes under). The game log itself stays as
# it was played: append-only, never rewritten.
_V3 = """
CREATE TABLE player_aliases (
    alias       TEXT PRIMARY KEY,             -- companion.history.names.name_key of the old name
    name        TEXT NOT NULL,                -- the name its games now count under
    created_at  TEXT NOT NULL
);
"""



def _key_v4(key: str) -> str:
    """A v3 alias key as names are matched from v4 on: punctuation (hyphens, apostrophes, dots) counts
    as a space. Frozen here as it was: companion.history.names.name_key may change with a later migration."""
    words = "".join(c for c in key if not unicodedata.category(c).startswith("P"))
    return words or key


def _v4(db: sqlite3.Connection) -> None:
    """Alias keys follow the v4 matching ('jean-baptiste' -> 'jeanbaptiste'). Two aliases that now meet
    keep the latest one set, as the rename the family made last."""
    rows = db.execute("SELECT alias, name, created_at FROM player_aliases ORDER BY created_at, alias").fetchall()
    db.execute("DELETE FROM player_aliases")
    latest: dict[str, tuple[str, str]] = {}
    for alias, name, created_at in rows:
        latest[_key_v4(alias)] = (name, created_at)
    db.executemany("INSERT INTO player_aliases (alias, name, created_at) VALUES (?, ?, ?)",
                   [(alias, name, at) for alias, (name, at) in latest.items()])


def _v5(db: sqlite3.Connection) -> None:
    """A game that cannot be replayed is kept aside as ``damaged`` (its rows as they are); a row found
    unreadable in a game's line is taken out of it (``damaged_at``, with ``undone_at`` so that the game
    goes on from the command before it) and never redone; redo finds its command through an index.

    SQLite cannot alter a CHECK constraint: the games table's is widened in the schema text, the way
    SQLite documents for changes that leave the stored rows as they are (lang_altertable.html, "making
    other kinds of table schema changes"); a schema without the constraint is left without it."""
    sql = db.execute("SELECT sql FROM sqlite_master WHERE type='table' AND name='games'").fetchone()[0]
    old = "CHECK (status IN ('in_progress', 'finished', 'abandoned'))"
    if old in sql:
        version = db.execute("PRAGMA schema_version").fetchone()[0]
        db.execute("PRAGMA writable_schema=ON")
        try:
            db.execute("UPDATE sqlite_master SET sql=? WHERE type='table' AND name='games'",
                       (sql.replace(old, "CHECK (status IN ('in_progress', 'finished', 'abandoned', 'damaged'))"),))
            db.execute(f"PRAGMA schema_version={version + 1}")
        except sqlite3.Error:  # an SQLite built defensive refuses it: a damaged game is then kept aside in
            pass               # memory only (companion.session), the log opens all the same
        finally:
            db.execute("PRAGMA writable_schema=OFF")
    if "damaged_at" not in {r[1] for r in db.execute("PRAGMA table_info(commands)")}:
        db.execute("ALTER TABLE commands ADD COLUMN damaged_at TEXT")
    db.execute("CREATE INDEX IF NOT EXISTS commands_undone_child ON commands (parent_id) WHERE undone_at IS NOT NULL")


MIGRATIONS: list[Callable[[sqlite3.Connection], None] | str] = [_V1, _v2, _V3, _v4, _v5]
LATEST = len(MIGRATIONS)


def migrate(db: sqlite3.Connection, target: int = LATEST) -> int:
    """Bring the schema to ``target``; returns the version found before. Refuses a newer log."""
    found = db.execute("PRAGMA user_version").fetchone()[0]
    if found > LATEST:
        raise RuntimeError(
            f"this game log has schema version {found}, newer than this companion understands ({LATEST}); "
            "update the companion"
        )
    for version in range(found + 1, target + 1):
        step = MIGRATIONS[version - 1]
        db.execute("BEGIN IMMEDIATE")
        try:
            if isinstance(step, str):
                for statement in step.split(";"):
                    if statement.strip():
                        db.execute(statement)
            else:
                step(db)
            db.execute(f"PRAGMA user_version = {version}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
    return found
