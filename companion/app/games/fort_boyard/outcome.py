"""The duel's outcome (issue 28, the family review's worst finding): once the winner is tapped or the
buzzers settle it, the table sees, large, who won the duel, what they won (a key from the loser, from the
stock, a clue, or nothing when the stock is empty) and whose turn comes next, before the next turn's
screen. A round's end is the moment screen's instead (its winner is the headline there)."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel, colour_rgba
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import box_for, px


def duel_outcome(events: list[dict]) -> dict[str, Any] | None:
    """What the duel's answer says: winner, loser, what was won (``key_from``, ``key_stock``, ``clue``,
    ``no_key``, ``nothing``) and who plays next (None when the round or the game ends). None without a duel."""
    duel = next((e for e in events if e["type"] == "duel_result"), None)
    if duel is None:
        return None
    won = "nothing"
    for e in events:
        if e["type"] == "key_won" and e["player"] == duel["winner"]:
            won = "key_stock" if e["source"] == "stock" else "key_from"
        elif e["type"] == "clue_won" and e["player"] == duel["winner"]:
            won = "clue"
        elif e["type"] == "key_unavailable" and e["player"] == duel["winner"]:
            won = "no_key"  # the stock is empty (a house rule's "nothing" has no event: ``nothing``)
    after = [e["player"] for e in events if e["type"] == "turn_started"]
    return {"winner": duel["winner"], "loser": duel["loser"], "won": won, "next": after[-1] if after else None}


class DuelOutcomeScreen(BaseScreen):
    """The winner in their colour at the title's size, the prize at a standing's, the next step, Continue."""

    events: list[dict] = []

    def body(self) -> Widget:
        out = duel_outcome(self.events) or {"winner": "?", "loser": "?", "won": "nothing", "next": None}
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.s), padding=[px(SPACE.s), 0])
        box.add_widget(Widget())
        lines = 2 if self.app.portrait else 1
        # The winner's colour as a plate, the line in the text colour that reads on it (≥ 5:1 for every
        # player colour): drawn in the colour itself over the backdrop, coral and lagoon fell under 4.5:1.
        colour = colour_rgba(self.c.colour_of(out["winner"]))
        plate = Panel(bg=colour, padding=[px(SPACE.s), 0], size_hint_y=None, height=box_for(TYPE.title, lines))
        headline = FitLabel(text=self.tr("duel.outcome.winner", player=out["winner"]), base_font=TYPE.title,
                            font_name="Display", bold=True, color=theme.readable_on(colour), wrap=lines > 1)
        headline.role = "step"
        plate.add_widget(headline)
        box.add_widget(plate)
        # The loser's count after the key changed hands: a chip showing 0 beside "takes a key from" read as a
        # contradiction (the reserve, untouched by that duel, seemed to pay instead).
        left = next((p["keys"] for p in self.c.view["players"] if p["name"] == out["loser"]), 0)
        prize = FitLabel(text=self.tr("duel.outcome." + out["won"], player=out["winner"], loser=out["loser"],
                                      left=left),
                         base_font=TYPE.heading, bold=True, color=theme.GOLD, size_hint_y=None,
                         height=box_for(TYPE.heading, 2 if self.app.portrait else 1))
        prize.role = "standing"  # a key figure, 30 px: a step is 36
        box.add_widget(prize)
        if out["next"] is not None:
            then = FitLabel(text=self.tr("duel.outcome.next", player=out["next"]), base_font=TYPE.standing,
                            color=theme.TEXT, size_hint_y=None, height=box_for(TYPE.standing))
            then.role = "standing"
            box.add_widget(then)
        box.add_widget(Widget())
        go = BigButton(text=self.tr("common.continue"), bg=theme.GOLD, base_font=TYPE.button, bold=True,
                       size_hint_y=None, height=px(TOUCH.primary))
        go.bind(on_release=lambda *_: self.app.show_phase())
        box.add_widget(go)
        return box
