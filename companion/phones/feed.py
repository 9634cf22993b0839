"""What the phone server reads and where it sends proposals: a thread-safe window on the game.

The server runs in its own thread; the game session belongs to its owner (the app's UI thread, the
headless driver). A :class:`Feed` hands the server immutable :class:`Snapshot` s (the rules' state is made
of frozen dataclasses, so sharing one between threads is safe) and wakes it when the game changes, with
no polling: the owner calls :meth:`SessionFeed.publish` after each command.

:class:`LogFeed` is for ``companion phones`` on its own: it follows a log that another process writes
(read-only) and writes a proposal only when no other process holds the log.
"""

from __future__ import annotations

import queue
import sqlite3
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping
from urllib.parse import quote

from companion.session import GameSession, refusal
from companion.store import GameLog, LogError


@dataclass(frozen=True)
class Snapshot:
    """The game as the phones see it at one moment."""

    game_id: int | None = None
    tokens: Mapping[str, str] = field(default_factory=dict)  # player -> the secret of their link
    state: Any = None
    rules: Any = None

    def player_view(self, name: str) -> dict[str, Any] | None:
        if self.rules is None or not hasattr(self.rules, "player_view"):
            return None
        return self.rules.player_view(self.state, name)


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

    def propose(self, player: str, word: str) -> dict[str, Any]:
        """Send ``player``'s typed proposal to the game's one writer; its answer (never decided here)."""
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

    def propose(self, player: str, word: str) -> dict[str, Any]:
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
        # What GameLog's reading methods may look at (kept in step with companion/store/log.py).
        self._lock = None
        self.readonly = True
        self.damaged = None
        self.problems: list[str] = []
        if not self.path.exists():
            raise LogError(f"cannot open the game log {self.path}: no such file")
        if not self.path.is_file():
            raise LogError(f"cannot open the game log {self.path}: not a file")
        try:
            uri = "file:" + quote(str(self.path.resolve())) + "?mode=ro"
            # Shared by the follower thread and the server's (under LogFeed's lock): not bound to one thread.
            self.db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            self.db.execute("SELECT count(*) FROM games").fetchone()
        except sqlite3.Error as exc:
            raise LogError(f"cannot read the game log {self.path}: {exc}") from exc

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
                 writer: Callable[[Path], GameSession] | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        self._reader = GameSession(ReadOnlyLog(self.path))
        self._writer = writer or (lambda p: GameSession(GameLog(p)))
        self._interval = interval
        self._stop = threading.Event()
        self._read_lock = threading.Lock()
        self._version = self._reader.log.data_version()
        self._publish(snapshot_of(self._reader))
        self._thread = threading.Thread(target=self._follow, name="phones-log-follower", daemon=True)
        self._thread.start()

    def _follow(self) -> None:
        while not self._stop.wait(self._interval):
            self.reload(only_if_changed=True)

    def reload(self, only_if_changed: bool = False) -> None:
        with self._read_lock:
            try:
                version = self._reader.log.data_version()
                if only_if_changed and version == self._version:
                    return
                self._version = version
                self._reader.resume()
            except (sqlite3.Error, LogError):
                return  # a log being rewritten: the next look will do
        self._publish(snapshot_of(self._reader))

    def propose(self, player: str, word: str) -> dict[str, Any]:
        try:
            session = self._writer(self.path)
        except LogError as exc:  # LogInUse: another process holds the log (docs/phones.md)
            return refusal("log_in_use", f"The game is played on another program: type the code word there ({exc}).")
        try:
            if session.game_id != self.snapshot().game_id:
                return refusal("game_changed", "A new game has started.")
            return session.handle({"cmd": "propose", "player": player, "word": word})
        finally:
            session.log.close()
            self.reload()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._reader.log.close()
