"""The ring as the app uses it: one effect at a time, animated on its own thread, "time up" as an event.

The thread wakes for each frame (``fps``) and, separately, at the instant the hourglass runs out, so
the event's timing does not depend on the frame rate. A ring that cannot be opened or fails while
running is swapped for the on-screen one; ``status()`` says why, and the hourglass keeps its time.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from dataclasses import dataclass
from typing import Callable

from .backends import Backend, RingUnavailable, ScreenRing, open_backend
from .colors import RGB, Frame, parse_color
from .config import RingConfig
from .effects import Effect, Hourglass, Idle, KeyWon, Off, Winner

log = logging.getLogger(__name__)

LABELS = {"screen": "on-screen", "spi": "SPI NeoPixel", "ws281x": "PWM NeoPixel (rpi_ws281x)", "bargraph": "LED bar"}


@dataclass(frozen=True)
class TimeUp:
    """An hourglass ran out: posted once for each, from the ring's thread."""

    serial: int  # the Hourglass.serial that ran out
    ends_at: float  # monotonic instant it ran out
    noticed_at: float  # monotonic instant the ring's thread saw it, just before posting


@dataclass(frozen=True)
class RingStatus:
    """What the settings screen shows about the ring."""

    configured: str  # the backend the config asks for
    active: str  # the backend in use: the configured one, or "screen" after a failure
    ok: bool  # False when the configured ring is not the one in use
    message: str  # one sentence for people
    last_error: str | None
    frames_shown: int


def orient(frame: Frame, rotation: int, clockwise: bool) -> Frame:
    """The picture's LEDs (0 at the top, clockwise) at their physical indices on the ring."""
    n = len(frame)
    if rotation == 0 and clockwise:
        return frame
    out = [frame[0]] * n
    step = 1 if clockwise else -1
    for i, pixel in enumerate(frame):
        out[(rotation + step * i) % n] = pixel
    return out


