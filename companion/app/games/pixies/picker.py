"""The score pad's picker over the screen: the cards of one space's number (the only cards a face-up card
there can be, at most a dozen; those face up in another grid entered this round shown faded, that grid
named, and not taken: a card is in one grid only), plus "face down" and "empty"; "alone" or "validated"
stays as last chosen, so a space takes two taps."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.games.pixies.card import CardFace, CardView
from companion.app.initials import unique_initials
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import Segmented, box_for, gap, px
from companion.games.pixies.cards import cards_of_number


def pad_choices(view: Mapping[str, Any], name: str, space: int) -> list[str]:
    """The cards to offer for ``space`` of ``name``'s grid, from the state: as the rules' ``picker``
    (companion/games/pixies/view.py) says, the cards of that number not face up in another entered grid."""
    taken = set()
    for p in view.get("players", []):
        item = p["grid"][space - 1]
        if p["name"] != name and p.get("entered") and isinstance(item, dict):
            taken.add(item.get("up"))
    return [c for c in cards_of_number(space) if c not in taken]


def pad_taken(view: Mapping[str, Any], name: str, space: int) -> dict[str, str]:
    """The cards of ``space``'s number face up in another entered grid: {card: whose grid}. The picker
    shows them faded with the grid's owner, so that a card missing from the choices is never a mystery."""
    taken = {}
    for p in view.get("players", []):
        item = p["grid"][space - 1]
        if p["name"] != name and p.get("entered") and isinstance(item, dict) and isinstance(item.get("up"), str):
            taken[item["up"]] = p["name"]
    return taken


class SpacePicker(ModalView):
    """``on_pick(item)`` with the grid item chosen for the space (None, "down", {"up": ID, ...})."""

    def __init__(self, screen: Any, space: int, cards: list[str], stacked: bool,
                 on_pick: Callable[[Any], None], on_stacked: Callable[[bool], None],
                 taken: Mapping[str, str] | None = None, **kw) -> None:
        super().__init__(size_hint=(0.97, 0.94), auto_dismiss=True, background_color=(0, 0, 0, 0.8), **kw)
        self.screen, self.space, self.cards, self.stacked = screen, space, cards, stacked
        self.taken = dict(taken or {})
        self.on_pick, self.on_stacked = on_pick, on_stacked
        self.show()

    def show(self) -> None:
        self.clear_widgets()
        tr = self.screen.tr
        portrait = self.screen.app.portrait
        box = Panel(orientation="vertical", padding=px(SPACE.xs), spacing=gap())
        box.bg = theme.SEA
        # Portrait: the question on its own line above "alone / on a card" (side by side they shrink).
        top = BoxLayout(orientation="vertical" if portrait else "horizontal", size_hint_y=None, spacing=gap(),
                        height=(box_for(TYPE.body) + gap() if portrait else 0) + px(TOUCH.minimum) + px(8))
        title = FitLabel(text=tr("pixies.pad.which", space=self.space), base_font=TYPE.body, bold=True,
                         color=theme.GOLD, wrap=False, **({"size_hint_y": None, "height": box_for(TYPE.body)}
                                                          if portrait else {"size_hint_x": 0.42}))
        top.add_widget(title)
        top.add_widget(Segmented([(False, tr("pixies.pad.alone")), (True, tr("pixies.pad.stacked"))], self.stacked,
                                 self.set_stacked, font=TYPE.body, name="stacked",
                                 **({} if portrait else {"size_hint_x": 0.58})))
        box.add_widget(top)
        most = 4 if portrait else 6  # a dozen cards: 3 rows of 4 across a portrait screen, 2 of 6 across a landscape
        shown = [c for c in cards_of_number(self.space) if c in self.cards or c in self.taken]
        cols = most if len(shown) > most - 1 else max(len(shown), 1)
        grid = GridLayout(cols=cols, spacing=gap())
        marks = unique_initials([p["name"] for p in self.screen.c.view.get("players", [])])
        for card in shown:
            if card in self.taken:  # in another grid: faded, the grid named, no tap
                one = BoxLayout(orientation="vertical", spacing=px(2))
                face = CardFace(card, False, font=px(30), opacity=0.4)
                for part in ("number_label", "mark_label"):  # faded text would not read: colour, shape, mark say it
                    if getattr(face, part, None) is not None:
                        face.remove_widget(getattr(face, part))
                        setattr(face, part, None)
                one.add_widget(face)
                owner = self.taken[card]
                words = FitLabel(text=tr("pixies.pad.taken", player=marks.get(owner, owner)), base_font=TYPE.body,
                                 color=theme.TEXT, wrap=False, size_hint_y=None, height=box_for(TYPE.body))
                one.add_widget(words)
                one.taken = card
                grid.add_widget(one)
                continue
            # No seal on the choices: "on another card" above says it once for all; a ✓ on every card
            # would tell nothing (the grid shows the seal where it tells which space is validated).
            view = CardView(card, False, font=px(34))
            view.choice = ("card", card)
            view.bind(on_release=lambda _v, c=card: self.pick({"up": c, "validated": True} if self.stacked else {"up": c}))
            grid.add_widget(view)
        box.add_widget(grid)
        row = BoxLayout(size_hint_y=None, height=px(TOUCH.minimum) + px(8), spacing=gap())
        for text, item in ((tr("pixies.pad.down"), "down"), (tr("pixies.pad.empty"), None)):
            b = BigButton(text=text, bg=theme.SEA_LIGHT, base_font=TYPE.button)
            b.bind(on_release=lambda _b, i=item: self.pick(i))
            row.add_widget(b)
        close = BigButton(text=tr("play.close"), bg=theme.STONE, base_font=TYPE.button)
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        row.add_widget(close)
        box.add_widget(row)
        self.add_widget(box)

    def set_stacked(self, value: bool) -> None:
        self.stacked = value
        self.on_stacked(value)
        self.show()

    def pick(self, item: Any) -> None:
        self.dismiss(animation=False)
        self.on_pick(item)
