"""Forfort's part of the shell's standing strip (companion/app/screens/chips.py): the figures of
``ForfortUI.standing`` (the running score, the dungeon's count, the armies left) as drawn symbols, and the
owner's colour as a disc (the boards' small forts)."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.uix.widget import Widget

from companion.app.games.forfort import art as fart
from companion.app.screens.kit import px

STANDING = 28  # px at 800×480: the figures of a standing
NAME = 20


class Symbol(Widget):
    """A figure's symbol, drawn: ``score`` a crown of stone, ``dungeon`` the keep's door, ``armies`` a banner."""

    def __init__(self, kind: str, colour: Any, **kw: Any) -> None:
        kw.setdefault("size_hint", (None, 1))
        kw.setdefault("width", px(20))
        super().__init__(**kw)
        self.kind, self.colour = kind, colour
        self.bind(pos=self.draw, size=self.draw)

    def draw(self, *_: Any) -> None:
        self.canvas.clear()
        s = min(self.width, self.height)
        x, y = self.x + (self.width - s) / 2, self.y + (self.height - s) / 2
        with self.canvas:
            if self.kind == "dungeon":
                for i in fart._dungeon(x, y, s, s):
                    self.canvas.add(i)
            elif self.kind == "armies":
                for i in fart._army(x, y, s, s, self.colour, "e"):
                    self.canvas.add(i)
            else:  # the score: a wall's battlements
                Color(*fart.STONE)
                Rectangle(pos=(x, y), size=(s, s * 0.6))
                for k in (0, 2, 4):
                    Rectangle(pos=(x + k * s / 5, y + s * 0.6), size=(s / 5, s * 0.3))
                Color(*fart.STONE_SHADE)
                Line(points=[x, y + s * 0.3, x + s, y + s * 0.3], width=1)


class Dot(Widget):
    """The owner's colour, a disc beside the name."""

    def __init__(self, colour: Any, **kw: Any) -> None:
        super().__init__(size_hint_x=None, width=px(18), **kw)
        with self.canvas:
            Color(*colour)
            self.disc = Ellipse(size=(px(16), px(16)))
        self.bind(pos=self.place, size=self.place)

    def place(self, *_: Any) -> None:
        self.disc.pos = (self.x, self.center_y - px(8))


FIGURES = ("wall", "dungeon", "armies")  # the standing's icons that Forfort draws itself (``Symbol``)


def figure_icon(name: str, colour: Any) -> Any:
    """Forfort's drawn symbol for a figure's icon ``name`` in ``colour``, or None for one of the look's."""
    return Symbol(name, colour) if name in FIGURES else None
