"""A scroll view that says it scrolls: its bar in gold, 10 px wide, shown even at rest, and while rows
are hidden below a gold ▼ at its bottom right (the family review: a thin grey bar was the only hint,
and a row cut at the edge read as a broken screen)."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Ellipse, Triangle
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import Scale

BAR = 10  # px at 800×480: a bar a finger can hold and an eye finds
ARROW = 40  # the "more below" mark's disc


class MoreBelow(Widget):
    """A gold ▼ in a dark disc, drawn (no glyph the font may lack)."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.more_below = True  # tests and the shots find it by this mark
        self.bind(pos=self._draw, size=self._draw, opacity=self._draw)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        if self.opacity <= 0:
            return
        d = min(self.width, self.height)
        cx, cy, r = self.center_x, self.center_y, d / 2
        with self.canvas:
            Color(*theme.SEA[:3], 0.9)
            Ellipse(pos=(cx - r, cy - r), size=(d, d))
            Color(*theme.GOLD)
            Triangle(points=[cx - r * 0.5, cy + r * 0.25, cx + r * 0.5, cy + r * 0.25, cx, cy - r * 0.45])


def scroll_view(content: Widget) -> FloatLayout:
    """``content`` (its height its own) in a scroll view with the gold bar and the ▼ while more is below."""
    holder = FloatLayout()
    view = ScrollView(do_scroll_x=False, bar_width=Scale.px(BAR), scroll_type=["bars", "content"],
                      bar_color=theme.GOLD, bar_inactive_color=theme.GOLD, bar_margin=Scale.px(1),
                      size_hint=(1, 1), pos_hint={"x": 0, "y": 0})
    view.add_widget(content)
    arrow = MoreBelow(size_hint=(None, None), size=(Scale.px(ARROW), Scale.px(ARROW)))
    holder.add_widget(view)
    holder.add_widget(arrow)

    def place(*_: Any) -> None:
        arrow.pos = (holder.right - Scale.px(BAR + 8) - arrow.width, holder.y + Scale.px(4))
        more = content.height > view.height + 1 and view.scroll_y > 0.01
        arrow.opacity = 1 if more else 0

    for widget, names in ((holder, ("pos", "size")), (view, ("scroll_y", "height")), (content, ("height",))):
        widget.bind(**{name: place for name in names})
    holder.view = view
    return holder
