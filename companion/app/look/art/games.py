"""The five games' tiles for home's game chooser: a sea fort at dusk (Fort Boyard), a labyrinth castle and
a knight's helmet (Knightmare), a 3×3 grid of pixie cards (Pixies), a fort of eight walls with its
drawbridge (Forfort), a treehouse and a pizza (Fort). Drawn for this project: flat shapes in the
palette's materials, no text (names are the screen's, in its fonts), nothing of any publisher's.

Every tile is one canvas, ``tiles.WIDTH``×``HEIGHT`` (the size at 800×480), corners rounded as the
design's panels. Its lower ``tiles.TEXT_BAND`` is the scene's dark foreground (sea, floor, ground) where home writes the
game's name and player count: every pixel there keeps every text role at 4.5:1 (tests/test_game_art.py).
"""

from __future__ import annotations

import math
import random

from companion.app.look import palette as P
from companion.app.look.art.svg import circle, ellipse, group, linear, num, path, radial, rect
from companion.app.look.art.tiles import (BAND_TOP, HEIGHT, WIDTH, band as _band, maze as _maze, poly as _poly,
                                          stars as _stars, tile as _tile)

# --- Fort Boyard: the sea fort at dusk ------------------------------------------------------------

def fort_boyard() -> str:
    """The oval stone fort on the sea at sunset: a massive drum with rounded ends, rows of gun ports,
    battlements, its watchtower, the
    sun going down behind it, two gulls, the sun's path on the water fading before the text band."""
    horizon = 116
    defs = [linear("sky", [(0, P.DEEP_SEA, 1), (0.55, "3a2436", 1), (1, "b8613a", 1)]),
            linear("wall", [(0, "d9c6a2", 1), (1, "a8977a", 1)]),
            linear("ends", [(0, "3d352b", 0.85), (0.12, "3d352b", 0), (0.8, "3d352b", 0), (1, "3d352b", 0.85)], x2=1, y2=0),
            linear("sea", [(0, "123049", 1), (1, P.DEEP_SEA, 1)]),
            radial("sun", [(0, P.LANTERN, 0.9), (0.35, P.SUNSET, 0.5), (1, P.SUNSET, 0)])]
    body = [rect(0, 0, WIDTH, horizon, fill="url(#sky)"),
            ellipse(78, horizon, 110, 70, fill="url(#sun)"),
            path(f"M54 {horizon} A24 24 0 0 1 102 {horizon} Z", fill=f"#{P.GOLD}"),
            rect(0, horizon, WIDTH, HEIGHT - horizon, fill="url(#sea)")]
    for i, (w, y) in enumerate(((60, 122), (44, 129), (30, 137), (18, 146))):  # the sun's path on the water
        body.append(rect(78 - w / 2 + (i % 2) * 4, y, w, 2.5, rx=1.2, fill=f"#{P.LANTERN}", fill_opacity=0.7 - i * 0.12))
    cx, base, half, height = 198, 124, 96, 44
    top = base - height
    # The drum of the fort: massive, its rounded ends in shadow, lit by the sunset on the left.
    drum = (f"M{cx - half} {base} C{cx - half - 3} {top + 20} {cx - half + 2} {top + 8} {cx - half + 10} {top + 6} "
            f"Q{cx} {top - 4} {cx + half - 10} {top + 6} C{cx + half - 2} {top + 8} {cx + half + 3} {top + 20} "
            f"{cx + half} {base} Z")
    body.append(ellipse(cx, base + 2, half + 12, 6, fill="#0a1520"))  # its foot in the water
    body.append(path(drum, fill="url(#wall)"))
    body.append(path(drum, fill="url(#ends)"))
    body.append(rect(cx - half + 1, base - 9, half * 2 - 2, 9, fill=f"#{P.WEATHERED}"))  # the sea wall's plinth
    body.append(path(f"M{cx - half + 8} {top + 19} Q{cx} {top + 10} {cx + half - 8} {top + 19}", fill="none",
                     stroke=f"#{P.WEATHERED}", stroke_width=2))  # a cornice between the floors
    for i in range(-9, 10):  # the parapet's battlements along the top edge
        x = cx + i * 9.6
        u = (x - cx) / (half - 10)
        y = top + 1 + 5 * u * u  # on the drum's top edge
        body.append(rect(x - 2.8, y - 4, 5.6, 5.5, fill="#c9b692"))
    for row, y in enumerate((top + 23, top + 33)):  # rows of small gun ports, a few lit
        for i in range(-8, 9):
            x = cx + i * 10.5 + (row % 2) * 5.25
            if abs(x - cx) > half - 12:
                continue
            lit = (i * 5 + row * 3) % 9 == 0
            body.append(rect(x - 2, y, 4, 6, rx=1.5, fill=f"#{P.LANTERN}" if lit else "#2a2620"))
    tx = cx + 30  # the watchtower and its flagpole
    body += [rect(tx, top - 24, 14, 26, fill="url(#wall)"), rect(tx - 2, top - 28, 18, 5, fill="#d8c5a3"),
             rect(tx + 5, top - 18, 4, 7, rx=2, fill="#1d1c22"),
             rect(tx + 6.2, top - 44, 1.6, 17, fill="#1d1c22"),
             _poly([(tx + 7.8, top - 44), (tx + 20, top - 40), (tx + 7.8, top - 36)], fill=f"#{P.GOLD}")]
    for x, y, s in ((128, 38, 1.0), (150, 28, 0.7)):  # two gulls
        body.append(path(f"M{num(x - 9 * s)} {num(y)} Q{num(x - 4 * s)} {num(y - 6 * s)} {x} {y} "
                         f"Q{num(x + 4 * s)} {num(y - 6 * s)} {num(x + 9 * s)} {num(y)}",
                         fill="none", stroke=f"#{P.PARCHMENT}", stroke_width=2, stroke_linecap="round"))
    rng = random.Random(11)
    for i in range(7):  # waves, quieter in the text band
        y = 132 + i * 12
        x = rng.uniform(0, 60)
        while x < WIDTH:
            w = rng.uniform(14, 30)
            body.append(path(f"M{num(x)} {num(y)} q{num(w / 2)} -3 {num(w)} 0", fill="none", stroke="#6f9bb8",
                             stroke_opacity=0.35 if y < BAND_TOP else 0.14, stroke_width=1.6, stroke_linecap="round"))
            x += w + rng.uniform(20, 50)
    return _tile("fort-boyard", body, defs)


