"""What every ring backend is: something that shows a frame of RGB triples, and can be closed."""

from __future__ import annotations

import threading
from typing import Sequence

from ..colors import OFF, RGB, Frame


class RingUnavailable(RuntimeError):
    """The configured ring cannot be driven; the message says why, in words for the settings screen."""


class Backend:
    """Base of the ring backends: ``show(frame)`` sends one frame; ``close()`` darkens and frees it."""

    name = "backend"

    def __init__(self, led_count: int):
        self.led_count = led_count
        self.closed = False

    def show(self, frame: Sequence[RGB]) -> None:
        raise NotImplementedError

    def close(self) -> None:
        self.closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _check(self, frame: Sequence[RGB]) -> None:
        if self.closed:
            raise RingUnavailable(f"the {self.name} ring is closed")
        if len(frame) != self.led_count:
            raise ValueError(f"a frame of {len(frame)} LEDs for a ring of {self.led_count}")


class ScreenRing(Backend):
    """No LEDs at all: keeps the last frame shown, for the on-screen ring and for tests.

    >>> with ScreenRing(3) as ring:
    ...     ring.show([(255, 0, 0)] * 3)
    ...     ring.latest[0]
    (255, 0, 0)
    """

    name = "screen"

    def __init__(self, led_count: int):
        super().__init__(led_count)
        self._lock = threading.Lock()
        self._latest: Frame = [OFF] * led_count
        self.frames_shown = 0

    def show(self, frame: Sequence[RGB]) -> None:
        self._check(frame)
        with self._lock:
            self._latest = list(frame)
            self.frames_shown += 1

    @property
    def latest(self) -> Frame:
        """The last frame shown (all dark before the first)."""
        with self._lock:
            return list(self._latest)
