"""The 30-second hourglass as time, not pixels: it ends at start + duration on the monotonic clock,
whatever the frame rate; pause and resume keep the time left."""

from __future__ import annotations

import time
from typing import Callable


class Hourglass:
    def __init__(self, duration: float, clock: Callable[[], float] = time.monotonic) -> None:
        if duration <= 0:
            raise ValueError(f"hourglass duration must be positive, got {duration!r}")
        self.duration = float(duration)
        self._clock = clock
        self._started_at: float | None = None
        self._left = self.duration

    @property
    def running(self) -> bool:
        return self._started_at is not None

    def start(self) -> None:
        if self._started_at is None and self._left > 0:
            self._started_at = self._clock()

    def pause(self) -> None:
        if self._started_at is not None:
            self._left = self.remaining()
            self._started_at = None

    def reset(self) -> None:
        self._started_at, self._left = None, self.duration

    def remaining(self) -> float:
        if self._started_at is None:
            return self._left
        return max(0.0, self._left - (self._clock() - self._started_at))

    def fraction_left(self) -> float:
        return self.remaining() / self.duration

    @property
    def is_up(self) -> bool:
        return self.remaining() <= 0.0
