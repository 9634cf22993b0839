"""Each made-up rule and perk card's own icon, drawn originally in the look's flat style (one ink, a darker
ink for details): twenty shapes, none shared with another card nor with a suit, a resource or an action,
so that the picker, the sheet and the scoring wizard never show two cards under one shape. Each is a
silhouette that reads at 48 px: a tent for Sleepover, a pig for Piggy Bank, a hammer for DIY…"""

from __future__ import annotations

import math

from kivy.graphics import Color, Ellipse, Line, Mesh, Quad, Rectangle, RoundedRectangle, Triangle

RULE_KINDS = ("big-plans", "loner", "friendship-bracelet", "sleepover", "minimalism", "slime-lab", "play-palace",
              "popularity", "secret-stash", "pizza-party", "piggy-bank")
PERK_KINDS = ("diy", "sticky-fingers", "recycling", "xxl-backpack", "do-over", "birthday-party", "rough-housing",
              "bribe", "copy-cat")
CARD_KINDS = RULE_KINDS + PERK_KINDS
CARD_ICONS = {card: card for card in CARD_KINDS}  # a card's id is its icon's name: one shape per card


def _poly(points: list[float]) -> Mesh:
    """A filled convex-ish polygon (a triangle fan from its first point)."""
    n = len(points) // 2
    vertices = [v for k in range(n) for v in (points[2 * k], points[2 * k + 1], 0, 0)]
    return Mesh(vertices=vertices, indices=list(range(n)), mode="triangle_fan")


def _arrow_arc(cx: float, cy: float, r: float, start: float, end: float, w: float, head: float) -> None:
    """An arc from ``start`` to ``end`` degrees (Kivy's: clockwise from 12 o'clock) with a head at its end."""
    Line(circle=(cx, cy, r, start, end), width=w, cap="none")
    a = math.radians(end)
    px_, py_ = cx + r * math.sin(a), cy + r * math.cos(a)  # the arc's end
    tx, ty = math.cos(a), -math.sin(a)  # the direction of travel (clockwise when end > start)
    if end < start:
        tx, ty = -tx, -ty
    nx, ny = math.sin(a), math.cos(a)  # outward
    Triangle(points=[px_ + tx * head, py_ + ty * head, px_ + nx * head * .8, py_ + ny * head * .8,
                     px_ - nx * head * .8, py_ - ny * head * .8])


