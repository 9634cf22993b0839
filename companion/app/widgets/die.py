"""The on-screen die of the shared table (issue 22): a d6 drawn with Kivy graphics that rolls with a short
tumble of faces and a sound, and the six faces of the table's own die to tap in one touch instead.

The widget never decides a roll by itself: the caller gives the value to show (the game's rules drew it
and logged it) or a seeded ``random.Random`` to draw from (the caller logs what it returns). The tumble's
intermediate faces come from a generator of the widget's own, so an animation never consumes a draw of
the game's generator. While nothing moves the die has no clock event: a still screen is not redrawn.

    die = Die(settings=lambda: app.settings, sound=app.sound, size_hint=(None, None), size=(150, 150))
    value = die.roll(rng=game_rng)            # or die.roll(value=4)
    die.bind(on_rolled=lambda _, v: ...)      # when it has landed (at once under reduce motion)

    panel = DiePanel(app.controller.tr, rng=game_rng, settings=..., sound=app.sound)
    panel.bind(on_value=lambda _, value, source: ...)   # source: "screen" (rolled) or "table" (tapped)
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, PopMatrix, PushMatrix, Rotate, RoundedRectangle, Scale
from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app.controls import BigButton, FitLabel
from companion.app.look.tokens import SPACE, TOUCH, TYPE, colour, duration, line_box
from companion.app.widgets.art import profile, px
from companion.sound.table_cues import DIE_TUMBLE_S, play_cue

FACES = (1, 2, 3, 4, 5, 6)
DIE_SIZE = 160  # px at 800×480: the die's box (the die itself 86% of it, 138 px: ≥ 120, read across the table)
FACE_SIZE = 64  # px at 800×480: each of the six faces to tap (TOUCH.primary: a child's whole finger)
LANDING = 0.8   # share of the tumble spent changing faces; the rest, the die settles on its face
TUMBLE_FACES = 8
NOT_ROLLED = 0  # the value of a die nobody has rolled: drawn blank

# Where the pips of each face are, on a unit square (x right, y up, Kivy's way): the classic layout.
_PIP_SPOTS = {"tl": (0.25, 0.75), "tr": (0.75, 0.75), "ml": (0.25, 0.5), "c": (0.5, 0.5), "mr": (0.75, 0.5),
              "bl": (0.25, 0.25), "br": (0.75, 0.25)}
PIPS = {1: ("c",), 2: ("tr", "bl"), 3: ("tr", "c", "bl"), 4: ("tl", "tr", "bl", "br"),
        5: ("tl", "tr", "c", "bl", "br"), 6: ("tl", "tr", "ml", "mr", "bl", "br")}


def checked_value(value: Any) -> int:
    """``value`` when it is a face of a d6 (an int 1–6), else a ValueError naming what was given."""
    if isinstance(value, bool) or not isinstance(value, int) or value not in FACES:
        raise ValueError(f"a die shows 1 to 6, not {value!r}")
    return value


def tumble_faces(value: int, seed: int, count: int = TUMBLE_FACES) -> list[int]:
    """The faces the die shows as it tumbles: ``count`` faces, never the same twice in a row, the last
    one ``value``. ``seed`` is the animation's own (the game's generator is never drawn from here)."""
    value = checked_value(value)
    rng = random.Random(seed)
    faces = [value]
    while len(faces) < count:
        faces.append(rng.choice([f for f in FACES if f != faces[-1] and (len(faces) < count - 1 or f != value)]))
    faces.reverse()
    return faces


def face_at(t: float, faces: list[int]) -> int:
    """The face shown at ``t`` (0–1) of the tumble: changes come fast, then slow down, the last one at
    ``LANDING``."""
    if t >= LANDING or len(faces) == 1:
        return faces[-1]
    progress = 1 - (1 - max(0.0, t) / LANDING) ** 2  # decelerating: early changes close together
    return faces[min(len(faces) - 2, int(progress * (len(faces) - 1)))]


class _DieDrawing:
    """A die's face on a canvas: shadow, ivory body, stone edge, seven pip spots of which a face shows
    some. ``place`` moves it; ``show`` changes its pips only when the face changes."""

    def __init__(self, canvas, shadow: bool = True) -> None:
        with canvas:
            PushMatrix()
            self.rotate = Rotate(angle=0)
            self.scale = Scale(1, 1, 1)
            self.shadow_colour = Color(0, 0, 0, 0.35 if shadow else 0)
            self.shadow = RoundedRectangle()
            Color(*colour("selection"))
            self.body = RoundedRectangle()
            Color(*colour("stone_dark"))
            self.edge = Line(width=1.5)
            # Each pip its own colour: a hidden pip is made transparent, not zero-sized (Kivy keeps the old
            # shape of an ellipse whose size becomes 0, and the pips of the face before stayed on screen).
            self.pip_colours, self.pips = {}, {}
            for spot in _PIP_SPOTS:
                self.pip_colours[spot] = Color(*colour("text_on_light"))
                self.pips[spot] = Ellipse(segments=32)
            PopMatrix()
        self.face = None
        self.box = (0.0, 0.0, 0.0)

    def place(self, cx: float, cy: float, side: float) -> None:
        self.box = (cx, cy, side)
        x, y = cx - side / 2, cy - side / 2
        radius = side * 0.16
        self.rotate.origin = self.scale.origin = (cx, cy)
        self.shadow.pos, self.shadow.size, self.shadow.radius = (x + side * 0.04, y - side * 0.05), (side, side), [radius]
        self.body.pos, self.body.size, self.body.radius = (x, y), (side, side), [radius]
        self.edge.rounded_rectangle = (x, y, side, side, radius)
        self.edge.width = max(1.0, side * 0.015)
        face, self.face = self.face, None
        if face is not None:
            self.show(face)

    def show(self, face: int) -> None:
        """Draw ``face``'s pips; ``NOT_ROLLED`` (0) draws a blank face: a die not rolled yet shows no value."""
        if face == self.face:
            return  # nothing changes on the canvas: no redraw is asked
        self.face = face
        cx, cy, side = self.box
        d = side * 0.19
        on = PIPS.get(face, ())
        for spot, pip in self.pips.items():
            ux, uy = _PIP_SPOTS[spot]
            pip.pos, pip.size = (cx - side / 2 + ux * side - d / 2, cy - side / 2 + uy * side - d / 2), (d, d)
            self.pip_colours[spot].a = 1.0 if spot in on else 0.0

    def pose(self, angle: float, scale: float) -> None:
        if self.rotate.angle != angle:
            self.rotate.angle = angle
        if self.scale.x != scale:
            self.scale.xyz = (scale, scale, 1)


