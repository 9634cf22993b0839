"""Fort's icons, drawn originally with Kivy graphics in the look's flat style (one ink, a few shapes):
the seven suits, the two resources, the actions printed on the kids' cards, and the fort's own marks
(points, level, macaroni sculpture, made-up rule, perk), and each made-up rule and perk card its own shape
(card_icons). ``Glyph(kind)`` is the widget; every screen of
Fort and its glossary use it, so that one shape always means one thing."""

from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color, Ellipse, Line, Mesh, Quad, Rectangle, RoundedRectangle, Triangle
from kivy.uix.widget import Widget

from companion.app.games.fort.card_icons import CARD_ICONS, CARD_KINDS, draw_card

__all__ = ["CARD_ICONS", "KINDS", "Glyph", "draw"]

SUITS = ("book", "crown", "glue", "shovel", "skateboard", "squirtgun", "wild")
RESOURCES = ("pizza", "toys")
ACTIONS = ("gather", "pack", "lookout", "trash", "recruit", "advance", "points", "boost")
MARKS = ("level", "macaroni", "rule", "perk", "lead")
STEP_KINDS = ("card", "follow", "bracelet")  # the turn's strip: a card played, a follower's chevrons; the
# scoring's different suits (a bracelet of beads: the wild coin is not one of them)
KINDS = SUITS + RESOURCES + ACTIONS + MARKS + STEP_KINDS + CARD_KINDS  # and each rule's and perk's own (card_icons)

# Each suit's own colour (read with its shape and its name: never colour alone), light enough on the sea.
SUIT_COLOURS = {
    "book": (0.55, 0.78, 1.0, 1), "crown": (1.0, 0.84, 0.35, 1), "glue": (0.72, 0.95, 0.62, 1),
    "shovel": (0.92, 0.72, 0.52, 1), "skateboard": (1.0, 0.62, 0.62, 1), "squirtgun": (0.55, 0.92, 0.92, 1),
    "wild": (0.95, 0.95, 0.95, 1),
}


def _star(cx: float, cy: float, r: float, points: int = 5) -> list[float]:
    out = []
    for k in range(points * 2):
        a = math.pi / 2 + k * math.pi / points
        rr = r if k % 2 == 0 else r * 0.45
        out += [cx + rr * math.cos(a), cy + rr * math.sin(a)]
    return out


