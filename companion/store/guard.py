"""Which files the companion writes its games into: its own game logs only, and never a damaged one.

A game log is marked with SQLite's ``PRAGMA application_id`` = :data:`APPLICATION_ID` (the bytes "FBcp",
the companion's first name, kept: every log already carries it). Before a file is opened for writing it is looked at read-only:

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

import errno
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


class NewerLog(LogError):
    """A game log of a newer schema than this companion's (after a downgrade): read, never written."""


class ReadOnlyLog(LogError):
    """The game log's folder or file cannot be written (a read-only card, a read-only mount)."""


_READ_ONLY_ERRNOS = {errno.EROFS, errno.EACCES, errno.EPERM}


def read_only(path: Path) -> bool:
    """Whether the system says the log at ``path`` cannot be written: its file system mounted read-only,
    or the file or its folder not writable for this process. A log or folder not made yet is judged by
    the nearest folder that exists."""
    folder = Path(path).absolute().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return True
    except OSError:
        return False
    if not os.access(folder, os.W_OK):
        return True
    return os.path.exists(path) and not os.access(path, os.W_OK)


def read_only_error(exc: BaseException) -> bool:
    """Whether an OSError or SQLite error says the file cannot be written (EROFS, EACCES...)."""
    if isinstance(exc, OSError):
        return exc.errno in _READ_ONLY_ERRNOS
    return isinstance(exc, sqlite3.OperationalError) and getattr(exc, "sqlite_errorcode", None) == 8  # READONLY


def readonly_uri(path: Path, immutable: bool = False) -> str:
    return "file:" + quote(str(Path(path).absolute())) + "?mode=ro" + ("&immutable=1" if immutable else "")


def connect_readonly(path: Path, timeout: float = 10.0) -> sqlite3.Connection:
    """A read-only connection. On a read-only card a WAL log cannot be read the usual way (SQLite must
    create its ``-shm`` beside it): it is then opened as immutable, which nothing can change meanwhile."""
    db = sqlite3.connect(readonly_uri(path), uri=True, isolation_level=None, timeout=timeout)
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return db
    except sqlite3.OperationalError as exc:
        db.close()
        if getattr(exc, "sqlite_errorcode", None) != 14 or not read_only(path):  # SQLITE_CANTOPEN
            raise
    return sqlite3.connect(readonly_uri(path, immutable=True), uri=True, isolation_level=None, timeout=timeout)


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
        db = connect_readonly(path, timeout=5.0)
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
        raise NewerLog(
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
        f"cannot open the game log {path}: it is not a game log of the tabletop companion ({what}); it is "
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
