"""The LED ring drawn on screen: a circle of coloured dots from the same renderer as the LEDs."""

from __future__ import annotations

import math
import time

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse
from kivy.properties import NumericProperty, ObjectProperty
from kivy.uix.widget import Widget

BEZEL = (0.12, 0.12, 0.12)  # the dark socket around each dot, so a dark ring still shows
# An unlit LED is drawn dim grey, not black: black dots on the navy sea vanished, and with them the time
# already spent (the LEDs themselves stay dark: only the picture of them is lifted to this floor).
SPENT = (0.34, 0.35, 0.38)


def shown_colour(rgb) -> tuple[float, float, float]:
    """A dot's colour on screen: the LED's own colour, or the spent grey for an unlit (or nearly unlit) one.
    Lit colours are kept whole: the last ten seconds' warning keeps its hue."""
    if max(rgb) < 48:
        return SPENT
    return (rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0)


class RingWidget(Widget):
    """A ring of ``len(frame)`` dots, LED 0 at the top and clockwise, redrawn ``fps`` times a second.

    ``source`` is anything with ``frame(now) -> list of RGB`` (a :class:`~companion.devices.ring.Ring`);
    it is read on the UI thread through Kivy's Clock, with ``time.monotonic()`` as ``now``.

    >>> RingWidget(source=ring, size_hint=(None, None), size=(300, 300))   # doctest: +SKIP
    """

    source = ObjectProperty(None, allownone=True)
    fps = NumericProperty(30)

    def __init__(self, **kwargs):
        self._dots: list[Ellipse] = []
        self._bezels: list[Ellipse] = []
        self._colors: list[Color] = []
        self._event = None
        self._shown: list | None = None  # the frame on screen now
        super().__init__(**kwargs)
        self.bind(pos=self._layout, size=self._layout, fps=self._schedule)
        self._schedule()

    def refresh(self, *_args, now: float | None = None) -> None:
        """Draw the source's frame at ``now`` (default: the monotonic clock)."""
        if self.source is None:
            return
        frame = self.source.frame(time.monotonic() if now is None else now)
        if len(frame) != len(self._dots):
            self._build(len(frame))
            self._shown = None
        if frame == self._shown:
            return  # a still ring (paused, full, run out) asks for no redraw: a still screen costs no frame
        for color, rgb in zip(self._colors, frame):
            color.rgb = shown_colour(rgb)
        self._shown = list(frame)

    def stop(self) -> None:
        """Stop redrawing (call when the screen goes away)."""
        if self._event is not None:
            self._event.cancel()
            self._event = None

    def dot_centers(self) -> list[tuple[float, float]]:
        """Window coordinates of each dot's centre, LED 0 first."""
        n = len(self._dots)
        if n == 0:
            return []
        cx, cy = self.center
        radius, size = self._geometry(n)
        centers = []
        for i in range(n):
            angle = math.pi / 2 - 2 * math.pi * i / n
            centers.append((cx + (radius - size / 2) * math.cos(angle), cy + (radius - size / 2) * math.sin(angle)))
        return centers

    def _schedule(self, *_args) -> None:
        self.stop()
        self._event = Clock.schedule_interval(self.refresh, 1.0 / max(self.fps, 1))

    def _geometry(self, n: int) -> tuple[float, float]:
        radius = min(self.width, self.height) / 2
        size = min(2 * math.pi * radius / n * 0.8, radius / 2)
        return radius, size

    def _build(self, n: int) -> None:
        self.canvas.clear()
        self._dots, self._bezels, self._colors = [], [], []
        with self.canvas:
            for _ in range(n):
                Color(*BEZEL)
                self._bezels.append(Ellipse())
                self._colors.append(Color(0, 0, 0))
                self._dots.append(Ellipse())
        self._layout()

    def _layout(self, *_args) -> None:
        n = len(self._dots)
        if n == 0:
            return
        _, size = self._geometry(n)
        inner = size * 0.8
        for (x, y), bezel, dot in zip(self.dot_centers(), self._bezels, self._dots):
            bezel.pos, bezel.size = (x - size / 2, y - size / 2), (size, size)
            dot.pos, dot.size = (x - inner / 2, y - inner / 2), (inner, inner)
