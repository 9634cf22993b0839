"""A turn: where the pawn landed, then the challenge, Duel, Énigme or dive that follows."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.screens.base import BaseScreen, HourglassView
from companion.app.screens.buzzer_duel import BuzzerDuelPanel
from companion.app.theme import SPACE_COLOURS, hex_rgba
from companion.app.controls import BigButton, FitLabel, Panel, Scale, touch_height
from companion.app.widgets.fouras import FourasPortrait

SPACES = ("door", "concentration", "force", "duel", "enigme", "prison", "passe_partout")


class TurnScreen(BaseScreen):
    """The current player huge, the seven spaces as big buttons in their board colours."""

    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6))
        box.add_widget(self.title(self.tr("turn.whose", player=v["current"]), base_font=44, colour=theme.GOLD, height=64))
        choosing = v["phase"] == "passe_partout"
        box.add_widget(FitLabel(text=self.tr("turn.passe_partout" if choosing else "turn.where"), base_font=20,
                                size_hint_y=None, height=Scale.px(30)))
        spaces = [s for s in SPACES if not (choosing and s == "passe_partout")]
        cols = 2 if self.app.portrait else 4
        grid = GridLayout(cols=cols, spacing=Scale.px(8))
        for space in spaces:
            b = BigButton(text=self.tr("space." + space), bg=hex_rgba(SPACE_COLOURS[space]), base_font=26)
            b.bind(on_release=lambda _b, s=space: self.send({"cmd": "land", "space": s}))
            grid.add_widget(b)
        box.add_widget(grid)
        return box


def card_panel(screen: BaseScreen, space: str, **kw) -> Widget:
    """The companion's card for this turn, or what to do with the game's physical cards."""
    c = screen.c
    v = c.view
    panel = Panel(orientation="vertical", padding=Scale.px(8), spacing=Scale.px(4), **kw)
    item = c.card_item()
    left = v["players"][(next(i for i, p in enumerate(v["players"]) if p["name"] == v["current"]) + 1) % len(v["players"])]["name"]
    if item is not None and space in ("concentration", "force"):
        panel.add_widget(FitLabel(text=screen.typeset(item.title), base_font=24, bold=True, color=theme.GOLD,
                                  size_hint_y=0.25))
        panel.add_widget(FitLabel(text=screen.typeset(item.text), base_font=22))
        panel.add_widget(FitLabel(text=screen.tr("challenge.rule", rule=item.success), base_font=17,
                                  color=theme.STONE, size_hint_y=0.3))
    elif item is not None and space == "duel":
        panel.add_widget(FitLabel(text=screen.tr("duel.question"), base_font=17, color=theme.STONE, size_hint_y=0.25))
        panel.add_widget(FitLabel(text=screen.typeset(item.question), base_font=24))
        if getattr(screen, "revealed", False):
            panel.add_widget(FitLabel(text=screen.tr("duel.answer", answer=item.answer), base_font=20,
                                      color=theme.GOLD, bold=True, size_hint_y=0.3))
    elif c.deck_exhausted():
        panel.add_widget(FitLabel(text=screen.tr("challenge.deck_empty"), base_font=22))
    else:
        colour = screen.tr("card." + c.table.get("card_text", "red"))
        text = screen.tr("challenge.physical", space=screen.tr("space." + space), colour=colour)
        if space == "concentration":
            text += "\n" + screen.tr("challenge.reader", player=left)
        panel.add_widget(FitLabel(text=text, base_font=24))
    return panel


class ChallengeScreen(BaseScreen):
    """Concentration or Force: the card, the hourglass, success or failure."""

    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6))
        box.add_widget(self.title(self.tr("space." + v["space"]) + " – " + v["current"], base_font=30,
                                  colour=theme.GOLD, height=48))
        middle = BoxLayout(orientation="vertical" if self.app.portrait else "horizontal", spacing=Scale.px(8))
        middle.add_widget(card_panel(self, v["space"]))
        middle.add_widget(HourglassView(self, size_hint=(0.55, 1) if not self.app.portrait else (1, 0.5)))
        box.add_widget(middle)
        box.add_widget(self.buttons([
            (self.tr("common.success"), theme.OK, lambda: self.send({"cmd": "result", "success": True})),
            (self.tr("common.failure"), theme.FAILURE, lambda: self.send({"cmd": "result", "success": False})),
        ]))
        return box


class DuelScreen(BaseScreen):
    """Round 2 stake (before the opponent), the opponent, then who won."""

    reveal_armed = False
    revealed = False
    show_hourglass = False  # the duel's right side: buzzers (default) or the hourglass

    def on_pre_enter(self, *_):
        self.reveal_armed = self.revealed = False
        super().on_pre_enter()

    def toggle_side(self) -> None:
        self.show_hourglass = not self.show_hourglass
        self.rebuild()

    def reveal(self) -> None:
        """The answer needs two taps: a brushed button must not spoil it."""
        if self.reveal_armed:
            self.revealed = True
        self.reveal_armed = True
        self.rebuild()

    def reveal_button(self) -> list[tuple]:
        if self.c.card_item() is None or self.revealed:
            return []
        label = self.tr("enigme.reveal_sure" if self.reveal_armed else "enigme.reveal")
        return [(label, theme.SEA_LIGHT, self.reveal)]

    def body(self) -> Widget:
        v = self.c.view
        me = v["current"]
        if v["phase"] == "duel_stake":
            return self.stake_step("duel.stake", me)
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6))
        if v["phase"] == "duel_opponent":
            box.add_widget(self.title(self.tr("duel.opponent", player=me), base_font=34, colour=theme.GOLD))
            others = [p["name"] for p in v["players"] if p["name"] != me]
            cols = min(len(others), 2 if self.app.portrait else 3)
            box.add_widget(self.buttons([(n, theme.STONE, lambda n=n: self.send({"cmd": "opponent", "player": n}))
                                         for n in others], cols=cols))
            box.add_widget(Widget())
        else:
            them = v["opponent"]
            box.add_widget(self.title(self.tr("duel.versus", a=me, b=them), base_font=30, colour=theme.GOLD, height=48))
            middle = BoxLayout(orientation="vertical" if self.app.portrait else "horizontal", spacing=Scale.px(8))
            middle.add_widget(card_panel(self, "duel", size_hint=(0.4, 1) if not self.app.portrait else (1, 0.35)))
            side = (0.6, 1) if not self.app.portrait else (1, 0.65)
            if self.show_hourglass:
                middle.add_widget(HourglassView(self, size_hint=side))
            else:
                middle.add_widget(BuzzerDuelPanel(self, size_hint=side))
            box.add_widget(middle)
            # Tapping the winner always works too, buzzers or not.
            box.add_widget(self.buttons(self.reveal_button() + [
                (self.tr("duel.buzzers" if self.show_hourglass else "hourglass.title"), theme.SEA_LIGHT, self.toggle_side),
                (self.tr("duel.won", player=me), theme.STONE, lambda: self.send({"cmd": "result", "winner": me})),
                (self.tr("duel.won", player=them), theme.STONE, lambda: self.send({"cmd": "result", "winner": them})),
            ], height=touch_height()))
        return box

    def stake_step(self, title_key: str, me: str) -> Widget:
        """Round 2: Key or Clue, said aloud before the opponent is named or the riddle is read."""
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6))
        box.add_widget(self.title(self.tr(title_key, player=me), base_font=30, colour=theme.GOLD, height=90))
        box.add_widget(self.buttons([
            (self.tr("common.key"), theme.GOLD, lambda: self.send({"cmd": "stake", "stake": "key"})),
            (self.tr("common.clue"), hex_rgba("6b4c9a"), lambda: self.send({"cmd": "stake", "stake": "clue"})),
        ], height=touch_height() * 1.8))
        box.add_widget(Widget())
        return box


class EnigmeScreen(DuelScreen):
    """Round 2 stake (before the reading), the riddle, the answer on a deliberate tap, then the sea."""

    def body(self) -> Widget:
        v = self.c.view
        me = v["current"]
        if v["phase"] == "enigme_stake":
            return self.stake_step("enigme.stake", me)
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6))
        if v["phase"] == "sea":
            stake = self.tr("sea.the_clue" if v["stake"] == "clue" else "sea.the_key")
            box.add_widget(self.title(self.tr("sea.title", stake=stake), base_font=32, colour=theme.GOLD, height=110))
            box.add_widget(self.buttons([
                (self.tr("sea.dive"), hex_rgba("2c6fb7"), lambda: self.send({"cmd": "sea", "choice": "dive"})),
                (self.tr("sea.abandon"), theme.STONE_DARK, lambda: self.send({"cmd": "sea", "choice": "abandon"})),
            ], height=touch_height() * 1.8))
            box.add_widget(Widget())
            return box
        box.add_widget(self.title(self.tr("space.enigme") + " – " + me, base_font=28, colour=theme.GOLD, height=44))
        middle = BoxLayout(orientation="vertical" if self.app.portrait else "horizontal", spacing=Scale.px(8))
        riddle = self.c.card_item()
        panel = Panel(orientation="vertical", padding=Scale.px(8))
        if riddle is not None:
            panel.add_widget(FitLabel(text=self.typeset(riddle.text), base_font=24, italic=True))
            if self.revealed:
                panel.add_widget(FitLabel(text=self.tr("enigme.answer", answer=riddle.answer), base_font=26,
                                          bold=True, color=theme.GOLD, size_hint_y=0.3))
        else:
            names = [p["name"] for p in v["players"]]
            reader = names[(names.index(me) + 1) % len(names)]
            key = "challenge.deck_empty" if self.c.deck_exhausted() else "enigme.physical"
            colour = self.tr("card." + self.c.table.get("card_text", "red"))
            panel.add_widget(FitLabel(text=self.tr(key, player=reader, colour=colour), base_font=24))
        middle.add_widget(FourasPortrait(self.app, size_hint=(0.3, 1) if not self.app.portrait else (1, 0.3)))
        middle.add_widget(panel)
        middle.add_widget(HourglassView(self, size_hint=(0.5, 1) if not self.app.portrait else (1, 0.45)))
        box.add_widget(middle)
        specs = self.reveal_button() + [
            (self.tr("enigme.correct"), theme.OK, lambda: self.send({"cmd": "result", "success": True})),
            (self.tr("enigme.wrong"), theme.FAILURE, lambda: self.send({"cmd": "result", "success": False})),
        ]
        box.add_widget(self.buttons(specs))
        return box


class DiveScreen(BaseScreen):
    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=Scale.px(10))
        box.add_widget(self.title(self.tr("dive.title", player=v["current"]), base_font=34, colour=theme.GOLD, height=80))
        box.add_widget(FitLabel(text=self.tr("dive.question"), base_font=26, size_hint_y=None, height=Scale.px(50)))
        box.add_widget(self.buttons([
            (self.tr("dive.reached"), theme.OK, lambda: self.send({"cmd": "dive", "reached": True})),
            (self.tr("dive.not_yet"), hex_rgba("2c6fb7"), lambda: self.send({"cmd": "dive", "reached": False})),
        ], height=touch_height() * 1.8))
        box.add_widget(Widget())
        return box
