"""The players' chips under the top bar of every in-game screen, the same for every game: each player's
colour, initials or whole name (broken after a hyphen or at a space, never inside a word), and the game's
figures of their standing (``GameUI.standing``) fitted to the chip (BaseScreen.players_strip lays them out)."""

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


ICON = 28  # px at 800×480: a figure's icon, read from across the table (issue 22: 28 px or more)
# A count's own margin beyond its digits: 2 px (4 left a game's three figures with counts 6 px short of their
# 28 px icons in a chip of four players).
NUMBER_PAD = 2  # px at 800×480
SLOT = 24  # px: one slot of a figure drawn as slots (three keys to win), narrower than a lone icon


def figure_words(figure: Any, tr: Any) -> str:
    """A figure's words where its chip has room for them ("Sans clé", or "Total 37": a message may hold the
    figure's ``{value}``, so that a bare number is never left for the table to guess), else ""."""
    return tr(figure.words, value=figure.value) if getattr(figure, "words", "") else ""


class PlayerChip(Panel):
    """One player, read from across the table, the same for every game: the figures are the game's
    (``GameUI.standing(view, player)``: two or three, an icon of the look with a value at 24 px).
    Full: a band in their colour along the top, their whole name (on two lines, broken after a hyphen or at
    a space, when the chip is narrow: never "Mar…"), then the figures. Compact (screens that need the
    height): a disc in their colour with initials unique at the table, then the figures. The current
    player's chip is filled with their own colour (the same colour as in setup, on the podium and in
    history). Fitted to the chip's room: a figure drawn as slots (``Figure.slots``: keys won bright, the
    others faint) or in words (``Figure.words``: "Sans clé") where it fits, else its icon and value."""

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
                 compact: bool = False, room: float | None = None, name_lines: int = 1,
                 on_tap: Any = None, **kw):
        side = art.px(4 if compact else self.SIDE)
        above = art.px(4 if compact else self.BAND)  # the band is the full chip's top margin
        super().__init__(orientation="vertical", padding=[side, above, side, art.px(4)], spacing=0, **kw)
        self.player = self.player_name = p["name"]
        self.role = "standing_chip"
        self.tr = screen.tr
        self.on_tap = on_tap  # a screen's action on a tap of the chip (that player's sheet), or None
        self.ui = screen.c.ui()
        self.bg = colour_rgba(screen.c.colour_of(p["name"])) if current else theme.SEA_LIGHT  # own colour, not gold
        ink = theme.TEXT_DARK if current else theme.TEXT
        symbol = theme.TEXT_DARK if current else theme.GOLD
        colour = colour_rgba(screen.c.colour_of(p["name"]))
        row_h = line_box(TYPE.standing, profile=art.profile())
        self.figures = list(self.ui.standing(screen.c.view, p))
        room = room if room is not None else art.px(120)
        if compact:
            top = BoxLayout(size_hint_y=None, height=row_h, spacing=art.px(6))
            disc = Swatch(initial=initials or p["name"][:1].upper(), rgba=colour, size_hint_x=None, width=row_h)
            disc.label.bold = True
            top.add_widget(disc)
            self._figures(top, symbol, ink, room - row_h - art.px(6))
            self.add_widget(top)
            register_target(self, "chip", player=p["name"])  # where a key or a clue won flies (app.motion)
            return
        self._draw_band(colour)
        shown, size = chip_name(p["name"], room)
        note = getattr(self.ui, "chip_note", None)  # a word beside the name (a team), where it fits
        note = note(screen.tr, screen.c.view, p) if callable(note) else ""
        if note and "\n" not in shown and _width(f"{shown} · {note}", size) <= room:
            shown = f"{shown} · {note}"
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
        self._figures(row, symbol, ink, room)
        self.add_widget(row)
        register_target(self, "chip", player=p["name"])  # where a key or a clue won flies (app.motion)

    # --- the figures, fitted to the room -------------------------------------------------------------

    def _forms(self, figure: Any) -> list[tuple[str, float]]:
        """How ``figure`` can be drawn, the richest first, each with the width it takes."""
        gap, size = art.px(4), art.px(TYPE.standing)
        value = (_width(figure.value, size) + art.px(NUMBER_PAD) + gap) if figure.value else 0
        plain = (art.px(ICON) + gap if figure.icon else 0) + value
        forms = []
        words = figure_words(figure, self.tr)
        if words:
            forms.append(("words", _width(words, size) + art.px(8) + gap))
        if getattr(figure, "slots", 0) > 1:
            forms.append(("slots", getattr(figure, "slots") * (art.px(SLOT) + gap) + value))
        forms.append(("plain", plain))
        if "/" in figure.value:  # "1/4" as "1" beside its icon: the narrowest chips (six players)
            head = figure.value.split("/")[0]
            forms.append(("short", plain - value + _width(head, size) + art.px(NUMBER_PAD) + gap))
        return forms

    def _figures(self, row: BoxLayout, symbol, ink, room: float) -> None:
        forms = [self._forms(f) for f in self.figures]
        chosen = [0] * len(forms)
        # The richest forms that fit together: the last figure that can be simpler is simplified first.
        while sum(form[i][1] for form, i in zip(forms, chosen)) > room:
            simpler = [k for k in range(len(forms) - 1, -1, -1) if chosen[k] < len(forms[k]) - 1]
            if not simpler:
                break
            chosen[simpler[0]] += 1
        self.forms = [form[i][0] for form, i in zip(forms, chosen)]
        # Still too wide (six players, one in prison): the icons give up some of their size, never below 16 px.
        over = sum(form[i][1] for form, i in zip(forms, chosen)) - room
        icons = sum(1 for f, form in zip(self.figures, self.forms) if f.icon and form in ("plain", "short"))
        side = ICON if over <= 0 or not icons else max(16.0, ICON - over / art.px(1) / icons)
        for figure, form in zip(self.figures, self.forms):
            tint = (*symbol[:3], 0.3) if figure.faded else symbol
            if form == "words":
                label = FitLabel(text=figure_words(figure, self.tr), base_font=TYPE.standing, bold=True, color=ink,
                                 wrap=False, size_hint_x=None, width=_width(figure_words(figure, self.tr),
                                                                            art.px(TYPE.standing)) + art.px(8))
                label.role = "standing"
                row.add_widget(label)
                continue
            if form == "slots":
                head = figure.value.split("/")[0]  # "2" keys won, "1/4" clues found
                won = int(head) if head.isdigit() else 0
                for i in range(figure.slots):  # won ones bright, the others faint
                    row.add_widget(self._icon(figure.icon, symbol if i < won else (*symbol[:3], 0.3), SLOT))
            elif figure.icon:
                row.add_widget(self._icon(figure.icon, tint, side))
            if form == "short":
                self._number(row, figure.value.split("/")[0], ink)
            elif figure.value and not (form == "slots" and "/" in figure.value):  # "1/4": the slots say it
                self._number(row, figure.value, ink)
        row.add_widget(Widget(size_hint_x=0.01))

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

    def _icon(self, name: str, colour, side: float) -> Widget:
        """The look's icon ``name``, or the game's own drawn one (``GameUI.figure_icon(name, colour)``)."""
        drawn = getattr(self.ui, "figure_icon", None)
        own = drawn(name, colour) if callable(drawn) else None
        if own is not None:
            own.size_hint_x, own.width = None, art.px(side)
            return own
        return Image(source=art.icon(name), color=colour, fit_mode="contain", size_hint_x=None, width=art.px(side))

    def on_touch_down(self, touch) -> bool:
        if self.on_tap is not None and self.collide_point(*touch.pos):
            touch.grab(self)
            return True
        return super().on_touch_down(touch)

    def on_touch_up(self, touch) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            if self.collide_point(*touch.pos):
                self.on_tap(self.player)
            return True
        return super().on_touch_up(touch)

    @staticmethod
    def _number(row: BoxLayout, text: str, ink) -> None:
        """A count at the standing's size, as wide as its digits: the icons keep the rest of the row."""
        size = art.px(TYPE.standing)
        label = Label(text=text, font_size=size, bold=True, color=ink, size_hint_x=None,
                      width=_width(text, size) + art.px(NUMBER_PAD), halign="center", valign="middle")
        label.role = "standing"
        row.add_widget(label)
