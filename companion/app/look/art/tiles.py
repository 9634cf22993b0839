"""What every game tile is drawn on (look/art/games.py): its canvas, its rounded corners, its dark name
band, and a few shapes more than one tile uses (polygons, stars, a labyrinth)."""

from __future__ import annotations

import random

from companion.app.look import palette as P
from companion.app.look.art.svg import circle, document, group, num, path, rect

WIDTH, HEIGHT = 320, 216
TEXT_BAND = 0.28          # the lower share of the tile kept dark for the name (60 px of 216)
BAND_TOP = HEIGHT * (1 - TEXT_BAND)
CORNER = 16               # look.tokens.RADIUS


def tile(game: str, body: list[str], defs: list[str]) -> str:
    # A mask, not a clip-path: the whole scene is cut at once, so no layer under the text band shows
    # through the antialiased corners.
    mask = (f'<mask id="tile" maskUnits="userSpaceOnUse" x="0" y="0" width="{WIDTH}" height="{HEIGHT}">'
            f'<rect width="{WIDTH}" height="{HEIGHT}" rx="{CORNER}" fill="#fff"/></mask>')
    return document(WIDTH, HEIGHT, [group(body, mask="url(#tile)")], [mask, *defs], title=f"game tile: {game}")


def poly(points, **kw) -> str:
    return path("M" + " L".join(f"{num(x)} {num(y)}" for x, y in points) + " Z", **kw)


def band(colour: str, opacity: float = 1.0) -> str:
    """The text band's floor: the scene's foreground, flat and dark."""
    return rect(0, BAND_TOP, WIDTH, HEIGHT - BAND_TOP, fill=f"#{colour}", fill_opacity=opacity)


def stars(rng: random.Random, count: int, top: float, bottom: float) -> list[str]:
    return [circle(rng.uniform(6, WIDTH - 6), rng.uniform(top, bottom), rng.choice((0.7, 1.0, 1.3)),
                   fill=f"#{P.PARCHMENT}", fill_opacity=rng.choice((0.35, 0.5, 0.7))) for _ in range(count)]


def maze(x0: float, y0: float, cols: int, rows: int, cell: float, seed: int) -> str:
    """A perfect maze (depth-first, seeded): the walls of a ``cols``×``rows`` labyrinth as one path."""
    rng = random.Random(seed)
    walls = {(c, r, d) for c in range(cols) for r in range(rows) for d in "ES"}
    seen, stack = {(0, 0)}, [(0, 0)]
    while stack:
        c, r = stack[-1]
        nxt = [(c + dc, r + dr, w) for dc, dr, w in ((1, 0, (c, r, "E")), (-1, 0, (c - 1, r, "E")),
                                                       (0, 1, (c, r, "S")), (0, -1, (c, r - 1, "S")))
               if 0 <= c + dc < cols and 0 <= r + dr < rows and (c + dc, r + dr) not in seen]
        if not nxt:
            stack.pop()
            continue
        nc, nr, wall = rng.choice(nxt)
        walls.discard(wall)
        seen.add((nc, nr))
        stack.append((nc, nr))
    d = [f"M{num(x0)} {num(y0)} h{num(cols * cell)} v{num(rows * cell)} h{num(-cols * cell)} Z"]
    for c, r, side in sorted(walls):
        if side == "E" and c < cols - 1:
            d.append(f"M{num(x0 + (c + 1) * cell)} {num(y0 + r * cell)} v{num(cell)}")
        if side == "S" and r < rows - 1:
            d.append(f"M{num(x0 + c * cell)} {num(y0 + (r + 1) * cell)} h{num(cell)}")
    return " ".join(d)