# --- Knightmare: the labyrinth castle and the knight's helmet --------------------------------------

def knightmare() -> str:
    """A gloomy castle under a thin moon, a labyrinth laid out before it, and a knight's great helm in
    front: steel, a gold cross over the eye slit, a red plume."""
    defs = [linear("sky", [(0, "0a0f22", 1), (1, "2d2458", 1)]),
            linear("steel", [(0, "e4e8ec", 1), (0.55, P.MIST, 1), (1, "7b8591", 1)], x2=1, y2=0),
            radial("glow", [(0, "6d5fd6", 0.55), (1, "6d5fd6", 0)])]
    body = [rect(0, 0, WIDTH, HEIGHT, fill="url(#sky)")]
    body += _stars(random.Random(5), 22, 6, 90)
    body.append(path("M46 22 A14 14 0 1 0 46 50 A11 14 0 1 1 46 22 Z", fill=f"#{P.PARCHMENT}", fill_opacity=0.8))
    body.append(ellipse(104, 96, 90, 50, fill="url(#glow)"))
    castle = "#141833"
    # The castle: a keep between two towers with pointed roofs, on a hill.
    body += [path("M0 122 Q60 92 130 100 Q200 106 250 122 Z", fill="#101327"),
             rect(62, 66, 84, 44, fill=castle), rect(52, 44, 22, 66, fill=castle), rect(134, 48, 22, 62, fill=castle),
             rect(92, 34, 24, 40, fill=castle),
             _poly([(49, 46), (63, 18), (77, 46)], fill=castle), _poly([(131, 50), (145, 24), (159, 50)], fill=castle),
             _poly([(89, 36), (104, 8), (119, 36)], fill=castle)]
    for x in range(64, 146, 10):
        body.append(rect(x, 61, 6, 6, fill=castle))
    for x, y in ((60, 62), (101, 48), (142, 64), (84, 82), (118, 84)):  # lit windows, arched
        body.append(path(f"M{x} {y + 9} V{y + 3} A3 3 0 0 1 {x + 6} {y + 3} V{y + 9} Z", fill=f"#{P.LANTERN}",
                         fill_opacity=0.85))
    body.append(path("M96 110 V100 A8 8 0 0 1 112 100 V110 Z", fill="#07080f"))  # the gate
    # The labyrinth before the castle, seen from above, leading into the text band.
    body.append(rect(0, 112, WIDTH, HEIGHT - 112, fill="#151a36"))
    body.append(path(_maze(10, 118, 21, 5, 14, seed=3), fill="none", stroke="#5b5f94", stroke_width=3,
                     stroke_linecap="square"))
    body.append(rect(0, BAND_TOP, WIDTH, HEIGHT - BAND_TOP, fill="#0d1026", fill_opacity=0.72))
    # The great helm, front on: a flat-topped dome, the eye slit crossed in gold, breaths, a plume.
    hx, top, half, bottom = 238, 36, 40, 148
    for i, (dx, dy, rot) in enumerate(((22, -8, -20), (36, -4, 0), (48, 6, 25), (56, 20, 50))):  # the plume
        body.append(ellipse(hx + dx, top + dy, 16, 7, fill="#c2362b" if i % 2 else "#e4572e",
                            transform=f"rotate({rot} {hx + dx} {top + dy})"))
    helm = (f"M{hx - half} {bottom} L{hx - half} {top + 30} Q{hx - half} {top} {hx} {top - 2} "
            f"Q{hx + half} {top} {hx + half} {top + 30} L{hx + half} {bottom} Q{hx} {bottom + 10} {hx - half} {bottom} Z")
    body += [path(helm, fill="url(#steel)", stroke="#3e4550", stroke_width=2.5),
             rect(hx - half + 2, top + 42, half * 2 - 4, 12, fill="#0d0f14"),  # the eye slit
             rect(hx - 4, top, 8, bottom - top + 4, fill=f"#{P.GOLD}"),
             rect(hx - half + 2, top + 36, half * 2 - 4, 5, fill=f"#{P.GOLD}"),
             rect(hx - 4, top + 42, 8, 12, fill="#0d0f14")]
    for i in range(3):
        for j in range(4):
            body.append(circle(hx + 14 + j * 6, top + 66 + i * 8, 1.8, fill="#2a2f38"))
            body.append(circle(hx - 14 - j * 6, top + 66 + i * 8, 1.8, fill="#2a2f38"))
    return _tile("knightmare", body, defs)


