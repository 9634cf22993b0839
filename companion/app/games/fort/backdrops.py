"""Fort's backdrop, drawn for each display profile: the backyard at dusk where the kids' club meets — a
big tree with its treehouse (a lit window, a flag, the rope ladder), the garden fence, a kite caught in
the sky, a ball and a building block in the grass, a pizza box on the lawn. Drawn for this project, in
the flat shapes of the look; nothing of any publisher's.

Subtle by rule, as the rounds' backdrops: every pixel stays dark enough for every text role to keep 4.5:1
on it (tests/test_fort_look.py checks the PNG files), so the shapes are night tones a step apart."""

from __future__ import annotations

import random

from companion.app.look.art.svg import circle, document, ellipse, linear, num, path, rect

# The backyard's night tones (each far under the text's luminance): its accents are the screens' too.
SKY_TOP, SKY_LOW = "0c1426", "1f1830"   # indigo night, a plum glow left above the houses
LEAVES, LEAVES_LIT = "0f2a1e", "153626"  # the tree's canopy, its rim
BARK = "22170f"
PLANKS, ROOF = "2e2014", "3a1a16"       # the treehouse's boards, its coral roof at night
WINDOW = "4a3616"                        # a lamp behind the window: the warmest pixel, still dark
FENCE, GRASS, LAWN = "1a1410", "0d1d14", "10241a"
TOYS = {"kite": "2c2046", "ball": "17284a", "block": "3a2418", "box": "33261a"}


def _tree(w: float, h: float, ground: float) -> list[str]:
    """The tree at the right, its trunk from the lawn, the canopy of round leaves over the screen's corner,
    the treehouse in its fork (lit window, flag, ladder)."""
    s = min(w, h) / 480  # everything scales with the short side, as the design's sizes do
    tx = w - 150 * s
    out = [path(f"M{num(tx - 26 * s)} {num(ground)} C{num(tx - 20 * s)} {num(ground - 120 * s)} "
                f"{num(tx - 34 * s)} {num(ground - 210 * s)} {num(tx - 12 * s)} {num(ground - 300 * s)} "
                f"L{num(tx + 14 * s)} {num(ground - 300 * s)} C{num(tx + 30 * s)} {num(ground - 200 * s)} "
                f"{num(tx + 20 * s)} {num(ground - 110 * s)} {num(tx + 32 * s)} {num(ground)} Z", fill=f"#{BARK}")]
    for dx, dy, r in ((-110, 330, 90), (-20, 380, 110), (90, 340, 100), (-60, 270, 70), (60, 260, 80),
                      (150, 280, 70), (-150, 260, 60)):
        out.append(circle(tx + dx * s, ground - dy * s, r * s, fill=f"#{LEAVES}"))
    for dx, dy, r in ((-80, 360, 30), (10, 420, 36), (110, 370, 28)):
        out.append(circle(tx + dx * s, ground - dy * s, r * s, fill=f"#{LEAVES_LIT}"))
    hx, hy, hw, hh = tx - 70 * s, ground - 250 * s, 120 * s, 76 * s  # the treehouse in the fork
    out += [rect(hx - 10 * s, hy + hh, hw + 20 * s, 10 * s, fill=f"#{BARK}"),
            rect(hx, hy, hw, hh, fill=f"#{PLANKS}"),
            path(" ".join(f"M{num(hx)} {num(hy + i * hh / 5)} h{num(hw)}" for i in range(1, 5)),
                 stroke=f"#{BARK}", stroke_width=num(2 * s), fill="none"),
            path(f"M{num(hx - 14 * s)} {num(hy + 4 * s)} L{num(hx + hw / 2)} {num(hy - 44 * s)} "
                 f"L{num(hx + hw + 14 * s)} {num(hy + 4 * s)} Z", fill=f"#{ROOF}"),
            rect(hx + 16 * s, hy + 18 * s, 44 * s, 34 * s, rx=num(4 * s), fill=f"#{WINDOW}"),
            rect(hx + hw / 2 - 1.5 * s, hy - 84 * s, 3 * s, 42 * s, fill=f"#{BARK}"),
            path(f"M{num(hx + hw / 2 + 1.5 * s)} {num(hy - 84 * s)} l{num(30 * s)} {num(10 * s)} "
                 f"l{num(-30 * s)} {num(10 * s)} Z", fill=f"#{ROOF}")]
    lx = hx + hw - 24 * s  # the rope ladder down to the lawn
    out.append(path(f"M{num(lx)} {num(hy + hh + 10 * s)} V{num(ground)} M{num(lx + 20 * s)} {num(hy + hh + 10 * s)} "
                    f"V{num(ground)} " + " ".join(f"M{num(lx)} {num(hy + hh + (28 + i * 26) * s)} h{num(20 * s)}"
                                                 for i in range(int((ground - hy - hh - 30 * s) / (26 * s)))),
                    stroke=f"#{PLANKS}", stroke_width=num(3 * s), fill="none"))
    return out