class Die(Widget):
    """A d6 showing ``value``: blank (``NOT_ROLLED``) until it is rolled or shown a value, so that a face
    is never read as a roll that did not happen (a die that showed 1 before its roll was taken for a 1).
    ``roll`` tumbles it to a value; ``on_rolled(value)`` when it has landed.
    ``settings`` is a callable returning the app's settings (read at each roll: reduce motion shows the
    value at once); ``sound`` is the app's sound or None; ``clock`` returns seconds (tests pass their own)."""

    value = NumericProperty(0)  # NOT_ROLLED until the first roll or show
    rolling = BooleanProperty(False)
    __events__ = ("on_rolled",)

    def __init__(self, settings: Callable[[], Any] | None = None, sound: Any = None,
                 clock: Callable[[], float] = time.monotonic, **kw: Any) -> None:
        super().__init__(**kw)
        self._settings = settings or (lambda: None)
        self.sound = sound
        self.clock = clock
        self.rolls = 0  # rolls so far: each tumble's own seed
        self._faces: list[int] = []
        self._started = 0.0
        self._length = 0.0
        self._event = None
        self.drawing = _DieDrawing(self.canvas)
        self.bind(pos=self._layout, size=self._layout)
        self._layout()

    def on_rolled(self, value: int) -> None:
        pass

    @property
    def shown(self) -> int:
        """The face on the canvas now (during a tumble, the face of the moment)."""
        return self.drawing.face

    def show(self, value: int) -> None:
        """Show ``value`` at once, no tumble (a face of the table's die was tapped, a screen rebuilt)."""
        self._stop()
        self.value = checked_value(value)
        self.drawing.pose(0, 1)
        self.drawing.show(self.value)

    def roll(self, value: int | None = None, rng: random.Random | None = None) -> int:
        """Roll to ``value``, or to ``rng.randint(1, 6)`` (one draw of the caller's generator); returns the
        value, which ``on_rolled`` reports again when the die has landed."""
        if value is None:
            if rng is None:
                raise ValueError("a roll needs the value to show or the game's random.Random")
            if not callable(getattr(rng, "randint", None)):
                raise TypeError(f"a roll draws from a random.Random, not {type(rng).__name__}")
            value = rng.randint(1, 6)
        value = checked_value(value)
        self._stop()
        self.value = value
        self.rolls += 1
        self._length = duration(DIE_TUMBLE_S, self._settings())
        if self._length <= 0:  # reduce motion: the face at once, a tick instead of the rattle
            play_cue(self.sound, "die_pick")
            self.show(value)
            self.dispatch("on_rolled", value)
            return value
        play_cue(self.sound, "die_roll")
        self._faces = tumble_faces(value, seed=self.rolls * 7919 + value)
        self._started = self.clock()
        self.rolling = True
        self._draw(0.0)
        self._event = Clock.schedule_interval(self._frame, 0)
        return value

    def finish(self) -> None:
        """End a tumble now, on its face (a tap on the die does this)."""
        if self.rolling:
            self._land()

    def on_touch_down(self, touch) -> bool:
        if self.rolling and self.collide_point(*touch.pos):
            self.finish()
            return True
        return super().on_touch_down(touch)

    def _frame(self, _dt: float) -> None:
        t = (self.clock() - self._started) / self._length
        if t >= 1.0:
            self._land()
        else:
            self._draw(max(0.0, t))

    def _draw(self, t: float) -> None:
        self.drawing.show(face_at(t, self._faces))
        if t < LANDING:
            spin = 1 - t / LANDING
            angle = 420 * spin * spin * (1 if self.rolls % 2 else -1)  # it slows to a stop, square on
            scale = 0.82 + 0.18 * (1 - spin)
        else:
            settle = (t - LANDING) / (1 - LANDING)
            angle, scale = 0.0, 1.0 + 0.08 * math.sin(math.pi * settle)  # a small bump as it lands
        self.drawing.pose(round(angle, 2), round(scale, 4))

    def _land(self) -> None:
        self._stop()
        self.drawing.pose(0, 1)
        self.drawing.show(self.value)
        self.dispatch("on_rolled", int(self.value))

    def _stop(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event = None
        self.rolling = False

    def _layout(self, *_args: Any) -> None:
        # The centre from x and width, not center_x: that alias is updated after this runs (stale here).
        side = min(self.width, self.height) * 0.86
        self.drawing.place(self.x + self.width / 2, self.y + self.height / 2, side)
        self.drawing.show(self.drawing.face if self.drawing.face is not None else int(self.value))


class FaceView(Widget):
    """A die's face shown, not tapped: ``value`` in pips like a real die (the die screen's roll-offs)."""

    value = NumericProperty(NOT_ROLLED)

    def __init__(self, value: int = NOT_ROLLED, **kw: Any) -> None:
        super().__init__(**kw)
        self.drawing = _DieDrawing(self.canvas, shadow=False)
        self.bind(pos=self._layout, size=self._layout, value=self._layout)
        self.value = value
        self._layout()

    def _layout(self, *_args: Any) -> None:
        self.drawing.place(self.x + self.width / 2, self.y + self.height / 2, min(self.width, self.height) * 0.9)
        self.drawing.show(int(self.value))


class DieFace(ButtonBehavior, Widget):
    """One face of the table's own die, to tap: ``value`` in pips (no digits: the same face as the die on
    the table). ``on_release`` as a button."""

    value = NumericProperty(1)

    def __init__(self, value: int, **kw: Any) -> None:
        super().__init__(**kw)
        self.value = checked_value(value)
        self.drawing = _DieDrawing(self.canvas, shadow=False)
        self.bind(pos=self._layout, size=self._layout, state=self._pressed)
        self._layout()

    def _layout(self, *_args: Any) -> None:
        self.drawing.place(self.x + self.width / 2, self.y + self.height / 2, min(self.width, self.height) * 0.9)
        self.drawing.show(int(self.value))

    def _pressed(self, *_args: Any) -> None:
        self.drawing.pose(0, 0.92 if self.state == "down" else 1)


class DiePanel(BoxLayout):
    """The die, its main action "Roll the die" and the six faces of the table's die: what a screen puts
    where a game needs a d6. ``on_value(value, source)``: source "screen" when the die has landed,
    "table" when a face was tapped (at once: one tap); it is the one value to record (a face tapped
    while the die tumbles replaces that roll, which is never reported). With ``rng`` the roll draws from it; without,
    "Roll" dispatches ``on_roll_request`` and the caller rolls ``panel.die.roll(value=...)``."""

    __events__ = ("on_value", "on_roll_request")

    def __init__(self, tr: Callable[..., str], rng: random.Random | None = None,
                 settings: Callable[[], Any] | None = None, sound: Any = None,
                 clock: Callable[[], float] = time.monotonic, **kw: Any) -> None:
        from kivy.core.window import Window

        portrait = Window.height > Window.width
        kw.setdefault("orientation", "vertical" if portrait else "horizontal")
        kw.setdefault("spacing", px(SPACE.m))
        super().__init__(**kw)
        self.tr, self.rng, self.sound = tr, rng, sound
        left = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        self.die = Die(settings=settings, sound=sound, clock=clock, size_hint=(1, None), height=px(DIE_SIZE))
        self.die.bind(on_rolled=lambda _w, v: self._landed(v))
        self.result = FitLabel(text="", base_font=TYPE.step, bold=True, color=colour("text"), size_hint_y=None,
                               height=line_box(TYPE.step, 1, profile()))
        self.result.role = "step"
        for child in (Widget(), self.die, self.result, Widget()):  # the die and its words in the middle
            left.add_widget(child)
        right = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        right.add_widget(Widget())  # the action, its words and the faces in the middle
        self.roll_button = BigButton(text=tr("die.roll"), bg=colour("accent"), base_font=TYPE.button, bold=True,
                                     size_hint_y=None, height=px(TOUCH.primary))
        self.roll_button.bind(on_release=lambda *_: self.roll())
        right.add_widget(self.roll_button)
        right.add_widget(FitLabel(text=tr("die.own"), base_font=TYPE.body, color=colour("text_muted"),
                                  size_hint_y=None, height=line_box(TYPE.body, 1, profile())))
        grid = GridLayout(cols=6 if portrait else 3, spacing=px(TOUCH.gap), size_hint_y=None,
                          height=px(FACE_SIZE) * (1 if portrait else 2) + (0 if portrait else px(TOUCH.gap)))
        self.faces = []
        for n in FACES:
            face = DieFace(n, size_hint=(None, None), size=(px(FACE_SIZE), px(FACE_SIZE)))
            face.bind(on_release=lambda w: self.enter(int(w.value)))
            self.faces.append(face)
            grid.add_widget(face)
        right.add_widget(grid)
        right.add_widget(Widget())
        self.add_widget(left)
        self.add_widget(right)

    def on_value(self, value: int, source: str) -> None:
        pass

    def on_roll_request(self) -> None:
        pass

    def roll(self, value: int | None = None) -> None:
        """The main action: the die tumbles to ``value``, or to a draw of ``rng``, or the caller is asked.
        Pressed again while it tumbles, it lands it (no second draw: one press, one roll, one value)."""
        if self.die.rolling:
            self.die.finish()
            return
        if value is None and self.rng is None:
            self.dispatch("on_roll_request")
            return
        self.result.text = ""
        self.die.roll(value=value, rng=self.rng if value is None else None)

    def enter(self, value: int) -> None:
        """A face of the table's own die tapped: shown and reported at once."""
        value = checked_value(value)
        play_cue(self.sound, "die_pick")
        self.die.show(value)
        self.result.text = self.tr("die.shows", value=value)
        self.dispatch("on_value", value, "table")

    def _landed(self, value: int) -> None:
        self.result.text = self.tr("die.shows", value=value)
        self.dispatch("on_value", value, "screen")
