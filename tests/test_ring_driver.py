"""The animated Ring: "time up" posted once per hourglass, pause/resume, failures that fall back to the
screen without losing the hourglass, and a thread that rests when the picture is still."""

from __future__ import annotations

import threading
import time

import pytest

from companion.devices.ring import Backend, Hourglass, Idle, KeyWon, Off, Ring, RingConfig, ScreenRing, TimeUp, Winner

WAIT = 5.0  # generous: these wait for an event, they never time it


class Events:
    """Collects TimeUp events from the ring's thread."""

    def __init__(self):
        self.events: list[TimeUp] = []
        self.arrived = threading.Event()

    def __call__(self, event: TimeUp) -> None:
        self.events.append(event)
        self.arrived.set()

    def next(self, timeout: float = WAIT) -> TimeUp | None:
        if not self.arrived.wait(timeout):
            return None
        self.arrived.clear()
        return self.events[-1]


class BrokenRing(Backend):
    """A ring that works for ``good`` frames and then fails like an unplugged SPI bus."""

    name = "spi"

    def __init__(self, led_count: int, good: int):
        super().__init__(led_count)
        self.good = good
        self.shown = 0

    def show(self, frame):
        if self.shown >= self.good:
            raise OSError(121, "Remote I/O error")
        self.shown += 1


def test_time_up_is_posted_once_when_the_hourglass_runs_out():
    events = Events()
    with Ring(when_time_up=events) as ring:
        hourglass = ring.hourglass(0.2)
        event = events.next()
        assert event is not None and event.serial == hourglass.serial
        assert event.ends_at == hourglass.ends_at
        assert event.noticed_at >= event.ends_at
        assert not events.arrived.wait(0.3)  # never twice
        assert len(events.events) == 1
        assert ring.remaining() == 0.0


def test_pause_holds_the_time_and_resume_runs_it_out():
    events = Events()
    with Ring(when_time_up=events) as ring:
        ring.hourglass(1.0)  # long enough that a busy machine still pauses it before it runs out
        paused = ring.pause()
        assert paused is not None and paused.paused
        left = ring.remaining()
        assert not events.arrived.wait(0.5)
        assert ring.remaining() == left
        resumed = ring.resume()
        assert resumed.ends_at is not None and resumed.serial == paused.serial
        assert events.next() is not None
        assert events.events[0].ends_at == resumed.ends_at


def test_pause_without_an_hourglass_does_nothing():
    with Ring() as ring:
        ring.idle()
        assert ring.pause() is None and ring.resume() is None
        assert isinstance(ring.effect, Idle)


def test_a_new_hourglass_replaces_the_old_one():
    events = Events()
    with Ring(when_time_up=events) as ring:
        first = ring.hourglass(1.0)  # would run out first, were it not replaced
        second = ring.hourglass(1.5)
        assert second.serial == first.serial + 1
        assert events.next().serial == second.serial
        assert [e.serial for e in events.events] == [second.serial]


def test_changing_effect_cancels_the_hourglass():
    events = Events()
    with Ring(when_time_up=events) as ring:
        ring.hourglass(0.5)
        ring.winner("#0000ff")
        assert not events.arrived.wait(1.0)


def test_each_effect_call_sets_its_effect():
    with Ring() as ring:
        assert isinstance(ring.effect, Off)
        ring.key_won()
        assert isinstance(ring.effect, KeyWon)
        ring.winner((1, 2, 3))
        assert ring.effect.color == (1, 2, 3)
        ring.idle()
        assert isinstance(ring.effect, Idle)
        ring.hourglass(30)
        assert isinstance(ring.effect, Hourglass) and ring.remaining() <= 30
        ring.off()
        assert isinstance(ring.effect, Off) and ring.remaining() is None
        with pytest.raises(ValueError, match="colour"):
            ring.winner("blue")


def test_frames_reach_the_screen_ring_and_match_the_renderer():
    screen = ScreenRing(24)
    with Ring(RingConfig(led_count=24), backend=screen) as ring:
        ring.winner("#00ff00")
        assert _wait_for(lambda: screen.latest == [(0, 255, 0)] * 24)
        assert ring.frame() == [(0, 255, 0)] * 24
        effect = ring.effect
        assert ring.frame(effect.since) == Winner((0, 255, 0), effect.since).frame(effect.since, 24)


def test_the_thread_rests_on_a_still_picture_and_animates_otherwise():
    screen = ScreenRing(12)
    with Ring(RingConfig(led_count=12, fps=50), backend=screen) as ring:
        ring.off()
        # The first frames (the ring's start, then off()) may be drawn one after the other: wait for them.
        assert _wait_for(lambda: screen.frames_shown >= 1)
        threading.Event().wait(0.3)
        settled = screen.frames_shown
        threading.Event().wait(0.3)
        assert screen.frames_shown == settled
        ring.idle()
        assert _wait_for(lambda: screen.frames_shown >= settled + 5)


def test_a_ring_that_fails_mid_game_falls_back_and_keeps_the_hourglass():
    events = Events()
    broken = BrokenRing(24, good=3)
    with Ring(RingConfig(backend="spi", led_count=24), backend=broken, when_time_up=events) as ring:
        assert ring.status().ok
        hourglass = ring.hourglass(0.5)
        assert _wait_for(lambda: not ring.status().ok)
        status = ring.status()
        assert status.active == "screen" and status.configured == "spi"
        assert "Remote I/O error" in status.last_error and "shown on screen" in status.message
        assert events.next().serial == hourglass.serial
        assert broken.closed


def test_a_failing_callback_does_not_stop_the_clock():
    calls = Events()

    def flaky(event):
        calls(event)
        raise RuntimeError("the app's bug")

    with Ring(when_time_up=flaky) as ring:
        ring.hourglass(0.1)
        assert calls.next() is not None
        ring.hourglass(0.1)
        assert calls.next() is not None
        assert len(calls.events) == 2


def test_close_stops_the_thread_and_darkens_the_ring():
    screen = ScreenRing(8)
    ring = Ring(RingConfig(led_count=8), backend=screen)
    ring.idle()
    ring.close()
    assert screen.closed
    assert not ring._thread.is_alive()


def _wait_for(condition, timeout: float = WAIT) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        threading.Event().wait(0.01)
    return True
