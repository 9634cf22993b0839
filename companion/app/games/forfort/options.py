"""Forfort's options on the new game's setup (after the players): teams (four players: seats 1 and 3
against 2 and 4), the armies and camps per player, and the two house rules where the help pages
disagree (each army marches or one; after a forced discard the turn goes on or ends; the Ram and the
Trebuchet on their lines as seated or anywhere). The box's defaults
are the quick start (docs/games/forfort.md): no teams, 3 armies, 3 camps, each army, go on."""

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

DEFAULTS = {"teams": False, "armies": 3, "camps": 3, "march": "each", "no_action": "go_on", "lines": "seats"}
LIMITS = {"armies": (0, 8), "camps": (1, 8)}  # the rules module's bounds (companion.games.forfort.decide)
CHOICES = {"march": ("each", "one"), "no_action": ("go_on", "pass"), "lines": ("seats", "any")}
HINT = 20  # px at 800×480: the line under a house rule's readings
RIGHT = ("march", "no_action")  # page 2's left column; the lines' at its right


def recorded_options(start: Mapping[str, Any] | None) -> dict[str, Any]:
    """A recorded game's options, each checked (the log is trusted no more than any input): an unknown
    value becomes the box's default."""
    start = start if isinstance(start, Mapping) else {}
    rules = start.get("house_rules") if isinstance(start.get("house_rules"), Mapping) else {}
    out = dict(DEFAULTS)
    if isinstance(start.get("teams"), bool):
        out["teams"] = start["teams"]
    for key, (low, high) in LIMITS.items():
        value = start.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            out[key] = value
    for key, allowed in CHOICES.items():
        if rules.get(key) in allowed:
            out[key] = rules[key]
    return out


class OptionsForm(DefaultsForm):
    """What the table chooses for a Forfort game, on two pages."""

    defaults = DEFAULTS
    pages = 2  # the house rules on a page of their own: with four players the first page is full

    def page_title(self, n: int) -> str:
        """Each page its own step: "2. Options", then "3. House rules" (the setup's bar shows it)."""
        return "new.step_options" if n == 1 else "forfort.step_house_rules"

    def options(self) -> dict[str, Any]:
        out = dict(self.values)
        if len(self.screen.names()) != 4:  # the team game is for four players
            out["teams"] = False
        return out

    def choice(self, column: Widget, key: str) -> None:
        """A house rule: its name, then its readings side by side."""
        tr = self.screen.tr
        column.add_widget(FitLabel(text=tr(f"forfort.option.{key}"), base_font=TYPE.body, bold=True,
                                   color=theme.GOLD, size_hint_y=None, height=box_for(TYPE.body), halign="left"))
        column.add_widget(Segmented([(a, tr(f"forfort.option.{key}.{a}")) for a in CHOICES[key]], self.values[key],
                                    lambda v, k=key: self.set(k, v), font=TYPE.body, name=key,
                                    height=px(TOUCH.minimum)))
        # under each reading, what it means in a few words ("As seated" alone told the table nothing)
        hints = BoxLayout(spacing=gap(), size_hint_y=None, height=box_for(HINT))
        for a in CHOICES[key]:
            hints.add_widget(FitLabel(text=tr(f"forfort.option.{key}.{a}.hint"), base_font=HINT, wrap=False,
                                      color=theme.TEXT))
        column.add_widget(hints)

    def page(self, n: int) -> Widget:
        """Page 1: who starts, the teams, the counts; page 2: the three house rules."""
        s, tr = self.screen, self.screen.tr
        portrait = s.app.portrait
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.s))
        box.add_widget(options_bar(s, n, self.pages))
        columns = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(SPACE.m))
        left = BoxLayout(orientation="vertical", spacing=gap())
        right = BoxLayout(orientation="vertical", spacing=gap())
        if n == 2:
            for key in RIGHT:
                self.choice(left, key)
            self.choice(right, "lines")
        else:
            s.first_choices(left, portrait)  # the shared part: who starts (the die, or a name)
            if len(s.names()) == 4:
                s.labelled(left, tr("forfort.option.teams"),
                           Segmented([(False, tr("forfort.option.alone")), (True, tr("forfort.option.two_teams"))],
                                     self.values["teams"], lambda v: self.set("teams", v), font=TYPE.body,
                                     name="teams", height=px(TOUCH.minimum)), False)
            for key in ("armies", "camps"):
                low, high = LIMITS[key]
                text = tr(f"forfort.option.{key}")
                if len(text) > 18:  # « Campements par joueur »: on two lines, kept at the body size
                    text = "\n".join(text.rsplit(" ", 1))
                row = BoxLayout(size_hint_y=None, height=max(px(TOUCH.minimum) + px(8), box_for(TYPE.body, 2)),
                                spacing=gap())
                row.add_widget(FitLabel(text=text, base_font=TYPE.body, bold=True, wrap=True,
                                        color=theme.GOLD, halign="left", size_hint_x=0.55))
                row.add_widget(bounded_stepper(self.values[key], low, high, lambda v, k=key: self.set(k, v),
                                               font=TYPE.button, name=key, size_hint_x=0.45))
                right.add_widget(row)
        left.add_widget(Widget())
        right.add_widget(Widget())
        columns.add_widget(left)
        columns.add_widget(right)
        box.add_widget(columns)
        return box
