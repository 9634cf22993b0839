"""The animations themselves, drawn with Kivy's graphics and the design system's art: a key flying to a
chip, a clue filling its slot, a stake splashing into the sea, Boyards stacking, a round's title card, the
podium's gold confetti. Each draws ``t`` from 0 to 1 of its course; positions are looked up every frame,
so a chip laid out after the screen was rebuilt is still found, and a missing one never fails."""

from __future__ import annotations

import math
import random

from kivy.animation import AnimationTransition
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle

from companion.app.look.assets import asset, backdrop
from companion.app.look.tokens import MOTION, TYPE, colour, px
from companion.app.motion.layer import Animation, MotionLayer, texture, window_profile
from companion.app.motion.targets import target_centre


def ease(name: str, t: float) -> float:
    return getattr(AnimationTransition, name)(min(1.0, max(0.0, t)))


def _centre(layer: MotionLayer) -> tuple[float, float]:
    return layer.x + layer.width / 2, layer.y + layer.height / 2


def _scale() -> float:
    return window_profile().scale


def _place(rect, x: float, y: float, size: float) -> None:
    rect.pos, rect.size = (x - size / 2, y - size / 2), (size, size)


class Flight(Animation):
    """A key (or a clue) flies from the middle of the screen, or from the chip of the player it is won
    from, to the winner's chip, lands with a bounce; a clue then fills its slot (a ring closing)."""

    seconds = MOTION.medium

    def __init__(self, icon: str, player: str, source: str = "stock", slot: bool = False) -> None:
        super().__init__()
        self.icon, self.player, self.source, self.slot = icon, player, source, slot

    def build(self, layer: MotionLayer) -> None:
        self.colour = Color(*colour("accent"))
        self.group.add(self.colour)
        self.rect = Rectangle(texture=texture(asset(f"icon-{self.icon}-96", window_profile())))
        self.group.add(self.rect)
        self.ring_colour = Color(*colour("accent", 0.0))
        self.ring = Line(width=max(1.5, 3 * _scale()))
        self.group.add(self.ring_colour)
        self.group.add(self.ring)

    def draw(self, t: float, layer: MotionLayer) -> None:
        s = _scale()
        start = (target_centre("chip", player=self.source) if self.source not in ("", "stock") else None) \
            or _centre(layer)
        end = target_centre("chip", player=self.player)
        flight = 0.8  # then it settles
        p = ease(MOTION.move, t / flight)
        if end is None:  # no chip on screen: it rises in the middle and fades
            end = (start[0], start[1] + 60 * s)
        x = start[0] + (end[0] - start[0]) * p
        y = start[1] + (end[1] - start[1]) * p + math.sin(math.pi * p) * 80 * s
        grow = ease(MOTION.bounce, min(1.0, t / 0.25))
        size = (96 - 48 * p) * s * (0.4 + 0.6 * grow)
        _place(self.rect, x, y, size)
        self.colour.a = 1.0 if t < flight else max(0.0, 1 - (t - flight) / (1 - flight))
        if self.slot and t > 0.55:
            q = ease(MOTION.enter, (t - 0.55) / 0.4)
            self.ring.circle = (end[0], end[1], 30 * s, 0, 360 * q)
            self.ring_colour.a = 1.0 - max(0.0, (t - 0.9) / 0.1)


