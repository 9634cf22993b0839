"""The icons: one per board space, the game's tokens, sea and dive, ✓ and ✗. Drawn in white on a 64 px
square so that a screen tints them (Kivy's Color) in any role's colour; holes are cut with evenodd, so
an icon on a coloured button shows the button through it."""

from __future__ import annotations

import math

from companion.app.look.art.svg import circle, document, group, line, num, path, rect

INK = "#ffffff"
SIZE = 64
STROKE = dict(fill="none", stroke=INK, stroke_linecap="round", stroke_linejoin="round")


def _icon(name: str, body: list[str], cut: list[str] = ()) -> str:
    """An icon; ``cut`` are shapes (drawn in black) cut out of it, so that the details show in any tint."""
    if not cut:
        return document(SIZE, SIZE, body, title=name)
    mask = (f'<mask id="cut" maskUnits="userSpaceOnUse" x="0" y="0" width="{SIZE}" height="{SIZE}">'
            f'<rect width="{SIZE}" height="{SIZE}" fill="#fff"/>{"".join(cut)}</mask>')
    return document(SIZE, SIZE, [f'<g mask="url(#cut)">{"".join(body)}</g>'], [mask], title=name)


def door() -> str:
    """An arched oak door with its planks and a ring handle."""
    outer = "M14 58 L14 28 A18 18 0 0 1 50 28 L50 58 Z"
    planks = "".join(f"M{x} 14 L{x} 56" for x in (26, 38))
    return _icon("door", [path(outer, fill=INK), rect(8, 57, 48, 4, rx=1.5, fill=INK)], cut=[
        path(planks, stroke="#000", stroke_width=2.5, fill="none"),
        circle(43, 40, 3.5, fill="none", stroke="#000", stroke_width=2.5),
    ])


def concentration() -> str:
    """A target: three rings and the centre, where the mind must land."""
    return _icon("concentration", [
        circle(32, 32, 25, **STROKE, stroke_width=5),
        circle(32, 32, 15, **STROKE, stroke_width=5),
        circle(32, 32, 5.5, fill=INK),
    ])


def force() -> str:
    """A dumbbell, tilted as if lifted."""
    plates = "M10 22 H18 V42 H10 Z M4 26 H10 V38 H4 Z M46 22 H54 V42 H46 Z M54 26 H60 V38 H54 Z"
    return _icon("force", [group([line(16, 32, 48, 32, **STROKE, stroke_width=6),
                                  path(plates, fill=INK, stroke=INK, stroke_width=2, stroke_linejoin="round")],
                                 transform="rotate(-25 32 32)")])


def _sword(hx: float, hy: float, tx: float, ty: float) -> list[str]:
    """A sword from its pommel (hx, hy) to its tip: pommel, grip, cross-guard, a tapering blade."""
    length = math.hypot(tx - hx, ty - hy)
    ux, uy = (tx - hx) / length, (ty - hy) / length
    nx, ny = -uy, ux
    gx, gy = hx + ux * 11, hy + uy * 11  # the guard
    bx, by = tx - ux * 8, ty - uy * 8    # where the blade starts to narrow to the tip
    w = 3.2
    blade = (f"M{num(gx + nx * w)} {num(gy + ny * w)} L{num(bx + nx * w)} {num(by + ny * w)} L{num(tx)} {num(ty)} "
             f"L{num(bx - nx * w)} {num(by - ny * w)} L{num(gx - nx * w)} {num(gy - ny * w)} Z")
    return [
        path(blade, fill=INK),
        line(gx - nx * 9, gy - ny * 9, gx + nx * 9, gy + ny * 9, **STROKE, stroke_width=5),
        line(hx + ux * 3, hy + uy * 3, gx, gy, **STROKE, stroke_width=5),
        circle(hx, hy, 4, fill=INK),
    ]


def duel() -> str:
    """Two crossed swords."""
    return _icon("duel", [*_sword(12, 54, 54, 8), *_sword(52, 54, 10, 8)])


