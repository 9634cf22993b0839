"""What every kind of buzzer has in common: seats, debounced presses and releases, listeners."""

from __future__ import annotations

import threading
import time
from typing import Callable

from companion.devices.buzzers.debounce import Change, Debouncer

# seat (0-based, the players' clockwise order), time of the change (seconds on the monotonic clock), pressed
Sink = Callable[[int, float, bool], None]


class BuzzerSource:
    """Buzzers of one kind, one per seat, that report clean changes to whoever subscribed.

    Subclasses call :meth:`_edge` with each raw edge and the time it happened. Listeners are called on
    the thread that saw the edge, outside any lock of this object.
    """

    def __init__(self, seats: int, debounce_s: float, *, clock: Callable[[], float] = time.monotonic,
                 held: tuple[bool, ...] = ()) -> None:
        self._clock = clock
        self._debouncers = [Debouncer(debounce_s, pressed=bool(held[i]) if i < len(held) else False)
                            for i in range(seats)]
        self._sinks: list[Sink] = []
        self._lock = threading.Lock()
        self._timers: dict[int, threading.Timer] = {}
        self.closed = False

    @property
    def seats(self) -> int:
        return len(self._debouncers)

    def now(self) -> float:
        """The current time on the clock the presses are stamped with."""
        return self._clock()

    def subscribe(self, sink: Sink) -> Callable[[], None]:
        """Call ``sink`` with every clean change from now on; returns the function that stops it."""
        with self._lock:
            self._sinks.append(sink)

        def unsubscribe() -> None:
            with self._lock:
                if sink in self._sinks:
                    self._sinks.remove(sink)

        return unsubscribe

    def held(self, now: float | None = None) -> set[int]:
        """The seats whose button is down now (a duel armed now calls them stuck)."""
        now = self.now() if now is None else now
        changes: list[tuple[int, Change]] = []
        with self._lock:
            for seat, d in enumerate(self._debouncers):
                changes += [(seat, c) for c in d.settle(now)]
            down = {seat for seat, d in enumerate(self._debouncers) if d.pressed}
        self._tell(changes)
        return down

    def _edge(self, seat: int, at: float, pressed: bool) -> None:
        if not 0 <= seat < len(self._debouncers):
            return
        with self._lock:
            d = self._debouncers[seat]
            changes = [(seat, c) for c in d.feed(at, pressed)]
            pending = d.pending_at
        self._tell(changes)
        if pending is not None:
            self._settle_later(seat, pending)

    def _settle_later(self, seat: int, at: float) -> None:
        """A tap shorter than the debounce window is reported when the window ends, not at the next edge."""

        def settle() -> None:
            with self._lock:
                self._timers.pop(seat, None)
                changes = [(seat, c) for c in self._debouncers[seat].settle(self.now())]
            self._tell(changes)

        with self._lock:
            if self.closed or seat in self._timers:
                return
            timer = threading.Timer(max(0.0, at - self.now()) + 0.0005, settle)
            timer.daemon = True
            self._timers[seat] = timer
        timer.start()

    def _tell(self, changes: list[tuple[int, Change]]) -> None:
        if not changes:
            return
        with self._lock:
            sinks = list(self._sinks)
        for seat, change in changes:
            for sink in sinks:
                sink(seat, change.at, change.pressed)

    def close(self) -> None:
        with self._lock:
            self.closed = True
            timers, self._timers = list(self._timers.values()), {}
            self._sinks.clear()
        for t in timers:
            t.cancel()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class KeyboardBuzzers(BuzzerSource):
    """Keys that stand in for the buzzers on a desktop, one per seat; the same arbiter judges them.

    A key press is stamped when the app sees it (the keyboard gives no edge time), so its precision is
    the event loop's, a few milliseconds: fine for trying duels out, not for settling a 1 ms photo finish.

    >>> kb = KeyboardBuzzers(("1", "2"))
    >>> seen = []
    >>> _ = kb.subscribe(lambda seat, at, pressed: seen.append((seat, at, pressed)))
    >>> kb.key_down("2", at=5.0), kb.key_down("2", at=5.03), kb.key_down("x", at=5.1)  # auto-repeat, other key
    (True, True, False)
    >>> seen
    [(1, 5.0, True)]
    """

    def __init__(self, keys: tuple[str, ...], *, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(len(keys), 0.0, clock=clock)
        self.keys = tuple(keys)
        self._seat_of: dict[object, int] = {}
        for seat, key in enumerate(keys):
            self._seat_of[key.lower()] = seat
            self._seat_of[ord(key.lower())] = seat  # Kivy's key code for a printable key

    def seat_of(self, key: str | int) -> int | None:
        """The seat of a key given as its character or its Kivy key code; None for other keys."""
        return self._seat_of.get(key.lower() if isinstance(key, str) else key)

    def key_down(self, key: str | int, at: float | None = None) -> bool:
        """A key went down (auto-repeats are ignored); True when it is a buzzer key."""
        return self._key(key, True, at)

    def key_up(self, key: str | int, at: float | None = None) -> bool:
        return self._key(key, False, at)

    def _key(self, key: str | int, pressed: bool, at: float | None) -> bool:
        seat = self.seat_of(key)
        if seat is None:
            return False
        self._edge(seat, self.now() if at is None else at, pressed)
        return True