class Splash(Animation):
    """Père Fouras throws the stake into the sea: it falls, the water opens in rings, drops fly up."""

    seconds = MOTION.medium

    def __init__(self, stake: str = "key") -> None:
        super().__init__()
        self.stake = "clue" if stake == "clue" else "key"
        rng = random.Random(4)
        self.drops = [(rng.uniform(-1, 1), rng.uniform(0.6, 1.0)) for _ in range(10)]

    def build(self, layer: MotionLayer) -> None:
        self.icon_colour = Color(*colour("accent"))
        self.icon = Rectangle(texture=texture(asset(f"icon-{self.stake}-96", window_profile())))
        self.group.add(self.icon_colour)
        self.group.add(self.icon)
        self.ring_colours, self.rings = [], []
        for _ in range(3):
            c, ring = Color(0.75, 0.9, 1.0, 0.0), Line(width=max(1.5, 2.5 * _scale()))
            self.ring_colours.append(c)
            self.rings.append(ring)
            self.group.add(c)
            self.group.add(ring)
        self.drop_colour = Color(0.8, 0.93, 1.0, 0.0)
        self.group.add(self.drop_colour)
        self.drop_shapes = [Ellipse() for _ in self.drops]
        for e in self.drop_shapes:
            self.group.add(e)

    def draw(self, t: float, layer: MotionLayer) -> None:
        s = _scale()
        cx, cy = _centre(layer)
        water = cy - 40 * s
        fall = 0.35
        if t < fall:  # falling
            p = ease(MOTION.leave, t / fall)
            _place(self.icon, cx, cy + 120 * s - (120 + 40) * s * p, 80 * s)
            self.icon_colour.a = 1.0
        else:  # sinking
            self.icon_colour.a = max(0.0, 1 - (t - fall) / 0.2)
            _place(self.icon, cx, water - 20 * s * (t - fall), 80 * s * (1 - 0.4 * (t - fall)))
        after = max(0.0, (t - fall) / (1 - fall))
        for i, (c, ring) in enumerate(zip(self.ring_colours, self.rings)):
            q = max(0.0, after - i * 0.18)
            r = 20 * s + 140 * s * ease(MOTION.enter, q)
            ring.ellipse = (cx - r, water - r * 0.3, 2 * r, 0.6 * r)
            c.a = 0.0 if q <= 0 else 0.9 * (1 - q)
        self.drop_colour.a = 0.0 if after <= 0 else 0.9 * (1 - after)
        for (dx, up), e in zip(self.drops, self.drop_shapes):
            d = 8 * s
            x = cx + dx * 110 * s * after
            y = water + (up * 220 * after - 260 * after * after) * s
            e.pos, e.size = (x - d / 2, y - d / 2), (d, d)


class CoinStack(Animation):
    """Boyards fall one after the other onto a stack (one coin per 10, 2 to 10 coins), which then goes
    to the player's chip."""

    seconds = MOTION.long

    def __init__(self, value: int, player: str) -> None:
        super().__init__()
        self.player = player
        self.n = max(2, min(10, round(value / 10)))

    def build(self, layer: MotionLayer) -> None:
        self.colour = Color(*colour("accent", 0.0))
        self.group.add(self.colour)
        self.rims, self.faces = [], []
        for _ in range(self.n):
            rim_colour, face_colour = Color(0.62, 0.45, 0.12, 0.0), Color(*colour("accent", 0.0))
            rim, face = Ellipse(), Ellipse()
            for g in (rim_colour, rim, face_colour, face):
                self.group.add(g)
            self.rims.append((rim_colour, rim))
            self.faces.append((face_colour, face))

    def draw(self, t: float, layer: MotionLayer) -> None:
        s = _scale()
        base = target_centre("treasure") or _centre(layer)
        chip = target_centre("chip", player=self.player)
        w, h, step = 70 * s, 22 * s, 9 * s
        drop_end = 0.7
        leave = max(0.0, (t - drop_end) / (1 - drop_end))
        shift = (0.0, 0.0) if chip is None else ((chip[0] - base[0]) * ease(MOTION.leave, leave),
                                                 (chip[1] - base[1]) * ease(MOTION.leave, leave))
        fade = 1.0 - leave
        for i, ((rc, rim), (fc, face)) in enumerate(zip(self.rims, self.faces)):
            at = i * drop_end / (self.n + 1)  # each coin's fall starts here, lasts 2 slots
            q = min(1.0, max(0.0, (t - at) / (2 * drop_end / (self.n + 1))))
            if q <= 0:
                rc.a = fc.a = 0.0
                continue
            land_y = base[1] - 60 * s + i * step
            y = land_y + (1 - ease("out_bounce", q)) * 200 * s
            x = base[0] + shift[0]
            y += shift[1]
            rc.a = fc.a = fade
            rim.pos, rim.size = (x - w / 2, y - h / 2 - 4 * s), (w, h)
            face.pos, face.size = (x - w / 2, y - h / 2), (w, h)


