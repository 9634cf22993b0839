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


def summary_from_events(events: list[dict]) -> dict | None:
    """The summary of a finished game, from the events of its last command (a ``game_over`` event)."""
    for e in events:
        if e.get("type") == "game_over":
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


MIGRATIONS: list[Callable[[sqlite3.Connection], None] | str] = [_V1, _v2, _V3, _v4]
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