def backyard(w: int, h: int) -> str:
    """The backyard at dusk for a screen of w×h px."""
    s = min(w, h) / 480
    ground = h * 0.8
    defs = [linear("sky", [(0, SKY_TOP, 1), (0.7, SKY_LOW, 1), (1, SKY_LOW, 1)])]
    body = [rect(0, 0, w, h, fill="url(#sky)")]
    rng = random.Random(26)  # the same few dim stars on every build
    for _ in range(int(w * h / 9000)):
        body.append(circle(rng.uniform(0, w), rng.uniform(0, ground * 0.6), rng.uniform(0.8, 1.6) * s,
                           fill="#3a4060"))
    fence_top = ground - 70 * s  # the garden fence, pickets along the whole width
    body.append(rect(0, fence_top + 20 * s, w, 10 * s, fill=f"#{FENCE}"))
    x = 0.0
    while x < w:
        body.append(path(f"M{num(x)} {num(ground)} V{num(fence_top + 8 * s)} l{num(11 * s)} {num(-10 * s)} "
                         f"l{num(11 * s)} {num(10 * s)} V{num(ground)} Z", fill=f"#{FENCE}"))
        x += 30 * s
    body += _tree(w, h, ground)
    body.append(rect(0, ground, w, h - ground, fill=f"#{GRASS}"))
    body.append(ellipse(w * 0.45, ground + (h - ground) * 0.55, w * 0.35, (h - ground) * 0.35, fill=f"#{LAWN}"))
    kx, ky = w * 0.12, h * 0.2  # a kite caught in the sky, its tail
    body += [path(f"M{num(kx)} {num(ky - 30 * s)} l{num(22 * s)} {num(30 * s)} l{num(-22 * s)} {num(38 * s)} "
                  f"l{num(-22 * s)} {num(-38 * s)} Z", fill=f"#{TOYS['kite']}"),
             path(f"M{num(kx)} {num(ky + 38 * s)} q{num(12 * s)} {num(20 * s)} 0 {num(36 * s)} "
                  f"q{num(-12 * s)} {num(16 * s)} {num(4 * s)} {num(32 * s)}", stroke=f"#{TOYS['kite']}",
                  stroke_width=num(2 * s), fill="none")]
    gy = ground + (h - ground) * 0.45  # in the grass: a ball, a block, the pizza box
    body += [circle(w * 0.3, gy, 18 * s, fill=f"#{TOYS['ball']}"),
             rect(w * 0.36, gy - 14 * s, 28 * s, 28 * s, fill=f"#{TOYS['block']}"),
             path(f"M{num(w * 0.52)} {num(gy + 10 * s)} l{num(70 * s)} 0 l{num(14 * s)} {num(-18 * s)} "
                  f"l{num(-70 * s)} 0 Z", fill=f"#{TOYS['box']}")]
    return document(w, h, body, defs, title="Fort: the backyard at dusk")


BACKDROPS = {"fort-backyard": backyard}  # found by the look's build (look/art/backdrops.py)
