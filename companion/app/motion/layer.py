"""The motion layer: a transparent widget over the screens that plays short animations.

It never holds the game back: the state has already changed when an animation starts, each lasts at
most 1.5 s (``look.tokens.duration``), a touch anywhere ends every animation at its end state and goes
on to the widget below in the same dispatch (the layer never takes a touch), and with the "reduce
motion" setting nothing plays at all. While nothing moves the layer has no clock event: a still screen
is not redrawn."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from kivy.clock import Clock
from kivy.core.image import Image as CoreImage
from kivy.core.window import Window
from kivy.graphics import InstructionGroup
from kivy.uix.widget import Widget

from companion.app.look.tokens import duration
from companion.app.theme import PROFILES

_TEXTURES: dict[str, Any] = {}


def texture(path: Path) -> Any:
    """The texture of a PNG of the art, loaded once."""
    key = str(path)
    if key not in _TEXTURES:
        _TEXTURES[key] = CoreImage(key).texture
    return _TEXTURES[key]


def window_profile():
    """The display profile whose art fits the window best (the nearest scale)."""
    scale = min(Window.width, Window.height) / 480
    return min(PROFILES.values(), key=lambda p: (abs(p.scale - scale), p.name))


class Animation:
    """One animation: ``build`` puts its instructions in ``group``, ``draw(t)`` moves them (t from 0 to
    1). Its end state is nothing on the layer: what it explains is already on the screen below."""

    seconds = 0.6

    def __init__(self) -> None:
        self.group = InstructionGroup()
        self.started_at = 0.0
        self.length = self.seconds

    def build(self, layer: "MotionLayer") -> None:
        raise NotImplementedError

    def draw(self, t: float, layer: "MotionLayer") -> None:
        raise NotImplementedError


class MotionLayer(Widget):
    """Over the ScreenManager (see :func:`companion.app.motion.attach`); ``settings`` is read when an
    animation starts, so turning reduce motion on takes effect at once."""

    def __init__(self, settings: Callable[[], Any], clock: Callable[[], float] = time.monotonic, **kw: Any) -> None:
        super().__init__(**kw)
        self._settings = settings
        self.clock = clock  # seconds; tests put a clock of their own here, so no test depends on speed
        self.playing: list[Animation] = []
        self._event = None
        self.played: list[str] = []  # names of the animations started, newest last (tests, benchmark)

    def play(self, animation: Animation) -> bool:
        """Start ``animation`` now; False (and nothing drawn) when motion is reduced."""
        length = duration(animation.seconds, self._settings())
        if length <= 0:
            return False
        animation.length = length
        animation.started_at = self.clock()
        animation.build(self)
        self.canvas.add(animation.group)
        animation.draw(0.0, self)
        self.playing.append(animation)
        self.played.append(type(animation).__name__)
        if self._event is None:
            self._event = Clock.schedule_interval(self._frame, 0)
        return True

    @property
    def busy(self) -> bool:
        return bool(self.playing)

    def finish(self) -> None:
        """End every animation at its end state, now."""
        for animation in self.playing:
            self.canvas.remove(animation.group)
        self.playing = []
        self._stop_clock()

    def on_touch_down(self, touch) -> bool:
        # A tap skips the animations and is acted on by the widget under it, in the same dispatch.
        self.finish()
        return False

    def on_touch_move(self, touch) -> bool:
        return False

    def on_touch_up(self, touch) -> bool:
        return False

    def _frame(self, _dt: float) -> None:
        now = self.clock()
        still = []
        for animation in self.playing:
            t = (now - animation.started_at) / animation.length
            if t >= 1.0:
                self.canvas.remove(animation.group)
                continue
            animation.draw(max(0.0, t), self)
            still.append(animation)
        self.playing = still
        if not still:
            self._stop_clock()

    def _stop_clock(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None
