"""Parts the setup, ending and settings screens are built from, on the design system (docs/design.md):
the round's backdrop behind a screen, an icon beside its word, icon buttons drawn as shapes, two-state
(and three-state) segmented toggles, − / + steppers. Sizes come from the tokens and scale with the window."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from kivy.graphics import Color, Line, Rectangle, Triangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Scale
from companion.app.look.assets import asset, backdrop
from companion.app.look.tokens import SPACE, TOUCH, TYPE, colour, line_box
from companion.app.table.profiles import DisplayProfile
from companion.app.widgets import art

CHECK = "✓ "  # the chosen segment carries a mark as well as the selection colour: colour is never alone
SELECTED = colour("selection")  # a chosen option: ivory with ink text; gold is only ever the main action
UNSELECTED_OUTLINE = theme.TEXT_MUTED  # the other options: quiet panels with a light edge, never greyed


def choice_look(on: bool) -> dict[str, Any]:
    """The colours of an option that is chosen (``on``) or not: for every toggle and picked item."""
    return {"bg": SELECTED if on else theme.SEA_LIGHT, "outline": [0, 0, 0, 0] if on else UNSELECTED_OUTLINE}


def window_profile() -> DisplayProfile:
    """The display profile the window is laid out as: the one of its size, else the nearest in scale of
    the same orientation (a desktop window of any size still finds its art); its scale is every size's."""
    return art.profile()


def px(size: float) -> float:
    """A token's size on this window (the tokens are px at 800×480)."""
    return Scale.px(size)


def gap() -> float:
    """The space between two touch targets: 8 px at 800×480, with 2 px so that rounding never makes it 7."""
    return px(TOUCH.gap) + 2


def box_for(size: float, lines: int = 1) -> float:
    """The height that keeps ``lines`` lines of text of ``size`` at their size (Andika's line box)."""
    return line_box(size, lines) * Scale.factor


def paint_backdrop(screen: Widget, round_number: int | None) -> None:
    """A round's backdrop (None: the shell's own, the family table at evening, behind home, settings,
    history, the die) under everything ``screen`` draws; every text role keeps ≥ 4.5:1 on every pixel of
    it (tests/test_design_art.py)."""
    try:
        source = str(backdrop(round_number, window_profile()))
    except FileNotFoundError:  # art missing from an install: the plain sea colour stays behind
        return
    _paint(screen, source)


def paint_game_backdrop(screen: Widget, ui: Any, view: Mapping[str, Any]) -> None:
    """The chosen game's backdrop (``GameUI.backdrop_art``) under ``screen``, the shell's where it draws none:
    a game's scenery shows once that game is chosen (its setup, its play, its podium), never before."""
    try:
        source = art.game_backdrop(ui, view)
    except FileNotFoundError:
        return
    _paint(screen, source)


def _paint(screen: Widget, source: str) -> None:
    if getattr(screen, "_backdrop", None) is None:
        with screen.canvas.before:
            Color(1, 1, 1, 1)
            screen._backdrop = Rectangle(pos=screen.pos, size=screen.size)
        screen.bind(pos=lambda w, v: setattr(w._backdrop, "pos", v), size=lambda w, v: setattr(w._backdrop, "size", v))
    screen._backdrop.source = source
    screen._backdrop.pos, screen._backdrop.size = screen.pos, screen.size


def icon(name: str, size: float = TOUCH.minimum, tint=theme.TEXT, **kw: Any) -> Image:
    """A drawn icon ("key", "boyard", "door"...) tinted with ``tint``, ``size`` px at 800×480."""
    side = px(size)
    kw.setdefault("size_hint", (None, None))
    image = Image(source=str(asset(f"icon-{name}-{96 if size > 48 else 48}", window_profile())), color=tint,
                  fit_mode="contain", size=(side, side), **kw)
    return image


