"""What the phone server reads and where it sends proposals: a thread-safe window on the game.

The server runs in its own thread; the game session belongs to its owner (the app's UI thread, the
headless driver). A :class:`Feed` hands the server immutable :class:`Snapshot` s (the rules' state is made
of frozen dataclasses, so sharing one between threads is safe) and wakes it when the game changes, with
no polling: the owner calls :meth:`SessionFeed.publish` after each command.

:class:`LogFeed` is for ``companion phones`` on its own: it follows a log that another process writes
(read-only) and writes a proposal only when no other process holds the log. It notices a log file
replaced under it (another file renamed over the path: its device and inode change) and stops serving the
old game's links; a row it cannot read is reported, never the end of the following: the pages keep the
last state read whole, say that the log is damaged, and follow again once the row reads.
"""

from __future__ import annotations

import os
import queue
import sqlite3
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping
from urllib.parse import quote

from companion.phones.report import Reporter
from companion.session import GameSession, refusal
from companion.store import GameLog, LogError, LogInUse


def file_identity(path: str | Path) -> tuple[int, int] | None:
    """(device, inode) of the file at ``path`` now; None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


@dataclass(frozen=True)
class Snapshot:
    """The game as the phones see it at one moment."""

    game_id: int | None = None
    tokens: Mapping[str, str] = field(default_factory=dict)  # player -> the secret of their link
    state: Any = None
    rules: Any = None
    source: Any = None  # LogFeed: (device, inode) of the log file it was read from
    line: int = 0  # LogFeed: how many active commands the state folds (a damaged row stops the reading short)
    damaged: bool = False  # LogFeed: the log does not read whole now; the state is the last one read whole

    def player_view(self, name: str) -> dict[str, Any] | None:
        if self.rules is None or not hasattr(self.rules, "player_view"):
            return None
        view = self.rules.player_view(self.state, name)
        if self.damaged and view is not None:  # the page says so (and proposals wait for the table)
            view = {**view, "log_damaged": True}
        return view


class Feed:
    """A published snapshot and the listeners to wake when it changes."""

    def __init__(self) -> None:
        self._snapshot = Snapshot()
        self._listeners: list[Callable[[], None]] = []
        self._guard = threading.Lock()

    def snapshot(self) -> Snapshot:
        return self._snapshot  # one reference read: atomic

    def subscribe(self, listener: Callable[[], None]) -> None:
        with self._guard:
            self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        with self._guard:
            if listener in self._listeners:
                self._listeners.remove(listener)

    def _publish(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        with self._guard:
            listeners = list(self._listeners)
        for listener in listeners:
            listener()

    def propose(self, player: str, word: str, token: str | None = None) -> dict[str, Any]:
        """Send ``player``'s typed proposal to the game's one writer; its answer (never decided here).
        ``token``: the secret of the link it came by, checked again against the game it would be written to."""
        raise NotImplementedError


def snapshot_of(session: GameSession) -> Snapshot:
    return Snapshot(session.game_id, session.phone_tokens(), session.state, session.rules)


class SessionFeed(Feed):
    """The feed of a session in this process, owned by one thread (the app's UI thread).

    The owner calls :meth:`publish` after each command the session handled. ``submit`` runs a command on the
    owner's thread, waits for its answer and returns it (SQLite objects, like Kivy widgets, belong to the
    thread that made them): the app passes one that schedules ``controller.send`` on the UI thread.
    """

    def __init__(self, session: GameSession, submit: Callable[[dict], dict]) -> None:
        super().__init__()
        self.session = session
        self._submit = submit
        self.publish()

    def publish(self) -> None:
        """Call after each command the session handled (from the owner's thread)."""
        self._publish(snapshot_of(self.session))

    def propose(self, player: str, word: str, token: str | None = None) -> dict[str, Any]:
        if token is not None and self.snapshot().tokens.get(player) != token:
            return refusal("game_changed", "A new game has started.")
        return self._submit({"cmd": "propose", "player": player, "word": word})


class OwnedSessionFeed(SessionFeed):
    """A session owned by a thread of its own: every command, from the table (:meth:`handle`) or from a
    phone, runs there in turn. For the headless driver, the tests and the benchmark."""

    def __init__(self, path: str | Path, words: Any = None) -> None:
        self._jobs: queue.Queue = queue.Queue()
        self._thread = threading.Thread(target=self._work, name="phones-session", daemon=True)
        self._thread.start()
        session = self._call(lambda: GameSession(GameLog(path), words=words))
        super().__init__(session, self.handle)

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            fn, done = job
            try:
                done.set_result(fn())
            except BaseException as exc:
                done.set_exception(exc)

    def _call(self, fn: Callable[[], Any]) -> Any:
        done: Future = Future()
        self._jobs.put((fn, done))
        return done.result()

    def handle(self, command: Mapping[str, Any]) -> dict[str, Any]:
        """The session's answer to ``command``, run on the owning thread, then published."""

        def run() -> dict[str, Any]:
            answer = self.session.handle(command)
            self.publish()
            return answer

        return self._call(run)

    def close(self) -> None:
        self._call(self.session.log.close)
        self._jobs.put(None)
        self._thread.join(timeout=5)


class ReadOnlyLog(GameLog):
    """A game log opened for reading only: no migration, no lock, no write ever (SQLite ``mode=ro``)."""

    def __init__(self, path: str | Path) -> None:  # noqa: super().__init__ would open it for writing
        self.path = Path(path)
        # What GameLog's reading methods may look at (kept in step with companion/store/log.py, reading.py).
        self._lock = None
        self.readonly = True
        self.damaged = None
        self.problems: list[str] = []
        if not self.path.exists():
            raise LogError(f"cannot open the game log {self.path}: no such file")
        if not self.path.is_file():
            raise LogError(f"cannot open the game log {self.path}: not a file")
        before = file_identity(self.path)
        try:
            uri = "file:" + quote(str(self.path.resolve())) + "?mode=ro"
            # Shared by the follower thread and the server's (under LogFeed's lock): not bound to one thread.
            self.db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            self.db.execute("SELECT count(*) FROM games").fetchone()
        except sqlite3.Error as exc:
            raise LogError(f"cannot read the game log {self.path}: {exc}") from exc
        # The file this connection reads (SQLite does not say which): the same before and after opening, or
        # it was being replaced: then None, and the follower's next look opens the new one.
        self.identity = before if file_identity(self.path) == before else None

    def close(self) -> None:
        self.db.close()

    def data_version(self) -> int:
        """Changes whenever another connection commits to the log."""
        return self.db.execute("PRAGMA data_version").fetchone()[0]


class LogFeed(Feed):
    """Follows the current game of a log that another process may be writing (``companion phones``).

    The log is read through a read-only connection, checked every ``interval`` seconds (one
    ``PRAGMA data_version``, a few microseconds: no other way to hear of another process's commit
    without a helper thread of the writer's). A proposal is written only when this process can be
    the writer: while another one holds the log (the app, ``companion play``), it is refused, naming it.
    """

    def __init__(self, path: str | Path, interval: float = 0.5,
                 writer: Callable[[Path], GameSession] | None = None, report: Reporter | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        self.reporter = report or Reporter()
        log = ReadOnlyLog(self.path)
        try:
            self._reader = GameSession(log)
        except LogError:
            log.close()
            raise
        except Exception as exc:  # noqa: BLE001 - a damaged row (RecursionError, UnicodeDecodeError...)
            log.close()
            raise LogError(f"{self.path}: the current game cannot be read: {type(exc).__name__}: {exc}"[:400]) from exc
        self._writer = writer or (lambda p: GameSession(GameLog(p)))
        self._interval = interval
        self._stop = threading.Event()
        self._read_lock = threading.Lock()
        self._version = self._reader.log.data_version()
        self._publish(self._snapshot_now())
        if self.snapshot().tokens:  # it will serve: said (a log it cannot serve is one line, the caller's)
            self._say_damage()
        self._thread = threading.Thread(target=self._follow, name="phones-log-follower", daemon=True)
        self._thread.start()

    def _snapshot_now(self) -> Snapshot:
        snap = snapshot_of(self._reader)
        return Snapshot(snap.game_id, snap.tokens, snap.state, snap.rules, self._reader.log.identity,
                        line=len(self._reader.commands), damaged=self._reader.damage is not None)

    def _say_damage(self) -> None:
        damaged = self._reader.damage_text()  # resumed before a damaged row: said, never fatal
        if damaged:
            self.reporter.report("damaged", f"a damaged row while serving: {damaged}; the pages show the last "
                                 "state read whole and say that the log is damaged"[:400])

    def _next_snapshot(self) -> Snapshot:
        """What the pages are sent after a look at the log. A damaged row stops the reading short of what
        was read before (the session resumes before it): the pages keep the state they had, marked
        damaged, rather than going back in the game (a clue taken from a phone), until the row reads
        again. A game read past the last one published, or another game, is sent as read."""
        now, last = self._snapshot_now(), self.snapshot()
        if (now.damaged and last.state is not None and self._reader.damage.get("game_id") == last.game_id
                and now.source == last.source and now.line < last.line):
            return replace(last, damaged=True)
        return now

    def _follow(self) -> None:
        while not self._stop.wait(self._interval):
            try:
                self.reload(only_if_changed=True)
            except Exception as exc:  # noqa: BLE001 - the follower never dies: the pages would go stale
                self.reporter.report("follow", f"{self.path}: following the log: {type(exc).__name__}: {exc}"[:300])

    def reload(self, only_if_changed: bool = False) -> None:
        with self._read_lock:
            if file_identity(self.path) != self._reader.log.identity:
                self._replaced()
                return
            try:
                version = self._reader.log.data_version()
                if only_if_changed and version == self._version:
                    return
                self._version = version
                self._reader.resume()
                self._say_damage()
                snapshot = self._next_snapshot()
            except sqlite3.Error:
                return  # a log being rewritten: the next look will do
            except Exception as exc:  # noqa: BLE001 - a damaged row: the pages keep the last state read
                self.reporter.report("damaged", f"{self.path}: the current game cannot be read past a damaged "
                                     f"row ({type(exc).__name__}: {exc}); the pages show what was read before"[:400])
                last = self.snapshot()
                if last.state is not None and not last.damaged:
                    self._publish(replace(last, damaged=True))
                return
        self._publish(snapshot)

    def _replaced(self) -> None:
        """The path is another file now (or none): the old game's links end; the new file's current
        game, if it is a log, is served from now on (under its own links)."""
        self.reporter.report("replaced", f"{self.path} was replaced or removed: the links of the game it held "
                             "no longer work")
        self._publish(Snapshot())  # no secrets: every old link is a 404, every live page hears 'gone'
        try:
            log = ReadOnlyLog(self.path)
        except LogError as exc:
            self.reporter.report("reopen", f"{exc}; looking again")
            return
        try:
            reader = GameSession(log)
            version = log.data_version()
        except Exception as exc:  # noqa: BLE001 - a damaged new file: said, looked at again (old reader kept)
            log.close()
            self.reporter.report("reopen", f"{self.path}: the new file cannot be read: "
                                           f"{type(exc).__name__}: {exc}"[:300])
            return
        self._reader.log.close()
        self._reader, self._version = reader, version
        self._publish(self._snapshot_now())
        self._say_damage()

    def propose(self, player: str, word: str, token: str | None = None) -> dict[str, Any]:
        expected = self.snapshot()
        if expected.damaged:  # opening the log to write would take the unreadable rows out of the game's line
            return refusal("log_damaged", "The game log does not read whole now: the proposal waits for the "
                                          "table (its program says what is damaged).")
        try:
            session = self._writer(self.path)
        except LogInUse as exc:  # another process holds the log (docs/phones.md)
            return refusal("log_in_use", f"The game is played on another program: type the code word there ({exc}).")
        except Exception as exc:  # noqa: BLE001 - a damaged or replaced log: refused, said to the operator
            return refusal("log_unreadable", f"The log cannot be written: {type(exc).__name__}: {exc}"[:300])
        try:
            # The game the link was for, in the file it was read from: same secrets, same file. A log
            # renamed over the path has a game 1 too, with other secrets.
            if (session.game_id != expected.game_id or session.phone_tokens() != dict(expected.tokens)
                    or (token is not None and expected.tokens.get(player) != token)
                    or file_identity(self.path) != expected.source):
                return refusal("game_changed", "A new game has started, or the log file was replaced.")
            if session.damage is not None:  # damaged since the follower's last look: said, nothing played
                return refusal("log_damaged", f"The game log does not read whole: {session.damage_text()}"[:300])
            return session.handle({"cmd": "propose", "player": player, "word": word})
        finally:
            session.log.close()
            self.reload()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._reader.log.close()
