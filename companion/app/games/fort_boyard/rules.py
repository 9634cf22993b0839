"""The "?" of the play screens: the rule of a space in one or two sentences, over the screen.

On a challenge screen it opens on that space's rule; on the turn screen (``space`` None) it shows the
seven spaces, each with its icon and word, and the rule of the one touched."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, IconButton, Panel
from companion.app.look.tokens import TYPE, line_box, space_colour
from companion.app.widgets import art

if TYPE_CHECKING:
    from companion.app.screens.base import BaseScreen

SPACES = ("door", "concentration", "force", "duel", "enigme", "prison", "passe_partout")


class RuleHelp(ModalView):
    def __init__(self, screen: "BaseScreen", space: str | None, **kw):
        super().__init__(size_hint=(0.94, 0.9), auto_dismiss=True, background_color=(0, 0, 0, 0.75), **kw)
        self.screen = screen
        self.pick = space is None
        self.space = space
        self.show()

    def show(self) -> None:
        self.clear_widgets()
        tr = self.screen.tr
        box = Panel(orientation="vertical", padding=art.px(16), spacing=art.px(8))
        box.bg = theme.SEA
        profile = art.profile()
        if self.pick:
            grid = GridLayout(cols=2 if self.screen.app.portrait else 4, spacing=art.px(10), size_hint_y=None)
            rows = (len(SPACES) + grid.cols - 1) // grid.cols
            grid.height = rows * art.px(56) + (rows - 1) * art.px(8)
            for s in SPACES:
                b = IconButton(icon=art.icon(s), text=tr("space." + s), bg=space_colour(s), base_font=TYPE.button,
                               outline=theme.TEXT if s == self.space else (0, 0, 0, 0))
                b.bind(on_release=lambda _b, s=s: self.choose(s))
                grid.add_widget(b)
            box.add_widget(grid)
        if self.space is None:
            box.add_widget(FitLabel(text=tr("play.rule_pick"), base_font=TYPE.body))
        else:
            box.add_widget(FitLabel(text=tr("play.rule_title", space=tr("space." + self.space)), base_font=TYPE.heading,
                                    bold=True, color=theme.GOLD, size_hint_y=None,
                                    height=line_box(TYPE.heading, profile=profile)))
            box.add_widget(FitLabel(text=tr("rules." + self.space), base_font=TYPE.heading))
        close = BigButton(text=tr("play.close"), bg=theme.STONE, base_font=TYPE.button, size_hint_y=None,
                          height=art.px(64))
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        row = BoxLayout(size_hint_y=None, height=art.px(64))
        row.add_widget(close)
        box.add_widget(row)
        self.add_widget(box)

    def choose(self, space: str) -> None:
        self.space = space
        self.show()
