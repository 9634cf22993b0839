"""Knightmare's options on the new game's setup (after the players): the bridge's length (set once from
the board, 5 by default), the starting objects (dealt in seating order, or none), and the house rules of
docs/games/knightmare.md, with an optional time to answer Merlin (off by default)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import Segmented, bounded_stepper, gap, options_bar, px

DEFAULT_BRIDGE, MAX_BRIDGE = 5, 20
FIGHT_HELMETS = ("spent", "returned_on_win")
CHAMBER_ENTRY = ("one_helmet", "whole_bridge")
STARTS = ("dealt", "none")
ANSWER_SECONDS = (0, 30, 60)
DEFAULTS = {"bridge": DEFAULT_BRIDGE, "objects": "dealt", "fight_helmets": "spent",
            "chamber_entry": "one_helmet", "answer_seconds": 0}


def new_fields(options: Mapping[str, Any], names: list[str]) -> dict[str, Any]:
    """The ``new`` command's fields for ``options``: without ``objects`` the rules deal them in seating
    order (book, wand, ring, crown); "none" gives every knight none."""
    o = {**DEFAULTS, **options}
    out: dict[str, Any] = {"bridge": int(o["bridge"]),
                           "house_rules": {"fight_helmets": o["fight_helmets"], "chamber_entry": o["chamber_entry"]}}
    if o["objects"] == "none":
        out["objects"] = {n: None for n in names}
    return out


def recorded_options(start: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options a recorded game chose, each checked (the log is trusted no more than any input)."""
    start = start if isinstance(start, Mapping) else {}
    rules = start.get("house_rules") if isinstance(start.get("house_rules"), Mapping) else {}
    table = start.get("table") if isinstance(start.get("table"), Mapping) else {}
    bridge = start.get("bridge")
    objects = start.get("objects") if isinstance(start.get("objects"), Mapping) else {}
    return {
        "bridge": bridge if isinstance(bridge, int) and not isinstance(bridge, bool) and 1 <= bridge <= MAX_BRIDGE
        else DEFAULT_BRIDGE,
        "objects": "none" if objects and all(v is None for v in objects.values()) else "dealt",
        "fight_helmets": rules.get("fight_helmets") if rules.get("fight_helmets") in FIGHT_HELMETS else "spent",
        "chamber_entry": rules.get("chamber_entry") if rules.get("chamber_entry") in CHAMBER_ENTRY else "one_helmet",
        "answer_seconds": table.get("answer_seconds") if table.get("answer_seconds") in ANSWER_SECONDS else 0,
    }


class OptionsForm:
    """What the table chooses for a Knightmare game: one page beside each other, two in portrait (who
    starts, the bridge and the objects; then the house rules)."""

    @property
    def pages(self) -> int:
        return 2 if self.screen.app.portrait else 1

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.reset()

    def reset(self) -> None:
        self.chosen = dict(DEFAULTS)

    def options(self) -> dict[str, Any]:
        return dict(self.chosen)

    def matches(self, options: Mapping[str, Any]) -> bool:
        return all(self.chosen.get(k) == options.get(k) for k in DEFAULTS)

    def use(self, options: Mapping[str, Any]) -> None:
        self.chosen = {**DEFAULTS, **{k: options[k] for k in DEFAULTS if k in options}}

    def page(self, n: int) -> Widget:
        s = self.screen
        portrait = s.app.portrait
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        top = options_bar(s, n, self.pages)  # the title (portrait); Back and Start: the setup's step bar
        box.add_widget(top)
        columns = BoxLayout(orientation="horizontal", spacing=px(SPACE.m))
        if not portrait or n == 1:
            columns.add_widget(self.table_column())
        if not portrait or n == 2:
            columns.add_widget(self.rules_column())
        box.add_widget(columns)
        return box

    def table_column(self) -> Widget:
        """Who starts, the bridge's length, the starting objects."""
        s, tr = self.screen, self.screen.tr
        left = BoxLayout(orientation="vertical", spacing=gap())
        s.first_choices(left, s.app.portrait)
        s.labelled(left, tr("knightmare.options.bridge"),
                   bounded_stepper(self.chosen["bridge"], 1, MAX_BRIDGE, lambda v: self.set("bridge", v), name="bridge"),
                   True)
        self.choice(left, "objects", STARTS, beside=True)
        left.add_widget(Widget())
        return left

    def rules_column(self) -> Widget:
        """The house rules of docs/games/knightmare.md, and the time to answer Merlin."""
        right = BoxLayout(orientation="vertical", spacing=gap())
        for field, values in (("fight_helmets", FIGHT_HELMETS), ("chamber_entry", CHAMBER_ENTRY),
                              ("answer_seconds", ANSWER_SECONDS)):
            self.choice(right, field, values)
        right.add_widget(Widget())
        explain = BigButton(text=self.screen.tr("knightmare.options.help"), bg=theme.SEA_LIGHT, base_font=TYPE.body,
                            size_hint_y=None, height=px(TOUCH.minimum))
        explain.options_help = True
        explain.bind(on_release=lambda *_: self.explain())
        right.add_widget(explain)
        return right

    def explain(self) -> Any:
        """Each option in a sentence, the printed rule's choice named."""
        from companion.app.games.knightmare.help import OptionsHelp

        return OptionsHelp(self.screen)

    def choice(self, column: Widget, field: str, values: tuple, beside: bool = False) -> None:
        """A house rule's caption over its choices (beside them longer words would shrink under 18 px)."""
        s, tr = self.screen, self.screen.tr
        s.labelled(column, tr(f"knightmare.options.{field}"),
                   Segmented([(v, tr(f"knightmare.options.{field}.{v}")) for v in values], self.chosen[field],
                             lambda v, f=field: self.set(f, v), font=TYPE.caption, name=field,
                             height=px(TOUCH.minimum)), beside)

    def set(self, field: str, value: Any) -> None:
        self.chosen[field] = value
        self.screen.rebuild()
