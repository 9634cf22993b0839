"""What every in-game screen has: the top bar (round, key stock, undo naming what it undoes, menu),
the players' strip (colour, initial, name, keys, clues) and a body that each screen builds."""

from __future__ import annotations

import math
from typing import Any

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.widgets.ring import RingWidget
from companion.app.controls import BigButton, FitLabel, Panel, Scale, Swatch, colour_rgba, touch_height
from companion.app.look.tokens import line_box
from companion.app.motion import register_target
from companion.app.shell import AppShell


class BaseScreen(Screen):
    """A screen rebuilt from the controller's state each time it is shown or the language changes."""

    in_game = True

    def __init__(self, app: AppShell, **kw: Any) -> None:
        super().__init__(**kw)
        self.app = app

    @property
    def c(self):
        return self.app.controller

    def tr(self, key: str, **values: Any) -> str:
        return self.app.controller.tr(key, **values)

    def typeset(self, text: str) -> str:
        """Content (a card, a riddle) set in the table's language, as catalogue strings are."""
        return self.app.controller.tr.typeset(text)

    def on_pre_enter(self, *_):
        self.rebuild()

    def rebuild(self) -> None:
        self.clear_widgets()
        try:
            root = BoxLayout(orientation="vertical", padding=Scale.px(6), spacing=Scale.px(6))
            if self.in_game:
                root.add_widget(self.top_bar())
                root.add_widget(self.players_strip())
            body = self.body()
            root.add_widget(body)
            self.add_widget(root)
        except Exception as exc:  # a broken screen must never end the game
            self.app.show_error(self.name, exc)

    def body(self) -> Widget:
        raise NotImplementedError

    # --- shared parts ---------------------------------------------------------------------------------

    def top_bar(self) -> Widget:
        v = self.c.view
        bar = BoxLayout(size_hint_y=None, height=touch_height(), spacing=Scale.px(6))
        if v.get("round"):
            info = self.tr("common.round", round=v["round"]) + " · " + self.tr("common.stock", n=v["stock_keys"])
        else:
            info = self.tr("app.title")
        bar.add_widget(FitLabel(text=info, base_font=20, color=theme.GOLD, size_hint_x=0.4))
        label = self.c.undo_label()
        undo = BigButton(text=label or self.tr("common.undo_none"), base_font=18, bg=theme.STONE_DARK,
                         disabled=label is None, size_hint_x=0.42)
        undo.bind(on_release=lambda *_: self.app.undo())
        self.undo_button = undo
        bar.add_widget(undo)
        from companion.app.screens.codewords import clues_entry  # issue 17: "Mes indices"
        if (clues := clues_entry(self)) is not None:
            bar.add_widget(clues)
        menu = BigButton(text=self.tr("common.menu"), base_font=18, bg=theme.SEA_LIGHT, size_hint_x=0.18)
        menu.bind(on_release=lambda *_: self.app.go("home"))
        bar.add_widget(menu)
        return bar

    def players_strip(self) -> Widget:
        v = self.c.view
        players = v["players"]
        portrait = self.app.portrait
        cols = 3 if portrait and len(players) > 3 else len(players)
        rows = math.ceil(len(players) / max(cols, 1))
        strip = GridLayout(cols=max(cols, 1), size_hint_y=None, height=Scale.px(72) * rows, spacing=Scale.px(4))
        for p in players:
            strip.add_widget(PlayerChip(self, p, current=p["name"] == v.get("current")))
        return strip

    def buttons(self, specs: list[tuple[str, Any, Any]], cols: int | None = None, height: float | None = None) -> Widget:
        """A grid of big buttons: (text, colour, callback)."""
        cols = cols or len(specs)
        grid = GridLayout(cols=cols, spacing=Scale.px(8), size_hint_y=None,
                          height=(height or touch_height() * 1.3) * math.ceil(len(specs) / cols))
        for text, colour, callback in specs:
            b = BigButton(text=text, bg=colour)
            b.bind(on_release=lambda _b, cb=callback: cb())
            grid.add_widget(b)
        return grid

    def title(self, text: str, base_font: float = 34, colour=theme.TEXT, height: float = 70) -> Widget:
        # At least one line of the text font at its size (Andika's line box is taller than Roboto's was):
        # a title keeps the size asked for when it fits on one line.
        height = max(height, line_box(base_font))
        return FitLabel(text=text, base_font=base_font, color=colour, bold=True, size_hint_y=None,
                        height=Scale.px(height))

    def send(self, command: dict) -> None:
        self.app.send(command)


