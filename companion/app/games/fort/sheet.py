"""A player's sheet, opened by one tap on their chip at any step: points gained or lost (+/−), the fort
level reached (0–5), the perks they hold (face up), and their made-up rules — secret until the end, shown
only while their owner holds the button with their name (as Fort Boyard's private reveal does)."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.games.fort.icons import CARD_ICONS, Glyph
from companion.app.games.fort_boyard.codewords import HoldButton
from companion.app.look.tokens import TOUCH, TYPE
from companion.app.screens.kit import box_for, px

POINT_STEPS = (-1, 1, 2, 3, 4, 5)
LEVELS = range(6)


def card_names(tr, kind: str, ids) -> str:
    return ", ".join(tr(f"fort.{kind}.{i}") for i in ids) or tr("fort.sheet.none")


class PlayerSheet(ModalView):
    def __init__(self, screen: Any, player: str, **kw: Any) -> None:
        super().__init__(size_hint=(0.96, 0.94), auto_dismiss=True, background_color=(0, 0, 0, 0.75), **kw)
        self.screen, self.player = screen, player
        self.show()

    def me(self) -> dict:
        return next(p for p in self.screen.c.view["players"] if p["name"] == self.player)

    def send(self, cmd: dict) -> None:
        self.screen.send(cmd)
        if self.screen.c.view.get("asks"):  # a level that asks for a rule or a perk: the turn screen picks it
            self.dismiss(animation=False)
            return
        self.show()

    def perks(self, p: dict) -> Widget:
        """Every perk the player holds, each its icon and name, in two columns, scrolling
        when there are more than the sheet's free height shows; the macaroni sculpture among them."""
        tr = self.screen.tr
        cards = [(CARD_ICONS[c], tr(f"fort.perk.{c}")) for c in p["perks"]]
        if p["macaroni"]:
            cards.append(("macaroni", tr("fort.sheet.macaroni")))
        # landscape: "Perks:" on the left, the cards in one row's height beside it (the sheet has no more);
        # portrait: the heading over four rows across the width; more scroll
        portrait = self.screen.app.portrait
        outer = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(8), size_hint_y=None,
                          height=box_for(TYPE.body) * (5 if portrait else 1) + px(40 if portrait else 0))
        heading = FitLabel(text=tr("fort.sheet.perks", perks="" if cards else tr("fort.sheet.none")).rstrip(),
                           base_font=TYPE.body, bold=True, color=theme.GOLD,
                           **({"size_hint_y": None, "height": box_for(TYPE.body)} if portrait else
                              {"size_hint_x": None, "width": px(150 if cards else 300)}), halign="left")
        outer.add_widget(heading)
        grid = GridLayout(cols=2, spacing=px(6), size_hint_y=None, row_force_default=True,
                          row_default_height=box_for(TYPE.body))
        grid.bind(minimum_height=grid.setter("height"))
        for icon, name in cards:
            row = BoxLayout(spacing=px(8))
            row.add_widget(Glyph(icon, ink=theme.GOLD, size_hint_x=None, width=px(28)))
            label = FitLabel(text=name, base_font=TYPE.body, halign="left")
            label.perk_name = name  # what tests find
            row.add_widget(label)
            grid.add_widget(row)
        scroll = ScrollView(do_scroll_x=False, bar_width=px(6))
        scroll.add_widget(grid)
        outer.add_widget(scroll)
        return outer

    def show(self) -> None:
        self.clear_widgets()
        tr, p = self.screen.tr, self.me()
        box = Panel(orientation="vertical", padding=[px(12), px(16), px(12), px(12)], spacing=px(8))  # the title clear of the top edge
        box.bg = theme.SEA
        title = FitLabel(text=tr("fort.sheet.title", player=p["name"], points=p["points"], level=p["level"]),
                         base_font=TYPE.heading, bold=True, color=theme.GOLD, size_hint_y=None,
                         height=box_for(TYPE.heading))
        box.add_widget(title)
        row = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=px(10))
        row.add_widget(Glyph("points", ink=theme.GOLD, size_hint_x=None, width=px(48)))
        for n in POINT_STEPS:
            b = BigButton(text=f"{n:+d}".replace("-", "−"), base_font=TYPE.button, bold=True,
                          bg=theme.STONE if n < 0 else theme.SEA_LIGHT, disabled=p["points"] + n < 0)
            b.points = n
            b.bind(on_release=lambda _b, n=n: self.send({"cmd": "points", "player": self.player, "points": n}))
            row.add_widget(b)
        box.add_widget(row)
        row = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=px(10))
        row.add_widget(Glyph("level", ink=theme.GOLD, size_hint_x=None, width=px(48)))
        for lv in LEVELS:
            on = lv == p["level"]
            # the level reached bright and outlined, never greyed: a disabled look read as "not allowed"
            b = BigButton(text=str(lv), base_font=TYPE.button, bold=True, bg=theme.GOLD if on else theme.SEA_LIGHT,
                          color=theme.TEXT_DARK if on else theme.TEXT, outline=theme.TEXT if on else (0, 0, 0, 0))
            b.level, b.current = lv, on
            if not on:
                b.bind(on_release=lambda _b, lv=lv: self.send({"cmd": "level", "player": self.player, "level": lv}))
            row.add_widget(b)
        box.add_widget(row)
        lines = 2 if self.screen.app.portrait else 1  # a narrow sheet: the hint and the perks on two lines
        box.add_widget(FitLabel(text=tr("fort.sheet.level_hint"), base_font=TYPE.body, size_hint_y=None,
                                height=box_for(TYPE.body, lines)))
        box.add_widget(self.perks(p))
        hint = tr("fort.sheet.hold", player=p["name"], count=len(p["rules"]))
        secret = card_names(tr, "rule", p["rules"])
        hold = HoldButton(lambda down: setattr(hold, "text", secret if down else hint), text=hint,
                          bg=theme.STONE_DARK, base_font=TYPE.body, size_hint_y=None, height=px(TOUCH.primary))
        hold.secret_of = p["name"]  # what tests look for
        box.add_widget(hold)
        box.add_widget(Widget())
        close = BigButton(text=tr("play.close"), bg=theme.STONE, base_font=TYPE.button, size_hint_y=None,
                          height=px(TOUCH.primary))
        close.bind(on_release=lambda *_: self.dismiss(animation=False))
        box.add_widget(close)
        self.add_widget(box)
