"""Round changes as moments, Round 3's proposals, the treasure count and the podium."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.screens.base import BaseScreen
from companion.app.theme import hex_rgba
from companion.app.controls import BigButton, FitLabel, Panel, Scale, Swatch, colour_rgba, touch_height
from companion.app.screens.tiles import hub_of, treasure_note
from companion.tiles.treasure import ADDED, TreasureTally

TOKENS = (("pebble", 0), ("10", 10), ("20", 20), ("50", 50))


class MomentScreen(BaseScreen):
    """Between rounds: who won the round, what changes now, who starts."""

    events: list[dict] = []

    def body(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(8), padding=Scale.px(8))
        for e in self.events:
            if e["type"] == "round_ended":
                box.add_widget(self.title(self.tr("moment.round_over", round=e["round"]), base_font=42, colour=theme.GOLD))
                key = "moment.third_key" if e["reason"] == "third_key" else "moment.fourth_clue"
                box.add_widget(FitLabel(text=self.tr(key, player=e["player"]), base_font=28, size_hint_y=None, height=Scale.px(46)))
            elif e["type"] == "round_started" and e["round"] == 2:
                box.add_widget(self.title(self.tr("common.round", round=2) + " – " + self.tr("common.round_name.2"), base_font=26, height=44))
                box.add_widget(FitLabel(text=self.tr("moment.round2", player=e["first"]), base_font=22))
            elif e["type"] == "round_started" and e["round"] == 3:
                box.add_widget(self.title(self.tr("common.round", round=3) + " – " + self.tr("common.round_name.3"), base_font=26, height=44))
                box.add_widget(FitLabel(text=self.tr("moment.round3", player=e["first"]), base_font=22))
        out = [e["player"] for e in self.events if e["type"] == "player_out"]
        if out:
            box.add_widget(FitLabel(text=self.tr("moment.out", players=", ".join(out)), base_font=20, color=theme.STONE))
        go = BigButton(text=self.tr("common.continue"), bg=theme.GOLD, size_hint_y=None, height=touch_height())
        go.bind(on_release=lambda *_: self.app.show_phase())
        box.add_widget(go)
        return box


class ProposalScreen(BaseScreen):
    def body(self) -> Widget:
        v = self.c.view
        me = v["current"]
        p = next(x for x in v["players"] if x["name"] == me)
        keys = self.tr("common.keys", n=p["keys"])
        box = BoxLayout(orientation="vertical", spacing=Scale.px(8))
        if v["phase"] == "propose_again":
            box.add_widget(self.title(self.tr("propose.again_title", player=me), base_font=32, colour=theme.GOLD, height=70))
            box.add_widget(FitLabel(text=self.tr("propose.keys", player=me, keys=keys), base_font=24, size_hint_y=None, height=Scale.px(40)))
            again = self.tr("propose.again", before=p["keys"], after=p["keys"] - 1)
            box.add_widget(FitLabel(text=again, base_font=22, color=theme.GOLD, size_hint_y=None, height=Scale.px(40)))
            box.add_widget(self.buttons([
                (self.tr("propose.right"), theme.OK, lambda: self.send({"cmd": "propose", "player": me, "correct": True})),
                (self.tr("propose.wrong"), theme.FAILURE, lambda: self.send({"cmd": "propose", "player": me, "correct": False})),
                (self.tr("propose.give_up"), theme.STONE_DARK, lambda: self.send({"cmd": "pass", "player": me})),
            ], height=touch_height() * 1.6))
        else:
            box.add_widget(self.title(self.tr("propose.title", player=me), base_font=40, colour=theme.GOLD, height=80))
            box.add_widget(FitLabel(text=self.tr("propose.keys", player=me, keys=keys), base_font=24, size_hint_y=None, height=Scale.px(40)))
            box.add_widget(self.buttons([
                (self.tr("propose.right"), theme.OK, lambda: self.send({"cmd": "propose", "player": me, "correct": True})),
                (self.tr("propose.wrong"), theme.FAILURE, lambda: self.send({"cmd": "propose", "player": me, "correct": False})),
            ], height=touch_height() * 1.8))
        box.add_widget(Widget())
        return box


class TreasureScreen(BaseScreen):
    """One handful at a time: steppers per token kind, running totals; tokens scanned on the RFID reader
    count once per handful (``on_tile``)."""

    counts: dict[str, int] = {}
    handful: tuple = ()
    tally: TreasureTally | None = None
    last_scan: tuple | None = None  # (Scanned, tokens scanned into the handful): the reader's last word

    def body(self) -> Widget:
        v = self.c.view
        me = v["current"]
        p = next(x for x in v["players"] if x["name"] == me)
        done = len(p["handfuls"])
        if self.handful != (v["game_id"], me, done):  # a new handful starts from zero
            self.handful = (v["game_id"], me, done)
            self.counts = {kind: 0 for kind, _ in TOKENS}
            self.tally, self.last_scan = self.tally or TreasureTally(), None
            self.tally.begin(self.handful, earlier=self.earlier_tags(me))
        total = done + p["draws_left"]
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6))
        box.add_widget(self.title(self.tr("treasure.title", player=me), base_font=30, colour=theme.GOLD, height=46))
        handful = self.tr("treasure.handful", n=done + 1, total=total)
        hub = hub_of(self.app)
        if self.last_scan or (hub is not None and hub.config is not None):  # what the RFID reader last counted
            handful += " · " + (treasure_note(self.tr, *self.last_scan) if self.last_scan
                                 else self.tr("treasure.scan_prompt"))
        box.add_widget(FitLabel(text=handful, base_font=20, size_hint_y=None, height=Scale.px(30)))
        grid = GridLayout(cols=2 if self.app.portrait else 4, spacing=Scale.px(6))
        for kind, value in TOKENS:
            grid.add_widget(self.stepper(kind, value, p["bag_left"][kind]))
        box.add_widget(grid)
        handful = sum(self.counts[k] * val for k, val in TOKENS)
        box.add_widget(FitLabel(text=self.tr("treasure.total", value=handful, total=p["boyards"] + handful),
                                base_font=24, bold=True, size_hint_y=None, height=Scale.px(40)))
        box.add_widget(self.buttons([
            (self.tr("treasure.done"), theme.GOLD,
             lambda: self.send(self.draw_command(me))),
        ]))
        return box

    def earlier_tags(self, player: str) -> list[list[str]]:
        """The tags scanned into ``player``'s earlier handfuls, from the game log (a restart keeps them)."""
        return [list(c.get("tags", ())) for c in self.c.session.commands
                if c.get("cmd") == "draw" and c.get("player") == player]

    def draw_command(self, player: str) -> dict:
        """The handful as counted; the tags scanned into it go with it, for the next handfuls to know."""
        cmd = {"cmd": "draw", "player": player, "tokens": dict(self.counts)}
        tags = self.tally.tags() if self.tally is not None else []
        if tags:
            cmd["tags"] = tags
        return cmd

    def stepper(self, kind: str, value: int, left: int) -> Widget:
        panel = Panel(orientation="vertical", padding=Scale.px(4), spacing=Scale.px(4))
        name = self.tr("treasure.pebble") if kind == "pebble" else self.tr("treasure.token", n=value)
        panel.add_widget(FitLabel(text=name, base_font=18, color=theme.GOLD))
        count = FitLabel(text=str(self.counts[kind]), base_font=40, bold=True)
        row = BoxLayout(spacing=Scale.px(4), size_hint_y=None, height=touch_height())
        minus = BigButton(text="−", bg=theme.STONE_DARK, base_font=32, disabled=self.counts[kind] == 0)
        plus = BigButton(text="+", bg=theme.STONE, base_font=32, disabled=self.counts[kind] >= left)
        minus.bind(on_release=lambda *_: self.step(kind, -1))
        plus.bind(on_release=lambda *_: self.step(kind, +1))
        row.add_widget(minus)
        if self.app.portrait:  # room above the buttons: the count stands there, large
            panel.add_widget(count)
        else:  # a short panel: the count sits between − and +, as tall as the buttons
            row.add_widget(count)
        row.add_widget(plus)
        panel.add_widget(row)
        return panel

    def step(self, kind: str, delta: int) -> None:
        self.counts[kind] = max(0, self.counts[kind] + delta)
        if self.tally is not None and self.tally.in_handful(kind) > self.counts[kind]:
            self.tally.forget_last(kind)  # a scanned token taken out by hand: scanning it again counts it
        self.rebuild()

    def on_tile(self, tag: str, tile) -> None:
        """A tile placed on the RFID reader: a token counts once in this handful; keys and unknown tags do not."""
        v = self.c.view
        if v["phase"] != "draw" or self.tally is None:
            return
        p = next(x for x in v["players"] if x["name"] == v["current"])
        token = tile.token if tile is not None else None
        scan = self.tally.scan(tag, tile, p["bag_left"][token] - self.counts[token] if token else 0)
        if scan.outcome == ADDED:
            self.counts[token] += 1
        self.last_scan = (scan, self.tally.in_handful())
        self.rebuild()


