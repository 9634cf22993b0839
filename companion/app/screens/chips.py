"""The players' chips under the top bar of every in-game screen: each player's colour, initials or whole
name (broken after a hyphen or at a space, never inside a word), and their standing as symbols with a
number fitted to the round (BaseScreen.players_strip lays them out)."""

from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import FitLabel, Panel, Scale, Swatch, colour_rgba
from companion.app.look.tokens import TYPE, line_box
from companion.app.motion import register_target
from companion.app.widgets import art

BADGES = {"prison": "prison", "diving": "dive", "out": "failure", "eliminated": "failure", "treasure": "boyard"}
NAME_FONTS = (TYPE.caption + 2, TYPE.caption)  # a chip's name: 20 px, 18 px if it needs it (px at 800×480)


def _width(text: str, font_size: float, bold: bool = True) -> float:
    from kivy.core.text import Label as CoreLabel

    return CoreLabel(font_size=font_size, bold=bold).get_extents(text)[0]


def fitted(text: str, label: Label) -> str:
    """``text`` cut with "…" to fit ``label``'s width at its font: a name is shortened, never broken."""
    from kivy.core.text import Label as CoreLabel

    core = CoreLabel(font_size=label.font_size, bold=label.bold, font_name=label.font_name)
    room = label.width - art.px(4)
    if core.get_extents(text)[0] <= room:
        return text
    for end in range(len(text) - 1, 0, -1):
        candidate = text[:end].rstrip(" -") + "…"
        if core.get_extents(candidate)[0] <= room:
            return candidate
    return text[:1]


def broken_name(name: str, room: float, font_size: float) -> str | None:
    """``name`` on one line, else on two broken after a hyphen or at a space ("Marie-" / "Christine"), never
    inside a word, each line within ``room`` px in bold at ``font_size``; None when two lines are not enough.
    Of the breaks that fit, the one whose lines are the most even."""
    if _width(name, font_size) <= room:
        return name
    best: tuple[int, str] | None = None
    for i, ch in enumerate(name):
        if ch not in " -" or i in (0, len(name) - 1):
            continue
        first, second = (name[:i + 1], name[i + 1:]) if ch == "-" else (name[:i], name[i + 1:])
        first, second = first.strip(), second.strip()
        if first and second and _width(first, font_size) <= room and _width(second, font_size) <= room:
            unevenness = abs(len(first) - len(second))
            if best is None or unevenness < best[0]:
                best = (unevenness, first + "\n" + second)
    return best[1] if best else None


def chip_name(name: str, room: float) -> tuple[str, float]:
    """What a chip ``room`` px wide shows of ``name``, and at which font size: the whole name on one or two
    lines at 20 px, else at 18 px; a name too long even so (one word wider than the chip) keeps its
    beginning with "…" on one line (``PlayerChip`` cuts it to the width it gets)."""
    for size in NAME_FONTS:
        shown = broken_name(name, room, art.px(size))
        if shown is not None:
            return shown, art.px(size)
    return name, art.px(NAME_FONTS[-1])


