"""Knightmare's backdrops, drawn for each display profile: inside the labyrinth castle, not the sea fortress.

- ``km-labyrinth``: a corridor of the castle: rough stone courses, pointed arches going deeper and deeper
  into the dark (the labyrinth), two torches low on the side walls, their warm light on the stone;
- ``km-dungeon``: the Dungeon: a low vault, a barred window high up, chains, one torch burning low;
- ``km-chamber``: the Chamber of Merlin: a vault in Merlin's blue, the throne far off under a blue glow,
  the bridge's stepping stones leading to it, sparks of magic in the air.

The torches stand where no heading is written (``torch_spots``). Drawn for this project (flat shapes in the palette's materials, nothing of the show's or the game's
graphics). Subtle by rule, as the rounds' backdrops: every pixel stays dark enough for every text role to
keep 4.5:1 on it (tests/test_knightmare_art.py checks the rendered PNG files with ``worst_contrast``)."""

from __future__ import annotations

import math
import random

from companion.app.look import palette as P
from companion.app.look.art.svg import circle, document, ellipse, linear, num, path, radial, rect


def _stones(w: int, h: int, rows: int, rng: random.Random, opacity: float = 0.5) -> list[str]:
    """Rough castle stone: courses of blocks of uneven length, a few faces a shade lighter or darker."""
    parts, course = [], h / rows
    for row in range(rows + 1):
        y = row * course
        parts.append(rect(0, y, w, 1.5, fill="#000", fill_opacity=opacity))
        x = -rng.uniform(0, course * 1.6)
        while x < w:
            length = course * rng.uniform(1.3, 2.4)
            shade = rng.random()
            if shade < 0.22:
                parts.append(rect(x + 1.5, y + 1.5, length - 1.5, course - 1.5, fill="#000", fill_opacity=0.16))
            elif shade > 0.86:
                parts.append(rect(x + 1.5, y + 1.5, length - 1.5, course - 1.5, fill="#8a8fa3", fill_opacity=0.05))
            parts.append(rect(x, y, 1.5, course, fill="#000", fill_opacity=opacity))
            x += length
    return parts


def _pointed(cx: float, bottom: float, width: float, height: float) -> str:
    """A pointed (Gothic) arch's outline: two arcs meeting at the top."""
    half = width / 2
    spring = bottom - height + width * 0.62  # where the arcs start, above the jambs
    r = width * 0.9
    return (f"M{num(cx - half)} {num(bottom)} V{num(spring)} A{num(r)} {num(r)} 0 0 1 {num(cx)} {num(bottom - height)} "
            f"A{num(r)} {num(r)} 0 0 1 {num(cx + half)} {num(spring)} V{num(bottom)} Z")


def _torch(x: float, y: float, s: float, glow_id: str) -> list[str]:
    """A torch on its iron bracket, the flame and its light on the wall around."""
    return [circle(x, y - s * 0.6, s * 5.5, fill=f"url(#{glow_id})"),
            rect(x - s * 0.9, y, s * 1.8, s * 0.5, fill="#0b0b0e"),             # the bracket's ring
            path(f"M{num(x - s * 0.3)} {num(y)} L{num(x - s * 0.5)} {num(y + s * 2.6)} "
                 f"L{num(x + s * 0.5)} {num(y + s * 2.6)} L{num(x + s * 0.3)} {num(y)} Z", fill="#17110c"),
            rect(x - s * 0.08, y + s * 2.6, s * 0.16, s * 1.4, fill="#0b0b0e"),  # the bracket's stem
            path(f"M{num(x)} {num(y - s * 1.9)} Q{num(x + s * 0.8)} {num(y - s * 0.7)} {num(x + s * 0.35)} {num(y)} "
                 f"H{num(x - s * 0.35)} Q{num(x - s * 0.8)} {num(y - s * 0.7)} {num(x)} {num(y - s * 1.9)} Z",
                 fill=f"#{P.TORCH}", fill_opacity=0.2),
            path(f"M{num(x)} {num(y - s * 1.1)} Q{num(x + s * 0.35)} {num(y - s * 0.4)} {num(x + s * 0.15)} {num(y)} "
                 f"H{num(x - s * 0.15)} Q{num(x - s * 0.35)} {num(y - s * 0.4)} {num(x)} {num(y - s * 1.1)} Z",
                 fill=f"#{P.LANTERN}", fill_opacity=0.1)]


