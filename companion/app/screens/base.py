"""What every in-game screen has: the top bar (round and key stock, undo, redo, menu), the players' chips
(colour, initials, name, standing as symbols with numbers fitted to the round), the round's backdrop,
and a body that each screen builds. Also the hourglass view and the full-screen "time up"."""

from __future__ import annotations

import math
from typing import Any

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.graphics import Color, Rectangle, RoundedRectangle
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.image import Image
from kivy.uix.relativelayout import RelativeLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Scale, touch_height
from companion.app.look.tokens import TYPE, line_box
from companion.app.initials import unique_initials
from companion.app.shell import AppShell
from companion.app.widgets import art
from companion.app.widgets.ring import RingWidget
# The players' chips have their own module; their names stay importable from here.
from companion.app.screens.chips import (NAME_FONTS, PlayerChip, broken_name, chip_name,  # noqa: F401
                                         fitted)


def undo_text(tr) -> str:
    """The undo button's text: an arrow (Andika draws it; the Display face does not, so it is not in the
    catalogue) and the short word."""
    return "← " + tr("play.undo")


def redo_text(tr) -> str:
    return tr("play.redo") + " →"


WARNING_FROM = 10.0  # the hourglass's last seconds, in the warning colour and pulsing


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


def hourglass_fresh(ring) -> bool:
    """Whether the hourglass has not run yet this turn (none set, or full and waiting to be started)."""
    left = ring.remaining()
    if left is None:
        return True
    effect = ring.effect
    return bool(getattr(effect, "paused", False)) and left >= getattr(effect, "duration", left)


