"""Timers and the hop to the UI thread, as a BuzzerDuel needs them without Kivy."""

from __future__ import annotations

import heapq
import threading
import time
from typing import Callable

Scheduler = Callable[[float, Callable[[], None]], Callable[[], None]]  # (delay s, fn) -> cancel
Post = Callable[[Callable[[], None]], None]  # run fn on the thread that owns the screen


class ThreadScheduler:
    """Timers for use without an event loop (a headless table, the benchmark): one thread runs them all.

    Scheduling only pushes onto a heap, so it never waits for a thread to start (but the first time).

    >>> done = threading.Event()
    >>> with ThreadScheduler() as later:
    ...     cancel = later(0.01, done.set)
    ...     done.wait(2.0)
    True
    """

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, list]] = []
        self._wake = threading.Condition()
        self._seq = 0
        self._thread: threading.Thread | None = None
        self._closed = False

    def __call__(self, delay: float, fn: Callable[[], None]) -> Callable[[], None]:
        """Call ``fn`` on the timer thread after ``delay`` seconds; returns the function that cancels it."""
        entry = [fn]
        with self._wake:
            if self._closed:
                raise RuntimeError("this scheduler is closed")
            self._seq += 1
            heapq.heappush(self._heap, (time.monotonic() + max(0.0, delay), self._seq, entry))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="buzzer-timers", daemon=True)
                self._thread.start()
            self._wake.notify()
        return entry.clear  # cancelled: nothing left to call

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._closed and (not self._heap or self._heap[0][0] > time.monotonic()):
                    self._wake.wait(None if not self._heap else self._heap[0][0] - time.monotonic())
                if self._closed:
                    return
                _, _, entry = heapq.heappop(self._heap)
            if entry:
                entry[0]()

    def close(self) -> None:
        """Drop every pending timer and end the thread."""
        with self._wake:
            self._closed = True
            self._heap.clear()
            self._wake.notify()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def call_now(fn: Callable[[], None]) -> None:
    """The ``post`` of a duel with no UI thread: run at once, on the caller's thread."""
    fn()