# Where the screens write nothing on the wall: the step (the heading) and the strip's legend run from under
# the chips to 0.60 of the height at every profile (the card's full chips push it lowest), and they are
# centred, as wide as the screen. A torch at the side, low on the wall, is clear of them: at 0.36 of the
# height it burned behind the heading's first and last letters.
TORCH_Y = 0.7    # the bracket's ring, as a share of the height from the top
TORCH_SIDE = 0.035  # the torch's distance from the wall's edge, as a share of the width


def torch_spots(name: str, w: int, h: int) -> list[tuple[float, float, float]]:
    """Each torch of backdrop ``name`` at w×h: its bracket's (x, y) from the top left and its scale; the
    flame rises 1.9 scales above, the stem ends 4 below (``_torch``)."""
    if name == "km-labyrinth":
        s = min(w, h) * 0.028
        return [(max(s * 1.2, w * TORCH_SIDE), h * TORCH_Y, s), (min(w - s * 1.2, w * (1 - TORCH_SIDE)), h * TORCH_Y, s)]
    if name == "km-dungeon":
        s = min(w, h) * 0.026
        return [(max(s * 1.2, w * TORCH_SIDE), h * TORCH_Y, s)]
    return []


def labyrinth(w: int, h: int) -> str:
    """A corridor of the castle: arches one behind the other into the dark, a torch on either side."""
    rng = random.Random(11)
    defs = [linear("wall", [(0, "1a1c25", 1), (1, P.CASTLE_STONE, 1)]),
            radial("torch", [(0, P.TORCH, 0.13), (0.45, P.TORCH, 0.05), (1, P.TORCH, 0)]),
            linear("floor", [(0, "000000", 0.1), (1, "000000", 0.45)])]
    body = [rect(0, 0, w, h, fill="url(#wall)"), *_stones(w, h, 13 if w > h else 22, rng)]
    cx, floor = w / 2, h * (0.9 if w > h else 0.86)
    width, height = min(w * 0.5, h * 0.78), h * (0.78 if w > h else 0.5)
    for depth in range(6):  # each arch further in: smaller, darker, the corridor's perspective
        k = 0.72 ** depth
        aw, ah = width * k, height * k
        bottom = floor - (floor - h * 0.55) * (1 - k) * 0.55
        body.append(path(_pointed(cx, bottom, aw * 1.12, ah * 1.06), fill="#000", fill_opacity=0.16))  # the ring
        body.append(path(_pointed(cx, bottom, aw, ah), fill="#07080c", fill_opacity=0.34 + depth * 0.1))
    body.append(path(f"M0 {num(h)} L{num(cx - width * 0.5)} {num(floor)} H{num(cx + width * 0.5)} L{w} {num(h)} Z",
                     fill="url(#floor)"))
    for x, y, s in torch_spots("km-labyrinth", w, h):
        body += _torch(x, y, s, "torch")
    return document(w, h, body, defs, title="Knightmare: a corridor of the labyrinth castle")


