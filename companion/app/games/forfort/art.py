"""Forfort's own art, drawn with Kivy's vector instructions (no image file, no card art of the
publisher's): a wall of stone courses (a protected one with iron bands and a shield, a drawbridge symbol
as a small bridge on chains), a camp's tent, an army's banner in its owner's colour with an arrow for its
direction, the dungeon's door with its count, and the drawbridge token laid over its wall.

``paint(canvas, kind, x, y, w, h, ...)`` draws one space's picture; :class:`FortPicture` is the 3×3 fort
around its dungeon, each space a touch target (``space`` names it) when ``on_space`` is given."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle, Triangle
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.screens.kit import px

SPACES = ("nw", "n", "ne", "w", "e", "sw", "s", "se")
GRID = ("nw", "n", "ne", "w", None, "e", "sw", "s", "se")  # reading order, the dungeon in the middle

GROUND = theme.hex_rgba("2b3a2e")      # the grass inside the fort's bounds
EMPTY_EDGE = theme.hex_rgba("6f8a74")
STONE = theme.hex_rgba("b9ad97")       # limestone courses
STONE_SHADE = theme.hex_rgba("8b7f6b")
IRON = theme.hex_rgba("3c4654")
WOOD = theme.hex_rgba("8a5a2f")
WOOD_DARK = theme.hex_rgba("5b3a1d")
CANVAS_CLOTH = theme.hex_rgba("e8dcc0")
DUNGEON = theme.hex_rgba("1c1f26")
SELECTED = theme.GOLD


INNER = {"nw": (1, 0), "ne": (0, 0), "sw": (1, 1), "se": (0, 1)}  # the corner towards the dungeon (Kivy: y up)


def _stone_wall(x: float, y: float, w: float, h: float, corner: str | None) -> list:
    """Courses of cut stone; a corner (an angle wall) draws an L of them, open towards the dungeon."""
    out = [Color(*STONE_SHADE), Rectangle(pos=(x, y), size=(w, h)), Color(*STONE)]
    rows = 4
    rh = h / rows
    for r in range(rows):
        shift = (r % 2) * w / 6
        for k in range(-1, 3):
            bx = x + shift + k * w / 3 + w * 0.02
            left, right = max(bx, x + w * 0.02), min(bx + w / 3 - w * 0.04, x + w * 0.98)
            if right > left:
                out.append(Rectangle(pos=(left, y + r * rh + rh * 0.1), size=(right - left, rh * 0.8)))
    if corner in INNER:  # the angle wall's inner corner: the fort's ground shows where its two arms meet
        ix, iy = INNER[corner]
        out += [Color(*GROUND), Rectangle(pos=(x + ix * w * 0.5, y + iy * h * 0.5), size=(w * 0.5, h * 0.5))]
    return out


def _protection(x: float, y: float, w: float, h: float) -> list:
    """Iron bands across the wall and a shield in its middle: a protected wall."""
    s = min(w, h)
    cx, cy = x + w / 2, y + h / 2
    return [Color(*IRON), Rectangle(pos=(x, y + h * 0.3), size=(w, h * 0.07)),
            Rectangle(pos=(x, y + h * 0.63), size=(w, h * 0.07)),
            Color(*theme.GOLD), RoundedRectangle(pos=(cx - s * 0.2, cy - s * 0.05), size=(s * 0.4, s * 0.27),
                                                  radius=[s * 0.04]),
            Triangle(points=[cx - s * 0.2, cy - s * 0.04, cx + s * 0.2, cy - s * 0.04, cx, cy - s * 0.3]),
            Color(*IRON), Line(points=[cx, cy + s * 0.18, cx, cy - s * 0.22], width=max(1.0, s * 0.03))]


def _bridge_symbol(x: float, y: float, w: float, h: float, lowered: bool) -> list:
    """The drawbridge symbol in the wall's top corner (planks on two chains); ``lowered``: the player's
    token, a wide gold bridge laid across the wall."""
    s = min(w, h)
    if lowered:
        bx, by, bw, bh = x + w * 0.12, y + h * 0.05, w * 0.76, h * 0.42
        colour, plank = theme.GOLD, theme.hex_rgba("9c6b00")
    else:
        bx, by, bw, bh = x + w - s * 0.4, y + h - s * 0.36, s * 0.32, s * 0.3
        colour, plank = WOOD, WOOD_DARK
    out = [Color(*colour), RoundedRectangle(pos=(bx, by), size=(bw, bh), radius=[s * 0.03]), Color(*plank)]
    for k in range(1, 4):
        out.append(Line(points=[bx + bw * k / 4, by, bx + bw * k / 4, by + bh], width=max(1.0, s * 0.015)))
    out += [Color(*IRON), Line(points=[bx, by + bh, bx - s * 0.04, by + bh + s * 0.14], width=max(1.0, s * 0.02)),
            Line(points=[bx + bw, by + bh, bx + bw + s * 0.04, by + bh + s * 0.14], width=max(1.0, s * 0.02))]
    return out


def _camp(x: float, y: float, w: float, h: float) -> list:
    """A tent with its pole and pennant."""
    s = min(w, h)
    cx, base = x + w / 2, y + h * 0.18
    return [Color(*CANVAS_CLOTH), Triangle(points=[cx - s * 0.36, base, cx + s * 0.36, base, cx, base + s * 0.52]),
            Color(*WOOD_DARK), Triangle(points=[cx - s * 0.08, base, cx + s * 0.08, base, cx, base + s * 0.26]),
            Line(points=[cx, base + s * 0.52, cx, base + s * 0.7], width=max(1.0, s * 0.025)),
            Color(*theme.FAILURE), Triangle(points=[cx, base + s * 0.7, cx, base + s * 0.6, cx + s * 0.16, base + s * 0.65])]


ARROWS = {"n": (0, 1), "s": (0, -1), "e": (1, 0), "w": (-1, 0)}  # Kivy's y grows upwards


def _army(x: float, y: float, w: float, h: float, colour: Any, direction: str | None) -> list:
    """A round banner in its owner's colour, ringed dark, and a white arrow pointing where it marches."""
    s = min(w, h)
    cx, cy = x + w / 2, y + h / 2
    r = s * 0.4
    out = [Color(*DUNGEON), Ellipse(pos=(cx - r - s * 0.04, cy - r - s * 0.04), size=(2 * r + s * 0.08, 2 * r + s * 0.08)),
           Color(*colour), Ellipse(pos=(cx - r, cy - r), size=(2 * r, 2 * r))]
    dx, dy = ARROWS.get(direction or "", (0, 0))
    if dx or dy:
        ink = theme.readable_on(colour)
        tip = (cx + dx * r * 0.8, cy + dy * r * 0.8)
        back = (cx - dx * r * 0.55, cy - dy * r * 0.55)
        nx, ny = -dy, dx  # across the arrow
        head = (cx + dx * r * 0.15, cy + dy * r * 0.15)
        out += [Color(*ink), Line(points=[back[0], back[1], head[0], head[1]], width=max(1.5, s * 0.07)),
                Triangle(points=[tip[0], tip[1], head[0] + nx * r * 0.42, head[1] + ny * r * 0.42,
                                 head[0] - nx * r * 0.42, head[1] - ny * r * 0.42])]
    return out