class HourglassView(BoxLayout):
    """The hourglass as the centre of attention: the ring (the LED ring's own picture) filling its panel's
    height with the seconds inside it at the timer size, start / pause beside it. In the last ten seconds
    the seconds turn to the warning colour and pulse (and the app's ``hourglass_warning`` is called once,
    for the drum roll). Time comes from the ring's hourglass on the monotonic clock.

    Before it has run this turn (``fresh``), "Lancer le sablier" is the screen's main action, in the heading's
    size (taller across a portrait screen); the screen reads it to keep its judges secondary and is laid out
    again once it starts. While paused mid-run, "En pause" lies on a pill over the ring's lowest dots."""

    def __init__(self, screen: BaseScreen, vertical: bool | None = None, face: Widget | None = None, **kw):
        """``face``: what stands in the ring's place until the hourglass has first run (the Énigme's Père
        Fouras); once it runs, by the button or the space bar, the screen is laid out again with the ring."""
        portrait = screen.app.portrait if vertical is None else vertical
        super().__init__(orientation="vertical" if portrait else "horizontal", spacing=art.px(8), **kw)
        self.screen = screen
        self._pulse: Animation | None = None
        dial = RelativeLayout()  # the ring and its seconds share the dial's own coordinates
        self.ring = RingWidget(source=screen.app.ring, size_hint=(1, 1), pos_hint={"x": 0, "y": 0})
        dial.add_widget(self.ring)
        self.time_label = FitLabel(text="", base_font=TYPE.timer, bold=True, color=theme.GOLD, wrap=False,
                                   size_hint=(None, None), pos_hint={"center_x": 0.5, "center_y": 0.5})
        self.dial = dial
        # The seconds fill the ring's inside, their whole line box clear of the dots (text contrast).
        dial.bind(size=lambda *_: self._place())
        self.time_label.font_name = "Display"
        dial.add_widget(self.time_label)
        self.paused_label = FitLabel(text="", base_font=TYPE.body, bold=True, color=theme.TEXT, wrap=False,
                                     size_hint=(None, None), pos_hint={"center_x": 0.5, "center_y": 0.1})
        with self.paused_label.canvas.before:
            Color(*theme.SEA_LIGHT)
            pill = RoundedRectangle(radius=[art.px(12)])
        self.paused_label.bind(pos=lambda w, p: setattr(pill, "pos", p), size=lambda w, s: setattr(pill, "size", s))
        dial.add_widget(self.paused_label)
        self.fresh = hourglass_fresh(screen.app.ring)
        self.face = face if self.fresh else None
        self.add_widget(self.face or dial)
        main = self.fresh  # the first thing to do this turn: the screen's one main action
        self.toggle = BigButton(text="", bg=theme.GOLD, base_font=TYPE.heading if main else TYPE.button)
        if portrait:
            # In a column beside the card it keeps its height (the ring keeps its size); across a portrait
            # screen it is as tall as the eye expects of the main action.
            tall = main and screen.app.portrait
            self.toggle.size_hint_y, self.toggle.height = None, art.px(88 if tall else 56)
        else:
            self.toggle.size_hint_x, self.toggle.width = 0.45, art.px(64)
        self.toggle.bind(on_release=lambda *_: self._toggled())
        self.add_widget(self.toggle)
        self._tick = Clock.schedule_interval(self._update, 1 / 10)
        self._update()

    def _toggled(self) -> None:
        """Start, pause or resume; once started, the screen is laid out again with its judges as the main
        action (the ring itself never asks for a rebuild: a still ring costs no frame)."""
        self.screen.app.toggle_hourglass()  # the app tells the screen (``BaseScreen.hourglass_toggled``)

    def _place(self) -> None:
        """The seconds fill the ring's inside at the timer's size; "En pause", while paused mid-run, lies on
        a pill of the card's colour over the ring's lowest dots, under the seconds' line box."""
        side = min(self.dial.size)
        self.time_label.size = (side * 0.6, side * 0.52)
        self.paused_label.size = (side * 0.62, side * 0.2) if self.paused_label.text else (0, 0)

    def on_parent(self, *_):
        if self.parent is None:
            self._tick.cancel()
            self.ring.stop()
            if self._pulse is not None:
                self._pulse.cancel(self.time_label)

    def _rebuild_if_shown(self) -> None:
        # Only the screen on show: a screen left behind (the ring restarted for the next space's duel while a
        # transition still held the riddle) would rebuild on a card that is not its own, and show the error.
        manager = self.screen.manager
        if manager is not None and manager.current_screen is self.screen:
            self.screen.rebuild()

    def _update(self, *_):
        if self.get_root_window() is None and self.parent is not None:
            # Left behind by a rebuild (its panel was taken off the screen): stop ticking.
            self._tick.cancel()
            self.ring.stop()
            return
        ring = self.screen.app.ring
        if self.face is not None and not hourglass_fresh(ring):  # started from the keyboard: the ring now
            self.face = None
            Clock.schedule_once(lambda *_: self._rebuild_if_shown(), 0)
            return
        left = ring.remaining()
        paused = getattr(ring.effect, "paused", False)
        warning = left is not None and 0 < left <= WARNING_FROM
        if left is None:
            seconds, key = "", "hourglass.start"
        elif left <= 0:
            seconds, key = "0", "hourglass.start"
        else:
            seconds = str(math.ceil(left - 1e-6))  # float noise must not show 31
            duration = getattr(ring.effect, "duration", left)
            key = "hourglass.pause" if not paused else ("hourglass.start" if left >= duration else "hourglass.resume")
        colour = theme.WARNING if warning or (left is not None and left <= 0) else theme.GOLD
        if colour != getattr(self, "_colour", None):  # set on change only: a check may hide the text meanwhile
            self._colour = colour
            self.time_label.color = colour
        # Texts set on change only, like the colour: ten ticks a second must not put back a text that a
        # check took away for its picture (the contrast test photographs every screen without its texts).
        words = self.screen.tr(key)
        if (seconds, words) != getattr(self, "_shown", None):
            self._shown = (seconds, words)
            self.time_label.text = seconds
            self.toggle.text = words
        paused_text = self.screen.tr("hourglass.paused") if key == "hourglass.resume" else ""
        if paused_text != getattr(self, "_paused_shown", None):  # on change only: a still ring asks no layout
            self._paused_shown = paused_text
            self.paused_label.text = paused_text
            self._place()
        self._warn(warning and not paused)

    def _warn(self, on: bool) -> None:
        """The last ten seconds: a pulse seen across the room, and the moment told to the app once."""
        if on and self._pulse is None:
            from companion.app.look.tokens import MOTION, duration

            beat = duration(0.5, self.screen.app.settings)
            if beat > 0:
                self._pulse = (Animation(opacity=0.35, d=beat, t=MOTION.pulse)
                               + Animation(opacity=1.0, d=beat, t=MOTION.pulse))
                self._pulse.repeat = True
                self._pulse.start(self.time_label)
            serial = getattr(self.screen.app.ring.effect, "serial", None)
            if getattr(self.screen, "_warned_serial", None) != serial:  # once per hourglass, not per view
                self.screen._warned_serial = serial
                tell = getattr(self.screen.app, "hourglass_warning", None)
                if tell is not None:
                    tell()
        elif not on and self._pulse is not None:
            self._pulse.cancel(self.time_label)
            self._pulse = None
            self.time_label.opacity = 1.0


