"""A Pixies card drawn with Kivy's graphics (original art: the game's number, colour and marks, no
illustration): the face in its colour with its colour's shape in the corner (colour-blind players read the
shape), the number large, and its mark below: N spirals, N crosses or the ★. Also the card's back (face
down) and an empty space of the grid."""

from __future__ import annotations

import math

from kivy.graphics import Color, Ellipse, Line, Mesh, RoundedRectangle
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.floatlayout import FloatLayout

from companion.app.games.pixies.look import BACK_HEX, EMPTY_HEX, SHAPES, card_rgba, ink_rgba
from companion.app.look.palette import ROLES, hex_rgba
from companion.app.look.tokens import TYPE
from companion.app.screens.kit import px
from companion.games.pixies.cards import CARDS, COLOURS

GOLD = hex_rgba(ROLES.accent)


def _star(cx: float, cy: float, r: float) -> Mesh:
    """A five-pointed star as a triangle fan."""
    pts = [cx, cy, 0, 0]
    for i in range(11):
        a = math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts += [cx + rr * math.cos(a), cy + rr * math.sin(a), 0, 0]
    return Mesh(vertices=pts, indices=list(range(12)), mode="triangle_fan")


def _fan(cx: float, cy: float, points: list[tuple[float, float]]) -> Mesh:
    """A filled outline (star-shaped from its centre ``cx, cy``) as a triangle fan."""
    pts = [cx, cy, 0, 0]
    for x, y in [*points, points[0]]:
        pts += [x, y, 0, 0]
    return Mesh(vertices=pts, indices=list(range(len(points) + 2)), mode="triangle_fan")


def _shape(kind: str, cx: float, cy: float, r: float) -> None:
    """One colour's shape, filled, in the current Color: a water drop (blue), a leaf (green), a sun
    (yellow), a heart (red): four outlines that differ at a glance, whatever the colours look like."""
    if kind == "heart":  # the classic heart curve, its point down
        pts = []
        for i in range(36):
            t = i / 36 * 2 * math.pi
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            pts.append((cx + x / 17 * r, cy + (y + 2) / 17 * r))
        _fan(cx, cy, pts)
    elif kind == "sun":
        Ellipse(pos=(cx - r * 0.6, cy - r * 0.6), size=(r * 1.2, r * 1.2))
        for i in range(8):
            a = i * math.pi / 4
            Line(points=[cx + r * 0.7 * math.cos(a), cy + r * 0.7 * math.sin(a),
                         cx + r * math.cos(a), cy + r * math.sin(a)], width=max(1.0, r * 0.12))
    elif kind == "leaf":  # a pointed leaf, leaning right, with its stalk
        pts, lean = [], math.radians(-35)
        for i in range(32):
            t = i / 32 * 2 * math.pi
            x, y = 0.55 * r * math.copysign(abs(math.sin(t)) ** 1.4, math.sin(t)), r * math.cos(t)
            pts.append((cx + x * math.cos(lean) - y * math.sin(lean), cy + x * math.sin(lean) + y * math.cos(lean)))
        _fan(cx, cy, pts)
        Line(points=[cx + r * math.sin(lean) * 0.9, cy - r * math.cos(lean) * 0.9,
                     cx + r * math.sin(lean) * 1.25, cy - r * math.cos(lean) * 1.25], width=max(1.0, r * 0.1))
    else:  # drop: a circle with a point on top
        Ellipse(pos=(cx - r * 0.7, cy - r), size=(r * 1.4, r * 1.4))
        Mesh(vertices=[cx - r * 0.62, cy - r * 0.05, 0, 0, cx, cy + r, 0, 0, cx + r * 0.62, cy - r * 0.05, 0, 0],
             indices=[0, 1, 2], mode="triangles")


def _spiral(cx: float, cy: float, r: float, width: float) -> None:
    pts = []
    for i in range(40):
        t = i / 39 * 2.6 * math.pi
        rr = r * (0.15 + 0.85 * i / 39)
        pts += [cx + rr * math.cos(t), cy + rr * math.sin(t)]
    Line(points=pts, width=width)


def _cross(cx: float, cy: float, r: float, width: float) -> None:
    Line(points=[cx - r, cy - r, cx + r, cy + r], width=width)
    Line(points=[cx - r, cy + r, cx + r, cy - r], width=width)