def _dungeon(x: float, y: float, w: float, h: float) -> list:
    """The dungeon: a dark keep with an arched door (its count is a label over it)."""
    s = min(w, h)
    cx = x + w / 2
    return [Color(*IRON), RoundedRectangle(pos=(x, y), size=(w, h), radius=[s * 0.08]),
            Color(*DUNGEON), Rectangle(pos=(cx - s * 0.3, y + h * 0.08), size=(s * 0.6, h * 0.5)),
            Ellipse(pos=(cx - s * 0.3, y + h * 0.58 - s * 0.3), size=(s * 0.6, s * 0.6), angle_start=-90, angle_end=90),
            Color(*STONE_SHADE)] + [Rectangle(pos=(x + k * w / 4 + w * 0.03, y + h - h * 0.12), size=(w / 8, h * 0.12))
                                    for k in range(4)]


def paint(top: Mapping[str, Any] | None, space: str | None, x: float, y: float, w: float, h: float,
          colour_of: Callable[[str], Any], token: bool = False) -> list:
    """The instructions of one space (``top`` as the view gives it), or of the dungeon (``space`` None)."""
    if space is None:
        return _dungeon(x, y, w, h)
    out = [Color(*GROUND), Rectangle(pos=(x, y), size=(w, h))]
    if top is None:
        return out + [Color(*EMPTY_EDGE), Line(rectangle=(x + 2, y + 2, w - 4, h - 4), width=1, dash_length=4,
                                                dash_offset=4)]
    kind = top.get("top")
    if kind == "wall":
        out += _stone_wall(x, y, w, h, corner=space)
        if top.get("protected"):
            out += _protection(x, y, w, h)
        if top.get("drawbridge") or token:
            out += _bridge_symbol(x, y, w, h, lowered=token)
    elif kind == "camp":
        out += _camp(x, y, w, h)
    elif kind == "army":
        out += _army(x, y, w, h, colour_of(top.get("army_owner", "")), top.get("direction"))
    return out


