"""The "?" of Knightmare's screens: the rule of the moment in one or two sentences, in the rulebook's
names, over the screen; with no topic, the list of topics to pick from."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.look.tokens import TYPE, line_box
from companion.app.widgets import art

TOPICS = ("labyrinth", "cards", "present", "fight", "dungeon", "chamber")


class RuleHelp(ModalView):
    def __init__(self, screen: Any, topic: str | None, **kw: Any) -> None:
        super().__init__(size_hint=(0.94, 0.9), auto_dismiss=True, background_color=(0, 0, 0, 0.75), **kw)
        self.screen = screen
        self.topic = topic if topic in TOPICS else None
        self.show()

    def show(self) -> None:
        self.clear_widgets()
        tr = self.screen.tr
        box = Panel(orientation="vertical", padding=art.px(16), spacing=art.px(8))
        box.bg = theme.SEA
        grid = GridLayout(cols=3, spacing=art.px(10), size_hint_y=None, height=2 * art.px(56) + art.px(10))
        for t in TOPICS:
            b = BigButton(text=tr("knightmare.topic." + t), base_font=TYPE.body,
                          bg=theme.GOLD if t == self.topic else theme.SEA_LIGHT)
            b.bind(on_release=lambda _b, t=t: self.choose(t))
            grid.add_widget(b)
        box.add_widget(grid)
        if self.topic is None:
            box.add_widget(FitLabel(text=tr("knightmare.rule.pick"), base_font=TYPE.body))
        else:
            box.add_widget(FitLabel(text=tr("knightmare.topic." + self.topic), base_font=TYPE.heading, bold=True,
                                    color=theme.GOLD, size_hint_y=None,
                                    height=line_box(TYPE.heading, profile=art.profile())))
            box.add_widget(FitLabel(text=tr("knightmare.rule." + self.topic), base_font=TYPE.body))
        close = BigButton(text=tr("play.close"), bg=theme.STONE, base_font=TYPE.button, size_hint_y=None,
                          height=art.px(64))
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        row = BoxLayout(size_hint_y=None, height=art.px(64))
        row.add_widget(close)
        box.add_widget(row)
        self.add_widget(box)

    def choose(self, topic: str) -> None:
        self.topic = topic
        self.show()


OPTION_TOPICS = ("bridge", "objects", "fight_helmets", "chamber_entry", "answer_seconds")


class OptionsHelp(ModalView):
    """What each of the new game's options means, a sentence each, the printed rule's choice named "(the
    rule)": the options' own words are too short to say it."""

    def __init__(self, screen: Any, **kw: Any) -> None:
        super().__init__(size_hint=(0.96, 0.94), auto_dismiss=True, background_color=(0, 0, 0, 0.75), **kw)
        tr = screen.tr
        box = Panel(orientation="vertical", padding=art.px(12), spacing=art.px(4))
        box.bg = theme.SEA
        for option in OPTION_TOPICS:
            line = FitLabel(text=tr("knightmare.options.help." + option), base_font=TYPE.body)
            line.role = "rule"
            box.add_widget(line)
        close = BigButton(text=tr("play.close"), bg=theme.STONE, base_font=TYPE.button, size_hint_y=None,
                          height=art.px(56))
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        box.add_widget(close)
        self.add_widget(box)
        self.open(animation=False)