def enigme() -> str:
    """A question mark cut into a round stone seal."""
    mark = "M23 24 A9 9 0 1 1 35 32 Q32 34 32 39 L32 41"
    return _icon("enigme", [circle(32, 32, 28, fill=INK)], cut=[
        path(mark, fill="none", stroke="#000", stroke_width=6, stroke_linecap="round", stroke_linejoin="round"),
        circle(32, 50, 3.6, fill="#000"),
    ])


def prison() -> str:
    """A barred window in a stone wall."""
    frame = "M12 58 L12 26 A20 20 0 0 1 52 26 L52 58 Z M18 52 L18 27 A14 14 0 0 1 46 27 L46 52 Z"
    bars = [line(x, 14 if x == 32 else 18, x, 53, **STROKE, stroke_width=4) for x in (25, 32, 39)]
    return _icon("prison", [path(frame, fill=INK, fill_rule="evenodd"), *bars,
                            line(18, 38, 46, 38, **STROKE, stroke_width=3)])


def passe_partout() -> str:
    """An open padlock: the master key opens anything."""
    body = "M12 30 H52 V58 H12 Z M32 38 A4.5 4.5 0 1 0 32.01 38 Z M30 44 H34 V51 H30 Z"
    return _icon("passe_partout", [
        path("M20 30 V20 A12 12 0 0 1 44 20 V12", **STROKE, stroke_width=6),
        path(body, fill=INK, fill_rule="evenodd"),
    ])


def key() -> str:
    """A key: a round bow with a hole, the shaft, two bits."""
    bow = "M20 12 A12 12 0 1 1 19.99 12 Z M20 19 A5 5 0 1 0 20.01 19 Z"
    return _icon("key", [
        path(bow, fill=INK, fill_rule="evenodd", transform="translate(0 6)"),
        line(31, 30, 56, 55, **STROKE, stroke_width=6),
        line(48, 47, 42, 53, **STROKE, stroke_width=6),
        line(55, 54, 50, 59, **STROKE, stroke_width=5),
    ])


def clue() -> str:
    """A magnifying glass over a folded note: an "indice"."""
    return _icon("clue", [
        path("M8 10 H36 L44 18 V44 H8 Z M36 10 V18 H44", fill=INK, fill_opacity=0.55, stroke=INK,
             stroke_width=2, stroke_linejoin="round"),
        circle(38, 36, 12, **STROKE, stroke_width=5),
        line(47, 45, 57, 55, **STROKE, stroke_width=7),
    ])


def boyard() -> str:
    """A gold coin: a milled rim, and a small tower with its battlements on the face."""
    teeth = []
    for i in range(24):
        a = 2 * math.pi * i / 24
        teeth.append(circle(32 + 28 * math.cos(a), 32 + 28 * math.sin(a), 2.2, fill=INK))
    tower = "M24 44 V28 H27 V24 H30 V28 H34 V24 H37 V28 H40 V44 Z M30 44 V38 A2 2 0 0 1 34 38 V44 Z"
    return _icon("boyard", [*teeth, circle(32, 32, 27, fill=INK)], cut=[
        circle(32, 32, 21, fill="none", stroke="#000", stroke_width=2),
        path(tower, fill="#000", fill_rule="evenodd"),
    ])


def sea() -> str:
    """Three waves."""
    waves = []
    for row, y in enumerate((22, 34, 46)):
        d = "M6 {y}".format(y=y)
        for i in range(4):
            x0 = 6 + i * 13
            d += f" Q{num(x0 + 6.5)} {y - 7} {num(x0 + 13)} {y}"
        waves.append(path(d, **STROKE, stroke_width=5 - row * 0.5))
    return _icon("sea", waves)


def dive() -> str:
    """Diving into the sea: an arrow plunging through the surface."""
    return _icon("dive", [
        path("M6 36 Q13 30 19 36 M45 36 Q51 30 58 36", **STROKE, stroke_width=4.5),
        path("M10 50 Q16 45 22 50 Q28 55 34 50 Q40 45 46 50 Q52 55 56 50", **STROKE, stroke_width=4),
        line(32, 6, 32, 40, **STROKE, stroke_width=6),
        path("M22 30 L32 42 L42 30", **STROKE, stroke_width=6),
    ])


