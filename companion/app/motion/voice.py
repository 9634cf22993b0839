"""Père Fouras's voice, as the UI thread sees it: ``speaking`` is True from the moment his voice starts
until it stops. The narrator tells on its own thread; this posts to the UI thread (hardware and sound
threads never touch widgets), where his portrait watches the property."""

from __future__ import annotations

import threading
from typing import Any

from kivy.clock import Clock
from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty


class Voice(EventDispatcher):
    speaking = BooleanProperty(False)

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self._lock = threading.Lock()
        self._latest = False

    def listen_to(self, sound: Any) -> None:
        """Follow the narrator of ``sound`` (companion.sound.Reactions); nothing when there is none."""
        narrator = getattr(sound, "narrator", None)
        if narrator is not None and hasattr(narrator, "listeners"):
            narrator.listeners.append(self.told)

    def told(self, speaking: bool) -> None:
        """From any thread: his voice started (True) or stopped (False)."""
        with self._lock:
            self._latest = bool(speaking)
        Clock.schedule_once(self._sync, 0)

    def _sync(self, _dt: float) -> None:
        with self._lock:
            self.speaking = self._latest


def voice_of(app: Any) -> Voice:
    """The app's Voice (made on first use: a portrait may be built before the motion layer is attached)."""
    voice = getattr(app, "voice", None)
    if voice is None:
        voice = Voice()
        app.voice = voice
    return voice