# --- Pixies: a 3×3 grid of pixie cards in their colours -------------------------------------------

PIXIE_COLOURS = {"blue": "4bb4ff", "green": "7fd18b", "yellow": P.GOLD, "red": "e4572e"}


def _pixie(cx: float, cy: float, s: float, ink: str, wings: str = P.PARCHMENT) -> list[str]:
    """A small pixie: two pairs of light wings, a bell of a dress, a round head under a pointed cap."""
    out = []
    for side in (-1, 1):
        out.append(ellipse(cx + side * 6 * s, cy - 3 * s, 4.2 * s, 7 * s, fill=f"#{wings}", fill_opacity=0.85,
                           transform=f"rotate({side * 35} {num(cx)} {num(cy)})"))
        out.append(ellipse(cx + side * 5 * s, cy + 4 * s, 3 * s, 4.5 * s, fill=f"#{wings}", fill_opacity=0.7,
                           transform=f"rotate({side * 70} {num(cx)} {num(cy)})"))
    return out + [path(f"M{num(cx - 1.5 * s)} {num(cy - 3 * s)} Q{num(cx - 6.5 * s)} {num(cy + 6 * s)} "
                       f"{num(cx - 6 * s)} {num(cy + 8.5 * s)} H{num(cx + 6 * s)} Q{num(cx + 6.5 * s)} "
                       f"{num(cy + 6 * s)} {num(cx + 1.5 * s)} {num(cy - 3 * s)} Z", fill=ink),
                  circle(cx, cy - 5.5 * s, 2.8 * s, fill=ink),
                  _poly([(cx - 3.2 * s, cy - 7 * s), (cx + 3.2 * s, cy - 7 * s), (cx + 3.5 * s, cy - 12 * s)], fill=ink)]