def _fan(cx: float, cy: float, outline: list[float]) -> Mesh:
    """A filled polygon around (cx, cy) (a star, a crown): a triangle fan."""
    vertices, indices = [cx, cy, 0, 0], [0]
    for k in range(0, len(outline), 2):
        vertices += [outline[k], outline[k + 1], 0, 0]
        indices.append(k // 2 + 1)
    vertices += [outline[0], outline[1], 0, 0]
    indices.append(len(outline) // 2 + 1)
    return Mesh(vertices=vertices, indices=indices, mode="triangle_fan")


def draw(kind: str, x: float, y: float, s: float, ink: tuple) -> None:
    """Draw ``kind`` in the square (x, y, s) on the current canvas, in ``ink``."""
    w = max(1.5, s * 0.07)  # the stroke
    detail = (ink[0] * 0.3, ink[1] * 0.3, ink[2] * 0.3, 1)  # details inside a shape: the ink, darker
    if kind in CARD_KINDS:
        draw_card(kind, x, y, s, ink, detail, w)
        return
    Color(*ink)
    if kind == "book":  # an open book: two pages and the spine
        Quad(points=[x + s * .05, y + s * .2, x + s * .48, y + s * .12, x + s * .48, y + s * .8, x + s * .05, y + s * .88])
        Quad(points=[x + s * .52, y + s * .12, x + s * .95, y + s * .2, x + s * .95, y + s * .88, x + s * .52, y + s * .8])
    elif kind == "crown":
        _fan(x + s * .5, y + s * .35, [x + s * .08, y + s * .2, x + s * .92, y + s * .2, x + s * .92, y + s * .78,
                                       x + s * .7, y + s * .5, x + s * .5, y + s * .85, x + s * .3, y + s * .5,
                                       x + s * .08, y + s * .78])
    elif kind == "glue":  # a bottle and its drop
        RoundedRectangle(pos=(x + s * .25, y + s * .08), size=(s * .4, s * .55), radius=[s * .08])
        Triangle(points=[x + s * .3, y + s * .63, x + s * .6, y + s * .63, x + s * .45, y + s * .85])
        Ellipse(pos=(x + s * .7, y + s * .12), size=(s * .18, s * .18))
        Triangle(points=[x + s * .71, y + s * .24, x + s * .87, y + s * .24, x + s * .79, y + s * .4])
    elif kind == "shovel":  # a handle and a blade
        Line(points=[x + s * .8, y + s * .92, x + s * .45, y + s * .5], width=w, cap="round")
        Line(points=[x + s * .72, y + s * .95, x + s * .92, y + s * .78], width=w, cap="round")
        _fan(x + s * .3, y + s * .3, [x + s * .35, y + s * .6, x + s * .55, y + s * .42, x + s * .28, y + s * .08,
                                      x + s * .08, y + s * .32])
    elif kind == "skateboard":  # the deck and two wheels
        RoundedRectangle(pos=(x + s * .05, y + s * .42), size=(s * .9, s * .18), radius=[s * .09])
        Ellipse(pos=(x + s * .18, y + s * .2), size=(s * .18, s * .18))
        Ellipse(pos=(x + s * .64, y + s * .2), size=(s * .18, s * .18))
    elif kind == "squirtgun":  # a barrel, a grip, a splash
        RoundedRectangle(pos=(x + s * .15, y + s * .5), size=(s * .55, s * .2), radius=[s * .06])
        Quad(points=[x + s * .2, y + s * .5, x + s * .4, y + s * .5, x + s * .35, y + s * .15, x + s * .15, y + s * .15])
        for k, (dx, dy) in enumerate(((.8, .65), (.9, .55), (.82, .45))):
            Ellipse(pos=(x + s * dx, y + s * dy), size=(s * .09, s * .09))
    elif kind == "wild":  # a coin with a star
        Line(circle=(x + s * .5, y + s * .5, s * .42), width=w)
        _fan(x + s * .5, y + s * .5, _star(x + s * .5, y + s * .5, s * .3))
    elif kind == "pizza":  # a slice with its crust and toppings
        Triangle(points=[x + s * .12, y + s * .78, x + s * .88, y + s * .78, x + s * .5, y + s * .06])
        RoundedRectangle(pos=(x + s * .06, y + s * .74), size=(s * .88, s * .16), radius=[s * .08])
        Color(*detail)
        for dx, dy in ((.38, .62), (.55, .66), (.48, .42)):
            Ellipse(pos=(x + s * dx, y + s * dy), size=(s * .1, s * .1))
    elif kind == "toys":  # a building block and a ball
        Rectangle(pos=(x + s * .08, y + s * .1), size=(s * .45, s * .45))
        Ellipse(pos=(x + s * .5, y + s * .45), size=(s * .42, s * .42))
    elif kind == "gather":  # a hand's cup: an arrow into a tray
        Line(points=[x + s * .5, y + s * .92, x + s * .5, y + s * .4], width=w, cap="round")
        Triangle(points=[x + s * .32, y + s * .5, x + s * .68, y + s * .5, x + s * .5, y + s * .3])
        Line(points=[x + s * .1, y + s * .3, x + s * .1, y + s * .1, x + s * .9, y + s * .1, x + s * .9, y + s * .3],
             width=w, joint="round")
    elif kind == "pack":  # a backpack
        RoundedRectangle(pos=(x + s * .2, y + s * .08), size=(s * .6, s * .65), radius=[s * .15])
        Line(ellipse=(x + s * .35, y + s * .6, s * .3, s * .3, -90, 90), width=w)
        Color(*detail)
        Rectangle(pos=(x + s * .3, y + s * .2), size=(s * .4, s * .18))
    elif kind == "lookout":  # an eye
        Line(ellipse=(x + s * .05, y + s * .25, s * .9, s * .5), width=w)
        Ellipse(pos=(x + s * .36, y + s * .36), size=(s * .28, s * .28))
    elif kind == "trash":  # a bin
        Quad(points=[x + s * .22, y + s * .75, x + s * .78, y + s * .75, x + s * .7, y + s * .08, x + s * .3, y + s * .08])
        Rectangle(pos=(x + s * .15, y + s * .8), size=(s * .7, s * .08))
        Rectangle(pos=(x + s * .4, y + s * .88), size=(s * .2, s * .07))
    elif kind == "recruit":  # a kid (head and body) and a plus
        Ellipse(pos=(x + s * .18, y + s * .58), size=(s * .28, s * .28))
        Ellipse(pos=(x + s * .08, y + s * .08), size=(s * .48, s * .5), angle_start=-90, angle_end=90)
        Line(points=[x + s * .78, y + s * .3, x + s * .78, y + s * .7], width=w, cap="round")
        Line(points=[x + s * .58, y + s * .5, x + s * .98, y + s * .5], width=w, cap="round")
    elif kind == "advance":  # a fort and an arrow up
        Rectangle(pos=(x + s * .1, y + s * .08), size=(s * .5, s * .45))
        for k in (0, 2, 4):
            Rectangle(pos=(x + s * (.1 + k * .1), y + s * .53), size=(s * .1, s * .12))
        Line(points=[x + s * .8, y + s * .1, x + s * .8, y + s * .75], width=w, cap="round")
        Triangle(points=[x + s * .64, y + s * .7, x + s * .96, y + s * .7, x + s * .8, y + s * .95])
    elif kind == "points":  # a star
        _fan(x + s * .5, y + s * .48, _star(x + s * .5, y + s * .48, s * .46))
    elif kind == "boost":  # a card and a plus: more cards of the suit
        RoundedRectangle(pos=(x + s * .1, y + s * .1), size=(s * .45, s * .7), radius=[s * .06])
        Line(points=[x + s * .78, y + s * .3, x + s * .78, y + s * .8], width=w, cap="round")
        Line(points=[x + s * .53, y + s * .55, x + s * 1.0, y + s * .55], width=w, cap="round")
    elif kind == "level":  # a fort: walls and battlements
        Rectangle(pos=(x + s * .1, y + s * .08), size=(s * .8, s * .55))
        for k in (0, 2, 4, 6):
            Rectangle(pos=(x + s * (.1 + k * .1143), y + s * .63), size=(s * .1143, s * .14))
        Color(*detail)
        RoundedRectangle(pos=(x + s * .4, y + s * .08), size=(s * .2, s * .3), radius=[s * .1, s * .1, 0, 0])
    elif kind == "macaroni":  # a trophy of three noodle arcs on a base
        Rectangle(pos=(x + s * .25, y + s * .06), size=(s * .5, s * .1))
        for k, dy in enumerate((.2, .42, .64)):
            Line(ellipse=(x + s * (.2 + k * .05), y + s * dy, s * (.6 - k * .1), s * .3, 90, 270), width=w)
    elif kind == "rule":  # a card with lines: a made-up rule
        RoundedRectangle(pos=(x + s * .18, y + s * .05), size=(s * .64, s * .9), radius=[s * .08])
        Color(*detail)
        for dy in (.65, .48, .31):
            Rectangle(pos=(x + s * .3, y + s * dy), size=(s * .4, s * .06))
    elif kind == "perk":  # a ribbon: a disc and two tails
        Triangle(points=[x + s * .3, y + s * .5, x + s * .48, y + s * .45, x + s * .25, y + s * .05])
        Triangle(points=[x + s * .7, y + s * .5, x + s * .52, y + s * .45, x + s * .75, y + s * .05])
        Ellipse(pos=(x + s * .22, y + s * .4), size=(s * .56, s * .56))
    elif kind == "card":  # a card, tilted, with a suit's dot
        Quad(points=[x + s * .28, y + s * .04, x + s * .86, y + s * .16, x + s * .72, y + s * .96, x + s * .14, y + s * .84])
        Color(*detail)
        Ellipse(pos=(x + s * .38, y + s * .38), size=(s * .24, s * .24))
    elif kind == "bracelet":  # a ring of six beads: the six different suits of Friendship Bracelet
        Line(circle=(x + s * .5, y + s * .5, s * .32), width=w * .8)
        for k in range(6):
            a = math.pi / 2 + k * math.pi / 3
            Ellipse(pos=(x + s * (.5 + .32 * math.cos(a) - .11), y + s * (.5 + .32 * math.sin(a) - .11)),
                    size=(s * .22, s * .22))
    elif kind == "follow":  # two chevrons: the others come after the leader
        for dx in (.12, .48):
            Line(points=[x + s * dx, y + s * .2, x + s * (dx + .3), y + s * .5, x + s * dx, y + s * .8], width=w * 1.3,
                 cap="round", joint="round")
    elif kind == "lead":  # a flag on its pole: still to lead in the last round
        Line(points=[x + s * .22, y + s * .06, x + s * .22, y + s * .94], width=w, cap="round")
        Quad(points=[x + s * .24, y + s * .92, x + s * .86, y + s * .76, x + s * .86, y + s * .76, x + s * .24, y + s * .52])
    else:
        raise ValueError(f"fort: no icon {kind!r}; known: {', '.join(KINDS)}")


class Glyph(Widget):
    """One of Fort's icons, square, centred in the widget, in ``ink`` (a suit's colour by default)."""

    def __init__(self, kind: str, ink: tuple | None = None, **kw: Any) -> None:
        if kind not in KINDS:
            raise ValueError(f"fort: no icon {kind!r}; known: {', '.join(KINDS)}")
        super().__init__(**kw)
        self.kind = kind
        self.ink = ink or SUIT_COLOURS.get(kind, (1, 1, 1, 1))
        self.bind(pos=self.redraw, size=self.redraw)

    def redraw(self, *_: Any) -> None:
        self.canvas.clear()
        s = min(self.width, self.height)
        with self.canvas:
            draw(self.kind, self.x + (self.width - s) / 2, self.y + (self.height - s) / 2, s, self.ink)
