"""The "?" of Forfort's screens: the help pages' rules by their names (the wall, the Mason, the Battering
Ram and Trebuchet, the Siege Tower, the Garrison, the camp, the drawbridge, the armies' march, the pairs,
the end), each in one or two sentences, the one touched shown under the list."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.screens.kit import box_for, px

TOPICS = ("wall", "mason", "ram", "siege", "garrison", "camp", "drawbridge", "march", "pairs", "end")


class RuleHelp(ModalView):
    def __init__(self, screen: Any, topic: str | None, **kw: Any) -> None:
        super().__init__(size_hint=(0.96, 0.94), auto_dismiss=True, background_color=(0, 0, 0, 0.75), **kw)
        self.screen = screen
        self.topic = topic if topic in TOPICS else "march" if screen.name == "forfort_marches" else "wall"
        self.show()

    def show(self) -> None:
        self.clear_widgets()
        tr = self.screen.tr
        box = Panel(orientation="vertical", padding=px(12), spacing=px(8))
        box.bg = theme.SEA
        cols = 3 if self.screen.app.portrait else 5
        grid = GridLayout(cols=cols, spacing=px(9), size_hint_y=None)
        rows = (len(TOPICS) + cols - 1) // cols
        grid.height = rows * px(52) + (rows - 1) * px(9)
        for t in TOPICS:
            b = BigButton(text=tr("forfort.rule." + t), base_font=20, bg=theme.STONE if t != self.topic else theme.SEA_LIGHT,
                          outline=theme.GOLD if t == self.topic else (0, 0, 0, 0))
            b.topic = t
            b.bind(on_release=lambda _b, t=t: self.choose(t))
            grid.add_widget(b)
        box.add_widget(grid)
        box.add_widget(FitLabel(text=tr("forfort.rule." + self.topic), base_font=28, bold=True, color=theme.GOLD,
                                size_hint_y=None, height=box_for(28)))
        box.add_widget(FitLabel(text=tr("forfort.rules." + self.topic), base_font=26))
        close = BigButton(text=tr("play.close"), bg=theme.STONE, base_font=26, size_hint_y=None, height=px(60))
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        box.add_widget(close)
        self.add_widget(box)

    def choose(self, topic: str) -> None:
        self.topic = topic
        self.show()
