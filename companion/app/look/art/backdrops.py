"""A backdrop per round, drawn for each display profile, all three inside the sea fortress, with the depth of
Round 3's vault (stone courses, an arch, light low on the floor): a gallery's arched opening onto the sea
at dusk (round 1, keys), the same gallery under the first stars (round 2, clues), the treasure room's
vault (round 3).

Subtle by rule: every pixel stays dark enough for every text role to keep 4.5:1 on it
(tests/test_design_art.py checks the rendered PNG files with ``worst_contrast``)."""

from __future__ import annotations

import math
import importlib
import random

from companion.app.look import palette as P
from companion.app.look.art.svg import circle, document, ellipse, linear, num, path, radial, rect, wave


def _sky(w: int, h: int, horizon: float, top: str, low: str, glow: str) -> tuple[list[str], list[str]]:
    defs = [linear("sky", [(0, top, 1), (1, low, 1)]),
            radial("sun", [(0, glow, 0.55), (0.5, glow, 0.18), (1, glow, 0)]),
            linear("sea", [(0, "0c2233", 1), (1, P.DEEP_SEA, 1)])]
    body = [rect(0, 0, w, horizon, fill="url(#sky)"),
            ellipse(w * 0.32, horizon, w * 0.45, horizon * 0.55, fill="url(#sun)")]
    return defs, body


def _fort(cx: float, base: float, width: float) -> list[str]:
    """An oval sea fortress seen side-on: a wide stone drum, two rows of arched openings, a parapet and a
    small watchtower, a few windows still lit."""
    half, height = width / 2, width * 0.3
    top = base - height
    body = (f"M{num(cx - half)} {num(base)} L{num(cx - half * 0.97)} {num(top + height * 0.12)} "
            f"Q{num(cx)} {num(top - height * 0.06)} {num(cx + half * 0.97)} {num(top + height * 0.12)} "
            f"L{num(cx + half)} {num(base)} Z")
    parts = [path(body, fill="#1d1c22")]
    merlon = width / 40
    for i in range(-17, 18, 2):  # the parapet's battlements along the top
        x = cx + i * merlon
        y = top + height * 0.12 + abs(i) * abs(i) * height * 0.0004 - merlon * 0.8
        parts.append(rect(x, y, merlon, merlon * 1.2, fill="#1d1c22"))
    for row, (y, size) in enumerate(((top + height * 0.42, 0.9), (top + height * 0.72, 1.0))):
        for i in range(-8, 9):
            x = cx + i * width / 19
            lit = (i * 7 + row * 3) % 11 == 0
            colour, opacity = (f"#{P.LANTERN}", 0.18) if lit else ("#0d0f14", 1.0)
            wdw, hgt = merlon * 0.7 * size, merlon * 1.3 * size
            parts.append(path(f"M{num(x - wdw / 2)} {num(y + hgt)} V{num(y + wdw / 2)} "
                              f"A{num(wdw / 2)} {num(wdw / 2)} 0 0 1 {num(x + wdw / 2)} {num(y + wdw / 2)} "
                              f"V{num(y + hgt)} Z", fill=colour, fill_opacity=opacity))
    tx = cx + half * 0.35  # the watchtower
    parts.append(rect(tx, top - height * 0.32, width * 0.06, height * 0.4, fill="#1d1c22"))
    parts.append(rect(tx - width * 0.006, top - height * 0.36, width * 0.072, height * 0.06, fill="#1d1c22"))
    parts.append(ellipse(cx, base, half * 1.08, height * 0.08, fill="#0a1520"))  # its foot in the sea
    return parts


def _sea(w: int, h: int, horizon: float, seed: int) -> list[str]:
    rng = random.Random(seed)
    parts = [rect(0, horizon, w, h - horizon, fill="url(#sea)")]
    rows = 9
    for i in range(rows):
        y = horizon + (h - horizon) * (i + 0.6) / rows
        length = w / (3 + i * 0.4)
        amp = 1.2 + i * 0.5
        parts.append(path("M" + wave(y, w, amp, length, rng.uniform(0, 6.28)), fill="none",
                          stroke="#6f9bb8", stroke_opacity=round(0.05 + 0.01 * i, 3), stroke_width=1 + i * 0.25))
    return parts


