"""The "?" of Pixies' screens: every rule the table needs (placing, validating, face down, what scores,
the ★ cards, the one largest zone, the round's end), a full sentence each at 20 px or more, beside a
picture drawn as the cards are (a card face up, a stack with its seal, a card's back, the spirals and the
crosses, a ★ card, two cards of a zone, a full grid), under a title, on two pages, over the screen."""

from __future__ import annotations

import math
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.games.pixies.card import CardFace
from companion.app.look.tokens import TOUCH, TYPE
from companion.app.screens.kit import choice_look
from companion.app.widgets import art

TOPICS = ("place", "validated", "round", "end", "score", "stars", "zone")
PAGES = (TOPICS[:4], TOPICS[4:])  # placing the cards; what scores
WORDS = 22  # px at 800×480: a rule's sentence, the body's size
PICTURE = 104  # px: the picture's column, two small cards side by side

# Each rule's picture: the cards that show it (id, validated, zone), as drawn in a grid.
PICTURES: dict[str, tuple[tuple[str, bool, bool], ...]] = {
    "place": (("blue-3-3s", False, False),),
    "validated": (("green-7-2x", True, False),),
    "round": (("down", False, False),),
    "score": (("yellow-3-5s", False, False), ("blue-7-3x", False, False)),
    "stars": (("red-5-star", False, False),),
    "zone": (("green-1-5s", False, True), ("green-2-3s", False, True)),
}


def picture(topic: str) -> Widget:
    """The cards of ``topic``'s rule, or for the round's end a full grid of nine backs."""
    if topic == "end":
        grid = GridLayout(cols=3, spacing=art.px(2), size_hint_x=None, width=art.px(PICTURE))
        for _ in range(9):
            grid.add_widget(CardFace("down"))
        return grid
    row = BoxLayout(spacing=art.px(4), size_hint_x=None, width=art.px(PICTURE))
    cards = PICTURES[topic]
    if len(cards) == 1:
        row.add_widget(Widget(size_hint_x=0.5))
    for card, validated, zone in cards:
        row.add_widget(CardFace(card, validated, font=art.px(TYPE.caption), zone=zone))
    if len(cards) == 1:
        row.add_widget(Widget(size_hint_x=0.5))
    return row


def lines_of(text: str, room: float) -> int:
    """How many lines ``text`` takes at the rule's size in ``room`` px (a wrap loses part of a word)."""
    from kivy.core.text import Label as CoreLabel

    wide = CoreLabel(font_size=art.px(WORDS)).get_extents(text)[0]
    return max(1, math.ceil(wide / (room * 0.92)))


class RuleHelp(ModalView):
    """Two pages a tab each (placing the cards; what scores): seven rules at 20 px with their pictures do
    not fit one 480 px screen, and a list to scroll hides its end from a table that does not know it is there."""

    page = 0

    def __init__(self, screen: Any, topic: str | None, **kw) -> None:
        super().__init__(size_hint=(0.98, 0.98), auto_dismiss=True, background_color=(0, 0, 0, 0.75), **kw)
        self.tr = screen.tr
        self.page = next((i for i, page in enumerate(PAGES) if topic in page), 0)
        self.build()

    def build(self) -> None:
        from kivy.core.window import Window

        tr = self.tr
        self.clear_widgets()
        box = Panel(orientation="vertical", padding=[art.px(12), art.px(6)], spacing=art.px(10))
        box.bg = theme.SEA
        # The title and "Close" share the top row, the pages' tabs the next: the rules keep the rest.
        row = BoxLayout(size_hint_y=None, height=art.px(56), spacing=art.px(8))
        row.add_widget(FitLabel(text=tr("pixies.help.title"), base_font=TYPE.button, bold=True, color=theme.GOLD,
                                halign="left"))
        close = BigButton(text=tr("play.close"), bg=theme.STONE, base_font=TYPE.button, size_hint_x=None,
                          width=art.px(200))
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        row.add_widget(close)
        box.add_widget(row)
        tabs = BoxLayout(size_hint_y=None, height=art.px(TOUCH.minimum), spacing=art.px(10))
        for i, name in enumerate(("pixies.help.page_place", "pixies.help.page_score")):
            tab = BigButton(text=tr(name), base_font=TYPE.button, **choice_look(i == self.page))
            tab.choice = ("page", i)
            tab.bind(on_release=lambda _b, i=i: self.show(i))
            tabs.add_widget(tab)
        box.add_widget(tabs)
        room = Window.width * 0.98 - art.px(24) - art.px(PICTURE) - art.px(16)
        for t in PAGES[self.page]:
            text = tr(f"pixies.help.{t}")
            rule = BoxLayout(spacing=art.px(16), size_hint_y=lines_of(text, room) + 0.6)
            rule.topic = t
            rule.add_widget(picture(t))
            words = FitLabel(text=text, base_font=WORDS, color=theme.TEXT)
            words.halign = "left"  # a list of rules reads from a left edge (the fit centres by default)
            rule.add_widget(words)
            box.add_widget(rule)
        if len(PAGES[self.page]) < max(len(p) for p in PAGES):
            box.add_widget(Widget(size_hint_y=1))  # the shorter page keeps the rows' size
        self.add_widget(box)

    def show(self, page: int) -> None:
        self.page = page
        self.build()