class PlayerChip(Panel):
    """One player, read from across the table. Full: a band in their colour along the top, their whole
    name (on two lines, broken after a hyphen or at a space, when the chip is narrow: never "Mar…"), and
    their standing as symbols with a number (``role = "standing"``, 24 px and more), fitted to the round:
    Round 1 keys towards 3; Round 2 keys and four clue slots that fill; Round 3 the keys left to pay (on
    a narrow chip a key and a clue with their numbers). Compact (screens that need the height): a disc in
    their colour with initials unique at the table, and the standing on one line. A status (prison,
    diving, no key, eliminated, in the Treasure Room) shows as its icon, with its word where it fits."""

    BAND = 6  # px at 800×480: the player's colour along the top of a full chip
    SIDE = 8  # its margin left and right: the name does not touch the edge

    @staticmethod
    def height_for(portrait: bool = False, compact: bool = False, name_lines: int = 1) -> float:
        row = line_box(TYPE.standing, profile=art.profile())
        if compact:
            return art.px(8) + row
        full = art.px(4 + PlayerChip.BAND) + line_box(NAME_FONTS[0], name_lines, profile=art.profile()) + row
        return 2 * math.ceil(full / 2)  # even: what the screen shares out below it stays in whole pixels

    def __init__(self, screen: Any, p: dict, current: bool, initials: str | None = None,
                 compact: bool = False, room: float | None = None, name_lines: int = 1, **kw):
        side = art.px(4 if compact else self.SIDE)
        above = art.px(4 if compact else self.BAND)  # the band is the full chip's top margin
        super().__init__(orientation="vertical", padding=[side, above, side, art.px(4)], spacing=0, **kw)
        self.player = p["name"]
        self.bg = colour_rgba(screen.c.colour_of(p["name"])) if current else theme.SEA_LIGHT  # own colour, not gold
        ink = theme.TEXT_DARK if current else theme.TEXT
        symbol = theme.TEXT_DARK if current else theme.GOLD
        round_ = screen.c.view.get("round") or 1
        colour = colour_rgba(screen.c.colour_of(p["name"]))
        row_h = line_box(TYPE.standing, profile=art.profile())
        badge = BADGES.get(p["status"])
        if compact:
            top = BoxLayout(size_hint_y=None, height=row_h, spacing=art.px(6))
            disc = Swatch(initial=initials or p["name"][:1].upper(), rgba=colour, size_hint_x=None, width=row_h)
            disc.label.bold = True
            top.add_widget(disc)
            word = screen.tr("badge.out")
            fits = room is not None and room - row_h - art.px(6) >= _width(word, art.px(TYPE.standing))
            if p["status"] == "out" and fits:  # in words, instead of "0 keys" and the setup's "×" (delete)
                out = FitLabel(text=word, base_font=TYPE.standing, bold=True, color=ink,
                               wrap=False)
                out.role = "standing"
                top.add_widget(out)
            else:
                self._standing(top, p, round_, symbol, ink, compact=True)
            if badge and p["status"] != "out":  # too narrow for the word: "0" keys alone says it
                top.add_widget(self._badge(badge, ink))
            self.add_widget(top)
            register_target(self, "chip", player=p["name"])  # where a key or a clue won flies (app.motion)
            return
        self._draw_band(colour)
        room = room if room is not None else art.px(120)
        shown, size = chip_name(p["name"], room)
        name = Label(text=shown, font_size=size, bold=True, color=ink, halign="left", valign="middle",
                     size_hint_y=None, height=line_box(NAME_FONTS[0], name_lines, profile=art.profile()))
        if "\n" in shown or _width(shown, size) <= room:
            name.bind(size=lambda w, size: setattr(w, "text_size", size))
        else:  # one word wider than any chip: its beginning and "…", never a word broken
            name.bind(size=lambda w, size, full=p["name"]: (setattr(w, "text", fitted(full, w)),
                                                             setattr(w, "text_size", size)))
        self.name_label = name
        self.add_widget(name)
        row = BoxLayout(size_hint_y=None, height=row_h, spacing=art.px(4))
        if badge and p["status"] != "out":  # "out" in words below (the "×" read as the setup's delete)
            row.add_widget(self._badge(badge, ink, narrow=room < art.px(150)))
        self._standing(row, p, round_, symbol, ink, room=room)
        word = screen.tr("badge." + p["status"]) if badge else ""
        if word and room - self._used(row) >= _width(word, art.px(TYPE.standing)) + art.px(8):
            label = FitLabel(text=word, base_font=TYPE.standing, bold=True, color=ink, wrap=False, halign="left")
            label.role = "standing"
            row.add_widget(label)
        self.add_widget(row)
        register_target(self, "chip", player=p["name"])  # where a key or a clue won flies (app.motion)

    def _draw_band(self, colour) -> None:
        """The player's colour along the top of the chip, inside its rounded corners (under the texts)."""
        from kivy.graphics import RoundedRectangle

        with self.canvas.before:
            self._band_colour = Color(*colour)
            self._band = RoundedRectangle(radius=[Scale.px(self.radius), Scale.px(self.radius), 0, 0])
        self.bind(pos=self._place_band, size=self._place_band)
        self._place_band()

    def _place_band(self, *_):
        height = art.px(self.BAND)
        self._band.pos, self._band.size = (self.x, self.top - height), (self.width, height)

    @staticmethod
    def _badge(badge: str, ink, narrow: bool = False) -> Image:
        return Image(source=art.icon(badge), color=ink, size_hint_x=None, width=art.px(24 if narrow else 28),
                     fit_mode="contain")

    @staticmethod
    def _used(row: BoxLayout) -> float:
        """The width the fixed parts of ``row`` take (icons count at their largest)."""
        fixed = [c.width if c.size_hint_x is None else (c.size_hint_max_x or 0) for c in row.children]
        return sum(fixed) + row.spacing * max(len(row.children) - 1, 0)

    def _standing(self, row: BoxLayout, p: dict, round_: int, symbol, ink, compact: bool = False,
                  room: float | None = None) -> None:
        keys, clues = p["keys"], p["clues"]
        faded = (*symbol[:3], 0.3)
        # Slots need the room of their icons beside the number: a narrow chip shows the counts alone.
        slots = room is None or room >= art.px({1: 3, 2: 5}.get(round_, 1) * 24 + 50)
        if round_ == 1 and not compact and slots:
            for i in range(3):  # the three keys of Round 1: won ones bright, the others faint
                row.add_widget(self._icon("key", symbol if i < keys else faded))
            self._number(row, str(keys), ink)
        elif round_ == 2 and not compact and slots:
            row.add_widget(self._icon("key", symbol))
            self._number(row, str(keys), ink)
            for i in range(4):  # four clue slots that fill
                row.add_widget(self._icon("clue", symbol if i < clues else faded))
        else:
            row.add_widget(self._icon("key", symbol))
            self._number(row, str(keys), ink)
            if round_ == 2:  # a narrow full chip (six players): the clues alone, the icons keep their size
                row.add_widget(self._icon("clue", symbol))
                self._number(row, f"{clues}/4" if compact or room is None else str(clues), ink)
                if not compact:
                    row.spacing = art.px(2)
        row.add_widget(Widget(size_hint_x=0.01))

    @staticmethod
    def _icon(name: str, colour) -> Image:
        return Image(source=art.icon(name), color=colour, fit_mode="contain", size_hint_max_x=art.px(30))

    @staticmethod
    def _number(row: BoxLayout, text: str, ink) -> None:
        """A count at the standing's size, as wide as its digits: the icons keep the rest of the row."""
        size = art.px(TYPE.standing)
        label = Label(text=text, font_size=size, bold=True, color=ink, size_hint_x=None,
                      width=_width(text, size) + art.px(4), halign="center", valign="middle")
        label.role = "standing"
        row.add_widget(label)
