"""The hourglass on a screen: the ring with its seconds and its start / pause button (``HourglassView``), and
"time up" over the whole screen until the next tap (``TimeUpOverlay``). Any game's timed screen uses them;
``BaseScreen`` tells them when the hourglass is toggled."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.graphics import Color, Rectangle, RoundedRectangle
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.relativelayout import RelativeLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel
from companion.app.look.tokens import TYPE, line_box
from companion.app.widgets import art
from companion.app.widgets.ring import RingWidget

if TYPE_CHECKING:
    from companion.app.screens.base import BaseScreen

WARNING_FROM = 10.0  # the hourglass's last seconds, in the warning colour and pulsing


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
