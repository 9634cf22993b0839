"""The shell's own backdrop, drawn for each display profile: the family's table at evening, behind the
screens every game shares (home, setup before a game is chosen, settings, history, the die, the error
screen). No game's scenery: a game's backdrop shows only once that game is chosen (issue 22).

A lamp hangs over the middle of the table and lights it warm and low; the wall behind is night blue; on
the table's edge lie a few of the things every box holds (a die, a fan of cards, pawns, a token),
outlined faintly, never a game's own pieces.

Subtle by rule, as every backdrop: each pixel stays dark enough for every text role to keep 4.5:1 on it
(tests/test_design_art.py checks the rendered PNG files with ``worst_contrast``)."""

from __future__ import annotations

from companion.app.look import palette as P
from companion.app.look.art.svg import circle, document, ellipse, linear, num, path, radial, rect

WALL_TOP, WALL_LOW = "0b1422", "111d2e"    # the room behind the table, night blue
TABLE, TABLE_EDGE = "1a1410", "120d0a"    # dark walnut in lamplight
OUTLINE = P.MIST                          # the objects' faint lines


def _die(x: float, y: float, side: float, turn: float) -> list[str]:
    """A six-sided die seen from above, turned ``turn`` degrees: its square, its five pips."""
    r = side * 0.18
    pips = [(0.5, 0.5), (0.25, 0.25), (0.75, 0.75), (0.25, 0.75), (0.75, 0.25)]
    parts = [rect(-side / 2, -side / 2, side, side, rx=num(r), fill="none", stroke=f"#{OUTLINE}",
                  stroke_opacity=0.1, stroke_width=2)]
    parts += [circle(-side / 2 + side * a, -side / 2 + side * b, side * 0.07, fill=f"#{OUTLINE}", fill_opacity=0.09)
              for a, b in pips]
    return [f'<g transform="translate({num(x)} {num(y)}) rotate({num(turn)})">{"".join(parts)}</g>']


def _cards(x: float, y: float, h: float) -> list[str]:
    """Three cards fanned from one corner."""
    w, out = h * 0.68, []
    for angle in (-16, 0, 16):
        card = rect(-w / 2, -h, w, h, rx=num(h * 0.08), fill=f"#{TABLE}", fill_opacity=0.9,
                    stroke=f"#{OUTLINE}", stroke_opacity=0.1, stroke_width=2)
        out.append(f'<g transform="translate({num(x)} {num(y)}) rotate({angle})">{card}</g>')
    return out


def _pawn(x: float, base: float, h: float) -> list[str]:
    """A plain pawn: a head over a flared body."""
    w = h * 0.5
    body = (f"M{num(x - w / 2)} {num(base)} Q{num(x - w * 0.12)} {num(base - h * 0.35)} {num(x - w * 0.16)} "
            f"{num(base - h * 0.62)} L{num(x + w * 0.16)} {num(base - h * 0.62)} Q{num(x + w * 0.12)} "
            f"{num(base - h * 0.35)} {num(x + w / 2)} {num(base)} Z")
    return [path(body, fill="none", stroke=f"#{OUTLINE}", stroke_opacity=0.1, stroke_width=2),
            circle(x, base - h * 0.78, h * 0.17, fill="none", stroke=f"#{OUTLINE}", stroke_opacity=0.1,
                   stroke_width=2)]


def _token(x: float, y: float, r: float) -> list[str]:
    """A round token, two rings."""
    return [circle(x, y, r, fill="none", stroke=f"#{P.GOLD_DEEP}", stroke_opacity=0.2, stroke_width=2),
            circle(x, y, r * 0.62, fill="none", stroke=f"#{P.GOLD_DEEP}", stroke_opacity=0.14, stroke_width=1.5)]


def shell_backdrop(w: int, h: int) -> str:
    """The wall, the lamp's pool of light, the table's edge and its few objects at the two ends."""
    landscape = w > h
    edge = h * (0.8 if landscape else 0.86)  # where the table's top meets the front edge
    defs = [linear("wall", [(0, WALL_TOP, 1), (1, WALL_LOW, 1)]),
            linear("table", [(0, TABLE, 1), (1, TABLE_EDGE, 1)]),
            radial("lamp", [(0, P.LANTERN, 0.1), (0.5, P.GOLD_DEEP, 0.05), (1, P.GOLD_DEEP, 0)]),
            radial("pool", [(0, P.GOLD_DEEP, 0.22), (0.6, P.GOLD_DEEP, 0.07), (1, P.GOLD_DEEP, 0)])]
    body = [rect(0, 0, w, h, fill="url(#wall)"),
            ellipse(w / 2, 0, w * 0.45, h * 0.5, fill="url(#lamp)"),
            rect(0, edge, w, h - edge, fill="url(#table)"),
            rect(0, edge, w, 2, fill="#000", fill_opacity=0.5),
            ellipse(w / 2, edge + (h - edge) * 0.3, w * 0.5, (h - edge) * 1.2, fill="url(#pool)")]
    unit = min(w, h) * 0.09  # the objects' size: the same on every profile's short side
    low = edge + (h - edge) * 0.55
    body += _die(w * 0.06 + unit * 0.3, low, unit * 0.7, 14)
    body += _cards(w * 0.16 + unit * 0.4, low + unit * 0.35, unit * 0.9)
    body += _pawn(w * 0.86 - unit * 0.4, low + unit * 0.3, unit)
    body += _token(w * 0.95 - unit * 0.2, low + unit * 0.05, unit * 0.3)
    return document(w, h, body, defs, title="the shell: the family table at evening")
