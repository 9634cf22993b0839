"""The podium ceremony's backdrop, drawn for each display profile: a warm spotlight falling from above
onto the place where the podium stands, on a dark stage curtain, for every game (no game's scenery).

Subtle by rule, as the rounds' backdrops: every pixel stays dark enough for every text role (the
winner's name in gold included) to keep 4.5:1 on it (tests/test_design_art.py checks the PNG files)."""

from __future__ import annotations

from companion.app.look import palette as P
from companion.app.look.art.svg import document, ellipse, linear, num, path, radial, rect

CURTAIN, CURTAIN_FOLD = "3a1220", "1a060c"  # a wine-red stage curtain


def ceremony(w: int, h: int) -> str:
    """The stage: curtain folds, a cone of warm light from the top centre, its pool on the floor."""
    defs = [linear("stage", [(0, "1a0a10", 1), (0.8, CURTAIN, 1), (1, CURTAIN, 1)]),
            linear("beam", [(0, P.LANTERN, 0.11), (1, P.GOLD, 0.05)]),
            radial("pool", [(0, P.GOLD_DEEP, 0.3), (0.55, P.GOLD_DEEP, 0.12), (1, P.GOLD_DEEP, 0)]),
            radial("lamp", [(0, P.LANTERN, 0.12), (1, P.LANTERN, 0)])]
    body = [rect(0, 0, w, h, fill="url(#stage)")]
    folds = max(10, round(w / 64))
    for i in range(folds):  # the curtain's folds: darker stripes, wide at the bottom
        x = (i + 0.5) * w / folds
        body.append(path(f"M{num(x - w / folds * 0.18)} 0 L{num(x + w / folds * 0.18)} 0 "
                         f"L{num(x + w / folds * 0.3)} {h} L{num(x - w / folds * 0.3)} {h} Z",
                         fill=f"#{CURTAIN_FOLD}", fill_opacity=0.7))
    floor = h * 0.8
    body.append(rect(0, floor, w, h - floor, fill="#1c0f0a"))
    cx, spread_top, spread_bottom = w / 2, w * 0.05, min(w * 0.34, h * 0.5)
    body.append(path(f"M{num(cx - spread_top)} 0 L{num(cx + spread_top)} 0 L{num(cx + spread_bottom)} {num(floor + h * 0.06)} "
                     f"L{num(cx - spread_bottom)} {num(floor + h * 0.06)} Z", fill="url(#beam)"))
    body.append(ellipse(cx, floor + h * 0.05, spread_bottom * 1.3, h * 0.12, fill="url(#pool)"))
    body.append(ellipse(cx, 0, spread_top * 3, h * 0.08, fill="url(#lamp)"))
    return document(w, h, body, defs, title="podium: the spotlight")
