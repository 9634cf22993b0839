"""Pixies' options on the setup (after the players): who starts, the way to play (the score pad, the box's
way and the default, or the draft recorded as it happens) and the multicolour house rule."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import FitLabel
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import Segmented, box_for, gap, options_bar, px

MODES = ("pad", "draft")
MULTICOLOUR = ("all", "best_one")


def recorded_options(start: Mapping[str, Any] | None) -> dict[str, Any]:
    """A recorded game's options, each checked (an unknown value becomes the box's default)."""
    start = start if isinstance(start, Mapping) else {}
    rules = start.get("house_rules") if isinstance(start.get("house_rules"), Mapping) else {}
    return {"mode": start.get("mode") if start.get("mode") in MODES else "pad",
            "multicolour": rules.get("multicolour") if rules.get("multicolour") in MULTICOLOUR else "all"}


class OptionsForm:
    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.reset()

    def reset(self) -> None:
        self.mode, self.multicolour = "pad", "all"

    def options(self) -> dict[str, Any]:
        return {"mode": self.mode, "multicolour": self.multicolour}

    def matches(self, options: Mapping[str, Any]) -> bool:
        return (self.mode, self.multicolour) == (options.get("mode"), options.get("multicolour"))

    def use(self, options: Mapping[str, Any]) -> None:
        self.mode = options.get("mode") if options.get("mode") in MODES else "pad"
        self.multicolour = options.get("multicolour") if options.get("multicolour") in MULTICOLOUR else "all"

    pages = 1

    def page(self, n: int) -> Widget:
        s, tr = self.screen, self.screen.tr
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        top = options_bar(s)  # the title (portrait); Back and Start: the setup's step bar
        box.add_widget(top)
        columns = BoxLayout(orientation="vertical" if s.app.portrait else "horizontal", spacing=px(SPACE.m))
        left = BoxLayout(orientation="vertical", spacing=gap())
        s.first_choices(left, s.app.portrait, chance="pixies.first.random")  # no die in Pixies
        left.add_widget(Widget())
        columns.add_widget(left)
        right = BoxLayout(orientation="vertical", spacing=gap())
        height = px(TOUCH.minimum)
        right.add_widget(s.caption(tr("pixies.options.mode")))
        right.add_widget(Segmented([(m, tr(f"pixies.mode.{m}")) for m in MODES], self.mode, self.set_mode,
                                   font=TYPE.body, name="mode", height=height))
        right.add_widget(FitLabel(text=tr(f"pixies.mode.{self.mode}.about"), base_font=TYPE.body, color=theme.TEXT,
                                  size_hint_y=None, height=box_for(TYPE.body, 2)))
        right.add_widget(s.caption(tr("pixies.options.multicolour")))
        right.add_widget(Segmented([(m, tr(f"pixies.multicolour.{m}")) for m in MULTICOLOUR], self.multicolour,
                                   self.set_multicolour, font=TYPE.body, name="multicolour", height=height))
        right.add_widget(Widget())
        columns.add_widget(right)
        box.add_widget(columns)
        return box

    def set_mode(self, value: str) -> None:
        self.mode = value
        self.screen.rebuild()

    def set_multicolour(self, value: str) -> None:
        self.multicolour = value
        self.screen.rebuild()
