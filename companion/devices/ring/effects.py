"""What the ring shows, as pure values: each effect draws ``frame(now, led_count)`` from the time given.

No clock is read here: ``now`` is a ``time.monotonic()`` reading passed in by the caller, so a frame is
a function of the effect and the instant alone. LED 0 is at the top of the ring and the index grows
clockwise; mounting (rotation, direction) is applied later, by the driver.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Union

from .colors import BEAM, EMBER, GOLD, OFF, RED, RGB, SEA, Frame, mix, scale

PULSE_FROM = 5.0  # seconds left when the hourglass starts to pulse
PULSE_HZ = 2.0
PULSE_LOW = 0.4  # darkest point of the pulse, as a share of full brightness
FLASH_S = 3.0  # how long "time up" flashes before the ring settles to embers
FLASH_HZ = 4.0
FILL_S = 0.5  # the winner's colour runs round the ring in this time
SPIN_S = 1.5  # a won key spins as a comet this long, then the ring turns gold
SPIN_RPS = 2.0
TAIL = 4.0  # the comet's length in LEDs
IDLE_PERIOD = 4.0  # one lighthouse turn, in seconds
BEAM_WIDTH = 1.5  # LEDs from the beam's centre to where it fades out


def arc(color: RGB, level: float, n: int) -> Frame:
    """``level`` LEDs of ``color`` from the top, clockwise; the last one partly lit (sub-LED fading)."""
    level = min(max(level, 0.0), float(n))
    full = int(level)
    frame = [color] * full
    if full < n:
        frame.append(scale(color, level - full))
        frame.extend([OFF] * (n - full - 1))
    return frame


def pulse(remaining: float) -> float:
    """Brightness factor of the last seconds' pulse: 1.0 on every half second left, PULSE_LOW between."""
    wave = 0.5 + 0.5 * math.cos(2 * math.pi * remaining * PULSE_HZ)
    return PULSE_LOW + (1.0 - PULSE_LOW) * wave


def time_up(since_end: float, n: int) -> Frame:
    """Red flashes for FLASH_S seconds after the end, then embers."""
    if since_end >= FLASH_S:
        return [EMBER] * n
    lit = (since_end * FLASH_HZ) % 1.0 < 0.5
    return [RED if lit else OFF] * n


@dataclass(frozen=True)
class Off:
    """All LEDs dark."""

    def frame(self, now: float, n: int) -> Frame:
        return [OFF] * n

    def still(self, now: float) -> bool:
        return True


@dataclass(frozen=True)
class Hourglass:
    """The game's hourglass: runs out at ``ends_at`` (monotonic seconds); paused, it keeps what is left.

    >>> h = Hourglass.start(100.0, 30.0)
    >>> h.pause(110.0).resume(200.0).ends_at
    220.0
    """

    duration: float
    ends_at: float | None  # None while paused
    paused_remaining: float = 0.0
    serial: int = 0  # tells one hourglass from the next, so "time up" is posted once for each

    @classmethod
    def start(cls, now: float, duration: float = 30.0, *, serial: int = 0) -> Hourglass:
        """A full hourglass turned over at ``now``."""
        if not (isinstance(duration, (int, float)) and math.isfinite(duration) and duration > 0):
            raise ValueError(f"an hourglass needs a duration in seconds above 0, got {duration!r}")
        return cls(float(duration), now + duration, serial=serial)

    @property
    def paused(self) -> bool:
        return self.ends_at is None

    def remaining(self, now: float) -> float:
        """Seconds of sand left at ``now``."""
        if self.ends_at is None:
            return self.paused_remaining
        return max(0.0, self.ends_at - now)

    def is_up(self, now: float) -> bool:
        return self.ends_at is not None and now >= self.ends_at

    def pause(self, now: float) -> Hourglass:
        """Stopped at ``now``, keeping the time left (no change once paused or run out)."""
        if self.ends_at is None or now >= self.ends_at:
            return self
        return replace(self, ends_at=None, paused_remaining=self.ends_at - now)

    def resume(self, now: float) -> Hourglass:
        """Running again from ``now`` with the time that was left."""
        if self.ends_at is not None:
            return self
        return replace(self, ends_at=now + self.paused_remaining, paused_remaining=0.0)

    def frame(self, now: float, n: int) -> Frame:
        if self.ends_at is not None and now >= self.ends_at:
            return time_up(now - self.ends_at, n)
        remaining = min(self.remaining(now), self.duration)  # a start in the future shows a full glass
        color = mix(RED, GOLD, remaining / self.duration)
        if remaining <= PULSE_FROM:
            color = scale(color, pulse(remaining))
        return arc(color, remaining * n / self.duration, n)

    def still(self, now: float) -> bool:
        return self.ends_at is None or now >= self.ends_at + FLASH_S


@dataclass(frozen=True)
class Winner:
    """A duel's winner: their colour runs round the ring in FILL_S seconds, then stays."""

    color: RGB
    since: float

    def frame(self, now: float, n: int) -> Frame:
        t = now - self.since
        if t >= FILL_S:
            return [self.color] * n
        return arc(self.color, max(t, 0.0) * n / FILL_S, n)

    def still(self, now: float) -> bool:
        return now >= self.since + FILL_S


@dataclass(frozen=True)
class KeyWon:
    """A key won: a gold comet spins for SPIN_S seconds, then the whole ring glows gold."""

    since: float
    color: RGB = GOLD

    def frame(self, now: float, n: int) -> Frame:
        t = max(now - self.since, 0.0)
        if t >= SPIN_S:
            return [self.color] * n
        head = (t * SPIN_RPS * n) % n
        frame = []
        for i in range(n):
            behind = (head - i) % n  # how far this LED trails the comet's head
            frame.append(scale(self.color, 1.0 - behind / TAIL) if behind < TAIL else OFF)
        return frame

    def still(self, now: float) -> bool:
        return now >= self.since + SPIN_S


@dataclass(frozen=True)
class Idle:
    """Waiting for players: a lighthouse beam sweeps round over the night sea, one turn per IDLE_PERIOD."""

    since: float

    def frame(self, now: float, n: int) -> Frame:
        pos = ((now - self.since) / IDLE_PERIOD * n) % n
        frame = []
        for i in range(n):
            d = abs(i - pos)
            d = min(d, n - d)
            frame.append(mix(SEA, BEAM, max(0.0, 1.0 - d / BEAM_WIDTH)))
        return frame

    def still(self, now: float) -> bool:
        return False


Effect = Union[Off, Hourglass, Winner, KeyWon, Idle]
