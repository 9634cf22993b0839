"""One writer per game log: an OS lock on the database file itself, held for the writer's whole life.

Why ``fcntl.flock`` and not SQLite's own locking: SQLite locks one transaction at a time, so two processes
can each hold the log "open for writing" and interleave their commands into one game (the second one's
in-memory state is then stale: keys went negative, commands went into an abandoned game). Holding
SQLite's exclusive lock for a process's life (``locking_mode=EXCLUSIVE``) would shut out the readers too
(history, export, the hardware check). A ``flock`` shuts out only other writers and is never stale (the
kernel drops it when the process ends, SIGKILL and power cuts included).

Why on the database file and not on a file beside it (issue 27, defect 4): a lock on ``<log>.lock`` was
bypassed three ways: the ``.lock`` file deleted while a game held it, the log reached through a symbolic
link in another folder (the lock went beside the link) and the log reached through a hard link (``cp -al``,
rsnapshot: two names, two lock files, one database; the second writer's whole game vanished). A flock
belongs to the file's inode, so every name of the file meets the same lock, and there is no lock file to
delete. It does not disturb SQLite: on Linux flock locks and the POSIX ``fcntl`` locks SQLite takes are
independent (not on NFS, where SQLite's WAL does not work either), and the lock lives on our own
descriptor, which SQLite never sees. One care: closing any descriptor of a file drops the process's POSIX
locks on it, SQLite's included, so the descriptor is opened before the writer's connection and closed only
after it (:meth:`GameLog.close` closes the connection first), and a second writer of the same process
shares it without opening the file again. (A reader of the same process still open when the writer lets
go loses its locks: it reads on, and only a writer ever deletes a WAL.)

The ``.lock`` file beside the (resolved) log now only describes the holder (pid, role, since, and the
inode it describes), so that a refused writer can say which process holds the log; it is replaced by
rename, never written through (a planted link or hard link there is never followed), and when it is
missing or describes another file the holder's pid is read from ``/proc/locks``.

A log replaced while a writer holds it (a file renamed over it) is a new inode the writer does not hold:
:meth:`WriterLock.check`, called before every write, refuses to write on (``ESTALE``) rather than write
into a file no name leads to any more.

The lock belongs to the process: a second :class:`WriterLock` on the same log in the same process shares
it (one program, one game session); another process is refused at once.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import secrets
import stat
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from companion.store.guard import LogError

MAX_HOLDER_BYTES = 4096  # what is read of a lock file's description of its holder (it may be planted)
PROC_LOCKS = Path("/proc/locks")


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


NOBODY = Holder(None, "", "")

ROLES = {
    "app": "the companion app",
    "headless": "companion play --headless",
    "text": "companion play",
    "history": "companion history",
    "writer": "a companion program",
}


def lock_path(db: Path) -> Path:
    return db.with_name(db.name + ".lock")


def resolve(db: Path) -> Path:
    """The file a log's name leads to, through every symbolic link; a link that leads nowhere is refused
    (SQLite would create the file it names, wherever that is)."""
    db = Path(db)
    if os.path.lexists(db) and not os.path.exists(db):
        raise LogError(f"cannot open the game log {db}: it is a symbolic link to {os.readlink(db)}, which "
                       "does not exist; nothing was created; name an existing file or a new name with --db")
    return db.resolve()


def _open_db_file(path: Path) -> int:
    """A descriptor of the log's own file, made empty (a new log, as SQLite makes one) when missing."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK
    for _ in range(3):
        try:
            fd = os.open(path, flags)
        except FileNotFoundError:
            try:
                fd = os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                continue  # another process made it meanwhile: open the one it made
        if stat.S_ISREG(os.fstat(fd).st_mode):
            return fd
        os.close(fd)
        raise OSError(errno.EINVAL, "it is not a regular file")
    raise OSError(errno.EAGAIN, "it keeps appearing and disappearing")


def _pids_holding(st: os.stat_result) -> set[int]:
    """Who holds a flock on this inode, as the kernel lists it (Linux); empty when it cannot tell."""
    dev = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    try:
        lines = PROC_LOCKS.read_text(errors="replace").splitlines()
    except OSError:
        return set()
    pids = set()
    for line in lines:
        fields = line.split()
        if "FLOCK" in fields and "->" not in fields:  # "->" marks a waiter, not a holder
            rest = fields[fields.index("FLOCK"):]
            if len(rest) >= 5 and rest[4] == dev and rest[3].isdigit():
                pids.add(int(rest[3]))
    return pids