class TimeUpOverlay(ButtonBehavior, FloatLayout):
    """"Time up!" over the whole screen in the look's dusk: the night blue, the hourglass drawn in
    gold with its top emptied and all its sand fallen, the words in the warning colour, until the next tap
    (which it takes: it only dismisses). A flat red page read as an error, not as the show's moment."""

    def __init__(self, screen: BaseScreen, **kw):
        super().__init__(size_hint=(1, 1), pos_hint={"x": 0, "y": 0}, **kw)
        self.screen = screen
        from kivy.graphics import Line, Triangle

        with self.canvas.before:
            Color(*theme.SEA[:3], 1)
            self._bg = Rectangle()
            Color(*theme.GOLD)
            self._sand = Triangle()  # the lower bulb full: every grain has fallen
            self._glass = Line(width=2, close=True)
            self._frame_top, self._frame_bottom = Line(width=3), Line(width=3)
        self.bind(pos=self._draw, size=self._draw)
        words = FitLabel(text=screen.tr("hourglass.up"), base_font=TYPE.display, bold=True, color=theme.WARNING,
                         wrap=False, size_hint=(0.9, None), height=line_box(TYPE.display, profile=art.profile()),
                         pos_hint={"center_x": 0.5, "center_y": 0.42})
        words.font_name = "Display"
        words.role = "step"
        self.add_widget(words)
        whose, next_step = screen.time_up_words()
        if whose:  # the review: whose time ran out, at a standing's size, then what follows
            who = FitLabel(text=whose, base_font=TYPE.heading, bold=True, color=theme.TEXT, size_hint=(0.94, None),
                           height=line_box(TYPE.heading, profile=art.profile()),
                           pos_hint={"center_x": 0.5, "center_y": 0.22})
            who.role = "standing"  # 30 px: under the 64 px headline, above the hint
            self.add_widget(who)
        hint = FitLabel(text=next_step, base_font=TYPE.body, color=theme.TEXT,
                        size_hint=(0.94, None), height=line_box(TYPE.body, profile=art.profile()),
                        pos_hint={"center_x": 0.5, "center_y": 0.09 if whose else 0.2})
        self.add_widget(hint)
        self.bind(on_release=lambda *_: screen.dismiss_time_up())

    def _draw(self, *_):
        self._bg.pos, self._bg.size = self.pos, self.size
        side = min(self.width, self.height) * 0.3
        cx, top = self.center_x, self.y + self.height * 0.62
        w, h = side * 0.6, side / 2
        self._glass.points = (cx - w / 2, top + 2 * h, cx + w / 2, top + 2 * h, cx, top + h,
                              cx + w / 2, top, cx - w / 2, top, cx, top + h)
        self._sand.points = (cx, top + h * 0.7, cx - w * 0.45, top, cx + w * 0.45, top)
        bar = w * 0.7
        self._frame_top.points = (cx - bar, top + 2 * h, cx + bar, top + 2 * h)
        self._frame_bottom.points = (cx - bar, top, cx + bar, top)