@dataclass(frozen=True)
class Step:
    """One army's march over a fort, as the picture draws it."""

    space: str  # where it stood
    to: str | None  # where it went (None: out of the fort, or it fell)
    direction: str | None
    hit: bool = False  # what stood where it entered was destroyed
    fell: bool = False  # it entered a protected wall and was defeated


CELL_XY = {"nw": (0, 0), "n": (1, 0), "ne": (2, 0), "w": (0, 1), "e": (2, 1), "sw": (0, 2), "s": (1, 2), "se": (2, 2)}


def front_side(front: frozenset) -> str | None:
    """The side of the picture a fort's front line lies along (its three spaces share a row or a column)."""
    xy = [CELL_XY[k] for k in front if k in CELL_XY]
    for axis, low, high in ((1, "top", "bottom"), (0, "left", "right")):
        if xy and len({c[axis] for c in xy}) == 1 and xy[0][axis] != 1:
            return low if xy[0][axis] == 0 else high
    return None


class Space(ButtonBehavior, Widget):
    """One space of a fort (or its dungeon, ``space`` None), drawn anew at each size."""

    def __init__(self, top: Mapping[str, Any] | None, space: str | None, colour_of: Callable[[str], Any],
                 token: bool = False, selected: bool = False, target: bool = False, front: str | None = None,
                 **kw: Any) -> None:
        super().__init__(**kw)
        self.card, self.space, self.colour_of, self.token, self.selected = top, space, colour_of, token, selected
        self.target = target  # a space the pair's double effect may reach: framed, so the table sees where
        self.front = front  # the side of the picture facing the current player, on a front-line space
        self.bind(pos=self.draw, size=self.draw)

    def on_touch_down(self, touch: Any) -> bool:
        # A picture only (a small fort): the touch goes on to the fort's own button (Kivy's disabled widget
        # would swallow it)
        return False if self.disabled else super().on_touch_down(touch)

    def draw(self, *_: Any) -> None:
        self.canvas.before.clear()
        x, y = self.pos
        w, h = self.size
        with self.canvas.before:
            for instruction in paint(self.card, self.space, x, y, w, h, self.colour_of, self.token):
                self.canvas.before.add(instruction)
            if self.selected:
                Color(*SELECTED)
                Line(rectangle=(x + 1, y + 1, w - 2, h - 2), width=max(2.0, px(3)))
            if self.front:  # a red band on the edge that faces the player: the Ram's line (review of issue 25)
                Color(*theme.DANGER)
                b = max(4.0, min(w, h) * 0.12)
                Rectangle(pos={"top": (x, y + h - b), "bottom": (x, y), "left": (x, y), "right": (x + w - b, y)}[
                    self.front], size=(w, b) if self.front in ("top", "bottom") else (b, h))
            if self.target and not self.selected:  # white: apart from the gold of the space touched
                Color(*theme.TEXT)
                Line(rectangle=(x + 2, y + 2, w - 4, h - 4), width=max(1.5, px(2)))