def _spiral(cx: float, cy: float, r: float, ink: str) -> str:
    pts = []
    for i in range(40):
        a = i / 39 * 2.6 * math.pi
        rr = r * i / 39
        pts.append(f"{num(cx + rr * math.cos(a))} {num(cy + rr * math.sin(a))}")
    return path("M" + " L".join(pts), fill="none", stroke=ink, stroke_width=1.8, stroke_linecap="round")


def pixies() -> str:
    """Nine cards laid out 3×3 on a dusk meadow: blue, green, yellow and red pixies, a four-colour card,
    one card still face down; fireflies around."""
    defs = [linear("sky", [(0, "0f1f33", 1), (1, "163a3a", 1)]),
            radial("light", [(0, "7fd18b", 0.35), (1, "7fd18b", 0)])]
    body = [rect(0, 0, WIDTH, HEIGHT, fill="url(#sky)"), ellipse(160, 76, 150, 90, fill="url(#light)")]
    body.append(path(f"M0 {BAND_TOP - 8} Q80 {BAND_TOP - 22} 160 {BAND_TOP - 12} Q240 {BAND_TOP - 2} 320 {BAND_TOP - 16} "
                     f"V{HEIGHT} H0 Z", fill="#0d2622"))
    body.append(_band("0b1f1c"))
    cw, ch, gap = 40, 44, 5
    x0, y0 = 160 - (3 * cw + 2 * gap) / 2, 5
    layout = [("blue", "spiral"), ("green", "pixie"), ("yellow", "pixie"),
              ("red", "pixie"), ("multi", "pixie"), ("blue", "pixie"),
              ("yellow", "star"), ("back", ""), ("green", "spiral")]
    ink = f"#{P.INK}"
    for k, (colour, mark) in enumerate(layout):
        x, y = x0 + (k % 3) * (cw + gap), y0 + (k // 3) * (ch + gap)
        tilt = (-3, 2, -1, 1, 0, -2, 2, -1, 3)[k]
        card = [rect(x + 1.5, y + 2.5, cw, ch, rx=5, fill="#000", fill_opacity=0.35)]
        if colour == "back":  # face down: the pattern of the back
            card += [rect(x, y, cw, ch, rx=5, fill="#3b2f6e"), rect(x + 4, y + 4, cw - 8, ch - 8, rx=3, fill="none",
                                                                 stroke="#d7b5ff",
                                                                 stroke_width=1.5)]
            bx, by = x + cw / 2, y + ch / 2  # a four-pointed sparkle on a lattice
            card.append(path(f"M{num(x + 4)} {num(y + 4)} L{num(x + cw - 4)} {num(y + ch - 4)} M{num(x + cw - 4)} "
                             f"{num(y + 4)} L{num(x + 4)} {num(y + ch - 4)}", stroke="#d7b5ff", stroke_width=1,
                             stroke_opacity=0.45))
            card.append(_poly([(bx, by - 9), (bx + 2.5, by - 2.5), (bx + 9, by), (bx + 2.5, by + 2.5), (bx, by + 9),
                               (bx - 2.5, by + 2.5), (bx - 9, by), (bx - 2.5, by - 2.5)], fill="#d7b5ff"))
        else:
            if colour == "multi":  # every colour at once: four quarters
                card.append(rect(x, y, cw, ch, rx=5, fill=f"#{PIXIE_COLOURS['blue']}"))
                card.append(path(f"M{num(x + cw / 2)} {y} H{num(x + cw - 5)} Q{num(x + cw)} {y} {num(x + cw)} {y + 5} "
                                 f"V{num(y + ch / 2)} H{num(x + cw / 2)} Z", fill=f"#{PIXIE_COLOURS['red']}"))
                card.append(path(f"M{x} {num(y + ch / 2)} H{num(x + cw / 2)} V{y + ch} H{x + 5} Q{x} {y + ch} {x} "
                                 f"{y + ch - 5} Z", fill=f"#{PIXIE_COLOURS['yellow']}"))
                card.append(path(f"M{num(x + cw / 2)} {num(y + ch / 2)} H{x + cw} V{y + ch - 5} Q{x + cw} {y + ch} "
                                 f"{x + cw - 5} {y + ch} H{num(x + cw / 2)} Z", fill=f"#{PIXIE_COLOURS['green']}"))
            else:
                card.append(rect(x, y, cw, ch, rx=5, fill=f"#{PIXIE_COLOURS[colour]}"))
            card.append(rect(x + 3, y + 3, cw - 6, ch - 6, rx=3, fill="none", stroke=f"#{P.PARCHMENT}",
                             stroke_width=1.5, stroke_opacity=0.8))
            cx, cy = x + cw / 2, y + ch / 2
            if mark == "pixie":
                card += _pixie(cx, cy + 1, 1.6, ink)
            elif mark == "spiral":
                card.append(_spiral(cx, cy, 11, ink))
            else:  # a star card
                pts = [(cx + (12 if i % 2 == 0 else 5) * math.sin(i * math.pi / 5),
                        cy - (12 if i % 2 == 0 else 5) * math.cos(i * math.pi / 5)) for i in range(10)]
                card.append(_poly(pts, fill=ink))
        body.append(group(card, transform=f"rotate({tilt} {num(x + cw / 2)} {num(y + ch / 2)})"))
    rng = random.Random(8)
    for _ in range(14):  # fireflies and sparkles
        x = rng.choice((rng.uniform(8, 82), rng.uniform(238, 312)))
        y = rng.uniform(10, BAND_TOP - 14)
        body.append(circle(x, y, rng.choice((1.2, 1.8, 2.4)), fill=f"#{P.LANTERN}", fill_opacity=rng.choice((0.5, 0.8))))
    body += _pixie(48, 62, 3.0, "#d7b5ff")  # two pixies flying beside the grid
    body += _pixie(276, 96, 2.4, "#99cc99")
    return _tile("pixies", body, defs)


# --- Forfort: a fort of eight walls and its drawbridge --------------------------------------------

def forfort() -> str:
    """A fort seen from above: eight stone walls with their battlements around a keep, a tower with a red
    roof at each corner, the moat, the drawbridge lowered across it; armies camped outside under
    banners in the players' colours."""
    cx, cy, r = 160, 74, 54
    defs = [radial("field", [(0, "3b7a44", 1), (1, "1a3d22", 1)])]
    body = [rect(0, 0, WIDTH, HEIGHT, fill="url(#field)")]

    def ring(radius: float) -> list[tuple[float, float]]:
        return [(cx + radius * math.cos(math.pi / 8 + k * math.pi / 4), cy + radius * math.sin(math.pi / 8 + k * math.pi / 4))
                for k in range(8)]

    corners = ring(r)
    body.append(_poly(ring(r + 19), fill="#2f78b0", stroke="#1d4f78", stroke_width=3, stroke_linejoin="round"))
    body.append(_poly(ring(r + 7), fill="#8a9a6a"))   # the bank inside the moat
    body.append(_poly(corners, fill="#9db36e"))        # the courtyard
    bridge = 1  # the wall at the bottom (between the corners at 67.5° and 112.5°)
    stone, shade = "e2cfae", P.WEATHERED
    for k in range(8):
        (x1, y1), (x2, y2) = corners[k], corners[(k + 1) % 8]
        length = math.hypot(x2 - x1, y2 - y1)
        angle = math.degrees(math.atan2(y2 - y1, x2 - x1))
        # A wall drawn along x, then turned into place: its walk, its merlons on the outer side.
        wall = [rect(0, -6, length, 12, fill=f"#{stone}", stroke=f"#{shade}", stroke_width=1.5),
                rect(0, -1, length, 2, fill=f"#{shade}", fill_opacity=0.5)]
        wall += [rect(i * 7.5 + 3, -10.5, 4.5, 4.5, fill=f"#{stone}", stroke=f"#{shade}", stroke_width=1)
                 for i in range(int((length - 4) // 7.5))]
        if k == bridge:  # the gate: a dark opening in the middle of this wall
            wall.append(rect(length / 2 - 8, -6, 16, 12, fill="#1d1c22"))
        body.append(group(wall, transform=f"translate({num(x1)} {num(y1)}) rotate({num(angle)})"))
    (x1, y1), (x2, y2) = corners[bridge], corners[bridge + 1]
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    body += [rect(mx - 8, my + 6, 16, 22, fill="#8a5a2b", stroke="#4a2f16", stroke_width=1.5),  # the drawbridge
             path(" ".join(f"M{num(mx - 8)} {num(my + 6 + i * 4.8)} h16" for i in range(1, 5)), stroke="#4a2f16",
                  stroke_width=1.2, fill="none"),
             path(f"M{num(mx - 8)} {num(my + 29)} L{num(mx - 10)} {num(my + 2)} M{num(mx + 8)} {num(my + 29)} "
                  f"L{num(mx + 10)} {num(my + 2)}", stroke="#1d1c22", stroke_width=1.4, fill="none", stroke_dasharray="2.5 1.5")]
    for x, y in corners:  # a round tower at each corner, its conical red roof seen from above
        body += [circle(x, y, 10.5, fill=f"#{stone}", stroke=f"#{shade}", stroke_width=1.5),
                 circle(x, y, 7.5, fill="#c2362b"),
                 path(f"M{num(x)} {num(y)} L{num(x)} {num(y - 7.5)} A7.5 7.5 0 0 1 {num(x + 7.5)} {num(y)} Z", fill="#e4572e")]
    # The keep in the courtyard: a square tower, its pyramid roof seen from above, a gold flag.
    k = 15
    body += [rect(cx - k - 2, cy - k - 2, 2 * k + 4, 2 * k + 4, fill=f"#{stone}", stroke=f"#{shade}", stroke_width=1.5),
             _poly([(cx - k, cy - k), (cx + k, cy - k), (cx, cy)], fill="#d4503f"),
             _poly([(cx + k, cy - k), (cx + k, cy + k), (cx, cy)], fill="#8f271f"),
             _poly([(cx + k, cy + k), (cx - k, cy + k), (cx, cy)], fill="#a3241c"),
             _poly([(cx - k, cy + k), (cx - k, cy - k), (cx, cy)], fill="#e4572e"),
             rect(cx - 1, cy - 22, 2, 22, fill="#1d1c22"),
             _poly([(cx + 1, cy - 22), (cx + 14, cy - 17), (cx + 1, cy - 12)], fill=f"#{P.GOLD}")]
    body.append(_band("10261a"))
    body.append(path(f"M0 {num(BAND_TOP)} H{WIDTH}", stroke="#0a1a11", stroke_width=2))
    # Armies camped outside: tents and banners in four players' colours, a few soldiers each.
    for (x, y), colour in zip(((38, 44), (280, 40), (44, 120), (276, 118)), ("e4572e", "a56ef0", "eeffff", "4bb4ff")):
        body += [_poly([(x - 14, y + 12), (x, y - 6), (x + 14, y + 12)], fill="#e9e4da", stroke="#74654f", stroke_width=1.5),
                 path(f"M{x} {y - 6} V{y + 12}", stroke="#74654f", stroke_width=1.5),
                 rect(x + 9, y - 20, 2, 32, fill="#1d1c22"),
                 _poly([(x + 11, y - 20), (x + 25, y - 15), (x + 11, y - 10)], fill=f"#{colour}")]
        side = 1 if x < cx else -1
        for i in range(3):  # three soldiers behind their shields, spears up
            sx = x + side * (26 + i * 9)
            body += [path(f"M{num(sx + 3.5)} {y + 18} V{y - 2}", stroke="#d8c5a3", stroke_width=1.2),
                     circle(sx, y + 5, 2.6, fill="#e9e4da"),
                     path(f"M{num(sx - 4)} {y + 8} h8 v5 q0 5 -4 7 q-4 -2 -4 -7 Z", fill=f"#{colour}",
                          stroke="#1d1c22", stroke_width=1)]
    return _tile("forfort", body, defs)


# --- Fort: a treehouse and a pizza ----------------------------------------------------------------

def fort() -> str:
    """A big tree at the end of the day with a treehouse in it (two friends at its window, a flag, a rope
    ladder), a pizza on a checked blanket below, a ball and a kite: a kids' club of friends, pizza and toys."""
    defs = [linear("sky", [(0, "1b2140", 1), (0.6, "6b3a4a", 1), (1, P.SUNSET, 1)]),
            linear("canopy", [(0, "49b07a", 1), (1, "1b7a5e", 1)])]
    body = [rect(0, 0, WIDTH, HEIGHT, fill="url(#sky)"),
            path(f"M0 128 Q90 112 180 126 Q260 138 320 122 V{HEIGHT} H0 Z", fill="#1f4a33")]
    # The tree: trunk and branches, a canopy of overlapping round leaves.
    body.append(path("M214 150 C218 120 210 100 220 70 L236 70 C244 100 238 124 246 150 Z", fill="#5a3a22"))
    body.append(path("M222 96 C204 88 194 80 186 66 M238 92 C256 84 266 76 272 62", stroke="#5a3a22",
                     stroke_width=7, fill="none", stroke_linecap="round"))
    for x, y, rr in ((184, 50, 30), (226, 30, 34), (270, 46, 30), (204, 74, 24), (258, 76, 24), (300, 70, 20)):
        body.append(circle(x, y, rr, fill="url(#canopy)"))
    for x, y, rr in ((196, 40, 10), (240, 22, 12), (282, 40, 9)):
        body.append(circle(x, y, rr, fill="#7fd18b", fill_opacity=0.55))
    # The treehouse: plank walls, a coral roof, a window with two friends, a flag, the ladder.
    hx, hy, hw, hh = 196, 62, 64, 40
    body += [rect(hx - 6, hy + hh, hw + 12, 6, fill="#6e4a2a"),
             rect(hx, hy, hw, hh, fill="#b07c4a"),
             path(" ".join(f"M{hx} {hy + i * 8} h{hw}" for i in range(1, 5)), stroke="#7a5230", stroke_width=1.5, fill="none"),
             _poly([(hx - 8, hy + 2), (hx + hw / 2, hy - 24), (hx + hw + 8, hy + 2)], fill="#e4572e"),
             rect(hx + hw / 2 - 1, hy - 44, 2, 22, fill="#3a2a1a"),
             _poly([(hx + hw / 2 + 1, hy - 44), (hx + hw / 2 + 17, hy - 38), (hx + hw / 2 + 1, hy - 32)], fill=f"#{P.GOLD}"),
             rect(hx + 8, hy + 8, 30, 22, rx=3, fill="#2a1a10"),
             circle(hx + 17, hy + 22, 6, fill="#f0c8a0"), circle(hx + 30, hy + 22, 6, fill="#b07c56"),
             path(f"M{hx + 11} {hy + 19} Q{hx + 17} {hy + 12} {hx + 23} {hy + 19} Z", fill="#e4572e"),
             path(f"M{hx + 24} {hy + 19} Q{hx + 30} {hy + 12} {hx + 36} {hy + 19} Z", fill="#1d1c22"),
             rect(hx + 44, hy + 10, 14, 30, fill="#6e4a2a")]
    lx = hx + hw - 10  # the rope ladder down to the grass
    body.append(path(f"M{lx} {hy + hh + 6} V{num(BAND_TOP - 2)} M{lx + 12} {hy + hh + 6} V{num(BAND_TOP - 2)} " +
                     " ".join(f"M{lx} {hy + hh + 14 + i * 10} h12" for i in range(4)),
                     stroke="#e2cfae", stroke_width=2, fill="none"))
    # The pizza on a blanket: crust, cheese, pepperoni, one slice pulled out.
    px_, py_, pr = 92, 106, 40
    body.append(ellipse(px_ + 6, py_ + 30, 78, 16, fill="#a3241c"))
    body.append(path(f"M{px_ - 72} {py_ + 30} h156", stroke="#f6f1e7", stroke_opacity=0.5, stroke_width=3,
                     stroke_dasharray="8 8", fill="none"))
    cut = math.radians(40)
    start, end = -math.pi / 2 + cut / 2, -math.pi / 2 - cut / 2 + 2 * math.pi

    def arc(rad: float) -> str:
        x1, y1 = px_ + rad * math.cos(start), py_ + rad * math.sin(start) * 0.62
        x2, y2 = px_ + rad * math.cos(end), py_ + rad * math.sin(end) * 0.62
        return (f"M{num(px_)} {num(py_)} L{num(x1)} {num(y1)} A{rad} {num(rad * 0.62)} 0 1 1 {num(x2)} {num(y2)} Z")

    body += [path(arc(pr), fill="#e0a04a"), path(arc(pr - 6), fill=f"#{P.GOLD}")]
    for a, d in ((0.3, 0.5), (1.2, 0.7), (2.0, 0.45), (2.9, 0.7), (3.7, 0.5), (4.4, 0.72), (5.2, 0.3)):
        body.append(ellipse(px_ + d * (pr - 8) * math.cos(a), py_ + d * (pr - 8) * math.sin(a) * 0.62, 5, 3.4,
                            fill="#c2362b"))
    sx, sy = px_ + 6, py_ - 52  # the slice lifted out, tip down, over the pizza
    body += [_poly([(sx, sy + 40), (sx - 17, sy), (sx + 17, sy)], fill=f"#{P.GOLD}"),
             path(f"M{sx - 19} {sy + 1} Q{sx} {sy - 9} {sx + 19} {sy + 1}", stroke="#e0a04a", stroke_width=7,
                  fill="none", stroke_linecap="round"),
             ellipse(sx - 4, sy + 12, 4, 3, fill="#c2362b"), ellipse(sx + 5, sy + 22, 3.5, 2.6, fill="#c2362b"),
             path(f"M{sx - 2} {sy + 38} q-2 6 1 10", stroke=f"#{P.GOLD}", stroke_width=3, fill="none", stroke_linecap="round")]
    kx, ky = 30, 26  # a kite in the sky, its tail waving: the toys of the club
    body += [_poly([(kx, ky - 14), (kx + 11, ky), (kx, ky + 18), (kx - 11, ky)], fill="#a56ef0"),
             _poly([(kx, ky - 14), (kx + 11, ky), (kx, ky)], fill="#d7b5ff"),
             path(f"M{kx} {ky + 18} q6 10 0 18 q-6 8 2 16", stroke=f"#{P.PARCHMENT}", stroke_width=1.5, fill="none"),
             _poly([(kx - 3, ky + 27), (kx + 5, ky + 25), (kx + 1, ky + 31)], fill="#e4572e"),
             _poly([(kx - 4, ky + 41), (kx + 4, ky + 39), (kx, ky + 45)], fill=f"#{P.GOLD}")]
    body += [circle(160, 140, 11, fill="#4bb4ff"), path("M149 140 H171 M160 129 Q152 140 160 151", stroke="#f6f1e7",
                                                           stroke_width=2, fill="none")]
    body.append(_band("14301f"))
    body.append(path(f"M0 {num(BAND_TOP - 2)} Q160 {num(BAND_TOP - 8)} 320 {num(BAND_TOP - 2)}", stroke="#2a5a3c",
                     stroke_width=3, fill="none"))
    return _tile("fort", body, defs)


#: The tiles by game id (companion.engine.registry's ids), in home's order.
GAME_TILES = {"fort-boyard": fort_boyard, "knightmare": knightmare, "pixies": pixies, "forfort": forfort, "fort": fort}
