"""The "?" of Pixies' screens: every rule the table needs (placing, validating, face down, what scores,
the ★ cards, the one largest zone, the round's end), a full sentence each, under a title, over the screen."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.look.tokens import TYPE
from companion.app.widgets import art

TOPICS = ("place", "validated", "round", "score", "stars", "zone", "end")


class RuleHelp(ModalView):
    def __init__(self, screen: Any, topic: str | None, **kw) -> None:
        super().__init__(size_hint=(0.98, 0.98), auto_dismiss=True, background_color=(0, 0, 0, 0.75), **kw)
        tr = screen.tr
        box = Panel(orientation="vertical", padding=[art.px(12), art.px(6)], spacing=art.px(2))
        box.bg = theme.SEA
        # The title and "Close" share the top row: the seven rules keep the rest, each its share by length.
        row = BoxLayout(size_hint_y=None, height=art.px(56), spacing=art.px(8))
        row.add_widget(FitLabel(text=tr("pixies.help.title"), base_font=TYPE.button, bold=True, color=theme.GOLD,
                                halign="left"))
        close = BigButton(text=tr("play.close"), bg=theme.STONE, base_font=TYPE.button, size_hint_x=None,
                          width=art.px(200))
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        row.add_widget(close)
        box.add_widget(row)
        for t in TOPICS:
            text = tr(f"pixies.help.{t}")
            box.add_widget(FitLabel(text=text, base_font=TYPE.body, color=theme.TEXT, halign="left",
                                    size_hint_y=1 + len(text) // 72))
        self.add_widget(box)
