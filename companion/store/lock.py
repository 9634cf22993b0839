"""One writer per game log: an OS lock on a file beside the database, held for the writer's whole life.

Why a lock file with ``fcntl.flock`` and not SQLite's own locking: SQLite locks one transaction at a time,
so two processes can each hold the log "open for writing" and interleave their commands into one game
(the second one's in-memory state is then stale: keys went negative, commands went into an abandoned
game). Holding SQLite's exclusive lock for a process's life (``locking_mode=EXCLUSIVE``) would shut out
the readers too (history, export, the hardware check). A ``flock`` on ``<log>.lock`` shuts out only other
writers, is never stale (the kernel drops it when the process ends, SIGKILL and power cuts included),
and the holder writes who it is into the file, so that a refused writer can say which process holds it.

The lock belongs to the process: a second :class:`WriterLock` on the same log in the same process shares
it (one program, one game session); another process is refused at once.
"""

from __future__ import annotations

import fcntl
import json
import os
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from companion.store.guard import LogError

MAX_HOLDER_BYTES = 4096  # what is read of a lock file's description of its holder (it may be planted)


class LogInUse(LogError):
    """Another process writes to this game log; the message names it."""


@dataclass(frozen=True)
class Holder:
    pid: int | None
    role: str
    since: str

    def describe(self) -> str:
        what = f"process {self.pid}" if self.pid else "another process"
        role = f" ({ROLES.get(self.role, 'a companion program')})" if self.role else ""
        since = f", since {self.since}" if self.since else ""
        return what + role + since


ROLES = {
    "app": "the companion app",
    "headless": "companion play --headless",
    "text": "companion play",
    "history": "companion history",
    "writer": "a companion program",
}


def lock_path(db: Path) -> Path:
    return db.with_name(db.name + ".lock")


def _read_holder(fd: int) -> Holder:
    """Who holds the lock, as its holder wrote it; whatever the file holds, never raises."""
    try:
        raw = os.pread(fd, MAX_HOLDER_BYTES, 0)
        data = json.loads(raw.decode("utf-8"))
        pid = data.get("pid")
        role = data.get("role")
        since = data.get("since")
        return Holder(pid if isinstance(pid, int) and not isinstance(pid, bool) and pid > 0 else None,
                      role if role in ROLES else "", since if isinstance(since, str) and len(since) < 40 else "")
    except (OSError, ValueError, AttributeError, RecursionError):
        return Holder(None, "", "")


_held: dict[tuple[int, int], list] = {}  # (st_dev, st_ino) of a lock file -> [fd, users]
_guard = threading.Lock()


class WriterLock:
    """The exclusive right to write one game log, taken at once or refused with :class:`LogInUse`."""

    def __init__(self, db: Path, role: str = "writer") -> None:
        self.path = lock_path(db)
        self._key: tuple[int, int] | None = None
        flags = os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
        try:
            try:
                fd = os.open(self.path, os.O_RDWR | flags, 0o644)
            except PermissionError:  # left by another user (root ran a game here): locks all the same
                fd = os.open(self.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError as exc:  # a planted link (O_NOFOLLOW), a read-only folder: not a writer's doing
            raise LogError(f"cannot open the game log {db}: cannot take the writer's lock {self.path}: "
                           f"{exc.strerror or exc}") from exc
        st = os.fstat(fd)
        key = (st.st_dev, st.st_ino)
        with _guard:
            if key in _held:  # this process already writes to this log
                os.close(fd)
                _held[key][1] += 1
                self._key = key
                return
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _read_holder(fd)
                os.close(fd)
                raise LogInUse(
                    f"the game log {db} is in use by {holder.describe()}: only one program may play on it at "
                    "a time; close that one first (history, export and the hardware check can read it meanwhile)"
                ) from None
            except OSError as exc:
                os.close(fd)
                raise LogError(f"cannot open the game log {db}: cannot take the writer's lock {self.path}: "
                               f"{exc.strerror or exc}") from exc
            me = {"pid": os.getpid(), "role": role if role in ROLES else "writer",
                  "since": datetime.now(timezone.utc).isoformat(timespec="seconds")}
            try:
                os.ftruncate(fd, 0)
                os.pwrite(fd, json.dumps(me).encode() + b"\n", 0)
            except OSError:
                pass  # a full disk: the lock holds all the same, only the refusal says less
            _held[key] = [fd, 1]
            self._key = key

    def release(self) -> None:
        """Let another writer in (the kernel does it too when the process ends)."""
        with _guard:
            if self._key is None:
                return
            entry = _held[self._key]
            entry[1] -= 1
            if entry[1] == 0:
                del _held[self._key]
                os.close(entry[0])  # closing the only descriptor drops the flock
            self._key = None
