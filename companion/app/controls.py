"""The app's themed widgets. Text always fits its widget: labels shrink their font until it does."""

from __future__ import annotations

import re

from kivy.clock import Clock
from kivy.graphics import Color, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.look.palette import player_hex

# Sizes are in pixels for the 480 px short side of the 7" display; ``Scale.factor`` follows the window.
MIN_FONT = 11
WORDS = re.compile(r"[ \t\n]+")  # what parts words in a wrapped text (not the no-break space)
MARKUP_TAG = re.compile(r"\[/?[a-z_]+(=[^\]]*)?\]")  # "[u]", "[/b]", "[color=…]": drawn as no width


class Scale:
    factor = 1.0

    @classmethod
    def px(cls, value: float) -> float:
        return value * cls.factor


class FitMixin:
    """Shrinks ``font_size`` from ``base_font`` until the text fits the widget (wrapped when ``wrap``)."""

    base_font = NumericProperty(22)
    wrap = BooleanProperty(True)
    inset = NumericProperty(0)  # px kept free on the left (an icon beside the text)
    inset_top = NumericProperty(0)  # px kept free above the text (an icon over it)

    def _init_fit(self) -> None:
        self._fit_event = Clock.create_trigger(self._fit, 0)
        self.bind(size=self._fit_event, text=self._fit_event, base_font=self._fit_event, inset=self._fit_event,
                  inset_top=self._fit_event)
        self.halign = "center"
        self.valign = "middle"
        self._fit_event()

    def _fit(self, *_):
        width, height = self.width - Scale.px(8), self.height - Scale.px(4)
        if width <= 1 or height <= 1:
            return
        size = Scale.px(self.base_font)
        while True:
            self.font_size = size
            if self._fits(width, height) or size <= MIN_FONT:
                break
            size = max(MIN_FONT, size * 0.95)  # fine steps: a text keeps the largest size that fits

    def _fits(self, width: float, height: float) -> bool:
        """Lay the text out at the current font, wrapped to ``width``: True when it fits (width, height).

        The text box is only as wide as the widget, never as high: the Label draws its texture centred
        in the widget, so the text sits in the middle. A box with a height would make Kivy drop lines
        (with ``valign`` middle and a newline, the text after the newline gets only half the height),
        and a dropped line is a text cut off that no size check sees."""
        self.padding = [self.inset, self.inset_top, 0, 0]
        self.text_size = (width, None) if self.wrap else (None, None)
        self.texture_update()
        tw, th = self.texture_size
        if tw > width + 1 or th > height + 1:
            return False
        width -= self.inset
        # Kivy breaks a word that is wider than the box anywhere ("Marie-Christi / ne"): a smaller font is
        # better, down to the smallest. (Only spaces and newlines part words: a no-break space does not.)
        extents = self._label.get_cached_extents()
        text = MARKUP_TAG.sub("", self.text) if self.markup else self.text  # a word's width, not its tags
        return not self.wrap or all(extents(word)[0] <= width + 1 for word in WORDS.split(text) if word)

    def overflows(self) -> bool:
        """True when the text goes out of the widget even at the smallest font (the screenshot tests check
        it; the margins of the fit may be used at the smallest font)."""
        self._fit()
        tw, th = self.texture_size
        return tw > self.width + 1 or th > self.height + 1


class FitLabel(FitMixin, Label):
    def __init__(self, **kw):
        kw.setdefault("color", theme.TEXT)
        super().__init__(**kw)
        self._init_fit()


class Panel(BoxLayout):
    """A rounded panel of stone or sea."""

    bg = ListProperty(theme.SEA_LIGHT)
    radius = NumericProperty(14)

    def __init__(self, **kw):
        super().__init__(**kw)
        with self.canvas.before:
            self._colour = Color(*self.bg)
            self._rect = RoundedRectangle(pos=self.pos, size=self.size, radius=[Scale.px(self.radius)])
        self.bind(pos=self._redraw, size=self._redraw, bg=self._redraw)

    def _redraw(self, *_):
        self._colour.rgba = self.bg
        self._rect.pos, self._rect.size = self.pos, self.size