class TitleCard(Animation):
    """A new round: its backdrop and its name over the screen, in and out."""

    seconds = MOTION.long

    def __init__(self, round_number: int, heading: str, name: str) -> None:
        super().__init__()
        self.round, self.heading, self.name = round_number, heading, name

    def build(self, layer: MotionLayer) -> None:
        profile = window_profile()
        self.back_colour = Color(1, 1, 1, 0)
        self.back = Rectangle(texture=texture(backdrop(self.round if self.round in (1, 2, 3) else None, profile)))
        self.veil_colour = Color(*colour("background", 0.0))
        self.veil = Rectangle()
        for g in (self.back_colour, self.back, self.veil_colour, self.veil):
            self.group.add(g)
        self.texts = []
        for text, size, font in ((self.heading, px(TYPE.heading, profile), "Andika"),
                                 (self.name, px(TYPE.display, profile), "Display")):
            label = CoreLabel(text=text, font_size=size, font_name=font, color=colour("accent"),
                              text_size=(layer.width * 0.9, None), halign="center")
            label.refresh()
            c, r = Color(1, 1, 1, 0), Rectangle(texture=label.texture, size=label.texture.size)
            self.group.add(c)
            self.group.add(r)
            self.texts.append((c, r))

    def draw(self, t: float, layer: MotionLayer) -> None:
        alpha = min(1.0, t / 0.2, (1 - t) / 0.2)
        self.back_colour.a = alpha
        self.back.pos, self.back.size = layer.pos, layer.size
        self.veil_colour.a = 0.35 * alpha  # the text keeps its contrast on every pixel of the backdrop
        self.veil.pos, self.veil.size = layer.pos, layer.size
        cx, cy = _centre(layer)
        slide = (1 - ease(MOTION.enter, min(1.0, t / 0.35))) * 60 * _scale()
        heading, name = self.texts
        hw, hh = heading[1].size
        nw, nh = name[1].size
        heading[1].pos = (cx - hw / 2 - slide, cy + nh / 2)
        name[1].pos = (cx - nw / 2 + slide, cy - nh / 2)
        heading[0].a = name[0].a = alpha


class Confetti(Animation):
    """The podium: gold confetti and coins rain over the screen."""

    seconds = MOTION.celebration

    def __init__(self, pieces: int = 70) -> None:
        super().__init__()
        rng = random.Random(7)
        self.pieces = [(rng.random(), rng.uniform(0.0, 0.35), rng.uniform(0.8, 1.3), rng.uniform(0, 6.3),
                        rng.uniform(6, 14), rng.random() < 0.25) for _ in range(pieces)]

    def build(self, layer: MotionLayer) -> None:
        golds = [(0.949, 0.757, 0.306), (1.0, 0.85, 0.45), (0.85, 0.62, 0.2), (1.0, 0.95, 0.75)]
        self.shapes = []
        for i, (*_, coin) in enumerate(self.pieces):
            c = Color(*golds[i % len(golds)], 0)
            shape = Ellipse() if coin else Rectangle()
            self.group.add(c)
            self.group.add(shape)
            self.shapes.append((c, shape))

    def draw(self, t: float, layer: MotionLayer) -> None:
        s = _scale()
        top, height = layer.top, layer.height
        for (x0, delay, speed, spin, size, coin), (c, shape) in zip(self.pieces, self.shapes):
            q = (t - delay) / (1 - delay)
            if q <= 0:
                c.a = 0.0
                continue
            y = top + 20 * s - q * speed * (height + 40 * s)
            x = layer.x + x0 * layer.width + math.sin(spin + q * 9) * 24 * s
            d = size * s
            flip = abs(math.cos(spin + q * 14))  # a flake turning in the air
            size = (d * 1.4, d * 1.4 * (0.25 + 0.75 * flip)) if coin else (d * (0.3 + 0.7 * flip), d)
            shape.pos, shape.size = (x, y), size
            c.a = min(1.0, (1 - q) * 4)