def icon_and_words(name: str, text: str, size: float = TYPE.body, colour=theme.TEXT, bold: bool = False,
                   **kw: Any) -> BoxLayout:
    """An icon with its words beside it (colour is never the only cue), one line high for ``size``."""
    height = box_for(size)
    row = BoxLayout(orientation="horizontal", spacing=px(SPACE.xs), size_hint_y=None, height=height, **kw)
    picture = icon(name, min(size * 1.6, 48), tint=colour)
    holder = BoxLayout(orientation="vertical", size_hint_x=None, width=picture.width)
    for part in (Widget(), picture, Widget()):  # the icon centred on the line
        holder.add_widget(part)
    row.add_widget(holder)
    row.add_widget(left_label(text, size, colour, bold))
    return row


def left_label(text: str, size: float, colour=theme.TEXT, bold: bool = False, **kw: Any) -> FitLabel:
    """A label that reads from the left (a caption before its controls)."""
    label = FitLabel(text=text, base_font=size, color=colour, bold=bold, **kw)
    label.halign = "left"
    return label


class IconButton(BigButton):
    """A button that is a shape, no word: ▲ (up), ▼ (down), ✕ (remove). ``icon`` names it for tests and
    the harness; the shape is drawn in the button's text colour, as big as a finger's target."""

    def __init__(self, shape: str, **kw: Any) -> None:
        kw.setdefault("size_hint", (None, None))
        side = px(TOUCH.icon_button)
        kw.setdefault("size", (side, side))
        super().__init__(text="", **kw)
        self.icon = shape
        with self.canvas.after:
            self._ink = Color(*theme.readable_on(self.bg))
            self._shape: list = []
        self.bind(pos=self._draw, size=self._draw, disabled=self._draw)
        self._draw()

    def _draw(self, *_: Any) -> None:
        for instruction in self._shape:
            self.canvas.after.remove(instruction)
        r, g, b, _a = theme.readable_on(self.bg)
        self._ink.rgba = (r, g, b, 0.35 if self.disabled else 1)
        cx, cy, s = self.center_x, self.center_y, min(self.width, self.height) * 0.28
        if self.icon == "up":
            shapes = [Triangle(points=[cx - s, cy - s * 0.6, cx + s, cy - s * 0.6, cx, cy + s * 0.8])]
        elif self.icon == "down":
            shapes = [Triangle(points=[cx - s, cy + s * 0.6, cx + s, cy + s * 0.6, cx, cy - s * 0.8])]
        else:  # remove: a cross
            w = max(2.0, s * 0.28)
            shapes = [Line(points=[cx - s, cy - s, cx + s, cy + s], width=w, cap="round"),
                      Line(points=[cx - s, cy + s, cx + s, cy - s], width=w, cap="round")]
        for shape in shapes:
            self.canvas.after.add(shape)
        self._shape = shapes


class Segmented(BoxLayout):
    """A choice among two or three values, all in sight: the chosen one in the selection colour with a ✓,
    the others quiet but never greyed (they are choices, not disabled buttons). Each segment has
    ``choice`` (its value) for tests."""

    def __init__(self, choices: list[tuple[Any, str]], chosen: Any, on_choose: Callable[[Any], None],
                 font: float = TYPE.button, name: str = "", **kw: Any) -> None:
        kw.setdefault("size_hint_y", None)
        kw.setdefault("height", px(TOUCH.minimum) + px(8))
        super().__init__(orientation="horizontal", spacing=px(TOUCH.gap) + 2, **kw)  # 2: rounding
        self.segments = []
        for value, text in choices:
            on = value == chosen
            b = BigButton(text=(CHECK + text) if on else text, base_font=font, **choice_look(on))
            b.choice = (name, value)
            b.chosen = on
            b.bind(on_release=lambda _b, v=value: on_choose(v))
            self.segments.append(b)
            self.add_widget(b)


class Stepper(BoxLayout):
    """− value + (each button at least 48 px square): volumes and seconds without repeated cycling."""

    def __init__(self, value_text: str, on_minus: Callable[[], None] | None, on_plus: Callable[[], None] | None,
                 font: float = TYPE.button, name: str = "", **kw: Any) -> None:
        kw.setdefault("size_hint_y", None)
        kw.setdefault("height", px(TOUCH.minimum) + px(8))
        super().__init__(orientation="horizontal", spacing=px(TOUCH.gap) + 2, **kw)
        side = self.height
        minus = BigButton(text="−", base_font=TYPE.heading, bg=theme.STONE, size_hint_x=None, width=side,
                          disabled=on_minus is None)
        plus = BigButton(text="+", base_font=TYPE.heading, bg=theme.STONE, size_hint_x=None, width=side,
                         disabled=on_plus is None)
        minus.step, plus.step = (name, -1), (name, +1)
        if on_minus is not None:
            minus.bind(on_release=lambda *_: on_minus())
        if on_plus is not None:
            plus.bind(on_release=lambda *_: on_plus())
        self.value = FitLabel(text=value_text, base_font=font, bold=True, wrap=False)
        self.add_widget(minus)
        self.add_widget(self.value)
        self.add_widget(plus)