class BigButton(FitMixin, Button):
    """A big, coloured, rounded touch target (at least 9 mm on the 7" display)."""

    bg = ListProperty(theme.STONE)
    outline = ListProperty([0, 0, 0, 0])

    def __init__(self, **kw):
        kw.setdefault("background_normal", "")
        kw.setdefault("background_down", "")
        kw.setdefault("background_color", (0, 0, 0, 0))
        kw.setdefault("base_font", 24)
        super().__init__(**kw)
        with self.canvas.before:
            self._colour = Color(*self.bg)
            self._rect = RoundedRectangle(radius=[Scale.px(12)])
            self._outline_colour = Color(*self.outline)
            self._line = Line(width=2)
        self.bind(pos=self._redraw, size=self._redraw, bg=self._redraw, state=self._redraw, outline=self._redraw)
        self._redraw()
        self._init_fit()

    def _redraw(self, *_):
        r, g, b, a = self.bg
        if self.state == "down":
            r, g, b = r * 0.75, g * 0.75, b * 0.75
        if self.disabled:
            a = a * 0.4
        self._colour.rgba = (r, g, b, a)
        self._rect.pos, self._rect.size = self.pos, self.size
        self._outline_colour.rgba = self.outline
        x, y = self.pos
        w, h = self.size
        self._line.rounded_rectangle = (x + 1, y + 1, max(w - 2, 1), max(h - 2, 1), Scale.px(12))
        self.color = theme.readable_on((r, g, b, 1))  # of the colour drawn: a pressed button is darker
        # A disabled button says why ("6 players at most"): its words in the muted text role (≥ 4.5:1 on
        # every background), not Kivy's 30 % white; the faded body and no outline still say "not now".
        self.disabled_color = theme.TEXT_MUTED


class IconButton(BigButton):
    """A big button with a drawn icon (``look/png``, tinted like its text) left of its word: colour is
    never the only cue. ``icon`` is a PNG path; the text keeps the rest of the width."""

    def __init__(self, icon: str | None = None, icon_px: float | None = None, **kw):
        self._icon_source = icon
        self._icon_px = icon_px
        super().__init__(**kw)
        if icon:
            from kivy.core.image import Image as CoreImage

            texture = CoreImage(icon).texture
            with self.canvas.after:
                self._icon_colour = Color(*self.color)
                self._icon_rect = Rectangle(texture=texture)
            self.bind(pos=self._place_icon, size=self._place_icon, color=self._place_icon)
            self._place_icon()

    def _place_icon(self, *_):
        side = self._icon_px or Scale.px(40)
        side = min(side, self.height - Scale.px(8))
        gap = Scale.px(10)
        self.inset = side + gap
        self._icon_colour.rgba = self.color
        self._icon_rect.size = (side, side)
        self._icon_rect.pos = (self.x + gap, self.center_y - side / 2)


def touch_height() -> float:
    """At least 9 mm on the 7" display (800 px over 154 mm: 47 px), more on larger screens."""
    return max(Scale.px(56), dp(48))


class Swatch(Widget):
    """A player's colour as a disc with their initial, so colour is never the only cue."""

    rgba = ListProperty(theme.GOLD)

    def __init__(self, initial: str = "", **kw):
        super().__init__(**kw)
        with self.canvas:
            self._c = Color(*self.rgba)
            from kivy.graphics import Ellipse

            self._e = Ellipse()
        self.label = Label(text=initial, bold=True)
        self.add_widget(self.label)
        # Drawn once the layout has settled: a row still moving would leave the disc behind.
        self._trigger = Clock.create_trigger(self._redraw, 0)
        self.bind(pos=self._trigger, size=self._trigger, rgba=self._trigger)

    def _redraw(self, *_):
        d = min(self.width, self.height)
        self._c.rgba = self.rgba
        self._e.pos = (self.center_x - d / 2, self.center_y - d / 2)
        self._e.size = (d, d)
        self.label.size = (d, d)
        self.label.center = self.center  # after the size: centring uses it
        # Two letters ("Ma", "Mx": initials unique at the table) stay inside the disc too, yet never under
        # the table's smallest reading size (18 px at 800×480) on the smallest discs (34 px: the history's).
        one = len(self.label.text) < 2
        self.label.font_size = d * 0.55 if one else max(d * 0.42, min(d * 0.53, Scale.px(18)))
        self.label.color = theme.readable_on(self.rgba)


def colour_rgba(colour_name: str) -> tuple[float, float, float, float]:
    """A player's colour (today's name or an earlier version's, as saved games hold it); gold if unknown."""
    code = player_hex(colour_name)
    return theme.GOLD if code is None else theme.hex_rgba(code)
