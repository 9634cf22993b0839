"""Where the phone server says what went wrong: one line per kind of trouble, rate limited, never blocking.

A flood of bad connections must not become a flood of tracebacks (1.8 MB/s of them once froze the server's
event loop on a stderr pipe nobody read). So each kind of trouble is said at most once every ``every``
seconds, with the count of those held back since; the lines are written by a thread of their own, through
a bounded queue: a full pipe blocks that thread only, and what does not fit in the queue is dropped
(and counted in the next line that gets through).
"""

from __future__ import annotations

import queue
import sys
import threading
import time
from typing import Callable


def _to_stderr(line: str) -> None:
    stream = sys.stderr
    if stream is not None:
        stream.write(line + "\n")
        stream.flush()


class Reporter:
    """``report(kind, text)``: ``text`` written as one line unless ``kind`` was said in the last ``every`` s."""

    def __init__(self, write: Callable[[str], None] = _to_stderr, every: float = 10.0, keep: int = 64,
                 prefix: str = "companion phones: ", clock: Callable[[], float] = time.monotonic) -> None:
        self._write, self.every, self.prefix, self._clock = write, every, prefix, clock
        self._lines: queue.Queue[str] = queue.Queue(maxsize=keep)
        self._last: dict[str, float] = {}
        self._held: dict[str, int] = {}
        self._dropped = 0
        self._guard = threading.Lock()
        self._thread: threading.Thread | None = None

    def report(self, kind: str, text: str) -> bool:
        """Whether the line was queued (False: held back by the rate limit, or the queue was full)."""
        now = self._clock()
        with self._guard:
            last = self._last.get(kind)
            if last is not None and now - last < self.every:
                self._held[kind] = self._held.get(kind, 0) + 1
                return False
            self._last[kind] = now
            held, self._held[kind] = self._held.get(kind, 0), 0
            line = self.prefix + " ".join(str(text).split())  # one line, whatever the text held
            if held:
                line += f" ({held} more like it in the last {self.every:g} s)"
            if self._dropped:
                line += f" ({self._dropped} earlier lines dropped: the output was not read)"
            try:
                self._lines.put_nowait(line)
            except queue.Full:
                self._dropped += 1
                return False
            self._dropped = 0
            if self._thread is None:
                self._thread = threading.Thread(target=self._drain, name="phones-report", daemon=True)
                self._thread.start()
        return True

    def _drain(self) -> None:
        while True:
            line = self._lines.get()
            try:
                self._write(line)
            except Exception:  # noqa: BLE001 - a closed or broken stderr: the line is lost, the server goes on
                pass
            finally:
                self._lines.task_done()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every queued line was written (tests, and before a program exits)."""
        deadline = time.monotonic() + timeout
        while self._lines.unfinished_tasks:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.01)
        return True
