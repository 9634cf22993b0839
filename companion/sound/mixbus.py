"""The mixing itself, with no device: sounds in, blocks of samples out. Pure enough to test alone.

The audio callback calls :meth:`MixBus.render` for every block; everything else (adding sounds, volume)
happens on other threads, so the shared state is guarded by one short lock.
"""

from __future__ import annotations

import threading
import time
from typing import Callable

import numpy as np

#: Sound categories, each with its own volume (0 switches a category off): Père Fouras, the cues of the game,
#: the sea on the home screen, the drum roll of the hourglass's last seconds, the podium's fanfare.
CATEGORIES = ("voice", "cues", "ambience", "drumroll", "fanfare")
#: How much the ambience is lowered while Père Fouras speaks.
DUCKING = 0.35


class Playback:
    """One sound on its way to the speakers: wait for it, stop it, know when its first sample left."""

    def __init__(self, samples: np.ndarray, category: str, *, gain: float = 1.0, loop: bool = False,
                 delay_frames: int = 0) -> None:
        if category not in CATEGORIES:
            raise ValueError(f"unknown sound category {category!r}; known: {', '.join(CATEGORIES)}")
        self.samples = samples
        self.category = category
        self.gain = float(gain)
        self.loop = loop
        self.delay_frames = int(delay_frames)
        self.position = 0
        self.started = threading.Event()
        self.done = threading.Event()
        #: time.monotonic() of the audio callback that handed this sound's first sample to the device.
        self.started_at: float | None = None
        self.stopped = False

    @property
    def playing(self) -> bool:
        return not self.done.is_set()

    def stop(self) -> None:
        self.stopped = True
        self.done.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until it has finished (or was stopped or dropped); True when it has."""
        return self.done.wait(timeout)

    @classmethod
    def dropped(cls, category: str) -> "Playback":
        """A sound that will never play (no device): already done, never started."""
        p = cls(np.zeros(0, dtype=np.float32), category)
        p.done.set()
        return p


class MixBus:
    """Sums the playing sounds into interleaved float32 blocks, with per-category and master volume."""

    def __init__(self, channels: int = 2, clock: Callable[[], float] = time.monotonic) -> None:
        self.channels = channels
        self._clock = clock
        self._lock = threading.Lock()
        self._playing: list[Playback] = []
        self.volumes = {c: 1.0 for c in CATEGORIES}
        self.master = 1.0
        self.muted = False
        self.frames_out = 0
        self.peak = 0.0
        #: Called with each finished mono block (a copy): diagnostics and tests listen to the output.
        self.monitor: Callable[[np.ndarray], None] | None = None

    def add(self, playback: Playback) -> Playback:
        with self._lock:
            self._playing.append(playback)
        return playback

    def stop(self, category: str | None = None) -> None:
        with self._lock:
            for p in self._playing:
                if category is None or p.category == category:
                    p.stop()

    def drop_unlooped(self) -> None:
        """Forget every sound that is not a loop (the device went away: stale cues must not pile up)."""
        with self._lock:
            for p in self._playing:
                if not p.loop:
                    p.done.set()
            self._playing = [p for p in self._playing if p.loop and not p.stopped]

    def active(self, category: str | None = None) -> int:
        with self._lock:
            return sum(1 for p in self._playing if not p.done.is_set() and (category is None or p.category == category))

    def set_volume(self, category: str, value: float) -> None:
        if category not in CATEGORIES:
            raise ValueError(f"unknown sound category {category!r}; known: {', '.join(CATEGORIES)}")
        self.volumes[category] = _unit(value, f"{category} volume")

    def set_master(self, value: float) -> None:
        self.master = _unit(value, "master volume")

    def render(self, frames: int) -> np.ndarray:
        """The next ``frames`` frames, shape (frames, channels), float32, clipped to [-1, 1]."""
        mono = np.zeros(frames, dtype=np.float32)
        now = self._clock()
        with self._lock:
            voice_on = any(p.category == "voice" and not p.done.is_set() and p.delay_frames < frames
                           for p in self._playing)
            for p in self._playing:
                if p.done.is_set():
                    continue
                gain = p.gain * self.volumes[p.category]
                if p.category == "ambience" and voice_on:
                    gain *= DUCKING
                self._mix_one(p, mono, frames, gain, now)
            self._playing = [p for p in self._playing if not p.done.is_set()]
        scale = 0.0 if self.muted else self.master
        np.multiply(mono, scale, out=mono)
        np.clip(mono, -1.0, 1.0, out=mono)
        self.frames_out += frames
        if frames:
            self.peak = max(self.peak, float(np.max(np.abs(mono))))
        if self.monitor is not None:
            self.monitor(mono.copy())
        return np.repeat(mono[:, None], self.channels, axis=1)

    @staticmethod
    def _mix_one(p: Playback, mono: np.ndarray, frames: int, gain: float, now: float) -> None:
        if p.delay_frames >= frames:
            p.delay_frames -= frames
            return
        offset, p.delay_frames = p.delay_frames, 0
        n = len(p.samples)
        if n == 0:
            p.done.set()
            return
        if not p.started.is_set():
            p.started_at = now
            p.started.set()
        while offset < frames:
            take = min(frames - offset, n - p.position)
            mono[offset:offset + take] += p.samples[p.position:p.position + take] * gain
            offset += take
            p.position += take
            if p.position >= n:
                if not p.loop:
                    p.done.set()
                    return
                p.position = 0


def _unit(value: float, what: str) -> float:
    value = float(value)
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{what} must be between 0 and 1, got {value!r}")
    return value