def _dashed(x: float, y: float, w: float, h: float, width: float, dash: float, gap: float) -> None:
    """A rectangle's outline in dashes (Kivy draws ``dash_length`` only on 1 px lines, too faint at 1.5 m):
    each side its own dashes, one at each corner, so that the corners read as a slot's."""
    for (x0, y0), (x1, y1) in (((x, y), (x + w, y)), ((x + w, y), (x + w, y + h)),
                               ((x + w, y + h), (x, y + h)), ((x, y + h), (x, y))):
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1:  # not laid out yet
            continue
        count = max(1, round((length + gap) / (dash + gap)))
        step = length / count  # dashes spread evenly: the last ends at the corner
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        for i in range(count):
            a, b = i * step, i * step + step - gap * (step / (dash + gap))
            Line(points=[x0 + ux * a, y0 + uy * a, x0 + ux * b, y0 + uy * b], width=width, cap="none")


def _seal(cx: float, cy: float, r: float) -> None:
    """The validated card's seal: a gold disc ringed in the dark ink, a dark ✓ on it."""
    dark = hex_rgba(ROLES.text_on_light)
    Color(*dark)
    Ellipse(pos=(cx - r * 1.15, cy - r * 1.15), size=(r * 2.3, r * 2.3))
    Color(*GOLD)
    Ellipse(pos=(cx - r, cy - r), size=(r * 2, r * 2))
    Color(*dark)
    Line(points=[cx - r * 0.5, cy, cx - r * 0.12, cy - r * 0.42, cx + r * 0.55, cy + r * 0.45],
         width=max(1.5, r * 0.2), cap="round", joint="round")