def success() -> str:
    """✓ on the judge's "right" buttons (Andika has no ✗, so both marks are drawn)."""
    return _icon("success", [path("M10 34 L26 50 L55 15", **STROKE, stroke_width=9)])


def failure() -> str:
    """✗ on the judge's "wrong" buttons."""
    return _icon("failure", [path("M14 14 L50 50 M50 14 L14 50", **STROKE, stroke_width=9)])


# The km_ tokens: a knight's helmet and four magic objects (a book, a wand, a ring, a crown).


def km_helmet() -> str:
    """A knight's closed helmet with its visor slit and a plume: the game's helmet token."""
    shell = "M14 54 L14 30 Q14 12 32 12 Q50 12 50 30 L50 54 Z"
    return _icon("km_helmet", [path(shell, fill=INK), path("M32 12 Q38 4 48 6", **STROKE, stroke_width=5)], cut=[
        rect(20, 30, 24, 5, rx=2, fill="#000"),
        path("M32 38 L32 52", stroke="#000", stroke_width=3, fill="none"),
    ])


def km_book() -> str:
    """The Book of Spells: an open book."""
    return _icon("km_book", [path("M6 16 Q20 10 32 18 Q44 10 58 16 L58 52 Q44 46 32 54 Q20 46 6 52 Z", fill=INK)],
                 cut=[path("M32 18 L32 54", stroke="#000", stroke_width=3, fill="none"),
                      path("M12 26 Q20 22 27 27 M12 36 Q20 32 27 37 M37 27 Q44 22 52 26 M37 37 Q44 32 52 36",
                           stroke="#000", stroke_width=2.5, fill="none")])


def km_wand() -> str:
    """The Magic Wand: a staff with a star at its tip."""
    star = " ".join(f"{num(44 + r * math.cos(math.radians(a)))} {num(20 + r * math.sin(math.radians(a)))}"
                    for k, a in enumerate(range(-90, 270, 36)) for r in ((13 if k % 2 == 0 else 5.5),))
    return _icon("km_wand", [line(10, 56, 38, 27, **STROKE, stroke_width=6), path(f"M{star} Z", fill=INK)])


def km_ring() -> str:
    """The Ring: a band with its stone."""
    return _icon("km_ring", [circle(32, 40, 17, **STROKE, stroke_width=6), path("M24 20 L32 8 L40 20 L32 26 Z", fill=INK)])


def km_crown() -> str:
    """The Crown: three points on a band."""
    return _icon("km_crown", [path("M8 48 L8 20 L20 34 L32 12 L44 34 L56 20 L56 48 Z", fill=INK),
                              rect(8, 51, 48, 6, rx=2, fill=INK)])


def wall() -> str:
    """A stretch of castle wall, its battlements on top and its courses of stone cut."""
    body = "M6 56 V24 H14 V14 H22 V24 H28 V14 H36 V24 H42 V14 H50 V24 H58 V56 Z"
    courses = [line(6, y, 58, y, stroke="#000", stroke_width=2.5) for y in (34, 45)]
    joints = [line(x, y0, x, y1, stroke="#000", stroke_width=2.5)
              for x, y0, y1 in ((22, 24, 34), (42, 24, 34), (14, 34, 45), (32, 34, 45), (50, 34, 45),
                                (22, 45, 56), (42, 45, 56))]
    return _icon("wall", [path(body, fill=INK)], cut=courses + joints)


def star() -> str:
    """A five-pointed star: points on a victory track (a podium's and a standing's figure)."""
    pts = []
    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        r = 28 if k % 2 == 0 else 12.5
        pts.append(f"{num(32 + r * math.cos(a))} {num(33 - r * math.sin(a))}")
    return _icon("star", [path("M" + " L".join(pts) + " Z", fill=INK, stroke=INK, stroke_width=3,
                               stroke_linejoin="round")])


ICONS = {f.__name__: f for f in (door, concentration, force, duel, enigme, prison, passe_partout, key, clue,
                                  boyard, sea, dive, success, failure, km_helmet, km_book, km_wand, km_ring,
                                  km_crown, wall, star)}
SPACE_ICONS = ("door", "concentration", "force", "duel", "enigme", "prison", "passe_partout")

