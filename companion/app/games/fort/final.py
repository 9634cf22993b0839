"""The scoring wizard: each player in turn answers only the counts their made-up rules need (big
steppers), each rule's points shown as they are computed (the rules module's own scoring); Sleepover is
scored across the table once everyone's cards are counted. The names of a player's rules show here: the
end has come, the rules are revealed as they are scored."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.games.fort.icons import CARD_ICONS, Glyph
from companion.app.games.fort.turn import FortScreen
from companion.app.look.tokens import TOUCH, TYPE
from companion.app.screens.kit import Stepper, box_for, px
from companion.games.fort import scoring
from companion.games.fort.model import Player

COUNT_ICONS = {"cards": "recruit", "book": "book", "crown": "crown", "lookout": "lookout", "pack": "pack",
               "pizza": "pizza", "toys": "toys", "suits": "bracelet", "advance": "advance", "best_friends": "recruit"}
LIMITS = {"suits": 6, "best_friends": 2}
MOST = 99  # a stepper's top: a collection holds fewer cards than that


class FinalScreen(FortScreen):
    counts: dict[str, int] = {}
    of: tuple | None = None  # whose counts these are: (game, player, the counts their rules need)

    def waiting(self, v) -> dict | None:
        return next((p for p in v["players"] if p["final"] is None), None)

    def body(self) -> Widget:
        v = self.c.view
        p = self.waiting(v)
        box = BoxLayout(orientation="vertical", spacing=px(6))
        if p is None or v.get("step") != "final":  # rebuilt after an undo back into the last turn: nothing to ask
            return box
        # The counts start afresh for each player of each game (a rematch's player of the same name may
        # hold other rules: their counts are others).
        of = (v.get("game_id"), p["name"], tuple(p["needs"]))
        if self.of != of or set(self.counts) != set(p["needs"]):
            self.of = of
            self.counts = {k: (2 if k == "best_friends" else 0) for k in p["needs"]}
        done = sum(1 for q in v["players"] if q["final"] is not None)
        box.add_widget(self.step(self.tr("fort.final.step", player=p["name"], n=done + 1, total=len(v["players"]))))
        # landscape with one count (the usual case): its name over larger controls, the rules' points panel
        # beside them (40 % of the width); more counts share the height one row each
        wide = not self.app.portrait and len(p["needs"]) == 1
        columns = BoxLayout(orientation="vertical" if self.app.portrait else "horizontal", spacing=px(12))
        steppers = BoxLayout(orientation="vertical", spacing=px(10))
        for key in p["needs"]:
            row = BoxLayout(size_hint_y=None, height=px(TOUCH.primary + (8 if wide else 0)), spacing=px(10))
            name = FitLabel(text=self.tr("fort.count." + key), base_font=TYPE.body, halign="left")
            if wide:  # the count's icon and name on their own line, over the controls
                head = BoxLayout(size_hint_y=None, height=box_for(TYPE.body), spacing=px(10))
                head.add_widget(Glyph(COUNT_ICONS[key], size_hint_x=None, width=px(36)))
                head.add_widget(name)
                steppers.add_widget(head)
            else:
                row.add_widget(Glyph(COUNT_ICONS[key], size_hint_x=None, width=px(36)))
                row.add_widget(name)
            n, top = self.counts[key], LIMITS.get(key, MOST)
            if top > 5:  # a collection's count: five at a time too
                row.add_widget(self.jump(key, -5, n > 0, wide))
            row.add_widget(Stepper(str(n), (lambda k=key: self.bump(k, -1)) if n > 0 else None,
                                   (lambda k=key: self.bump(k, 1)) if n < top else None, font=TYPE.step, name=key,
                                   height=px(TOUCH.primary + (8 if wide else 0)),
                                   **({} if wide else {"size_hint_x": None, "width": px(208)})))
            if top > 5:
                row.add_widget(self.jump(key, 5, n < top, wide))
            steppers.add_widget(row)
        if not p["needs"]:
            steppers.add_widget(FitLabel(text=self.tr("fort.final.nothing"), base_font=TYPE.body))
        steppers.add_widget(Widget())
        columns.add_widget(steppers)
        columns.add_widget(self.points_column(v, p))
        box.add_widget(columns)
        go = BigButton(text=self.tr("fort.final.done", player=p["name"]), base_font=TYPE.button, bold=True,
                       bg=theme.GOLD, size_hint_y=None, height=px(TOUCH.primary))
        go.main = True
        go.bind(on_release=lambda *_: self.send({"cmd": "final", "player": p["name"], "counts": dict(self.counts)}))
        box.add_widget(go)
        return box

    def points_column(self, v, p) -> Widget:
        """Each of the player's rules with its points, computed from the counts as they change."""
        column = Panel(orientation="vertical", spacing=px(4), padding=[px(8), px(4)])
        column.bg = (*theme.SEA[:3], 0.85)  # a score card: the rules' points read together, over the backyard
        if not self.app.portrait:  # beside the steppers, a third of the width; in portrait under them
            column.size_hint_x = 0.45 if len(p["needs"]) == 1 else None
            column.width = px(260)
        me = Player(p["name"], points=p["points"], level=p["level"], rules=tuple(p["rules"]))
        column.add_widget(self.line(self.tr("fort.final.board", points=p["points"]), TYPE.body, theme.GOLD, bold=True))
        for rule in p["rules"]:
            if rule == "sleepover":
                pts = self.tr("fort.final.sleepover")
            else:
                pts = str(scoring.rule_points(rule, me, {**dict.fromkeys(COUNT_ICONS, 0), **self.counts}))
            # Sleepover's words (its points wait for the whole table) take a third line where needed
            row = BoxLayout(size_hint_y=None, height=box_for(TYPE.body, 3 if rule == "sleepover" else 2), spacing=px(8))
            row.add_widget(Glyph(CARD_ICONS[rule], size_hint_x=None, width=px(32)))
            label = FitLabel(text=self.tr("fort.final.rule", rule=self.tr("fort.rule." + rule), points=pts),
                             base_font=TYPE.body, halign="left")
            label.rule = rule
            row.add_widget(label)
            column.add_widget(row)
        if p["macaroni"] and v["settings"]["macaroni_points"]:
            column.add_widget(self.line(self.tr("fort.final.macaroni", points=v["settings"]["macaroni_points"]), TYPE.body))
        column.add_widget(Widget())
        return column

    def jump(self, key: str, by: int, enabled: bool, wide: bool = False) -> BigButton:
        b = BigButton(text=f"{by:+d}".replace("-", "−"), base_font=TYPE.button, bg=theme.STONE, size_hint_x=None,
                      width=px(72 if wide else 56), disabled=not enabled)
        b.step = (key, by)
        b.bind(on_release=lambda *_: self.bump(key, by))
        return b

    def bump(self, key: str, by: int) -> None:
        self.counts[key] = max(0, min(LIMITS.get(key, MOST), self.counts[key] + by))
        self.rebuild()