class DefaultsForm:
    """A game's options form kept as one dict, ``values``: the box's ``defaults`` until the table changes
    one (``set`` draws the page again). A game's form names its ``defaults`` and draws its ``page``."""

    pages = 1
    defaults: Mapping[str, Any]

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.reset()

    def reset(self) -> None:
        self.values = dict(self.defaults)

    def options(self) -> dict[str, Any]:
        return dict(self.values)

    def matches(self, options: Mapping[str, Any]) -> bool:
        return all(self.values.get(k) == options.get(k) for k in self.defaults)

    def use(self, options: Mapping[str, Any]) -> None:
        self.values = {k: options.get(k, v) for k, v in self.defaults.items()}

    def set(self, key: str, value: Any) -> None:
        self.values[key] = value
        self.screen.rebuild()


def bounded_stepper(value: int, low: int, high: int, on_set: Callable[[int], None], **kw: Any) -> Stepper:
    """A Stepper over a whole number kept from ``low`` to ``high``: − is off at ``low``, + at ``high``, and
    each calls ``on_set`` with the value one step away (``kw`` as for Stepper)."""
    return Stepper(str(value), (lambda: on_set(value - 1)) if value > low else None,
                   (lambda: on_set(value + 1)) if value < high else None, **kw)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width ``text`` takes on one line at ``size`` (scaled), in pixels."""
    from kivy.uix.label import Label

    probe = Label(text=text, font_size=px(size), bold=bold)
    probe.texture_update()
    return probe.texture_size[0]


def options_bar(screen: Any, n: int = 1, pages: int = 1) -> Widget:
    """A game's options page's top: the step's title after the game's name in portrait, where the height
    is; nothing in landscape, where the title sits in the step bar between Back and Next (the setup screen
    puts that bar under every page: companion.app.screens.newgame_parts)."""
    if not screen.app.portrait:
        return Widget(size_hint_y=None, height=0)
    key = screen.page_title_key(n) if hasattr(screen, "page_title_key") else "new.step_options"
    return FitLabel(text=screen.step_title(key), base_font=TYPE.heading, bold=True, color=theme.GOLD, wrap=False,
                    size_hint_y=None, height=box_for(TYPE.heading))


class IconLabelButton(BigButton):
    """A button with a drawn icon before its words ("✓ Found it!" with the success icon, "✗ Wrong" with
    the failure icon): the meaning is in the shape as well as the colour."""

    def __init__(self, icon_name: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.icon_name = icon_name
        self.picture = icon(icon_name, TOUCH.minimum, tint=theme.readable_on(self.bg))
        self.add_widget(self.picture)
        self.bind(pos=self._place, size=self._place)

    def _side(self) -> float:
        return min(px(TOUCH.minimum), self.height * 0.8)

    def _place(self, *_: Any) -> None:
        side = self._side()
        self.picture.size = (side, side)
        self.picture.pos = (self.x + px(SPACE.s), self.center_y - side / 2)

    def _fits(self, width: float, height: float) -> bool:
        """The words fit the middle of the button, clear of the icon on the left (and as far from the
        right edge): a narrow button shrinks them rather than breaking a word or covering it."""
        return super()._fits(width - 2 * (self._side() + px(SPACE.s)), height)


def place_ranks(scores: dict[str, int]) -> dict[str, int]:
    """Each player's place, shared on a tie (ex aequo): 100, 80, 80, 50 give 1, 2, 2, 4."""
    return {name: 1 + sum(1 for other in scores.values() if other > score) for name, score in scores.items()}
