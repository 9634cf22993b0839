"""Small charts drawn with Kivy graphics (no plotting library on the Pi): lines for the keys over a game
and the treasure per game, bars for one player's treasure. Each series has its colour and its initial
at the end of its line, so colour is never the only cue."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import Scale
from companion.app.look.tokens import TYPE


@dataclass(frozen=True)
class Series:
    label: str  # the initial drawn at the end of the line
    rgba: tuple[float, float, float, float]
    values: tuple[float | None, ...]  # None: no point there (a game the player did not play)
    marker: str = "round"  # or "square": two lines of one colour (two people who share it) told apart


def draw_marker(marker: str, x: float, y: float, size: float) -> None:
    """A line's point at (x, y): a disc, or a square for the second line of a shared colour."""
    if marker == "square":
        Rectangle(pos=(x - size / 2, y - size / 2), size=(size, size))
    else:
        Ellipse(pos=(x - size / 2, y - size / 2), size=(size, size))


class KeySample(Widget):
    """A key's sample of a line: a short stroke in its colour and its marker, as the chart draws it."""

    def __init__(self, rgba, marker: str = "round", thick: float = 2.6, **kw):
        super().__init__(**kw)
        self.rgba, self.marker, self.thick = rgba, marker, thick
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_):
        self.canvas.clear()
        with self.canvas:
            Color(*self.rgba)
            Line(points=[self.x + Scale.px(2), self.center_y, self.right - Scale.px(2), self.center_y],
                 width=Scale.px(self.thick))
            draw_marker(self.marker, self.center_x, self.center_y, Scale.px(self.thick * 5))


def nice_step(top: float, lines: int = 4) -> int:
    """A round step for about ``lines`` grid lines up to ``top`` (1, 2, 5, 10, 20, 50...)."""
    raw = max(top, 1) / lines
    step = 1
    while True:
        for m in (1, 2, 5):
            if step * m >= raw:
                return step * m
        step *= 10