def draw_card(kind: str, x: float, y: float, s: float, ink: tuple, detail: tuple, w: float) -> None:
    def P(a: float, b: float) -> tuple[float, float]:
        return x + s * a, y + s * b

    def pts(*ab: float) -> list[float]:
        return [v for k in range(0, len(ab), 2) for v in P(ab[k], ab[k + 1])]

    Color(*ink)
    if kind == "big-plans":  # a blueprint: a sheet, a house drawn on it
        Rectangle(pos=P(.06, .12), size=(s * .88, s * .76))
        Color(*detail)
        Line(points=pts(.26, .24, .26, .5, .5, .72, .74, .5, .74, .24, .26, .24), width=w * .8, joint="round")
        Rectangle(pos=P(.44, .24), size=(s * .12, s * .2))
    elif kind == "loner":  # one kid alone inside a ring
        Line(circle=(*P(.5, .5), s * .44), width=w)
        Ellipse(pos=P(.39, .52), size=(s * .22, s * .22))
        Ellipse(pos=P(.3, .16), size=(s * .4, s * .4), angle_start=-90, angle_end=90)
    elif kind == "friendship-bracelet":  # a woven band tied in a knot, its two loose ends (the suits' count
        # is the ring of six beads: another shape)
        Line(ellipse=(*P(.08, .3), s * .84, s * .56), width=w * 1.4)
        Ellipse(pos=P(.4, .2), size=(s * .2, s * .2))
        Line(points=pts(.46, .24, .34, .04), width=w, cap="round")
        Line(points=pts(.54, .24, .66, .04), width=w, cap="round")
        Color(*detail)
        for cx in (.3, .5, .7):
            Line(points=pts(cx - .04, .8, cx + .04, .9), width=w * .5)
    elif kind == "sleepover":  # a tent with its open door
        Triangle(points=pts(.04, .1, .96, .1, .5, .9))
        Color(*detail)
        Triangle(points=pts(.36, .1, .64, .1, .5, .52))
    elif kind == "minimalism":  # an empty frame, one small square in it
        Line(rectangle=(*P(.1, .1), s * .8, s * .8), width=w)
        Rectangle(pos=P(.4, .4), size=(s * .2, s * .2))
    elif kind == "slime-lab":  # a flask with bubbles
        Rectangle(pos=P(.4, .6), size=(s * .2, s * .26))
        _poly(pts(.4, .6, .6, .6, .88, .08, .12, .08))
        Ellipse(pos=P(.62, .78), size=(s * .12, s * .12))
        Ellipse(pos=P(.74, .62), size=(s * .08, s * .08))
        Color(*detail)
        Ellipse(pos=P(.38, .18), size=(s * .12, s * .12))
        Ellipse(pos=P(.54, .28), size=(s * .09, s * .09))
    elif kind == "play-palace":  # three towers with pointed roofs
        for cx, top, half in ((.2, .6, .14), (.5, .72, .17), (.8, .6, .14)):
            Rectangle(pos=P(cx - half, .08), size=(s * half * 2, s * (top - .08)))
            Triangle(points=pts(cx - half - .03, top, cx + half + .03, top, cx, top + .22))
        Color(*detail)
        Ellipse(pos=P(.43, .08), size=(s * .14, s * .28), angle_start=-90, angle_end=90)
    elif kind == "popularity":  # a heart
        Ellipse(pos=P(.08, .42), size=(s * .46, s * .44))
        Ellipse(pos=P(.46, .42), size=(s * .46, s * .44))
        Triangle(points=pts(.1, .58, .9, .58, .5, .08))
    elif kind == "secret-stash":  # a chest: its lid, its box, its lock
        RoundedRectangle(pos=P(.08, .52), size=(s * .84, s * .3), radius=[s * .14, s * .14, 0, 0])
        Rectangle(pos=P(.08, .12), size=(s * .84, s * .37))
        Color(*detail)
        Rectangle(pos=P(.42, .36), size=(s * .16, s * .24))
    elif kind == "pizza-party":  # a whole pizza cut in slices
        Ellipse(pos=P(.06, .06), size=(s * .88, s * .88))
        Color(*detail)
        for k in range(3):
            a = k * math.pi / 3
            Line(points=pts(.5 - .44 * math.cos(a), .5 - .44 * math.sin(a), .5 + .44 * math.cos(a),
                            .5 + .44 * math.sin(a)), width=w * .6)
    elif kind == "piggy-bank":  # a pig: body, snout, ear, legs, the coin's slot
        Ellipse(pos=P(.08, .24), size=(s * .74, s * .56))
        Ellipse(pos=P(.74, .4), size=(s * .2, s * .2))
        Triangle(points=pts(.52, .72, .68, .72, .62, .92))
        Rectangle(pos=P(.2, .08), size=(s * .12, s * .2))
        Rectangle(pos=P(.56, .08), size=(s * .12, s * .2))
        Color(*detail)
        Rectangle(pos=P(.34, .68), size=(s * .2, s * .06))
        Ellipse(pos=P(.6, .5), size=(s * .08, s * .08))
    elif kind == "diy":  # a hammer
        Line(points=pts(.22, .1, .6, .62), width=w * 1.3, cap="round")
        Quad(points=pts(.38, .72, .72, .96, .9, .72, .56, .48))
    elif kind == "sticky-fingers":  # a magnet: a U and its two poles
        Line(circle=(*P(.5, .52), s * .28, 90, 270), width=s * .09, cap="none")
        Rectangle(pos=P(.13, .52), size=(s * .18, s * .26))
        Rectangle(pos=P(.69, .52), size=(s * .18, s * .26))
        Color(*detail)
        Rectangle(pos=P(.13, .78), size=(s * .18, s * .12))
        Rectangle(pos=P(.69, .78), size=(s * .18, s * .12))
        Color(*ink)
        Rectangle(pos=P(.13, .82), size=(s * .18, s * .1))
        Rectangle(pos=P(.69, .82), size=(s * .18, s * .1))
    elif kind == "recycling":  # three arrows chasing each other round a triangle
        corners = [P(.5 + .4 * math.cos(math.pi / 2 + k * 2 * math.pi / 3),
                     .46 + .4 * math.sin(math.pi / 2 + k * 2 * math.pi / 3)) for k in range(3)]
        for k in range(3):
            (ax, ay), (bx, by) = corners[k], corners[(k + 1) % 3]
            ex, ey = ax + (bx - ax) * .62, ay + (by - ay) * .62  # each arrow stops short of the next corner
            Line(points=[ax + (bx - ax) * .1, ay + (by - ay) * .1, ex, ey], width=w, cap="round")
            d = math.hypot(bx - ax, by - ay) or 1.0  # a widget not yet laid out is 0 px wide
            dx, dy = (bx - ax) / d, (by - ay) / d
            h = s * .16
            Triangle(points=[ex + dx * h, ey + dy * h, ex - dy * h * .7, ey + dx * h * .7,
                             ex + dy * h * .7, ey - dx * h * .7])
    elif kind == "xxl-backpack":  # a wide duffel bag: its handle, its zip
        Line(ellipse=(*P(.3, .5), s * .4, s * .36, -90, 90), width=w)
        RoundedRectangle(pos=P(.04, .14), size=(s * .92, s * .5), radius=[s * .16])
        Color(*detail)
        Rectangle(pos=P(.16, .5), size=(s * .68, s * .05))
    elif kind == "do-over":  # one arrow turning back on itself: play again
        _arrow_arc(*P(.5, .48), s * .32, 300, 30, w * 1.3, s * .2)
        Ellipse(pos=P(.42, .4), size=(s * .16, s * .16))
    elif kind == "birthday-party":  # a cake and its three candles
        Rectangle(pos=P(.1, .1), size=(s * .8, s * .42))
        for cx in (.28, .5, .72):
            Rectangle(pos=P(cx - .03, .52), size=(s * .06, s * .2))
            Ellipse(pos=P(cx - .05, .76), size=(s * .1, s * .14))
        Color(*detail)
        Rectangle(pos=P(.1, .3), size=(s * .8, s * .06))
    elif kind == "rough-housing":  # a burst: a jagged eight-point star
        outline = []
        for k in range(16):
            a = k * math.pi / 8
            r = .46 if k % 2 == 0 else .24
            outline += list(P(.5 + r * math.cos(a), .5 + r * math.sin(a)))
        Mesh(vertices=[*P(.5, .5), 0, 0] + [v for k in range(0, len(outline), 2) for v in (outline[k], outline[k + 1], 0, 0)]
             + [outline[0], outline[1], 0, 0], indices=list(range(18)), mode="triangle_fan")
    elif kind == "bribe":  # a lollipop with its swirl
        Line(points=pts(.5, .06, .5, .5), width=w, cap="round")
        Ellipse(pos=P(.22, .42), size=(s * .56, s * .56))
        Color(*detail)
        Line(circle=(*P(.5, .7), s * .15, 0, 270), width=w * .6)
    elif kind == "copy-cat":  # a cat's face: two ears, the eyes, the nose
        Triangle(points=pts(.12, .5, .2, .92, .46, .7))
        Triangle(points=pts(.88, .5, .8, .92, .54, .7))
        Ellipse(pos=P(.1, .08), size=(s * .8, s * .7))
        Color(*detail)
        Ellipse(pos=P(.28, .42), size=(s * .12, s * .14))
        Ellipse(pos=P(.6, .42), size=(s * .12, s * .14))
        Triangle(points=pts(.44, .32, .56, .32, .5, .24))
    else:
        raise ValueError(f"fort: no card icon {kind!r}; known: {', '.join(CARD_KINDS)}")