class PodiumScreen(BaseScreen):
    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=Scale.px(8))
        box.add_widget(self.title(self.tr("podium.title"), base_font=40, colour=theme.GOLD, height=60))
        winners = v["winners"]
        if not winners:
            text = self.tr("podium.nobody")
        else:
            text = self.tr("podium.winner" if len(winners) == 1 else "podium.winners", players=", ".join(winners))
        box.add_widget(FitLabel(text=text, base_font=28, bold=True, size_hint_y=None, height=Scale.px(60)))
        ranking = sorted(v["players"], key=lambda p: (-p["boyards"], p["name"]))
        grid = GridLayout(cols=1, spacing=Scale.px(4))
        for p in ranking:
            row = Panel(orientation="horizontal", padding=Scale.px(4), spacing=Scale.px(8))
            row.bg = theme.GOLD if p["name"] in winners else theme.SEA_LIGHT
            colour = theme.TEXT_DARK if p["name"] in winners else theme.TEXT
            row.add_widget(Swatch(initial=p["name"][:1].upper(), rgba=colour_rgba(self.c.colour_of(p["name"])),
                                  size_hint_x=None, width=Scale.px(40)))
            row.add_widget(FitLabel(text=p["name"], base_font=22, bold=True, color=colour))
            row.add_widget(FitLabel(text=self.tr("common.boyards", n=p["boyards"]), base_font=22, color=colour))
            grid.add_widget(row)
        box.add_widget(grid)
        home = BigButton(text=self.tr("podium.home"), bg=hex_rgba("8a7a63"), size_hint_y=None, height=touch_height())
        home.bind(on_release=lambda *_: self.app.go("home"))
        box.add_widget(home)
        return box
