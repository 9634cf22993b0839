"""A backdrop per round, drawn for each display profile: the fort at dusk over the sea (round 1, keys),
the same fort under the first stars (round 2, clues), the treasure room's vault (round 3).

Subtle by rule: every pixel stays dark enough for every text role to keep 4.5:1 on it
(tests/test_design_art.py checks the rendered PNG files with ``worst_contrast``)."""

from __future__ import annotations

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
    """An oval sea fort seen side-on: a wide stone drum, two rows of arched openings, a parapet and a
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


def round_keys(w: int, h: int) -> str:
    """Round 1: the last light over the sea, the fort on the horizon."""
    horizon = h * (0.58 if h > w else 0.62)
    defs, body = _sky(w, h, horizon, P.DEEP_SEA, "2a1e2c", "5a2e22")
    body += _sea(w, h, horizon, seed=1)
    body += _fort(w * (0.5 if h > w else 0.7), horizon + h * 0.02, min(w * 0.55, h * 0.9))
    return document(w, h, body, defs, title="round 1: the fort at dusk")


def round_clues(w: int, h: int) -> str:
    """Round 2: the same fort under the first stars and a thin moon."""
    horizon = h * (0.6 if h > w else 0.64)
    defs, body = _sky(w, h, horizon, "0a0f22", P.TWILIGHT, "2b2140")
    rng = random.Random(2)
    for _ in range(int(w * h / 9000)):
        x, y = rng.uniform(0, w), rng.uniform(0, horizon * 0.8)
        r, opacity = rng.choice((0.6, 0.9, 1.2)), rng.choice((0.12, 0.2, 0.28))
        body.append(circle(x, y, r, fill="#c8cdd3", fill_opacity=opacity))
    mx, my, mr = w * 0.18, h * 0.16, min(w, h) * 0.045
    body.append(path(f"M{num(mx)} {num(my - mr)} A{num(mr)} {num(mr)} 0 1 0 {num(mx)} {num(my + mr)} "
                     f"A{num(mr * 0.75)} {num(mr)} 0 1 1 {num(mx)} {num(my - mr)} Z",
                     fill="#c8cdd3", fill_opacity=0.22))
    body += _sea(w, h, horizon, seed=3)
    body += _fort(w * (0.5 if h > w else 0.3), horizon + h * 0.02, min(w * 0.5, h * 0.85))
    return document(w, h, body, defs, title="round 2: the first stars")


def round_treasure(w: int, h: int) -> str:
    """Round 3: inside the treasure room: stone blocks, a vaulted arch, gold glowing low in the middle."""
    defs = [linear("wall", [(0, "120c08", 1), (1, P.STRONGROOM, 1)]),
            radial("gold", [(0, P.GOLD_DEEP, 0.4), (0.6, P.GOLD_DEEP, 0.1), (1, P.GOLD_DEEP, 0)])]
    body = [rect(0, 0, w, h, fill="url(#wall)")]
    block_h = h / 14
    for row in range(15):
        y = row * block_h
        body.append(rect(0, y, w, 1.5, fill="#000", fill_opacity=0.45))  # the mortar's joints
        offset = (block_h * 1.1) if row % 2 else 0
        x = -offset
        while x < w:
            body.append(rect(x, y, 1.5, block_h, fill="#000", fill_opacity=0.45))
            x += block_h * 2.2
    aw, ah = min(w * 0.56, h * 0.7), h * 0.72  # the arch of the vault
    ax = w / 2 - aw / 2
    body.append(path(f"M{num(ax)} {num(h)} V{num(h - ah + aw / 2)} A{num(aw / 2)} {num(aw / 2)} 0 0 1 "
                     f"{num(ax + aw)} {num(h - ah + aw / 2)} V{num(h)} Z", fill="#0b0705", fill_opacity=0.75))
    body.append(ellipse(w / 2, h * 0.92, aw * 0.7, h * 0.35, fill="url(#gold)"))
    return document(w, h, body, defs, title="round 3: the treasure room")


BACKDROPS = {"round-keys": round_keys, "round-clues": round_clues, "round-treasure": round_treasure}