def _blocks(w: int, h: int, rows: int, opacity: float = 0.45) -> list[str]:
    """Courses of dressed stone: the mortar's joints, each course offset by half a block (Round 3's vault
    first, and the gallery's walls of the two rounds before it)."""
    parts, block_h = [], h / rows
    for row in range(rows + 1):
        y = row * block_h
        parts.append(rect(0, y, w, 1.5, fill="#000", fill_opacity=opacity))
        x = -(block_h * 1.1) if row % 2 else 0
        while x < w:
            parts.append(rect(x, y, 1.5, block_h, fill="#000", fill_opacity=opacity))
            x += block_h * 2.2
    return parts


def _opening(w: int, h: int) -> tuple[float, float, float, float]:
    """The gallery's arched opening onto the sea: left, width, the top of its arch, its sill."""
    aw = min(w * 0.62, h * 0.95) if w > h else w * 0.74
    return w / 2 - aw / 2, aw, h * (0.1 if w > h else 0.14), h * (0.8 if w > h else 0.72)


def _arch_path(x: float, width: float, top: float, bottom: float) -> str:
    r = width / 2
    return (f"M{num(x)} {num(bottom)} V{num(top + r)} A{num(r)} {num(r)} 0 0 1 {num(x + width)} {num(top + r)} "
            f"V{num(bottom)} Z")


def _gallery(w: int, h: int, stone_top: str, stone_low: str, view: list[str], view_defs: list[str],
             glow: str) -> tuple[list[str], list[str]]:
    """Inside the sea fortress, as Round 3's vault: a wall of stone courses in the last light, an arched opening
    in it with ``view`` (the sea and its sky) seen through, wedge stones round the arch, a parapet under
    it and the light coming in on the floor. Depth comes from the layers, not from brightness."""
    x, aw, top, sill = _opening(w, h)
    r = aw / 2
    defs = [*view_defs,
            linear("wall", [(0, stone_top, 1), (1, stone_low, 1)]),
            radial("light", [(0, glow, 0.32), (0.6, glow, 0.08), (1, glow, 0)]),
            linear("reveal", [(0, "000000", 0.55), (1, "000000", 0)], x2=1, y2=0),
            f'<clipPath id="opening"><path d="{_arch_path(x, aw, top, sill)}"/></clipPath>']
    body = [rect(0, 0, w, h, fill="url(#wall)"), *_blocks(w, h, 14 if w > h else 22)]
    body.append(f'<g clip-path="url(#opening)">{"".join(view)}</g>')
    # The thickness of the wall: a dark reveal inside the left and right of the opening.
    depth = aw * 0.05
    body.append(rect(x, top + r, depth, sill - top - r, fill="url(#reveal)"))
    body.append(path(f"M{num(x + aw)} {num(top + r)} h{num(-depth)} V{num(sill)} h{num(depth)} Z",
                     fill="#000", fill_opacity=0.3))
    # Wedge stones (voussoirs) round the arch, a keystone at the top.
    cx, cy, ring = x + r, top + r, r * 0.14
    for i in range(13):
        a0, a1 = math.pi * i / 13, math.pi * (i + 1) / 13
        pts = [(cx - math.cos(a) * rr, cy - math.sin(a) * rr) for a, rr in
               ((a0, r), (a0, r + ring), (a1, r + ring), (a1, r))]
        d = "M" + " L".join(f"{num(px)} {num(py)}" for px, py in pts) + " Z"
        body.append(path(d, fill="#000", fill_opacity=0.28 if i == 6 else 0.16, stroke="#000",
                         stroke_opacity=0.5, stroke_width=1.5))
    # The parapet under the opening: one course of larger stones, the light falling on the floor.
    ph = h * 0.06
    body.append(rect(x - ring, sill, aw + 2 * ring, ph, fill="#000", fill_opacity=0.3))
    for i in range(7):
        body.append(rect(x - ring + (aw + 2 * ring) * i / 6, sill, 1.5, ph, fill="#000", fill_opacity=0.5))
    body.append(ellipse(w / 2, h, aw * 0.75, h * 0.2, fill="url(#light)"))
    body.append(rect(0, h * 0.92, w, h * 0.08, fill="#000", fill_opacity=0.25))  # the floor in shadow
    return defs, body


