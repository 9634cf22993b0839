"""Fort's options on the new game's setup (after the players): the park deck's count after setup (the
box's default, docs/games/fort.md: count yours), and the house rules where the texts say nothing — the
macaroni sculpture's points, the points of a new fort level and the tie-break. The box's defaults are the quick start."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import FitLabel
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import (
    DefaultsForm,
    Segmented,
    bounded_stepper,
    box_for,
    gap,
    options_bar,
    px,
)
from companion.games.fort.model import PARK_DECK, TIE_BREAKS

DEFAULTS = {"park_deck": PARK_DECK, "macaroni_points": 0, "level_points": 0, "tie_break": "shared"}
LIMITS = {"park_deck": (0, 200), "macaroni_points": (0, 50), "level_points": (0, 10)}  # decide.start's bounds
STEPS = {"park_deck": 1, "macaroni_points": 1, "level_points": 1}


def recorded_options(start: Mapping[str, Any] | None) -> dict[str, Any]:
    """A recorded game's options, each checked (the log is trusted no more than any input): an unknown
    value becomes the box's default."""
    start = start if isinstance(start, Mapping) else {}
    rules = start.get("house_rules") if isinstance(start.get("house_rules"), Mapping) else {}
    out = dict(DEFAULTS)
    for key, (low, high) in LIMITS.items():
        value = start.get(key) if key == "park_deck" else rules.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            out[key] = value
    if rules.get("tie_break") in TIE_BREAKS:
        out["tie_break"] = rules["tie_break"]
    return out


class OptionsForm(DefaultsForm):
    defaults = DEFAULTS

    def set(self, key: str, value: Any) -> None:
        low, high = LIMITS.get(key, (None, None))
        if low is not None:
            value = max(low, min(high, value))
        super().set(key, value)

    def page(self, n: int) -> Widget:
        s, tr = self.screen, self.screen.tr
        portrait = s.app.portrait
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.s))
        top = options_bar(s)  # the title (portrait); Back and Start: the setup's step bar
        box.add_widget(top)
        columns = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(SPACE.m))
        left = BoxLayout(orientation="vertical", spacing=gap())
        s.first_choices(left, portrait)  # the shared part: who starts (the die, or a name)
        columns.add_widget(left)
        right = BoxLayout(orientation="vertical", spacing=gap())
        # each setting its name and its stepper (the defaults and why: docs/games/fort.md)
        for key in ("park_deck", "macaroni_points", "level_points"):
            value = self.values[key]
            low, high = LIMITS[key]
            right.add_widget(FitLabel(text=tr(f"fort.option.{key}"), base_font=TYPE.body, bold=True, color=theme.GOLD,
                                      size_hint_y=None, height=box_for(TYPE.body), halign="left"))
            right.add_widget(bounded_stepper(value, low, high, lambda v, k=key: self.set(k, v), font=TYPE.button,
                                             name=key))
        tie = left  # under who starts: the right column has no room for a fourth setting
        tie.add_widget(FitLabel(text=tr("fort.option.tie_break"), base_font=TYPE.body, bold=True, color=theme.GOLD,
                                size_hint_y=None, height=box_for(TYPE.body), halign="left"))
        tie.add_widget(Segmented([(t, tr("fort.option.tie_break." + t)) for t in TIE_BREAKS],
                                 self.values["tie_break"], lambda v: self.set("tie_break", v), font=TYPE.body,
                                 name="tie_break", height=px(TOUCH.minimum)))
        left.add_widget(Widget())
        right.add_widget(Widget())
        columns.add_widget(right)
        box.add_widget(columns)
        return box
