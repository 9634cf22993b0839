"""Helpers of the buzzer tests: a manual clock with timers, and gpiozero's mock factory as a fixture."""

from __future__ import annotations

from typing import Callable


class ManualClock:
    """A clock that only moves when told, with the timers a BuzzerDuel schedules on it."""

    def __init__(self, t: float = 100.0) -> None:
        self.t = t
        self.timers: list[list] = []  # [due, fn, cancelled]

    def __call__(self) -> float:
        return self.t

    def schedule(self, delay: float, fn: Callable[[], None]) -> Callable[[], None]:
        entry = [self.t + delay, fn, False]
        self.timers.append(entry)
        return lambda: entry.__setitem__(2, True)

    def pending(self) -> list[float]:
        return sorted(e[0] for e in self.timers if not e[2])

    def advance(self, dt: float) -> None:
        """Move time on by ``dt``, firing every timer that falls due, in order."""
        end = self.t + dt
        while True:
            due = [e for e in self.timers if not e[2] and e[0] <= end]
            if not due:
                break
            entry = min(due, key=lambda e: e[0])
            entry[2] = True
            self.t = max(self.t, entry[0])
            entry[1]()
        self.t = end