def dungeon(w: int, h: int) -> str:
    """The Dungeon: a low, dark vault, a barred window high up with a little moonlight, chains, one torch."""
    rng = random.Random(12)
    defs = [linear("wall", [(0, "15120f", 1), (1, "0b0908", 1)]),
            radial("torch", [(0, P.TORCH, 0.16), (0.5, P.TORCH, 0.05), (1, P.TORCH, 0)]),
            radial("moon", [(0, P.MIST, 0.1), (1, P.MIST, 0)])]
    body = [rect(0, 0, w, h, fill="url(#wall)"), *_stones(w, h, 11 if w > h else 18, rng, 0.6)]
    ww, wh = min(w, h) * 0.22, min(w, h) * 0.16  # the window, high on the wall
    wx, wy = w * 0.68 - ww / 2, h * 0.1
    body.append(ellipse(wx + ww / 2, wy + wh, ww * 1.6, h * 0.5, fill="url(#moon)"))
    body.append(path(_pointed(wx + ww / 2, wy + wh, ww, wh), fill="#1a2233", fill_opacity=0.9))
    for i in range(1, 5):  # its bars
        body.append(rect(wx + ww * i / 5 - 2, wy, 4, wh, fill="#050506"))
    for x, drop in ((w * 0.16, h * 0.32), (w * 0.24, h * 0.24)):  # chains hanging from rings
        body.append(circle(x, h * 0.2, min(w, h) * 0.014, fill="none", stroke="#050506", stroke_width=3))
        for j in range(int(drop / 12)):
            y = h * 0.22 + j * 12
            body.append(ellipse(x, y, 3 if j % 2 else 2, 6, fill="none", stroke="#050506", stroke_width=2.5))
    body.append(rect(0, h * 0.84, w, h * 0.16, fill="#000", fill_opacity=0.4))  # the floor in shadow
    for i in range(int(w / 14)):  # straw on the floor, scattered
        x, y = rng.uniform(0, w), rng.uniform(h * 0.86, h * 0.99)
        a = rng.uniform(-0.5, 0.5)
        body.append(path(f"M{num(x)} {num(y)} l{num(math.cos(a) * 14)} {num(math.sin(a) * 4)}", fill="none",
                         stroke="#6b5a36", stroke_opacity=0.14, stroke_width=1.5))
    for x, y, s in torch_spots("km-dungeon", w, h):
        body += _torch(x, y, s, "torch")
    return document(w, h, body, defs, title="Knightmare: the Dungeon")


def chamber(w: int, h: int) -> str:
    """The Chamber of Merlin: a blue vault, the throne far off under its glow, the bridge's stones to it."""
    rng = random.Random(13)
    defs = [linear("vault", [(0, P.MERLIN_NIGHT, 1), (1, "0b0e22", 1)]),
            radial("glow", [(0, P.MERLIN_BLUE, 0.34), (0.5, P.MERLIN_BLUE, 0.12), (1, P.MERLIN_BLUE, 0)])]
    body = [rect(0, 0, w, h, fill="url(#vault)"), *_stones(w, h, 13 if w > h else 22, rng, 0.42)]
    cx, throne_y = w / 2, h * (0.5 if w > h else 0.42)
    aw, ah = min(w * 0.42, h * 0.7), h * (0.62 if w > h else 0.4)
    body.append(path(_pointed(cx, throne_y + h * 0.14, aw, ah), fill="#05061a", fill_opacity=0.45))
    body.append(ellipse(cx, throne_y, aw * 0.9, h * 0.36, fill="url(#glow)"))
    t = min(w, h) * 0.09  # the throne: a tall pointed back, arms, a step
    body.append(path(f"M{num(cx - t * 0.5)} {num(throne_y + t)} V{num(throne_y - t * 0.4)} L{num(cx)} {num(throne_y - t * 1.1)} "
                     f"L{num(cx + t * 0.5)} {num(throne_y - t * 0.4)} V{num(throne_y + t)} Z", fill="#070819"))
    body.append(rect(cx - t * 0.8, throne_y + t * 0.2, t * 1.6, t * 0.2, fill="#070819"))
    body.append(rect(cx - t, throne_y + t, t * 2, t * 0.25, fill="#070819"))
    for i in range(7):  # the bridge's stones, from the near floor up to the throne
        k = i / 6
        y = h * 0.97 - (h * 0.97 - throne_y - t * 1.4) * k
        sw, sh = (w * 0.1 if w > h else w * 0.16) * (1 - 0.55 * k), h * 0.025 * (1 - 0.5 * k)
        body.append(ellipse(cx, y, sw, sh, fill="#000", fill_opacity=0.4))
        body.append(ellipse(cx, y - sh * 0.3, sw * 0.92, sh * 0.8, fill="#6f7bb0", fill_opacity=0.08))
    for _ in range(int(w * h / 9000)):  # sparks of magic in the air
        x, y = rng.uniform(0, w), rng.uniform(0, h * 0.8)
        body.append(circle(x, y, rng.choice((0.8, 1.2, 1.6)), fill="#9fb2ff", fill_opacity=rng.choice((0.1, 0.16, 0.22))))
    return document(w, h, body, defs, title="Knightmare: the Chamber of Merlin")


BACKDROPS = {"km-labyrinth": labyrinth, "km-dungeon": dungeon, "km-chamber": chamber}
