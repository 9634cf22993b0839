"""Spells and the table's corrections: the top bar's "Spells" button opens a screen with one row per
knight: their helmets with − and +, and "Cast a spell" while they hold one.

'You may cast a spell at any time during your turn. Certain spells may be used during another player's
turn': any holder may cast, whoever's turn it is (``cast`` names the caster). The companion does not know
the eight spells' effects: the table sets what changed with − / + (``adjust``: the new count, the
difference to or from the castle), as it does for a mistake. The screen stays after each command and
"Back to the game" returns to the moment of play."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel
from companion.app.games.knightmare.strip import KnightmareScreen
from companion.app.games.knightmare.tags import TagReading
from companion.app.look.tokens import SPACE, TOUCH, TYPE, line_box
from companion.app.screens.kit import Stepper, px
from companion.app.widgets import art

SCREEN = "km_spells"
SPELL_VIOLET = "6b4c9a"  # as Fort Boyard's "Mes indices": a button of the bar, not the screen's action
OBJECT_CYCLE = (None, "book", "wand", "ring", "crown")  # a tap on a knight's object: the next, then none
KEPT_BY = ("knightmare.spell_cast", "knightmare.adjusted")
"""A command whose events are only these, sent from this screen, leaves the table on it."""


def spells_entry(screen: Any) -> Widget | None:
    """The top bar's "Spells" button on Knightmare's play screens (not on this one, nor once it is over)."""
    v = screen.c.view
    if v.get("phase") in (None, "no_game", "over") or getattr(screen, "name", "") == SCREEN:
        return None
    held = sum(p.get("spells", 0) for p in v.get("players", ()))
    text = screen.tr("knightmare.spells.bar", n=held)
    # gold is the screen's main action only (docs/design.md): held spells in the magic's violet
    b = BigButton(text=text, base_font=TYPE.caption + 2, bg=theme.hex_rgba(SPELL_VIOLET) if held else theme.SEA_LIGHT,
                  size_hint_x=None, width=art.px(112))
    b.role = "spells"
    b.bind(on_release=lambda *_: screen.app.go(SCREEN))
    return b


def stays(app: Any, answer: dict) -> bool:
    """Whether the answer to a command sent from the spells screen keeps the table on it."""
    types = {e["type"] for e in answer.get("events", ())}
    return app.sm.current == SCREEN and bool(types) and types <= set(KEPT_BY)


class SpellsScreen(TagReading, KnightmareScreen):
    compact_chips = True
    fixing = False  # the page of objects and places (a correction), rather than helmets and spells

    def on_pre_enter(self, *args: Any) -> None:
        self.fixing = False  # opened from the bar: helmets and spells first
        return super().on_pre_enter(*args)

    def flip(self) -> None:
        self.fixing = not self.fixing
        self.rebuild()

    def body(self) -> Widget:
        v = self.c.view
        portrait = self.app.portrait
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        back = BigButton(text=self.tr("knightmare.spells.back"), bg=theme.GOLD, base_font=TYPE.button, bold=True,
                         size_hint_y=None, height=px(TOUCH.primary))
        back.role = "back"
        back.bind(on_release=lambda *_: self.app.show_phase())
        step = self.step(self.tr("knightmare.spells.fix_step" if self.fixing else "knightmare.spells.step"))
        page = BigButton(text=self.tr("knightmare.spells.to_spells" if self.fixing else "knightmare.spells.to_fix"),
                         bg=theme.SEA_LIGHT, base_font=TYPE.body, size_hint_y=None, height=px(TOUCH.primary))
        page.role = "fix_page"
        page.bind(on_release=lambda *_: self.flip())
        if portrait:  # the width for the step's words; "Back" under the knights
            # both pages' titles are short: one line, the height for the knights' two rows (two lines
            # pushed the page up under the chips at 720×1280)
            step.height = line_box(TYPE.step, 1, art.profile())
            box.add_widget(step)
            box.add_widget(page)
        else:  # the height for the knights: the other page and "Back" at the step's right
            top = BoxLayout(size_hint_y=None, height=max(step.height, px(TOUCH.primary)), spacing=px(SPACE.s))
            step.size_hint_y = 1
            back.size_hint_x, back.width = None, px(190)
            page.size_hint_x, page.width = None, px(190)
            top.add_widget(step)
            top.add_widget(page)
            top.add_widget(back)
            box.add_widget(top)
        row_h = px(TOUCH.minimum) + px(8)
        grid = GridLayout(cols=2, spacing=px(TOUCH.gap) + 2, size_hint_y=None)
        grid.bind(minimum_height=grid.setter("height"))
        for p in v.get("players", ()):
            grid.add_widget(self.knight(v, p, row_h, portrait))
        box.add_widget(grid)
        box.add_widget(Widget())
        if portrait:
            box.add_widget(back)
        return box

    def knight(self, v: dict, p: dict, row_h: float, portrait: bool) -> Widget:
        """A knight's name over their helmets (− n +) and "Cast a spell" (beside them, or under them in
        portrait)."""
        col = BoxLayout(orientation="vertical", spacing=px(SPACE.xs), size_hint_y=None)
        name = FitLabel(text=p["name"], base_font=TYPE.body, bold=p["name"] == v.get("current"), wrap=False,
                        size_hint_y=None, height=line_box(TYPE.body, 1, art.profile()))
        col.add_widget(name)
        n, castle = p["helmets"], v.get("castle_helmets", 0)
        helmets = Stepper(str(n), (lambda: self.adjust(p["name"], n - 1)) if n > 0 else None,
                          (lambda: self.adjust(p["name"], n + 1)) if castle > 0 else None,
                          name="helmets:" + p["name"], height=row_h)
        cast = BigButton(text=self.tr("knightmare.spells.cast", n=p.get("spells", 0)), base_font=TYPE.body,
                         bg=theme.SEA_LIGHT, disabled=not p.get("spells"), size_hint_y=None, height=row_h)
        cast.caster = p["name"]
        cast.bind(on_release=lambda *_: self.send({"cmd": "cast", "player": p["name"]}))
        if self.fixing:  # the other page: the knight's object and place instead of helmets and spells
            col.add_widget(self.corrections(p, row_h, portrait))
            lines = 2 if portrait else 1
        elif portrait:
            col.add_widget(helmets)
            col.add_widget(cast)
            lines = 2
        else:
            row = BoxLayout(spacing=px(TOUCH.gap) + 2, size_hint_y=None, height=row_h)
            helmets.size_hint_x, helmets.width = None, 2 * row_h + px(48) + 2 * (px(TOUCH.gap) + 2)
            row.add_widget(helmets)
            row.add_widget(cast)
            col.add_widget(row)
            lines = 1
        col.height = name.height + lines * row_h + lines * px(SPACE.xs)
        return col

    def corrections(self, p: dict, row_h: float, stacked: bool = False) -> Widget:
        """The knight's object (a tap: the next one, then none) and place (labyrinth or Dungeon, a tap
        swaps them), set by ``adjust`` as a spell or a mistake wants; in the Chamber the place is left to
        its own commands (stop, abandon). ``stacked`` (portrait): the place under the object, each the
        column's width (side by side their words were 24 px at 720×1280)."""
        row = BoxLayout(spacing=px(TOUCH.gap) + 2, size_hint_y=None, height=row_h)
        if stacked:
            row.orientation, row.spacing = "vertical", px(SPACE.xs)
            row.height = 2 * row_h + px(SPACE.xs)
        held = p.get("object")
        shown = self.tr("knightmare.object." + held) if held else self.tr("knightmare.spells.no_object")
        nxt = OBJECT_CYCLE[(OBJECT_CYCLE.index(held) + 1) % len(OBJECT_CYCLE)] if held in OBJECT_CYCLE else None
        obj = BigButton(text=self.tr("knightmare.spells.object", object=shown), base_font=TYPE.body,
                        bg=theme.STONE_DARK)
        obj.role = "fix_object:" + p["name"]
        obj.bind(on_release=lambda *_: self.send({"cmd": "adjust", "player": p["name"], "object": nxt}))
        row.add_widget(obj)
        place = p.get("place", "labyrinth")
        if place in ("labyrinth", "dungeon"):
            other = "dungeon" if place == "labyrinth" else "labyrinth"
            where = BigButton(text=self.tr("knightmare.spells.place_" + place), base_font=TYPE.body,
                              bg=theme.STONE_DARK)
            where.role = "fix_place:" + p["name"]
            where.bind(on_release=lambda *_: self.send({"cmd": "adjust", "player": p["name"], "place": other}))
            row.add_widget(where)
        return row

    def adjust(self, player: str, helmets: int) -> None:
        self.send({"cmd": "adjust", "player": player, "helmets": helmets})
