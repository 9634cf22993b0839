"""The score pad (mode "pad"): at the end of a round the table enters each player's grid. A tap on a space
opens its picker (that number's cards only); the grid goes in with the gold button; when every grid of the
round is in, the companion scores the round (the rules' ``grid`` command)."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton
from companion.app.games.pixies.common import PixiesScreen
from companion.app.games.pixies.grid import GridView
from companion.app.games.pixies.picker import SpacePicker, pad_choices, pad_taken
from companion.app.games.pixies.tabs import player_tabs
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import px


class PadScreen(PixiesScreen):
    """One player's grid at a time: the grid large on the left, the players (✓ once entered) on the right."""

    drafts: dict = {}
    who: str | None = None
    stacked = True  # at a round's end most spaces hold two cards: "on a card" first

    def body(self) -> Widget:
        v = self.c.view
        key = (v.get("game_id"), v["round"])
        if getattr(self, "_key", None) != key:  # a new round (or game): every grid starts from the state's
            self._key, self.drafts = key, {}
            self.who = None
        names = [p["name"] for p in v["players"]]
        if self.who not in names:
            self.who = (v.get("waiting_grids") or names)[0]
        grid = self.drafts.setdefault(self.who, list(self.player(self.who)["grid"]))
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        box.add_widget(self.step_row(self.tr("pixies.pad.step", player=self.who, round=v["round"]), None))
        row = BoxLayout(orientation="vertical" if self.app.portrait else "horizontal", spacing=px(SPACE.s))
        self.grid_view = GridView(grid, on_space=self.open_space, font=px(36))
        row.add_widget(self.grid_view)
        side = BoxLayout(orientation="vertical", spacing=px(SPACE.xs),
                         size_hint_x=None if not self.app.portrait else 1, width=px(330))
        # Whose grid is being entered: "Enter the grid of" over a tab a player (their colour's disc), ✓ once in.
        labels = {p["name"]: ("✓ " if p["entered"] else "") + p["name"] for p in v["players"]}
        tabs = player_tabs(self.tr, v["players"], self.who, self.choose, self.c.colour_of, labels=labels,
                           cols=1 if len(names) <= 3 else 2, caption="pixies.tabs.enter")
        side.add_widget(tabs)
        side.add_widget(Widget())
        go = BigButton(text=self.tr("pixies.pad.enter", player=self.who), bg=theme.GOLD, bold=True,
                       base_font=TYPE.button, size_hint_y=None, height=px(TOUCH.primary))
        go.bind(on_release=lambda *_: self.enter())
        self.enter_button = go
        side.add_widget(go)
        row.add_widget(side)
        box.add_widget(row)
        return box

    def choose(self, name: str) -> None:
        self.who = name
        self.rebuild()

    def open_space(self, space: int) -> None:
        cards = pad_choices(self.c.view, self.who, space)
        self.picker = SpacePicker(self, space, cards, self.stacked, lambda item: self.set_space(space, item),
                                  lambda on: setattr(self, "stacked", on),
                                  taken=pad_taken(self.c.view, self.who, space))
        self.picker.open()

    def set_space(self, space: int, item: Any) -> None:
        self.drafts[self.who][space - 1] = item
        self.rebuild()

    def enter(self) -> None:
        name = self.who
        answer = self.app.send({"cmd": "grid", "player": name, "spaces": list(self.drafts[name])})
        if answer.get("ok") and answer["state"].get("phase") == "grids":
            waiting = answer["state"].get("waiting_grids") or []
            if waiting and name not in waiting:
                self.who = waiting[0]
                self.app.current_screen().rebuild()
