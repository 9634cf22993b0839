"""Which files the companion writes its games into: its own game logs only, and never a damaged one.

A game log is marked with SQLite's ``PRAGMA application_id`` = :data:`APPLICATION_ID` (the bytes "FBcp",
for Fort Boyard companion). Before a file is opened for writing it is looked at read-only:

- missing or empty: a new log is made there;
- marked with our id: ours;
- not marked, but holding the companion's tables with a schema version this companion knows (a log of an
  earlier version, or an empty database a crash left before its first migration): adopted, and marked;
- any other database: refused (:class:`ForeignLog`), and left byte for byte as it was;
- not a database, or a database that fails SQLite's ``quick_check``: damaged (:class:`DamagedLog`). It
  is never written to nor deleted; the app sets it aside under a new name (:func:`set_aside`) and starts
  a new log in its place.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import quote

from companion.store.migrations import LATEST

APPLICATION_ID = int.from_bytes(b"FBcp", "big")  # 0x46426370
OWN_TABLES = frozenset({"games", "commands", "player_aliases"})
REQUIRED_TABLES = frozenset({"games", "commands"})
_SQLITE_MAGIC = b"SQLite format 3\x00"
_DAMAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


class LogError(Exception):
    """The game log cannot be opened or read; the message names the file and what is wrong."""


class ForeignLog(LogError):
    """The file is a database of something else: the companion does not write into it."""


class DamagedLog(LogError):
    """The file was a game log but is damaged: never written to, never deleted."""


def readonly_uri(path: Path) -> str:
    return "file:" + quote(str(Path(path).absolute())) + "?mode=ro"


def inspect(path: Path, check: bool = True) -> str:
    """``"new"``, ``"ours"`` or ``"adopt"``; raises :class:`ForeignLog`, :class:`DamagedLog` or
    :class:`LogError`. Reads only: the file is never changed by looking. ``check``: run SQLite's
    ``quick_check`` on a log that is (or may be) ours."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return "new"
    except OSError as exc:
        raise LogError(f"cannot open the game log {path}: {exc.strerror or exc}") from exc
    if not stat.S_ISREG(st.st_mode):
        raise LogError(f"cannot open the game log {path}: it is not a regular file; name a file with --db")
    if st.st_size == 0:
        return "new"
    try:
        with open(path, "rb") as f:
            header = f.read(100)
    except OSError as exc:
        raise LogError(f"cannot read the game log {path}: {exc.strerror or exc}") from exc
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise DamagedLog(f"cannot open the game log {path}: it is not an SQLite database (damaged, or another kind of file)")
    try:
        db = sqlite3.connect(readonly_uri(path), uri=True, timeout=5.0)
        try:
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            ours = app_id == APPLICATION_ID or (app_id == 0 and tables <= OWN_TABLES)
            verdict = db.execute("PRAGMA quick_check").fetchone()[0] if ours and check else "ok"
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorcode", None) in _DAMAGE_CODES:
            raise DamagedLog(f"cannot open the game log {path}: it is damaged ({exc})") from exc
        raise LogError(f"cannot open the game log {path}: {exc}") from exc
    if verdict != "ok":
        raise DamagedLog(f"cannot open the game log {path}: it is damaged ({verdict})")
    if version > LATEST and app_id in (0, APPLICATION_ID):
        raise LogError(
            f"cannot open the game log {path}: this game log has schema version {version}, newer than this "
            f"companion understands ({LATEST}); update the companion"
        )
    if app_id == APPLICATION_ID:
        return "ours"
    if app_id == 0 and not tables and version == 0:
        return "adopt"  # an empty database: what a crash before the first migration leaves
    if app_id == 0 and REQUIRED_TABLES <= tables <= OWN_TABLES and version >= 1:
        return "adopt"
    what = f"application id {app_id:#x}" if app_id else "tables " + ", ".join(sorted(tables)[:8])
    raise ForeignLog(
        f"cannot open the game log {path}: it is not a game log of the Fort Boyard companion ({what}); it is "
        "left as it is; "
        "name another file with --db"
    )


def set_aside(path: Path, now: datetime | None = None) -> Path:
    """Rename a damaged log (and its WAL files) out of the way, kept whole; returns its new name.

    The WAL files go first: a new log must never find a stale ``-wal`` that belongs to the damaged one."""
    stamp = (now or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%SZ")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while any(Path(str(aside) + s).exists() for s in ("", "-wal", "-shm")):
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    for suffix in ("-wal", "-shm"):
        side = Path(str(path) + suffix)
        if side.exists():
            os.rename(side, str(aside) + suffix)
    os.rename(path, aside)
    return aside