class FortPicture(GridLayout):
    """A fort as its 3×3 picture: the eight spaces around the dungeon, which shows its count when the
    picture is large enough to read it (``count_font`` px; 0: no number, the caller says it in words).
    With ``on_space``, each space (and the dungeon, as ``"dungeon"``) is a touch target."""

    def __init__(self, player: Mapping[str, Any], colour_of: Callable[[str], Any], *,
                 on_space: Callable[[str], None] | None = None, selected: str | None = None,
                 count_font: float = 0, gap: float = 8, trail: tuple = (), targets: frozenset = frozenset(),
                 front: frozenset = frozenset(), **kw: Any) -> None:
        super().__init__(cols=3, spacing=px(gap), **kw)
        self.player = player
        self.trail = trail  # the armies' marches drawn over the picture (``Step``s): where from, where to
        self.cells: dict[str, Space] = {}
        for space in GRID:
            key = space or "dungeon"
            top = player["fort"].get(space) if space else None
            cell = Space(top, space, colour_of, token=space is not None and player.get("drawbridge") == space,
                         selected=selected == key, target=key in targets,
                         front=front_side(front) if key in front else None)
            cell.space_key = key
            if on_space is not None:
                cell.bind(on_release=lambda _c, k=key: on_space(k))
            else:
                cell.disabled = True  # a picture only: the whole small fort is the target
            if space is None and count_font:
                count = Label(text=str(player["dungeon"]), font_size=px(count_font), bold=True, color=theme.TEXT)
                count.role = "dungeon"
                cell.add_widget(count)
                cell.bind(pos=lambda c, *_: self._centre(c), size=lambda c, *_: self._centre(c))
            self.cells[key] = cell
            self.add_widget(cell)
        if trail:  # drawn again whenever a cell moves (the grid lays its cells out after its own size)
            for cell in self.cells.values():
                cell.bind(pos=self.draw_trail, size=self.draw_trail)

    def draw_trail(self, *_: Any) -> None:
        """Each march over the fort: the space it left dashed in gold, the space it entered framed (red when
        what stood there was destroyed), an arrow between them; an army that left the fort points out of
        it, one that fell on a protected wall stops at that wall, a cross where it stood."""
        self.canvas.after.clear()
        for step in self.trail:
            start = self.cells.get(step.space)
            if start is None:
                continue
            cx, cy = start.center
            dx, dy = ARROWS.get(step.direction or "", (0, 0))
            if step.to in self.cells:  # short of the centre: the banner that arrived stays clear
                tx, ty = self.cells[step.to].center
                end = (tx - dx * start.width * 0.32, ty - dy * start.height * 0.32)
            else:  # out of the fort, or against the protected wall ahead: to the edge of the space left
                reach = 0.75 if step.to is None and not step.fell else 0.5
                end = (cx + dx * start.width * reach, cy + dy * start.height * reach)
            w = max(2.0, px(3))
            with self.canvas.after:
                Color(*SELECTED)
                Line(rectangle=(start.x + 2, start.y + 2, start.width - 4, start.height - 4), width=1.5,
                     dash_length=5, dash_offset=4)
                if step.to in self.cells:
                    target = self.cells[step.to]
                    Color(*(theme.FAILURE if step.hit else SELECTED))
                    Line(rectangle=(target.x + 1, target.y + 1, target.width - 2, target.height - 2), width=w)
                for colour, width in ((DUNGEON, w + 2), (SELECTED, w)):  # a dark edge: gold reads on stone
                    Color(*colour)
                    Line(points=[cx, cy, end[0], end[1]], width=width)
                    nx, ny, size = -dy, dx, start.width * 0.16
                    Triangle(points=[end[0] + dx * size, end[1] + dy * size, end[0] + nx * size, end[1] + ny * size,
                                     end[0] - nx * size, end[1] - ny * size])
                if step.fell:  # the army defeated where it stood
                    Color(*theme.FAILURE)
                    r = start.width * 0.25
                    Line(points=[cx - r, cy - r, cx + r, cy + r], width=w)
                    Line(points=[cx - r, cy + r, cx + r, cy - r], width=w)

    @staticmethod
    def _centre(cell: Widget) -> None:
        for child in cell.children:
            child.size = cell.size
            child.pos = (cell.x, cell.y - cell.height * 0.1)  # on the door, below the battlements
