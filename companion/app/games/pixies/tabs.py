"""Whose grid shows, and how to see another's: a tab per player, each with the player's colour disc (as
in the standing strip), the one shown in the chosen look, the one who picks now ringed in gold; a caption
before the tabs says what they are for ("Grille de" / "Grid of"), so that the row reads as "the grid of
Zoé" and not as a row of unexplained buttons."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.graphics import Color, Ellipse, Line
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, colour_rgba
from companion.app.initials import unique_initials
from companion.app.look.tokens import TOUCH, TYPE
from companion.app.screens.kit import box_for, choice_look, gap, px


class PlayerTab(BigButton):
    """A player's tab: their colour's disc at the left, then their name (or initials); ``picking``: a
    gold ring round the tab, the player whose turn it is."""

    def __init__(self, colour: Any, picking: bool = False, disc: bool = True, **kw) -> None:
        super().__init__(**kw)
        self.picking, self.has_disc = picking, disc
        with self.canvas.after:
            self._disc_ring = Color(*(theme.TEXT if disc else (0, 0, 0, 0)))
            self._ring = Ellipse()
            self._disc_colour = Color(*(colour if disc else (0, 0, 0, 0)))
            self._disc = Ellipse()
            self._gold = Color(*(theme.GOLD if picking else (0, 0, 0, 0)))
            self._frame = Line(width=max(2.0, px(3)))
        self.bind(pos=self._place_disc, size=self._place_disc)

    def _place_disc(self, *_):
        d = min(self.height * 0.5, px(22))
        x, y = self.x + px(7), self.center_y - d / 2
        self._ring.pos, self._ring.size = (x - 2, y - 2), (d + 4, d + 4)
        self._disc.pos, self._disc.size = (x, y), (d, d)
        self.inset = d + px(8) if self.has_disc else 0
        self._frame.rounded_rectangle = (self.x - 1, self.y - 1, self.width + 2, self.height + 2, px(13))


def player_tabs(tr: Callable[..., str], players: Sequence[dict], shown: str | None, on_choose: Callable[[str], None],
                colour_of: Callable[[str], str], picking: str | None = None, labels: dict | None = None,
                cols: int | None = None, initials: bool = False, caption: str = "pixies.tabs.caption",
                font: float = TYPE.button) -> BoxLayout:
    """The caption and a tab per player. ``labels``: each player's text (default the name, or the
    initials with ``initials``: one row, the shown tab a little wider for its disc). ``cols``: a grid of that
    many columns (a column of names at the side of a screen)."""
    names = [p["name"] for p in players]
    marks = unique_initials(names)
    box = BoxLayout(orientation="vertical", size_hint_y=None)
    title = FitLabel(text=tr(caption), base_font=TYPE.caption, color=theme.TEXT_MUTED, wrap=False,
                     size_hint_y=None, height=box_for(TYPE.caption))
    if cols is None:
        row = BoxLayout(spacing=gap(), size_hint_y=None, height=px(TOUCH.minimum))
        rows = 1
    else:
        row = GridLayout(cols=cols, spacing=gap(), size_hint_y=None)
        rows = -(-len(names) // cols)
        row.height = rows * px(TOUCH.minimum) + (rows - 1) * gap()
    for name in names:
        text = (labels or {}).get(name) or (marks[name] if initials else name)
        # One row of initials: each tab in its player's colour (the strip's discs), the shown one in the chosen
        # look with its disc.
        plain = initials and cols is None and name != shown
        look = {"bg": colour_rgba(colour_of(name))} if plain else choice_look(name == shown)
        # A row of initials has no room for a disc beside "MC 37" at five players: the shown tab's chosen
        # look says which it is, the initials whose.
        disc = not plain and not (initials and cols is None and len(names) >= 5)
        tab = PlayerTab(colour_rgba(colour_of(name)), picking=name == picking, disc=disc, text=text,
                        base_font=font, wrap=False, **look)
        if cols is None:
            tab.size_hint_x = 1.4 if disc else 1  # room for its disc
        tab.choice = ("grid", name)
        tab.player = name
        tab.bind(on_release=lambda _b, n=name: on_choose(n))
        row.add_widget(tab)
    box.add_widget(title)
    box.add_widget(row)
    box.height = title.height + row.height
    return box


class _SumMark(Widget):
    """Σ drawn in lines (the table's font has no Σ), centred in its room, a line high."""

    def __init__(self, colour: Any, **kw) -> None:
        super().__init__(**kw)
        self.colour = colour
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_) -> None:
        side = min(self.width, self.height, px(22))
        x, y = self.center_x - side * 0.4, self.center_y - side / 2
        self.canvas.clear()
        with self.canvas:
            Color(*self.colour)
            Line(points=[x + side * 0.8, y + side, x, y + side, x + side * 0.45, y + side / 2, x, y, x + side * 0.8, y],
                 width=max(1.5, side * 0.09), joint="miter")


def points_mark(colour: Any) -> Any:
    """The points' mark on a chip too narrow for "Total 37" (four or five players in a draft): Σ, the
    sum, which fits the icon's room ("pts" does not), never a ★ (that would read as the star cards)."""
    return _SumMark(colour)