def _seascape(w: int, h: int, top: str, low: str, glow: str, seed: int) -> tuple[list[str], list[str]]:
    """What the opening shows: the sky from ``top`` to ``low`` at the horizon, a glow on it, the sea."""
    horizon = h * (0.56 if w > h else 0.5)
    defs, body = _sky(w, h, horizon, top, low, glow)
    body += _sea(w, h, horizon, seed=seed)
    # A low coast far off, and the lights of a harbour: the distance the opening looks into.
    body.append(path(f"M0 {num(horizon)} Q{num(w * 0.2)} {num(horizon - h * 0.025)} {num(w * 0.42)} "
                     f"{num(horizon - h * 0.012)} T{num(w)} {num(horizon - h * 0.02)} V{num(horizon)} Z",
                     fill="#0a1018", fill_opacity=0.9))
    for i in range(6):
        body.append(circle(w * (0.55 + i * 0.045), horizon - h * 0.008, 1.1, fill=f"#{P.LANTERN}",
                           fill_opacity=0.18))
    return defs, body


def round_keys(w: int, h: int) -> str:
    """Round 1: from a gallery of the sea fortress, the last light over the sea through an arched opening."""
    view_defs, view = _seascape(w, h, P.DEEP_SEA, "2a1e2c", "5a2e22", seed=1)
    defs, body = _gallery(w, h, "1d2430", "111821", view, view_defs, "6a3a26")
    return document(w, h, body, defs, title="round 1: the fortress at dusk")


def round_clues(w: int, h: int) -> str:
    """Round 2: the same gallery under the first stars and a thin moon, a lantern's glow on the floor."""
    view_defs, view = _seascape(w, h, "0a0f22", P.TWILIGHT, "2b2140", seed=3)
    rng = random.Random(2)
    for _ in range(int(w * h / 5000)):
        x, y = rng.uniform(0, w), rng.uniform(0, h * 0.45)
        r, opacity = rng.choice((0.6, 0.9, 1.2)), rng.choice((0.12, 0.2, 0.28))
        view.append(circle(x, y, r, fill="#c8cdd3", fill_opacity=opacity))
    mx, my, mr = w * 0.6, h * 0.24, min(w, h) * 0.04
    view.append(path(f"M{num(mx)} {num(my - mr)} A{num(mr)} {num(mr)} 0 1 0 {num(mx)} {num(my + mr)} "
                     f"A{num(mr * 0.75)} {num(mr)} 0 1 1 {num(mx)} {num(my - mr)} Z",
                     fill="#c8cdd3", fill_opacity=0.22))
    defs, body = _gallery(w, h, "1a1b30", "0f1020", view, view_defs, P.GOLD_DEEP)
    return document(w, h, body, defs, title="round 2: the first stars")


def round_treasure(w: int, h: int) -> str:
    """Round 3: inside the treasure room: stone blocks, a vaulted arch, gold glowing low in the middle."""
    defs = [linear("wall", [(0, "120c08", 1), (1, P.STRONGROOM, 1)]),
            radial("gold", [(0, P.GOLD_DEEP, 0.4), (0.6, P.GOLD_DEEP, 0.1), (1, P.GOLD_DEEP, 0)])]
    body = [rect(0, 0, w, h, fill="url(#wall)"), *_blocks(w, h, 14)]
    aw, ah = min(w * 0.56, h * 0.7), h * 0.72  # the arch of the vault
    ax = w / 2 - aw / 2
    body.append(path(f"M{num(ax)} {num(h)} V{num(h - ah + aw / 2)} A{num(aw / 2)} {num(aw / 2)} 0 0 1 "
                     f"{num(ax + aw)} {num(h - ah + aw / 2)} V{num(h)} Z", fill="#0b0705", fill_opacity=0.75))
    body.append(ellipse(w / 2, h * 0.92, aw * 0.7, h * 0.35, fill="url(#gold)"))
    return document(w, h, body, defs, title="round 3: the treasure room")


def game_backdrops() -> dict:
    """The backdrops a game's package draws itself (its ``backdrops`` module's ``BACKDROPS``, found through the
    registry as its screens are): the shared look names no game."""
    from companion.engine import registry

    out = {}
    for entry in registry.GAMES:
        package = entry.ui  # the game's app package
        try:
            module = importlib.import_module(package + ".backdrops")
        except ModuleNotFoundError as exc:
            if exc.name != package + ".backdrops":
                raise
            continue  # a game without art of its own
        out.update(getattr(module, "BACKDROPS", {}))
    return out


# Every backdrop the build renders per profile: the three rounds', then the games' own.
BACKDROPS = {"round-keys": round_keys, "round-clues": round_clues, "round-treasure": round_treasure,
             **game_backdrops()}
