"""Père Fouras's portrait, from the design system's layers: his mouth moves and his lantern glows from
the moment his voice starts until it stops (``app.voice.speaking``, posted from the narrator's thread).

The layers share one canvas (240×300 at 800×480) and are stacked as ``look/art/sage.py`` draws them; the
portrait keeps their aspect ratio inside whatever box the screen gives it. While he is silent nothing is
scheduled: a still portrait costs no frame. With "reduce motion" his mouth stays open and the lantern lit,
without moving, while he speaks."""

from __future__ import annotations

import math
import random
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.properties import BooleanProperty
from kivy.uix.widget import Widget

from companion.app.look.assets import asset
from companion.app.look.tokens import reduce_motion
from companion.app.motion.layer import texture, window_profile
from companion.app.motion.voice import voice_of

BELOW_MOUTH = ("background", "robe", "head")
ABOVE_MOUTH = ("moustache", "lantern")
GLOW_SILENT = 0.25  # the lantern's glow while he is silent (its opacity)
MOUTH_STEP = 0.12   # seconds between two looks at the mouth while he speaks: syllables


class FourasPortrait(Widget):
    speaking = BooleanProperty(False)
    mouth_open = BooleanProperty(False)

    def __init__(self, app: Any, **kw: Any) -> None:
        super().__init__(**kw)
        self.app = app
        self._rng = random.Random(12)
        self._event = None
        self._phase = 0.0
        profile = window_profile()
        self._rects: list[Rectangle] = []
        with self.canvas:
            Color(1, 1, 1, 1)
            for name in BELOW_MOUTH:
                self._rects.append(Rectangle(texture=texture(asset(f"sage-{name}", profile))))
            self._closed_colour = Color(1, 1, 1, 1)
            self._rects.append(Rectangle(texture=texture(asset("sage-mouth_closed", profile))))
            self._open_colour = Color(1, 1, 1, 0)
            self._rects.append(Rectangle(texture=texture(asset("sage-mouth_open", profile))))
            Color(1, 1, 1, 1)
            for name in ABOVE_MOUTH:
                self._rects.append(Rectangle(texture=texture(asset(f"sage-{name}", profile))))
            self._glow_colour = Color(1, 1, 1, GLOW_SILENT)
            self._rects.append(Rectangle(texture=texture(asset("sage-glow", profile))))
        self._aspect = self._rects[0].texture.width / max(1, self._rects[0].texture.height)
        self.bind(pos=self._layout, size=self._layout)
        self._voice = voice_of(app)
        self._voice.bind(speaking=self._follow)
        self._follow(self._voice, self._voice.speaking)

    def on_parent(self, _widget: Any, parent: Any) -> None:
        if parent is None:  # the screen was rebuilt: stop listening and moving
            self._voice.unbind(speaking=self._follow)
            self._stop()

    def _layout(self, *_args: Any) -> None:
        w = min(self.width, self.height * self._aspect)
        h = w / self._aspect
        x, y = self.x + (self.width - w) / 2, self.y + (self.height - h) / 2
        for rect in self._rects:
            rect.pos, rect.size = (x, y), (w, h)

    def _follow(self, _voice: Any, speaking: bool) -> None:
        self.speaking = speaking
        self._stop()
        if not speaking:
            self._show(False, GLOW_SILENT)
        elif reduce_motion(self.app.settings):
            self._show(True, 1.0)
        else:
            self._phase = 0.0
            self._show(True, 1.0)
            self._event = Clock.schedule_interval(self._speak, MOUTH_STEP)

    def _speak(self, dt: float) -> None:
        # Syllables: open more often than closed, never the same rhythm twice; the glow breathes.
        self._phase += dt
        self._show(self._rng.random() < (0.35 if self.mouth_open else 0.75),
                   0.7 + 0.3 * math.sin(2 * math.pi * 1.5 * self._phase))

    def _show(self, open_: bool, glow: float) -> None:
        self.mouth_open = open_
        self._open_colour.a = 1.0 if open_ else 0.0
        self._closed_colour.a = 0.0 if open_ else 1.0
        self._glow_colour.a = glow

    def _stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None