def _described(description: Path, st: os.stat_result) -> Holder:
    """Who holds the lock, as its holder wrote it beside the log; whatever the file holds, never raises."""
    try:
        fd = os.open(description, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
        try:
            raw = os.pread(fd, MAX_HOLDER_BYTES, 0) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
        finally:
            os.close(fd)
        data = json.loads(raw.decode("utf-8"))
        if data.get("file") != [st.st_dev, st.st_ino]:
            return NOBODY  # left by a holder of another file (a hard link's, an earlier log's)
        pid, role, since = data.get("pid"), data.get("role"), data.get("since")
        return Holder(pid if isinstance(pid, int) and not isinstance(pid, bool) and pid > 0 else None,
                      role if role in ROLES else "", since if isinstance(since, str) and len(since) < 40 else "")
    except (OSError, ValueError, AttributeError, RecursionError):
        return NOBODY


def _holder(description: Path, st: os.stat_result) -> Holder:
    holder = _described(description, st)
    pids = _pids_holding(st)
    if pids and holder.pid not in pids:  # the description is stale: the kernel knows better
        return Holder(min(pids), "", "")
    return holder


def _describe(description: Path, st: os.stat_result, role: str) -> OSError | None:
    """Say who holds the lock, for a refused writer: written under a new name and renamed into place, so
    that a link planted at the ``.lock`` name is replaced, never written through. Returns what stopped the
    writing, if anything (a read-only card is the caller's to refuse)."""
    me = {"pid": os.getpid(), "role": role, "file": [st.st_dev, st.st_ino],
          "since": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    tmp = description.with_name(f".{description.name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        try:
            os.write(fd, json.dumps(me).encode() + b"\n")
        finally:
            os.close(fd)
        os.replace(tmp, description)
    except OSError as exc:  # a full disk: the lock holds all the same, only a refusal says less
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return exc
    return None


_held: dict[tuple[int, int], list] = {}  # (st_dev, st_ino) of a log's file -> [fd, users]
_guard = threading.Lock()


class WriterLock:
    """The exclusive right to write one game log, taken at once or refused with :class:`LogInUse`.

    ``db`` may be missing: its file is made (empty, as SQLite makes a new database) to be locked before
    SQLite opens it. :attr:`file` is the file locked, every symbolic link resolved: open that one."""

    def __init__(self, db: Path, role: str = "writer") -> None:
        self.db = Path(db)
        self.role = role if role in ROLES else "writer"
        self.file = resolve(self.db)
        self.path = lock_path(self.file)  # the holder's description
        self._key: tuple[int, int] | None = None
        self._key = self._take()

    def _share(self, key: tuple[int, int]) -> bool:
        """Count one more user of a lock this process holds already (one program, one game session)."""
        with _guard:
            if key not in _held:
                return False
            _held[key][1] += 1
            return True

    def _take(self) -> tuple[int, int]:
        try:  # held by this process already: shared without opening the file again (see release)
            st = os.stat(self.file)
            if self._share((st.st_dev, st.st_ino)):
                return (st.st_dev, st.st_ino)
        except OSError:
            pass
        try:
            fd = _open_db_file(self.file)
        except OSError as exc:  # a read-only folder, a planted device or folder: not a writer's doing
            raise LogError(f"cannot open the game log {self.db}: cannot take the writer's lock on {self.file}: "
                           f"{exc.strerror or exc}") from exc
        st = os.fstat(fd)
        key = (st.st_dev, st.st_ino)
        with _guard:
            if key in _held:  # the name was changed to a file this process holds meanwhile
                os.close(fd)
                _held[key][1] += 1
                return key
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _holder(self.path, st)
                os.close(fd)
                raise LogInUse(
                    f"the game log {self.db} is in use by {holder.describe()}: only one program may play on it "
                    "at a time; close that one first (history, export and the hardware check can read it "
                    "meanwhile)"
                ) from None
            except OSError as exc:
                os.close(fd)
                raise LogError(f"cannot open the game log {self.db}: cannot take the writer's lock on "
                               f"{self.file}: {exc.strerror or exc}") from exc
            _held[key] = [fd, 1]
        problem = _describe(self.path, st, self.role)
        if problem is not None and problem.errno == errno.EROFS:
            # The card went read-only (a failing SD card is remounted so): nothing can be written, and the
            # log must say so (companion.store.log.ReadOnlyLog) rather than fail at its first command.
            self._drop(key)
            raise LogError(f"cannot open the game log {self.db}: {problem.strerror}") from problem
        return key

    def retake(self) -> None:
        """Lock the file now at the log's name, then let the one held go: after the damaged file was set
        aside (renamed), the name leads to a new file that must be held before SQLite makes it a log."""
        old = self._key
        self._key = self._take()
        if old is not None and old != self._key:
            self._drop(old)

    def replaced(self) -> bool:
        """Whether the log's name no longer leads to the file held (it was renamed over or removed)."""
        if self._key is None:
            return False
        try:
            st = os.stat(self.file)
        except OSError:
            return True
        return (st.st_dev, st.st_ino) != self._key

    def check(self) -> None:
        """Raise ``OSError(ESTALE)`` when :meth:`replaced`: what would be written now would go to a file no
        name leads to."""
        if self.replaced():
            raise OSError(errno.ESTALE, f"the game log {self.db} was replaced or removed while this program "
                                        "wrote to it; nothing more is written to it: start the companion again")

    def release(self) -> None:
        """Let another writer in (the kernel does it too when the process ends)."""
        if self._key is not None:
            self._drop(self._key)
            self._key = None

    @staticmethod
    def _drop(key: tuple[int, int]) -> None:
        with _guard:
            entry = _held[key]
            entry[1] -= 1
            if entry[1] == 0:
                del _held[key]
                os.close(entry[0])  # closing the only descriptor drops the flock