class Chart(Widget):
    """Lines (or bars) over a shared x axis; ``marks`` are x positions drawn as dashed verticals with a
    text (the start of Round 2 and 3)."""

    def __init__(self, series: Sequence[Series], marks: Sequence[tuple[int, str]] = (), bars: bool = False,
                 steps: bool = False, x_labels: Sequence[str] = (), per_series: bool = False,
                 font: float = TYPE.caption, thick: float = 1.6, **kw):
        super().__init__(**kw)
        self.font = font  # px at 800×480 of every text on it (the leaderboard's, read at 1.5 m: 20)
        self.thick = thick  # the lines' width, their dots in proportion
        self.per_series = per_series  # bars: one per series at its own place, its label (a name) under it
        self.series = list(series)
        self.marks = list(marks)
        self.bars = bars
        self.steps = steps  # a count that jumps (keys held): drawn as a staircase, not as slopes
        self.x_labels = list(x_labels)  # under each x position (the games' numbers)
        self.bind(pos=self._draw, size=self._draw)

    def _text(self, text: str, size: float, rgba=theme.TEXT) -> CoreLabel:
        label = CoreLabel(text=text, font_size=size, color=rgba, bold=True)
        label.refresh()
        return label

    def _draw(self, *_):
        self.canvas.clear()
        # Bars of one value each: a bar per player, side by side over the whole width, each over its
        # player's full name (the x labels), not a huddle at the middle keyed by initials.
        own = self.bars and self.per_series and all(len(s.values) == 1 for s in self.series)
        n = len(self.series) if own else max((len(s.values) for s in self.series), default=0)
        labels = [s.label for s in self.series] if own else self.x_labels
        if n == 0 or self.width < 20 or self.height < 20:
            return
        top = max((v for s in self.series for v in s.values if v is not None), default=0)
        step = nice_step(top)
        y_max = max(step, -(-top // step) * step)
        font = Scale.px(self.font)  # never under the least any text at the table is (issue 13)
        pad_l, pad_r, pad_t = Scale.px(self.font * 3.1), Scale.px(self.font * 1.6), Scale.px(self.font * 1.8)
        if not self.bars:  # room at the right for each line's tag, written at the line's end
            widest = max((self._text(s.label, font).texture.size[0] for s in self.series), default=0)
            pad_r = max(pad_r, widest + Scale.px(self.thick * 4 + 8))
        w = max(self.width - pad_l - pad_r, 1)
        # Names wider than their slot alternate on two lines under the bars, never over each other.
        tags = [self._text(text, font, theme.TEXT if own else theme.STONE) for text in labels[:n]]
        stagger = any(t.texture.size[0] > w / n - Scale.px(4) for t in tags)
        line = font * 1.5
        pad_b = (line * (2 if stagger else 1) + Scale.px(4)) if labels else Scale.px(8)
        x0, y0 = self.x + pad_l, self.y + pad_b
        h = max(self.height - pad_b - pad_t, 1)
        while y_max // step > 1 and h * step / y_max < font * 1.4:  # ticks never drawn over each other
            step *= 2
            y_max = max(step, -(-top // step) * step)

        def px(i: float) -> float:
            if self.bars:
                return x0 + (i + 0.5) * w / n
            return x0 + (i * w / (n - 1) if n > 1 else w / 2)

        def py(v: float) -> float:
            return y0 + v / y_max * h

        with self.canvas:
            Color(*theme.SEA_LIGHT)
            Rectangle(pos=(x0, y0), size=(w, h))
            for k in range(0, int(y_max) + 1, step):  # horizontal grid with its values
                Color(*theme.STONE_DARK)
                Line(points=[x0, py(k), x0 + w, py(k)], width=1)
                tick = self._text(str(k), font, theme.STONE)
                Color(1, 1, 1, 1)
                Rectangle(texture=tick.texture, size=tick.texture.size,
                          pos=(x0 - tick.texture.size[0] - Scale.px(10), py(k) - tick.texture.size[1] / 2))
            for at, text in self.marks:
                Color(*theme.GOLD)
                Line(points=[px(at), y0, px(at), y0 + h], width=1, dash_length=4, dash_offset=4)
                mark = self._text(text, font, theme.GOLD)
                Color(1, 1, 1, 1)
                Rectangle(texture=mark.texture, size=mark.texture.size, pos=(px(at) + Scale.px(2), y0 + h + Scale.px(2)))
            for i, label in enumerate(tags):
                down = line if stagger and i % 2 else 0
                Color(1, 1, 1, 1)
                # Under its place, yet inside the chart: the last one is never cut at the screen's edge.
                left = min(max(px(i) - label.texture.size[0] / 2, self.x), self.right - label.texture.size[0])
                Rectangle(texture=label.texture, size=label.texture.size,
                          pos=(left, y0 - label.texture.size[1] - Scale.px(2) - down))
            if own:
                self._draw_own_bars(n, w, px, py, font)
            elif self.bars:
                self._draw_bars(n, w, px, py)
            else:
                self._draw_lines(px, py, font)

    def _draw_bars(self, n: int, w: float, px, py) -> None:
        width = min(w / n / max(len(self.series), 1) * 0.8, Scale.px(48))
        for k, s in enumerate(self.series):
            Color(*s.rgba)
            for i, v in enumerate(s.values):
                if v is None:
                    continue
                left = px(i) - width * len(self.series) / 2 + k * width
                Rectangle(pos=(left, py(0)), size=(width, max(py(v) - py(0), Scale.px(2))))

    def _draw_own_bars(self, n: int, w: float, px, py, font: float) -> None:
        """A bar per series at its own place, its value written over it."""
        width = min(w / n * 0.6, Scale.px(120))
        for k, s in enumerate(self.series):
            v = s.values[0]
            if v is None:
                continue
            Color(*s.rgba)
            Rectangle(pos=(px(k) - width / 2, py(0)), size=(width, max(py(v) - py(0), Scale.px(2))))
            figure = self._text(str(round(v)), font, theme.TEXT)
            Color(1, 1, 1, 1)
            Rectangle(texture=figure.texture, size=figure.texture.size,
                      pos=(px(k) - figure.texture.size[0] / 2, py(v) + Scale.px(2)))

    @staticmethod
    def _staircase(points: list[float]) -> list[float]:
        out = points[:2]
        for i in range(2, len(points), 2):
            out += [points[i], out[-1], points[i], points[i + 1]]
        return out

    def _draw_lines(self, px, py, font: float) -> None:
        dot = Scale.px(self.thick * 3.75)
        ends: list[tuple[float, float, CoreLabel, Series]] = []  # each line's last point and its tag
        for k, s in enumerate(self.series):
            # Lines that share values are nudged apart so that every one stays visible (a line at zero
            # never hides under another).
            nudge = (k - (len(self.series) - 1) / 2) * Scale.px(self.thick * 2)
            segments: list[list[float]] = [[]]
            for i, v in enumerate(s.values):
                if v is None:
                    segments.append([])
                else:
                    segments[-1] += [px(i), py(v) + nudge]
            Color(*s.rgba)
            size = dot * (0.95 if s.marker == "square" else 1)
            for points in segments:
                if len(points) >= 4:
                    Line(points=self._staircase(points) if self.steps else points, width=Scale.px(self.thick))
                for i in range(0, len(points), 2):
                    draw_marker(s.marker, points[i], points[i + 1], size)
            last = next((seg for seg in reversed(segments) if seg), None)
            if last:
                ends.append((last[-2], last[-1], self._text(s.label, font, s.rgba), s))
        # Each tag beside its line's end; tags of lines ending together are spread just enough not to
        # overlap (kept inside the chart), and a short stroke in the line's colour joins each to its line.
        gap_x = dot / 2 + Scale.px(6)
        right = max((e[0] for e in ends), default=0)
        placed: list[tuple[float, float, float, float]] = []  # the tags drawn: left, bottom, right, top

        def free(x: float, y: float, w: float, h: float) -> bool:
            return all(x + w <= l or x >= r or y + h <= b or y >= t for l, b, r, t in placed)

        def draw(x: float, y: float, tag: CoreLabel, s: Series, top: float, h: float) -> None:
            mid = top + h / 2
            placed.append((x + gap_x, top, x + gap_x + tag.texture.size[0], top + h))
            Color(*s.rgba)
            Line(points=[x, y, x + gap_x - Scale.px(2), mid], width=Scale.px(1.2))
            Color(1, 1, 1, 1)
            Rectangle(texture=tag.texture, size=tag.texture.size, pos=(x + gap_x, mid - tag.texture.size[1] / 2))

        # The lines that reach the last game first: their tags in a column at the right, spread just enough.
        group = sorted((e for e in ends if abs(e[0] - right) < 1), key=lambda e: e[1])
        heights = [e[2].texture.size[1] * 0.8 for e in group]
        ys = [e[1] - h / 2 for e, h in zip(group, heights)]
        for i in range(1, len(ys)):
            ys[i] = max(ys[i], ys[i - 1] + heights[i - 1])
        overflow = ys[-1] + heights[-1] - self.top if ys else 0
        if overflow > 0:
            ys = [y - overflow for y in ys]
            for i in range(len(ys) - 2, -1, -1):
                ys[i] = min(ys[i], ys[i + 1] - heights[i])
        for (x, y, tag, s), top, h in zip(group, ys, heights):
            draw(x, y, tag, s, top, h)
        # A line that stops earlier: its tag beside its end, moved up or down to the nearest free place.
        for x, y, tag, s in (e for e in ends if abs(e[0] - right) >= 1):
            h, w = tag.texture.size[1] * 0.8, tag.texture.size[0]
            top = y - h / 2
            for k in range(12):
                step = (k + 1) // 2 * (1 if k % 2 else -1) * h / 2
                if free(x + gap_x, top + step, w, h) and top + step >= self.y:
                    top += step
                    break
            draw(x, y, tag, s, top, h)
