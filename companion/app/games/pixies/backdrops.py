"""Pixies' own backdrop, drawn for each display profile (found by the look's build through the registry:
companion/app/look/art/backdrops.py)."""

from __future__ import annotations

import random

from companion.app.look import palette as P
from companion.app.look.art.svg import circle, document, ellipse, linear, path, num, radial, rect


def pixies_glade(w: int, h: int) -> str:
    """Pixies' own backdrop: a meadow at night where the pixies come out, deep violet over dark grass, a
    few fireflies and a faint ring of toadstool light low down; dark everywhere, so every text role keeps
    4.5:1 (tests/test_design_art.py), the cards the brightest things on the screen."""
    defs = [linear("night", [(0, "0d0f24", 1), (0.7, "141a33", 1), (1, "0c1a1a", 1)]),
            radial("glow", [(0, "3a2f5b", 0.45), (1, "3a2f5b", 0)])]
    body = [rect(0, 0, w, h, fill="url(#night)"), ellipse(w * 0.5, h * 0.55, w * 0.6, h * 0.5, fill="url(#glow)")]
    ground = h * 0.86
    body.append(path(f"M0 {num(ground)} Q{num(w * 0.25)} {num(ground - h * 0.03)} {num(w * 0.5)} {num(ground)} "
                     f"T{num(w)} {num(ground - h * 0.01)} V{num(h)} H0 Z", fill="#081410"))
    rng = random.Random(24)
    for _ in range(int(w * h / 9000)):  # fireflies and fairy dust, faint
        x, y = rng.uniform(0, w), rng.uniform(0, ground)
        body.append(circle(x, y, rng.choice((0.8, 1.2, 1.6)), fill=f"#{P.LANTERN}", fill_opacity=rng.choice((0.1, 0.16))))
    for i in range(7):  # blades of grass along the ground, darker than the sky
        x = w * (i + 0.5) / 7 + rng.uniform(-20, 20)
        body.append(path(f"M{num(x)} {num(h)} Q{num(x + 6)} {num(ground - h * 0.05)} {num(x + 14)} {num(ground - h * 0.08)}",
                         fill="none", stroke="#163024", stroke_width=2.5))
    return document(w, h, body, defs, title="Pixies: the meadow at night")


BACKDROPS = {"pixies-glade": pixies_glade}