class CardFace(FloatLayout):
    """One space's content: ``card`` an id (face up), ``"down"`` (a face-down card), or None (empty).
    ``validated``: a card under it, drawn as a stack (the card under it offset down and right, its edge lit)
    with a gold ✓ seal on the face's top right corner, the one mark no unvalidated card has. ``outline``: a gold
    frame (a choice: where a card may go). ``zone``: the scoring zone, a light frame standing off the card, so
    that it never reads as the gold of "validated". ``number`` is the space's, shown faint on an empty space."""

    def __init__(self, card: str | None, validated: bool = False, number: int | None = None,
                 outline: bool = False, font: float = 40, zone: bool = False, **kw) -> None:
        super().__init__(**kw)
        self.card, self.validated, self.number, self.outline_on = card, validated, number, outline
        self.zone_on = zone
        self.card_colour = CARDS[card].colour if card in CARDS else None
        self.font = font
        ink = ink_rgba(self.card_colour) if self.card_colour and self.card_colour != "multi" else hex_rgba(ROLES.text_on_light)
        if card in CARDS:
            c = CARDS[card]
            self.number_label = Label(text=str(c.number), font_size=font, bold=True, color=ink,
                                      pos_hint={"center_x": 0.56, "center_y": 0.6}, size_hint=(None, None))
            self.add_widget(self.number_label)
            mark = str(c.spirals) if c.spirals else str(c.crosses) if c.crosses else ""
            if mark:
                self.mark_label = Label(text=mark, font_size=max(px(TYPE.caption), font * 0.5), bold=True, color=ink,
                                        pos_hint={"center_x": 0.36, "center_y": 0.2}, size_hint=(None, None))
                self.add_widget(self.mark_label)
        elif card is None and number is not None:
            self.add_widget(Label(text=str(number), font_size=max(px(TYPE.caption), font * 0.6), color=hex_rgba(ROLES.text_muted, 0.85),
                                  pos_hint={"center_x": 0.5, "center_y": 0.5}, size_hint=(None, None)))
        self.bind(size=self._draw, pos=self._draw)

    def _draw(self, *_):
        w, h = self.size
        ox, oy = self.pos
        if w > h * 0.8:  # a card keeps a card's shape (taller than wide), centred in a wide box
            ox, w = ox + (w - h * 0.75) / 2, h * 0.75
        elif h > w * 1.5:  # and in a tall one (a rule's picture in portrait): never a stretched strip
            oy, h = oy + (h - w * 1.4) / 2, w * 1.4
        r = min(w, h) * 0.1
        self.canvas.before.clear()  # a FloatLayout's own canvas.before holds nothing else
        with self.canvas.before:
            stacked = self.validated and self.card not in (None, "down")
            if stacked:  # the card under it, offset down and right by a tenth, its edge lit: a stack at 1.5 m
                ux, uy, uw, uh = ox + w * 0.13, oy + h * 0.01, w * 0.85, h * 0.87
                Color(*hex_rgba(BACK_HEX))
                RoundedRectangle(pos=(ux, uy), size=(uw, uh), radius=[r])
                Color(*hex_rgba(ROLES.text, 0.85))
                Line(rounded_rectangle=(ux, uy, uw, uh, r), width=max(1.2, min(w, h) * 0.02))
            face = (0.02 * w, 0.11 * h, 0.85 * w, 0.87 * h) if stacked else (0.04 * w, 0.04 * h, 0.92 * w, 0.92 * h)
            x, y, fw, fh = face
            x, y = x + ox, y + oy
            if self.card is None:  # an empty slot, unlike any card: no face, a dashed outline, the number faint
                Color(*hex_rgba(EMPTY_HEX, 0.35))
                RoundedRectangle(pos=(x, y), size=(fw, fh), radius=[r])
                Color(*hex_rgba(ROLES.text_muted, 0.9))
                _dashed(x, y, fw, fh, max(1.5, px(2)), px(7), px(5))
            elif self.card == "down":
                Color(*hex_rgba(BACK_HEX))
                RoundedRectangle(pos=(x, y), size=(fw, fh), radius=[r])
                Color(*hex_rgba(ROLES.text_muted, 0.5))
                for i in range(3):
                    _star(x + fw * (0.3 + 0.2 * i), y + fh * (0.35 + 0.15 * (i % 2)), min(fw, fh) * 0.1)
            else:
                c = CARDS[self.card]
                if c.colour == "multi":  # four bands, one per colour, each with its shape
                    for i, colour in enumerate(COLOURS):
                        Color(*card_rgba(colour))
                        RoundedRectangle(pos=(x + fw * i / 4, y), size=(fw / 4, fh),
                                         radius=[r if i == 0 else 0, r if i == 3 else 0, r if i == 3 else 0, r if i == 0 else 0])
                    # The number and the mark each on a pale patch (dark ink reads on it over every band),
                    # the four bands showing round them: a rainbow card at a glance, never a blank one.
                    Color(*hex_rgba(ROLES.text, 0.92))
                    if fh < px(64):  # a grid's small space: one patch for the number and its mark
                        RoundedRectangle(pos=(x + fw * 0.1, y + fh * 0.12), size=(fw * 0.8, fh * 0.64), radius=[r])
                    else:
                        d = min(fw * 0.62, fh * 0.42)
                        Ellipse(pos=(x + fw * 0.56 - d / 2, y + fh * 0.64 - d / 2), size=(d, d))
                        if c.star or c.spirals or c.crosses:  # the mark's patch, only where there is a mark
                            RoundedRectangle(pos=(x + fw * 0.14, y + fh * 0.06), size=(fw * 0.72, fh * 0.26),
                                             radius=[fh * 0.1])
                    for i, colour in enumerate(COLOURS):
                        Color(*hex_rgba(ROLES.text_on_light))
                        _shape(SHAPES[colour], x + fw * (0.14 + 0.24 * i), y + fh * 0.9, min(fw, fh) * 0.07)
                else:
                    Color(*card_rgba(c.colour))
                    RoundedRectangle(pos=(x, y), size=(fw, fh), radius=[r])
                    # The suit's shape large across the face, a shade away from the ink (so the number reads
                    # better on it, not worse): the pattern that tells the suit when colours look alike.
                    light_ink = ink_rgba(c.colour)[0] > 0.5
                    Color(0, 0, 0, 0.2) if light_ink else Color(1, 1, 1, 0.35)
                    _shape(SHAPES[c.colour], x + fw * 0.5, y + fh * 0.52, min(fw, fh) * 0.4)
                    Color(*ink_rgba(c.colour))
                    _shape(SHAPES[c.colour], x + fw * 0.18, y + fh * 0.84, min(fw, fh) * 0.12)
                # A card's printed frame: a light edge round the face and a fine line inside it.
                Color(*hex_rgba(ROLES.text, 0.6))
                Line(rounded_rectangle=(x, y, fw, fh, r), width=1.1)
                Color(*hex_rgba(ROLES.text, 0.45))
                inset = min(fw, fh) * 0.06
                Line(rounded_rectangle=(x + inset, y + inset, fw - 2 * inset, fh - 2 * inset, max(1.0, r * 0.6)),
                     width=1.0)
                ink = ink_rgba(c.colour) if c.colour != "multi" else hex_rgba(ROLES.text_on_light)
                Color(*ink)
                s = min(fw, fh)
                mx, my = (x + fw * 0.74, y + fh * 0.74) if fh < px(64) else (x + fw * 0.66, y + fh * 0.2)
                if c.star:
                    _star(mx if fh < px(64) else x + fw * 0.5, my, s * 0.17)
                elif c.spirals:
                    _spiral(mx, my, s * 0.13, max(1.5, s * 0.035))
                elif c.crosses:
                    _cross(mx, my, s * 0.1, max(2.0, s * 0.045))
            if self.zone_on:  # the zone: a light frame a few pixels off the card, round the stack if any
                d = max(2.0, min(w, h) * 0.03)
                zx, zy = (x, oy + h * 0.01) if stacked else (x, y)
                zw, zh = (w * 0.96, y + fh - zy) if stacked else (fw, fh)
                Color(*hex_rgba(ROLES.text, 0.3))  # a halo, then the frame: brighter than any card's own edge
                Line(rounded_rectangle=(zx - d, zy - d, zw + 2 * d, zh + 2 * d, r + d), width=max(3.0, d * 1.6))
                Color(*hex_rgba(ROLES.text))
                Line(rounded_rectangle=(zx - d, zy - d, zw + 2 * d, zh + 2 * d, r + d), width=max(2.0, d))
            if self.outline_on:
                Color(*GOLD)
                Line(rounded_rectangle=(x, y, fw, fh, r), width=max(2.0, min(w, h) * 0.035))
            if stacked:
                _seal(x + fw * 0.94, y + fh * 0.95, max(px(9), min(fw, fh) * 0.17))
        self._place_labels(x, y, fw, fh)

    def _place_labels(self, x: float, y: float, fw: float, fh: float) -> None:
        """The number large in the upper part, the mark's count under it; on a small card (a grid's space
        on a crowded screen) side by side, never under the table's 18 px."""
        number, mark = getattr(self, "number_label", None), getattr(self, "mark_label", None)
        least = px(TYPE.caption)  # the table's smallest text on this profile
        small = fh < px(64)
        if number is not None:
            number.font_size = max(least, min(self.font, fh * (0.5 if small else 0.3)))
        if mark is not None:
            # Too narrow for the count beside the number: "7" and "3" side by side read as 73. The drawn
            # mark stays; the count shows again once the card is larger (a layout settles in steps).
            fits = not (small and fw < px(50))
            if fits and mark.parent is None:
                self.add_widget(mark)
            elif not fits and mark.parent is self:
                self.remove_widget(mark)
            mark = mark if fits else None
        if mark is not None:
            mark.font_size = least if small else max(least, min(self.font * 0.5, fh * 0.16))
        for child in self.children:
            child.pos_hint = {}
            child.texture_update()
            child.size = child.texture_size
        if number is not None:
            number.center = (x + fw * (0.36 if small else 0.56), y + fh * (0.46 if small else 0.64))
        if mark is not None:
            mark.center = (x + fw * 0.76, y + fh * 0.24) if small else (x + fw * 0.36, y + fh * 0.18)
        if self.card is None and self.children:
            self.children[0].center = (x + fw / 2, y + fh / 2)


class CardView(ButtonBehavior, CardFace):
    """A card or space that takes a tap (a picker's card, a grid's space to fill)."""

    def __init__(self, *args, **kw) -> None:
        # Kivy's ButtonBehavior passes keywords only on to CardFace: the positional ones named here.
        kw.update(zip(("card", "validated", "number", "outline", "font", "zone"), args))
        super().__init__(**kw)
