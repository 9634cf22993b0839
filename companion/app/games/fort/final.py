"""The scoring wizard: each player in turn answers, one question at a time, the counts their made-up
rules need, each asked in words with its icon ("Zoé: how many book icons are on your cards?") over big
steppers; beside it the rule that count serves, what the rule scores and its points as computed (the
rules module's own scoring), and the player's total so far. Sleepover is scored across the table once
everyone's cards are counted. The names of a player's rules show here: the end has come, the rules are
revealed as they are scored."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.games.fort.card_icons import CARD_ICONS
from companion.app.games.fort.icons import Glyph
from companion.app.games.fort.turn import FortScreen
from companion.app.look.tokens import TOUCH, TYPE
from companion.app.screens.kit import Stepper, box_for, px
from companion.games.fort import scoring
from companion.games.fort.model import COUNTS, RULES, Player

# The count's own icon beside its question: what the player looks for on their cards
COUNT_ICONS = {"cards": "card", "book": "book", "crown": "crown", "lookout": "lookout", "pack": "pack",
               "pizza": "pizza", "toys": "toys", "suits": "bracelet", "advance": "advance", "best_friends": "recruit"}
LIMITS = {"suits": 6, "best_friends": 2}
MOST = 99  # a stepper's top: a collection holds fewer cards than that


class FinalScreen(FortScreen):
    counts: dict[str, int] = {}
    of: tuple | None = None  # whose counts these are: (game, player, the counts their rules need)
    page = 0  # which of the player's questions is on screen

    @property
    def compact_chips(self) -> bool:  # type: ignore[override]
        """Landscape: the question, its stepper and its rule need the chips' height."""
        return not self.app.portrait

    def waiting(self, v) -> dict | None:
        return next((p for p in v["players"] if p["final"] is None), None)

    def chip_current(self, v) -> str | None:
        """The chip lit is the player counting now (the shell's strip asks)."""
        p = self.waiting(v)
        return p["name"] if p else v.get("current")

    def pts(self, n: int) -> str:
        one = n == 1 or (n == 0 and self.app.controller.tr.language == "fr")  # « 0 pt » in French, "0 pts" in English
        return self.tr("fort.final.pts." + ("one" if one else "many"), n=n)

    def body(self) -> Widget:
        v = self.c.view
        p = self.waiting(v)
        box = BoxLayout(orientation="vertical", spacing=px(6))
        if p is None or v.get("step") != "final":  # rebuilt after an undo back into the last turn: nothing to ask
            return box
        # The counts start afresh for each player of each game (a rematch's player of the same name may
        # hold other rules: their counts are others).
        needs = list(p["needs"])
        of = (v.get("game_id"), p["name"], tuple(needs))
        if self.of != of or set(self.counts) != set(needs):
            self.of, self.page = of, 0
            self.counts = {k: (2 if k == "best_friends" else 0) for k in needs}
        self.page = min(self.page, max(len(needs) - 1, 0))
        key = needs[self.page] if needs else None
        done = sum(1 for q in v["players"] if q["final"] is not None)
        box.add_widget(self.step(self.tr("fort.final.step", player=p["name"], n=done + 1, total=len(v["players"]))))
        columns = BoxLayout(orientation="vertical" if self.app.portrait else "horizontal", spacing=px(12))
        ask = BoxLayout(orientation="vertical", spacing=px(10))
        if key is None:
            ask.add_widget(FitLabel(text=self.tr("fort.final.nothing"), base_font=TYPE.body, size_hint_y=None,
                                    height=box_for(TYPE.body, 2)))
        else:
            ask.add_widget(self.question(p["name"], key))
            ask.add_widget(self.stepper(key))
        ask.add_widget(Widget())
        columns.add_widget(ask)
        columns.add_widget(self.points_column(v, p, key))
        box.add_widget(columns)
        box.add_widget(self.buttons(p, needs))
        return box

    def question(self, player: str, key: str) -> Widget:
        """The count asked in words, its icon beside it (two lines: a long name and the question)."""
        row = BoxLayout(size_hint_y=None, height=box_for(TYPE.body, 2), spacing=px(10))
        row.add_widget(Glyph(COUNT_ICONS[key], size_hint_x=None, width=px(48)))
        label = FitLabel(text=self.tr("fort.final.ask." + key, player=player), base_font=TYPE.body, halign="left",
                         bold=True)
        label.question = key
        row.add_widget(label)
        return row

    def stepper(self, key: str) -> Widget:
        row = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=px(8))
        n, top = self.counts[key], LIMITS.get(key, MOST)
        if top > 5:  # a collection's count: five at a time too
            row.add_widget(self.jump(key, -5, n > 0))
        row.add_widget(Stepper(str(n), (lambda k=key: self.bump(k, -1)) if n > 0 else None,
                               (lambda k=key: self.bump(k, 1)) if n < top else None, font=TYPE.step, name=key,
                               height=px(TOUCH.primary)))
        if top > 5:
            row.add_widget(self.jump(key, 5, n < top))
        return row

    def served(self, p, key: str | None) -> list[str]:
        """The rules this page scores: those the question's count serves (the cards: Sleepover, whoever
        holds it); on the last page (or with nothing to ask) the player's rules that need no count too."""
        if key is None:
            return list(p["rules"])
        rules = [r for r in p["rules"] if key in RULES[r]]
        if key == "cards" and "sleepover" not in rules:
            rules.append("sleepover")  # another player's: the cards are asked of everyone
        if key == p["needs"][-1]:
            rules += [r for r in p["rules"] if not set(RULES[r]) & set(p["needs"]) and r not in rules]
        return rules

    def points_column(self, v, p, key: str | None) -> Widget:
        """The rules this question serves, each with what it scores and its points from the counts as they
        change; the player's total so far under them."""
        column = Panel(orientation="vertical", spacing=px(2), padding=[px(10), px(4)])
        column.bg = (*theme.SEA[:3], 0.85)  # a score card: the rules' points read together, over the backyard
        if not self.app.portrait:
            column.size_hint_x = 0.9
        me = Player(p["name"], points=p["points"], level=p["level"], rules=tuple(p["rules"]))
        counts = {**dict.fromkeys(COUNTS, 0), **self.counts}
        for rule in self.served(p, key):
            mine = rule in p["rules"]
            head = BoxLayout(size_hint_y=None, height=box_for(TYPE.body), spacing=px(8))
            head.add_widget(Glyph(CARD_ICONS[rule], size_hint_x=None, width=px(40)))
            name = self.tr("fort.rule." + rule)
            label = FitLabel(text=name, base_font=TYPE.body, bold=True, color=theme.GOLD, halign="left")
            label.rule = rule
            head.add_widget(label)
            column.add_widget(head)
            pts = self.pts(scoring.rule_points(rule, me, counts)) if rule != "sleepover" else ""
            how = FitLabel(text=self.tr("fort.final.how." + rule + ("" if mine else ".others"), points=pts),
                           base_font=TYPE.body, halign="left",
                           size_hint_y=None, height=box_for(TYPE.body, 2 if rule == "sleepover" else 1))
            how.points_of = rule
            column.add_widget(how)
        macaroni = v["settings"]["macaroni_points"] if p["macaroni"] else 0
        if macaroni:
            column.add_widget(self.line(self.tr("fort.final.macaroni", points=macaroni), TYPE.body))
        rules = sum(scoring.rule_points(r, me, counts) for r in p["rules"] if r != "sleepover")
        column.add_widget(Widget())
        # the sum spelt out (the victory track, the macaroni, the rules): "Score: 8 + made-up rules 4 = 12 pts"
        total = self.line(self.tr("fort.final.total" + (".macaroni" if macaroni else ""), track=p["points"],
                                  macaroni=macaroni, rules=rules, total=self.pts(p["points"] + macaroni + rules)),
                          TYPE.body)
        total.role = "total"
        column.add_widget(total)
        return column

    def buttons(self, p, needs: list[str]) -> Widget:
        row = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=px(10))
        if self.page > 0:
            back = BigButton(text=self.tr("fort.final.back"), base_font=TYPE.button, bg=theme.STONE, size_hint_x=0.3)
            back.bind(on_release=lambda *_: self.turn_page(-1))
            row.add_widget(back)
        if self.page < len(needs) - 1:
            go = BigButton(text=self.tr("fort.final.next", n=self.page + 2, total=len(needs)), base_font=TYPE.button,
                           bold=True, bg=theme.GOLD)
            go.bind(on_release=lambda *_: self.turn_page(1))
        else:
            go = BigButton(text=self.tr("fort.final.done", player=p["name"]), base_font=TYPE.button, bold=True,
                           bg=theme.GOLD)
            go.bind(on_release=lambda *_: self.send({"cmd": "final", "player": p["name"], "counts": dict(self.counts)}))
        go.main = True
        row.add_widget(go)
        return row

    def turn_page(self, by: int) -> None:
        self.page += by
        self.rebuild()

    def jump(self, key: str, by: int, enabled: bool) -> BigButton:
        b = BigButton(text=f"{by:+d}".replace("-", "−"), base_font=TYPE.button, bg=theme.STONE, size_hint_x=None,
                      width=px(72), disabled=not enabled)
        b.step = (key, by)
        b.bind(on_release=lambda *_: self.bump(key, by))
        return b

    def bump(self, key: str, by: int) -> None:
        self.counts[key] = max(0, min(LIMITS.get(key, MOST), self.counts[key] + by))
        self.rebuild()
