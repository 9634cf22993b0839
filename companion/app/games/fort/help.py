"""Fort's "?": the icon glossary — every suit, resource and action icon with its name and one line — and
the turn's steps by the rulebook's names. The icon touched shows its line under the grid."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.games.fort.icons import ACTIONS, MARKS, RESOURCES, SUITS, Glyph
from companion.app.look.tokens import TYPE
from companion.app.screens.kit import box_for, px

TOPICS = SUITS + RESOURCES + ACTIONS + MARKS


class Glossary(ModalView):
    def __init__(self, screen: Any, topic: str | None, **kw: Any) -> None:
        super().__init__(size_hint=(0.97, 0.95), auto_dismiss=True, background_color=(0, 0, 0, 0.8), **kw)
        self.screen = screen
        self.topic = topic if topic in TOPICS else "book"
        self.show()

    def show(self) -> None:
        self.clear_widgets()
        tr = self.screen.tr
        box = Panel(orientation="vertical", padding=px(10), spacing=px(6))
        box.bg = theme.SEA
        portrait = self.screen.app.portrait  # narrow: four icons a row, taller, and the lines on two lines each
        cols = 4 if portrait else 8
        grid = GridLayout(cols=cols, spacing=px(10), size_hint_y=None)
        rows = (len(TOPICS) + cols - 1) // cols
        grid.height = rows * px(64 if portrait else 50) + (rows - 1) * px(10)
        for t in TOPICS:
            on = t == self.topic
            b = BigButton(text="", bg=theme.SEA_LIGHT if not on else theme.STONE,
                          outline=theme.GOLD if on else (0, 0, 0, 0))
            g = Glyph(t, size_hint=(None, None))
            b.add_widget(g)
            b.bind(pos=lambda w, _v, g=g: self._centre(w, g), size=lambda w, _v, g=g: self._centre(w, g))
            b.topic = t
            b.bind(on_release=lambda _b, t=t: self.choose(t))
            grid.add_widget(b)
        box.add_widget(grid)
        row = BoxLayout(size_hint_y=None, spacing=px(10),
                        height=box_for(TYPE.heading) + box_for(26, 2) if portrait else box_for(TYPE.heading) * 2)
        row.add_widget(Glyph(self.topic, size_hint_x=None, width=px(72)))
        words = BoxLayout(orientation="vertical")
        words.add_widget(FitLabel(text=tr("fort.icon." + self.topic), base_font=TYPE.heading, bold=True,
                                  color=theme.GOLD, halign="left", size_hint_y=None, height=box_for(TYPE.heading)))
        words.add_widget(FitLabel(text=tr("fort.icon_line." + self.topic), base_font=26, halign="left"))
        row.add_widget(words)
        box.add_widget(row)
        box.add_widget(FitLabel(text=tr("fort.help.turn"), base_font=TYPE.body, size_hint_y=None,
                                height=box_for(TYPE.body, 2 if portrait else 1)))
        if portrait:
            box.add_widget(Widget())  # what is left below the words, not above the icons
        close = BigButton(text=tr("play.close"), bg=theme.STONE, base_font=TYPE.button, size_hint_y=None, height=px(56))
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        box.add_widget(close)
        self.add_widget(box)

    @staticmethod
    def _centre(button, glyph) -> None:
        side = min(button.width, button.height) * 0.8
        glyph.size = (side, side)
        glyph.center = button.center

    def choose(self, topic: str) -> None:
        self.topic = topic
        self.show()
