"""What every in-game screen has: the top bar (round and key stock, undo, redo, menu), the players' chips
(colour, initials, name, standing as symbols with numbers fitted to the round), the round's backdrop,
and a body that each screen builds. The hourglass view and the full-screen "time up" are in hourglass_view."""

from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.image import Image
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Scale, touch_height
from companion.app.look.tokens import TYPE, line_box
from companion.app.initials import unique_initials
from companion.app.shell import AppShell
from companion.app.widgets import art
# The players' chips have their own module; their names stay importable from here.
from companion.app.screens.hourglass_view import (WARNING_FROM, HourglassView, TimeUpOverlay,  # noqa: F401
                                                hourglass_fresh)
from companion.app.screens.chips import (NAME_FONTS, PlayerChip, broken_name, chip_name,  # noqa: F401
                                         fitted)


def undo_text(tr) -> str:
    """The undo button's text: an arrow (Andika draws it; the Display face does not, so it is not in the
    catalogue) and the short word."""
    return "← " + tr("play.undo")


def redo_text(tr) -> str:
    return tr("play.redo") + " →"




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
        self.time_up_overlay = None
        try:
            if self.in_game:
                self.draw_backdrop()
            root = BoxLayout(orientation="vertical", padding=art.px(8), spacing=art.px(8))
            if self.in_game:
                root.add_widget(self.top_bar())
                root.add_widget(self.players_strip())
            body = self.body()
            root.add_widget(body)
            self.add_widget(root)
            self.root_box = root
            if self.in_game and self.time_is_up():
                self.show_time_up()
        except Exception as exc:  # a broken screen must never end the game
            self.app.show_error(self.name, exc)

    def draw_backdrop(self) -> None:
        """The game's backdrop for this moment (``GameUI.backdrop_art``: the sea fortress's rounds), else the
        shell's own, behind everything; every text role keeps 4.5:1 on any of its pixels (docs/design.md)."""
        try:
            source = self.backdrop_source()
        except (FileNotFoundError, KeyError):
            return  # no art for this window: the plain background colour stays
        if getattr(self, "_backdrop", None) is None:
            with self.canvas.before:  # after the screen's own translation: local coordinates
                Color(1, 1, 1, 1)
                self._backdrop = Rectangle(pos=(0, 0), size=self.size)
            self.bind(size=self._place_backdrop)
        self._backdrop.source = source
        self._place_backdrop()

    def backdrop_source(self) -> str:
        """The PNG behind this screen: the chosen game's for this moment (``GameUI.backdrop_art``), else the
        shell's own (home, settings, history: no game's scenery)."""
        return art.game_backdrop(self.c.ui(), self.c.view)

    def _place_backdrop(self, *_):
        self._backdrop.pos, self._backdrop.size = (0, 0), self.size

    # --- time up: the whole screen says it until the next tap ---------------------------------------

    timed = False  # screens with an hourglass say so
    compact_chips = False  # one line per chip (initials and symbols): a screen that needs the height says so

    def time_is_up(self) -> bool:
        left = self.app.ring.remaining()
        return self.timed and left is not None and left <= 0 and getattr(self, "_time_up_seen", None) != self._serial()

    def _serial(self):
        return getattr(self.app.ring.effect, "serial", None)

    def hourglass_toggled(self) -> None:
        """The hourglass was started, paused or resumed (its button or the space bar): laid out again at once
        when it has first run (the ring takes Père Fouras's place, the judges become the main action), else
        its views show the change now. Waiting for the views' own tick left a frame or more with the old
        layout, or a ring whose seconds were not yet fitted (a test caught it on a loaded machine)."""
        views = [w for w in self.walk(restrict=True) if isinstance(w, HourglassView)]
        if any(v.fresh != hourglass_fresh(self.app.ring) for v in views):
            self.rebuild()
        else:
            for view in views:
                view._update()

    def time_up_words(self) -> tuple[str, str]:
        """Whose time ran out and what the table does next, under "Time up" (a game's screen names them);
        the shell knows neither: no name, and only "tap to continue"."""
        return "", self.tr("play.time_up_tap")

    def show_time_up(self) -> None:
        """"Time up" over the whole screen, in the danger role with the hourglass's icon, until a tap."""
        if getattr(self, "time_up_overlay", None) is not None or not self.timed:
            return
        overlay = TimeUpOverlay(self)
        self.time_up_overlay = overlay
        root = getattr(self, "root_box", None)
        if root is not None:  # under the overlay nothing shows and nothing takes a touch
            root.opacity, root.disabled = 0, True
        self.add_widget(overlay)

    def dismiss_time_up(self) -> None:
        overlay = getattr(self, "time_up_overlay", None)
        self._time_up_seen = self._serial()
        if overlay is not None:
            self.remove_widget(overlay)
            self.time_up_overlay = None
        root = getattr(self, "root_box", None)
        if root is not None:
            root.opacity, root.disabled = 1, False

    def body(self) -> Widget:
        raise NotImplementedError

    # --- shared parts ---------------------------------------------------------------------------------

    # The top bar's buttons, px at 800×480: narrower when "Mes indices" joins them, so that the round and
    # the stock keep 22 px beside them (20 px with "Mes indices"), and the four fit a portrait width.
    BAR = {"undo": 136, "redo": 136, "menu": 112, "icon": 40}
    BAR_WITH_CLUES = {"undo": 112, "redo": 112, "clues": 112, "menu": 96, "icon": 32}

    def top_bar(self) -> Widget:
        """Round and key stock in words beside a key; undo and redo (an arrow and a short word each: one
        tap, never the widest thing on the bar); "Mes indices" with the companion's code words; the menu."""
        ui = self.c.ui()
        clues = ui.bar_extra(self) if ui is not None else None  # the game's own button ("Mes indices")
        widths = self.BAR if clues is None else self.BAR_WITH_CLUES
        bar = BoxLayout(size_hint_y=None, height=art.px(56), spacing=art.px(8))
        about = BoxLayout(spacing=art.px(8))
        info, symbol = ui.bar_info(self) if ui is not None else (self.tr("app.title"), None)
        if symbol:
            about.add_widget(Image(source=art.icon(symbol), color=theme.GOLD, size_hint_x=None,
                                   width=art.px(widths["icon"]), fit_mode="contain"))
        stock = FitLabel(text=info, base_font=TYPE.body, color=theme.GOLD, wrap=False)
        if symbol:
            stock.role = "stock"  # read from across the table: 22 px at 800×480 (tests find it by this)
        about.add_widget(stock)
        if self.app.portrait:  # narrow: the round and the stock on their own line above the buttons
            box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=art.px(8),
                            height=line_box(TYPE.body, profile=art.profile()) + art.px(64))
            about.size_hint_y = None
            about.height = line_box(TYPE.body, profile=art.profile())
            box.add_widget(about)
            box.add_widget(bar)
            if clues is None:  # the buttons at the right, as in landscape (with "Mes indices" they fill it)
                bar.add_widget(Widget())
        else:
            box = bar
            bar.add_widget(about)
        undo_what = self.c.undo_label()
        undo = BigButton(text=undo_text(self.tr), base_font=TYPE.caption + 2, bg=theme.STONE_DARK,
                         disabled=undo_what is None, size_hint_x=None, width=art.px(widths["undo"]))
        undo.bind(on_release=lambda *_: self.app.undo())
        undo.what = undo_what  # what it takes back, in words (for tests and tools; the button stays short)
        self.undo_button = undo
        bar.add_widget(undo)
        redo_what = self.c.redo_label()
        redo = BigButton(text=redo_text(self.tr), base_font=TYPE.caption + 2, bg=theme.STONE_DARK,
                         disabled=redo_what is None, size_hint_x=None, width=art.px(widths["redo"]))
        redo.bind(on_release=lambda *_: self.app.redo())
        self.redo_button = redo
        bar.add_widget(redo)
        if clues is not None:
            clues.width = art.px(widths["clues"])
            bar.add_widget(clues)
        menu = BigButton(text="≡ " + self.tr("common.menu"), base_font=TYPE.caption + 2, bg=theme.SEA_LIGHT,
                         size_hint_x=None, width=art.px(widths["menu"]))
        menu.bind(on_release=lambda *_: self.open_menu())
        bar.add_widget(menu)
        return box

    def open_menu(self) -> None:
        """The menu button: home (a screen with asides of its own lists them first, the Duel's run does)."""
        self.app.go("home")

    def players_strip(self) -> Widget:
        """One chip per player: two rows of three in portrait (or with five or six players in portrait),
        one row otherwise. Every chip of a strip is as tall as the longest name needs (one line or two)."""
        v = self.c.view
        players = v["players"]
        compact = self.timed or self.compact_chips  # the hourglass, the card get the room; initials say who
        cols = len(players)
        # Portrait: four compact chips to a row, but not in Round 2 (keys and clues with their numbers), nor
        # for a game whose compact chips carry two figures (``GameUI.portrait_compact_columns``: three).
        most = getattr(self.c.ui(), "portrait_compact_columns", 4) if compact and v.get("round") != 2 else 3
        if self.app.portrait and len(players) > most:
            cols = 2 if len(players) == 4 else 3
        cols = max(cols, 1)
        rows = math.ceil(len(players) / cols)
        gap = art.px(10)
        # A chip's room for its name: the window less the screen's margins, the gaps and the chip's padding.
        from kivy.core.window import Window

        room = (Window.width - 2 * art.px(8) - gap * (cols - 1)) / cols - 2 * art.px(PlayerChip.SIDE)
        lines = 1 if compact else max(chip_name(p["name"], room)[0].count("\n") + 1 for p in players)
        chip = PlayerChip.height_for(self.app.portrait, compact, lines)
        strip = GridLayout(cols=cols, size_hint_y=None, height=chip * rows + gap * (rows - 1), spacing=gap)
        marks = unique_initials([p["name"] for p in players])
        # a screen may light another chip than the view's current player: the one who must decide now
        current = getattr(self, "chip_current", lambda view: view.get("current"))(v)
        for p in players:
            strip.add_widget(PlayerChip(self, p, current=p["name"] == current, initials=marks[p["name"]],
                                        compact=compact, room=room, name_lines=lines,
                                        on_tap=getattr(self, "chip_tapped", None)))
        return strip

    def step(self, text: str, colour=theme.GOLD, **kw) -> Widget:
        """The current player and what to do next: 36 px and more (``role = "step"``), in one line box."""
        lines = 2 if self.app.portrait else 1  # a narrow screen: the step takes two lines, never shrinks
        label = FitLabel(text=text, base_font=TYPE.step, color=colour, bold=True, size_hint_y=None,
                         height=line_box(TYPE.step, lines, profile=art.profile()), **kw)
        label.role = "step"
        return label

    def rule_button(self, space: str | None) -> Widget:
        """"?": the game's rule of ``space`` in one or two sentences (``None``: the game's whole help)."""
        b = BigButton(text="?", base_font=TYPE.step, bg=theme.SEA_LIGHT, size_hint=(None, None),
                      width=art.px(64), height=art.px(64))
        b.bind(on_release=lambda *_: self.show_rule(space))
        return b

    def show_rule(self, space: str | None) -> None:
        root = getattr(self, "root_box", None)
        help_ = self.c.ui().help(self, space)  # the game's rules: a ModalView over the screen
        if root is not None:  # behind the help nothing takes a touch (and nothing is counted as a target)
            root.disabled = True
            help_.bind(on_dismiss=lambda *_: setattr(root, "disabled", False))
        help_.open()

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

    def step_row(self, text: str, space: str | None = None, colour=theme.GOLD, rule: bool = True) -> Widget:
        """The step, with the "?" of ``space``'s rule at its right (every space's when ``space`` is None)."""
        step = self.step(text, colour)
        if not rule:
            return step
        row = BoxLayout(size_hint_y=None, height=max(step.height, art.px(64)), spacing=art.px(8))
        step.size_hint_y = 1
        row.add_widget(step)
        row.add_widget(self.rule_button(space))
        return row

    def send(self, command: dict) -> None:
        self.app.send(command)
