"""Père Fouras speaking, one utterance after the other, on a thread of his own.

``say`` returns at once; rendering (from the cache, or on demand when a text was not rendered ahead)
and playing happen on the narrator's thread, so the UI thread never waits for speech.

``listeners`` hear ``True`` when his voice starts and ``False`` when it stops (on the narrator's thread:
the app posts them to the UI thread, where his portrait moves its mouth). With no sound device his words
are not heard but still take their time, so the portrait speaks as long as he would have.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from companion.sound.clip import Clip
from companion.sound.mixbus import Playback

log = logging.getLogger(__name__)


@dataclass
class Utterance:
    """Something to say; ``playback`` is set once it is handed to the mixer."""

    render: Callable[[], Clip]
    label: str
    asked_at: float = field(default_factory=time.monotonic)
    generation: int = 0
    playback: Playback | None = None
    finished: threading.Event = field(default_factory=threading.Event)
    cancelled: bool = False

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until it was said (or skipped); True when it was."""
        return self.finished.wait(timeout)


class Narrator:
    """Plays utterances in order on the mixer's voice category."""

    def __init__(self, mixer, *, on_error: Callable[[str], None] | None = None) -> None:
        self.mixer = mixer
        self.on_error = on_error
        self._queue: "queue.Queue[Utterance | None]" = queue.Queue()
        self._current: Utterance | None = None
        self._generation = 0
        #: Called with True when his voice starts and False when it stops, on the narrator's thread.
        self.listeners: list[Callable[[bool], None]] = []
        self._thread = threading.Thread(target=self._run, name="sound-narrator", daemon=True)
        self._thread.start()

    def say(self, render: Callable[[], Clip], label: str = "") -> Utterance:
        u = Utterance(render, label, generation=self._generation)
        self._queue.put(u)
        return u

    def interrupt(self) -> None:
        """Stop what he is saying and forget what he was about to say."""
        self._generation += 1
        current = self._current
        if current is not None:
            current.cancelled = True
            if current.playback is not None:
                current.playback.stop()
        self.mixer.stop("voice")

    def close(self) -> None:
        self.interrupt()
        self._queue.put(None)
        self._thread.join(timeout=5)

    def idle(self) -> bool:
        return self._queue.empty() and self._current is None

    def _run(self) -> None:
        while True:
            u = self._queue.get()
            if u is None:
                return
            self._current = u
            try:
                self._speak(u)
            except Exception as exc:  # speech must never take the game down
                log.exception("speech failed")
                if self.on_error:
                    self.on_error(f"speech failed: {exc}")
            finally:
                u.finished.set()
                self._current = None

    def _speak(self, u: Utterance) -> None:
        if u.generation != self._generation or u.cancelled:
            return
        clip = u.render()
        if u.generation != self._generation or u.cancelled or len(clip) == 0:
            return
        u.playback = self.mixer.play(clip, "voice")
        self._tell(True)
        try:
            if u.playback.done.is_set() and not u.playback.started.is_set():
                self._silently(u, clip.seconds)  # no device: dropped at once
                return
            while not u.playback.wait(0.1):
                if u.cancelled:
                    u.playback.stop()
                    break
        finally:
            self._tell(False)

    def _silently(self, u: Utterance, seconds: float) -> None:
        """The time the words would take, with no device to hear them (an interrupt ends it)."""
        end = time.monotonic() + seconds
        while not u.cancelled and u.generation == self._generation:
            left = end - time.monotonic()
            if left <= 0:
                return
            time.sleep(min(0.05, left))

    def _tell(self, speaking: bool) -> None:
        for listener in list(self.listeners):
            try:
                listener(speaking)
            except Exception:  # a listener's failure must not silence him
                log.exception("speech listener failed")
