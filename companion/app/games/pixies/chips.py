"""Pixies' players' strip: each chip says its figures in words a family reads: in a draft, what this round's
grid scores now ("+12 this round") large, and under it the player's disc and the total over the rounds
("37 points", "37 pts" where narrow); at the pad the total alone. The shell's one-line chip had room only for "Σ 0 +12" with four or five
players (the blind review's first finding), and for "Σ 37" in portrait."""

from __future__ import annotations

import math
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import Swatch, colour_rgba
from companion.app.initials import unique_initials
from companion.app.look.tokens import TYPE
from companion.app.screens.chips import PlayerChip
from companion.app.widgets import art

WORDS = 20  # px at 800×480: the chip's words ("this round"), the body's floor
SIDE = 4  # px: the chip's margin left and right
LEAD = 28  # px: this round's points in a draft, the chip's key figure
GAP = 8  # px: between two chips (the shell's 10 left "+12 this round" 2 px short with five players)


def width(text: str, size: float, bold: bool = True) -> float:
    return CoreLabel(font_size=size, bold=bold).get_extents(text)[0]


def row_height(size: float) -> float:
    """One line of Andika at ``size`` px (800×480) as Kivy draws it, without a fitted label's margin."""
    return math.ceil(art.px(size) * 1.62) + 1


def chip_height(rows: int = 2) -> float:
    """A draft's chip (two lines: this round's points large, the total) or the pad's (the total)."""
    if rows == 2:
        return row_height(LEAD) + row_height(TYPE.standing) + art.px(4)
    return row_height(TYPE.standing) + art.px(4)


def round_words(tr: Any, now: int, room: float) -> tuple[str, str]:
    """This round's points ("+12") and the words after them, the longest that fit ``room`` px: "this
    round", else "so far", else none (the total's line says "pts": the bare "+12" stays a score)."""
    figure = f"+{now}" if now >= 0 else f"−{-now}"
    left = room - width(figure, art.px(LEAD)) - art.px(6)
    for key in ("pixies.chip.this_round", "pixies.chip.so_far"):
        words = tr(key)
        if width(words, art.px(WORDS), bold=False) <= left:
            return figure, words
    return figure, ""


def total_words(tr: Any, total: int, room: float) -> str:
    """The total over the rounds: "37 points", else "37 pts"."""
    for key in ("pixies.chip.points", "pixies.chip.pts"):
        text = tr(key, value=total)
        if width(text, art.px(TYPE.standing)) <= room:
            return text
    return tr("pixies.chip.pts", value=total)


def label(text: str, size: float, ink, bold: bool = True, role: str | None = None, **kw) -> Label:
    out = Label(text=text, font_size=art.px(size), bold=bold, color=ink, halign="left", valign="middle", **kw)
    out.bind(size=lambda w, s: setattr(w, "text_size", s))
    if role:
        out.role = role
    return out


class PixiesChip(PlayerChip):
    """One player, a chip of the shell's kind (its figures the game's standing, the current player's in their
    own colour, the target the shell's motions fly to), laid out in words. In a draft (``live``) this
    round's points lead, large ("+12 this round"), the disc and the total second ("37 pts": 0 in round 1
    says nothing); at the pad the disc and the total alone. The disc keeps a dark ring: on the current
    player's chip (their own colour) it would vanish into the highlight."""

    def __init__(self, screen: Any, p: dict, current: bool, initial: str, room: float, live: bool = True,
                 **kw) -> None:
        super().__init__(screen, p, current, initials=initial, compact=True, room=room,
                         on_tap=getattr(screen, "chip_tapped", None), **kw)
        self.clear_widgets()  # the shell's one line of icons and values, said here in words
        side = art.px(SIDE)
        self.padding = [side, art.px(2), side, art.px(2)]
        colour = colour_rgba(screen.c.colour_of(p["name"]))
        ink = theme.TEXT_DARK if current else theme.TEXT
        tall = row_height(TYPE.standing)
        self.round_text = ""
        if live:  # this round's points first, large, across the chip's width (words fit with five players)
            now = (p.get("score") or {}).get("total", 0)
            figure, words = round_words(screen.tr, now, room)
            lead = BoxLayout(size_hint_y=None, height=row_height(LEAD), spacing=art.px(6))
            lead.add_widget(label(figure, LEAD, ink, role="standing", size_hint_x=None,
                                  width=width(figure, art.px(LEAD)) + art.px(2)))
            lead.add_widget(label(words, WORDS, ink, bold=False) if words else Widget())
            self.round_text = f"{figure} {words}".strip()
            self.add_widget(lead)
        # The disc and the total: the pad's one line, a draft's second (the total there in regular weight).
        line = BoxLayout(size_hint_y=None, height=tall, spacing=art.px(6))
        disc = RingedSwatch(initial=initial, rgba=colour, size_hint_x=None, width=tall)
        disc.label.bold = True
        line.add_widget(disc)
        self.total_text = total_words(screen.tr, p.get("total", 0), room - tall - art.px(6))
        line.add_widget(label(self.total_text, TYPE.standing, ink, bold=not live, role="standing"))
        self.add_widget(line)


class RingedSwatch(Swatch):
    """The player's disc on a dark ring 2 px wider all round, drawn when the disc is (after the layout)."""

    def __init__(self, **kw) -> None:
        from kivy.graphics import Color, Ellipse

        super().__init__(**kw)
        with self.canvas.before:
            Color(*theme.TEXT_DARK)
            self._ring = Ellipse()

    def _redraw(self, *args):
        super()._redraw(*args)
        d = min(self.width, self.height) + art.px(4)
        self._ring.pos, self._ring.size = (self.center_x - d / 2, self.center_y - d / 2), (d, d)


def pixies_strip(screen: Any) -> Widget:
    """One chip per player: one row in landscape, rows of three at most in portrait (two of two for four);
    two lines a chip in a draft, one at the score pad (the total only)."""
    from kivy.core.window import Window

    v = screen.c.view
    players = v["players"]
    live = v.get("mode") == "draft" and v.get("phase") in ("reveal", "pick")
    lines = 2 if live else 1
    cols = len(players)
    if screen.app.portrait and cols > 3:
        cols = 2 if cols == 4 else 3
    rows = math.ceil(len(players) / cols)
    gap = art.px(GAP)
    room = (Window.width - 2 * art.px(8) - gap * (cols - 1)) / cols - 2 * art.px(SIDE)
    strip = GridLayout(cols=cols, size_hint_y=None, spacing=gap,
                       height=chip_height(lines) * rows + gap * (rows - 1))
    marks = unique_initials([p["name"] for p in players])
    for p in players:
        chip = PixiesChip(screen, p, current=p["name"] == v.get("current"), initial=marks[p["name"]], room=room,
                          live=live, size_hint_y=None, height=chip_height(lines))
        strip.add_widget(chip)
    return strip