class PlayerChip(Panel):
    """One player: colour disc with initial, name, keys and clues (and status when it matters)."""

    def __init__(self, screen: BaseScreen, p: dict, current: bool, **kw):
        super().__init__(orientation="horizontal", padding=Scale.px(3), spacing=Scale.px(2), **kw)
        self.bg = theme.GOLD if current else theme.SEA_LIGHT
        text_colour = theme.TEXT_DARK if current else theme.TEXT
        rgba = colour_rgba(screen.c.colour_of(p["name"]))
        crowded = len(screen.c.view["players"]) > 4 and not screen.app.portrait
        self.add_widget(Swatch(initial=p["name"][:1].upper(), rgba=rgba, size_hint_x=None,
                               width=Scale.px(26 if crowded else 40)))
        box = BoxLayout(orientation="vertical")
        box.add_widget(FitLabel(text=p["name"], base_font=18, bold=True, color=text_colour, wrap=False, size_hint_y=0.4))
        keys = screen.tr("common.keys", n=p["keys"])
        detail = keys + " · " + screen.tr("common.clues", n=p["clues"])
        status = screen.tr("status." + p["status"]) if p["status"] != "playing" else ""
        if status:
            detail += " · " + status
        box.add_widget(FitLabel(text=detail, base_font=14, color=text_colour, size_hint_y=0.6))  # two lines
        self.add_widget(box)
        register_target(self, "chip", player=p["name"])  # where a key or a clue won flies (app.motion)


class HourglassView(BoxLayout):
    """The hourglass: the ring (the LED ring's own picture, drawn on screen), the seconds left, and
    start / pause. Time comes from the ring's hourglass on the monotonic clock."""

    def __init__(self, screen: BaseScreen, **kw):
        super().__init__(orientation="horizontal", spacing=Scale.px(8), **kw)
        self.screen = screen
        self.ring = RingWidget(source=screen.app.ring)
        self.add_widget(self.ring)
        right = BoxLayout(orientation="vertical", spacing=Scale.px(6))
        self.time_label = FitLabel(text="", base_font=30, bold=True, color=theme.GOLD)
        right.add_widget(self.time_label)
        self.toggle = BigButton(text="", bg=theme.GOLD, base_font=22)
        self.toggle.bind(on_release=lambda *_: (screen.app.toggle_hourglass(), self._update()))
        right.add_widget(self.toggle)
        self.add_widget(right)
        self._tick = Clock.schedule_interval(self._update, 1 / 10)
        self._update()

    def on_parent(self, *_):
        if self.parent is None:
            self._tick.cancel()
            self.ring.stop()

    def _update(self, *_):
        ring = self.screen.app.ring
        left = ring.remaining()
        paused = getattr(ring.effect, "paused", False)
        if left is None:
            self.time_label.text = ""
            key = "hourglass.start"
        elif left <= 0:
            self.time_label.text = self.screen.tr("hourglass.up")
            key = "hourglass.start"
        else:
            self.time_label.text = f"{math.ceil(left - 1e-6)} s"  # float noise must not show 31 s
            duration = getattr(ring.effect, "duration", left)
            key = "hourglass.pause" if not paused else ("hourglass.start" if left >= duration else "hourglass.resume")
        self.toggle.text = self.screen.tr(key)