class Ring:
    """The LED ring hourglass, with the screen as its fallback.

    ``when_time_up(TimeUp)`` is called on the ring's thread when an hourglass runs out: post it to the
    UI thread (``Clock.schedule_once``) before touching widgets. Close the ring when done.

    >>> ring = Ring(RingConfig(), when_time_up=print)
    >>> hourglass = ring.hourglass(30)
    >>> ring.close()
    """

    def __init__(
        self,
        config: RingConfig | None = None,
        *,
        when_time_up: Callable[[TimeUp], object] | None = None,
        backend: Backend | None = None,
    ):
        self.config = config or RingConfig()
        self.when_time_up = when_time_up
        self.last_error: str | None = None
        self._power = self.config.power
        self._cond = threading.Condition()
        self._io = threading.Lock()  # one show/close/swap of the backend at a time
        self._effect: Effect = Off()
        self._generation = 0
        self._next_frame: float | None = 0.0  # None: the picture is still, wait for a change
        self._serial = 0
        self._fired = 0
        self._closing = False
        self.frames_shown = 0
        self._backend = backend if backend is not None else self._open()
        self._thread = threading.Thread(target=self._run, name="ring", daemon=True)
        self._thread.start()

    # What the app calls.

    def hourglass(self, duration: float = 30.0, *, paused: bool = False) -> Hourglass:
        """Turn a full hourglass over now (or show it full and ``paused``, waiting for ``resume``);
        it replaces whatever the ring showed."""
        with self._cond:
            self._serial += 1
            now = time.monotonic()
            hourglass = Hourglass.start(now, duration, serial=self._serial)
            if paused:
                hourglass = hourglass.pause(now)
        self._set(hourglass)
        return hourglass

    def pause(self) -> Hourglass | None:
        """Stop the running hourglass, keeping its time; None when no hourglass is shown."""
        return self._update_hourglass(lambda h, now: h.pause(now))

    def resume(self) -> Hourglass | None:
        """Start the paused hourglass again with the time it had left."""
        return self._update_hourglass(lambda h, now: h.resume(now))

    def winner(self, color: RGB | str) -> None:
        """A duel's winner: their colour runs round the ring and stays."""
        self._set(Winner(parse_color(color), time.monotonic()))

    def key_won(self) -> None:
        """A key won: a gold comet spins, then the ring glows gold."""
        self._set(KeyWon(time.monotonic()))

    def idle(self) -> None:
        """The lighthouse sweep, while nobody plays."""
        self._set(Idle(time.monotonic()))

    def off(self) -> None:
        self._set(Off())

    @property
    def effect(self) -> Effect:
        """What the ring shows now (an immutable value)."""
        return self._effect

    def remaining(self, now: float | None = None) -> float | None:
        """Seconds left in the hourglass shown, or None when none is."""
        effect = self._effect
        if not isinstance(effect, Hourglass):
            return None
        return effect.remaining(time.monotonic() if now is None else now)

    def frame(self, now: float | None = None) -> Frame:
        """The picture at ``now`` (monotonic; default: now), before brightness cap and mounting: for screens."""
        return self._effect.frame(time.monotonic() if now is None else now, self.config.led_count)

    def status(self) -> RingStatus:
        configured, active = self.config.backend, self._backend.name
        n = self.config.led_count
        if configured == "screen":
            message = "No LED ring configured: the hourglass is shown on screen."
        elif active == configured:
            message = f"{LABELS[configured]} ring with {n} LEDs is working."
        else:
            message = f"{LABELS[configured]} ring not working, shown on screen instead: {self.last_error}"
        return RingStatus(configured, active, active == configured, message, self.last_error, self.frames_shown)

    def reconnect(self) -> RingStatus:
        """Try the configured ring again (the settings screen's "retry")."""
        backend = self._open()
        if backend.name == self.config.backend:
            self.last_error = None
        with self._io:
            old, self._backend = self._backend, backend
        _quietly_close(old)
        self._set(self._effect, force=True)
        return self.status()

    def close(self) -> None:
        """Stop the thread and darken the LEDs."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        with self._io:
            _quietly_close(self._backend)

    def __enter__(self) -> Ring:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # Inside.

    def _open(self) -> Backend:
        if self.config.backend != "screen":
            try:
                return open_backend(self.config)
            except Exception as exc:  # a missing ring never stops a game
                self.last_error = _describe(exc)
                log.warning("LED ring (%s) unavailable, using the screen: %s", self.config.backend, self.last_error)
        return ScreenRing(self.config.led_count)

    def _set(self, effect: Effect, *, force: bool = False) -> None:
        with self._cond:
            if effect == self._effect and not force:
                return
            self._effect = effect
            self._generation += 1
            self._next_frame = 0.0
            self._cond.notify_all()

    def _update_hourglass(self, change: Callable[[Hourglass, float], Hourglass]) -> Hourglass | None:
        with self._cond:
            effect = self._effect
            if not isinstance(effect, Hourglass):
                return None
            updated = change(effect, time.monotonic())
            if updated is not effect:
                self._set(updated)
            return updated

    def _run(self) -> None:
        period = 1.0 / self.config.fps
        while True:
            with self._cond:
                while True:
                    if self._closing:
                        return
                    now = time.monotonic()
                    effect, generation = self._effect, self._generation
                    due = self._due(effect, now)
                    render = self._next_frame is not None and now >= self._next_frame
                    if due is not None or render:
                        break
                    deadline = self._next_frame
                    if isinstance(effect, Hourglass) and effect.ends_at is not None and effect.serial != self._fired:
                        deadline = effect.ends_at if deadline is None else min(deadline, effect.ends_at)
                    self._cond.wait(None if deadline is None else deadline - now)
                if due is not None:
                    self._fired = due.serial
                    render = True  # the flash starts with the event, not a frame later
            if due is not None:
                self._post(due)
            if render:
                now = time.monotonic()
                self._show(effect, now)
                with self._cond:
                    if self._generation == generation:
                        self._next_frame = None if effect.still(now) else _next_tick(self._next_frame, now, period)

    def _due(self, effect: Effect, now: float) -> TimeUp | None:
        if isinstance(effect, Hourglass) and effect.serial != self._fired and effect.is_up(now):
            return TimeUp(effect.serial, effect.ends_at, now)
        return None

    def _post(self, event: TimeUp) -> None:
        callback = self.when_time_up
        if callback is None:
            return
        try:
            callback(event)
        except Exception:  # the app's bug must not stop the ring's clock
            log.exception("when_time_up callback failed")

    def _show(self, effect: Effect, now: float) -> None:
        try:
            picture = effect.frame(now, self.config.led_count)
        except Exception:  # a bad effect must not stop the clock that posts "time up"
            log.exception("ring effect %r failed", effect)
            return
        with self._io:
            backend = self._backend
            try:
                if isinstance(backend, ScreenRing):
                    backend.show(picture)
                else:
                    backend.show(orient(self._power.apply(picture), self.config.rotation, self.config.clockwise))
                self.frames_shown += 1
            except Exception as exc:
                self.last_error = f"it stopped while running: {_describe(exc)}"
                log.warning("LED ring (%s) failed, using the screen: %s", backend.name, self.last_error)
                _quietly_close(backend)
                self._backend = ScreenRing(self.config.led_count)
                self._backend.show(picture)


def _next_tick(previous: float | None, now: float, period: float) -> float:
    """The next frame time on the fps grid, skipping the ones already missed."""
    if previous is None or previous <= 0.0 or now - previous > 1.0:
        return now + period
    return previous + period * (math.floor((now - previous) / period) + 1)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, RingUnavailable):
        return str(exc)
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def _quietly_close(backend: Backend) -> None:
    try:
        backend.close()
    except Exception as exc:
        log.warning("closing the %s ring failed: %s", backend.name, exc)
