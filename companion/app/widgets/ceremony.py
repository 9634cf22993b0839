"""The podium ceremony of every game (issue 22): its own backdrop (a warm spotlight on a stage curtain,
look/art/ceremony.py) and the game's tokens raining down over the podium for a few seconds: Boyard
coins by default; a game passes its own kind (a knight's helmet, a card, a wall's brick, a pizza slice).

Bounded and brief by rule: at most ``MAX_TOKENS`` shapes, the rain ends by itself within
``CEREMONY_S`` (≤ 4 s) and takes its shapes off the canvas; then the widget has no clock event and a
still podium is not redrawn. Under reduce motion no token falls at all. Longer than the design's 1.5 s
for an animation, it makes no one wait: a tap ends it and reaches the podium's button in the same touch.

    ceremony = Ceremony(token="pizza", settings=lambda: app.settings, sound=app.sound)
    ceremony.add_widget(podium)        # the podium's widgets inside: the backdrop under them, tokens over
    ceremony.start()                   # ceremony.bind(on_finished=...) when the last token has fallen
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

from kivy.clock import Clock
from kivy.graphics import (Color, Ellipse, InstructionGroup, Line, PopMatrix, PushMatrix, Rectangle, Rotate,
                           RoundedRectangle, Scale, Translate, Triangle)
from kivy.properties import BooleanProperty
from kivy.uix.floatlayout import FloatLayout

from companion.app.look import palette as P
from companion.app.look.game_art import ceremony_backdrop
from companion.app.look.palette import hex_rgba
from companion.app.look.tokens import reduce_motion
from companion.app.widgets.art import profile
from companion.sound.table_cues import play_cue

TOKENS = ("coin", "helmet", "card", "brick", "pizza")
CEREMONY_S = 3.5   # the whole rain, first token to last: a celebration, not a wait (≤ 4 s)
MAX_TOKENS = 48    # the most shapes a ceremony draws, whatever it is asked
TOKEN_SIZE = 40    # px at 800×480, the largest token (each is 70–100% of it)
SEGMENTS = 24     # an ellipse's sides: round at 40 px (Kivy's default, 180, costs a software renderer dearly)
#: What the rain sounds like, by token: metal clinks, or soft pats for what is paper, clay or dough.
TOKEN_CUES = {"coin": "tokens_falling", "helmet": "tokens_falling", "card": "soft_tokens_falling",
              "brick": "soft_tokens_falling", "pizza": "soft_tokens_falling"}
CARD_COLOURS = ("1e4fa8", "3aa86a", "f0e442", "b01c22")  # the four suits of the spiral cards (blue, green, yellow, red)


def _token_shapes(kind: str, s: float, variant: int) -> list:
    """The instructions of one token, centred on (0, 0), ``s`` px across: flat vector shapes."""
    h = s / 2
    if kind == "coin":  # a Boyard: gold disc, deeper rim, an engraved ring
        return [Color(*hex_rgba(P.GOLD_DEEP)), Ellipse(segments=SEGMENTS, pos=(-h, -h), size=(s, s)),
                Color(*hex_rgba(P.GOLD)), Ellipse(segments=SEGMENTS, pos=(-h * 0.84, -h * 0.84), size=(s * 0.84, s * 0.84)),
                Color(*hex_rgba(P.GOLD_DEEP)), Line(circle=(0, 0, h * 0.55, 0, 360, SEGMENTS), width=max(1.0, s * 0.04))]
    if kind == "helmet":  # a knight's helm: a red plume, a steel dome lit on the left, the eye slit, a nasal
        return [Color(*hex_rgba("e4572e")), Ellipse(segments=SEGMENTS, pos=(-h * 0.1, h * 0.55), size=(s * 0.62, h * 0.5)),
                Color(*hex_rgba("c2362b")), Ellipse(segments=SEGMENTS, pos=(h * 0.25, h * 0.2), size=(s * 0.38, h * 0.5)),
                Color(*hex_rgba("7b8591")), Rectangle(pos=(-h * 0.8, -h * 0.9), size=(s * 0.8, h * 1.1)),
                Ellipse(segments=SEGMENTS, pos=(-h * 0.8, -h * 0.6), size=(s * 0.8, s * 0.8), angle_start=-90, angle_end=90),
                Ellipse(segments=SEGMENTS, pos=(-h * 0.8, -h * 1.15), size=(s * 0.8, h * 0.5)),
                Color(*hex_rgba(P.MIST)), Rectangle(pos=(-h * 0.8, -h * 0.9), size=(h * 0.7, h * 1.1)),
                Ellipse(segments=SEGMENTS, pos=(-h * 0.8, -h * 0.6), size=(s * 0.8, s * 0.8), angle_start=-90, angle_end=0),
                Color(*hex_rgba("0d0f14")), Rectangle(pos=(-h * 0.8, -h * 0.02), size=(s * 0.8, h * 0.24)),
                Rectangle(pos=(h * 0.22, -h * 0.62), size=(h * 0.36, h * 0.1)),  # the breaths
                Rectangle(pos=(h * 0.22, -h * 0.4), size=(h * 0.36, h * 0.1)),
                Color(*hex_rgba(P.GOLD)), Rectangle(pos=(-h * 0.08, -h * 1.0), size=(h * 0.16, h * 1.0)),
                Line(ellipse=(-h * 0.8, -h * 0.6, s * 0.8, s * 0.8, -90, 90, SEGMENTS // 2), width=max(1.0, s * 0.03))]
    if kind == "card":  # a spiral card: light edge, one of the four suits, a spiral on its face
        ink = hex_rgba(CARD_COLOURS[variant % len(CARD_COLOURS)])
        mark = hex_rgba(P.INK if variant % len(CARD_COLOURS) == 2 else P.PARCHMENT)  # dark on the yellow only
        turns = [(s * 0.2 * (0.15 + 0.85 * i / 15) * math.cos(i / 15 * 2.4 * math.pi),
                  s * 0.2 * (0.15 + 0.85 * i / 15) * math.sin(i / 15 * 2.4 * math.pi)) for i in range(16)]
        return [Color(*hex_rgba(P.PARCHMENT)), RoundedRectangle(pos=(-h * 0.72, -h), size=(s * 0.72, s), radius=[s * 0.1]),
                Color(*ink), RoundedRectangle(pos=(-h * 0.6, -h * 0.88), size=(s * 0.6, s * 0.88), radius=[s * 0.07]),
                Color(*mark), Line(points=[v for xy in turns for v in xy], width=max(1.0, s * 0.04))]
    if kind == "brick":  # a wall's brick: brick red, a lit top edge, the mortar's line
        return [Color(*hex_rgba("a3241c")), Rectangle(pos=(-h, -h * 0.45), size=(s, s * 0.45)),
                Color(*hex_rgba("d4503f")), Rectangle(pos=(-h, h * 0.25), size=(s, s * 0.1)),
                Color(*hex_rgba(P.LIMESTONE)), Line(points=(0, -h * 0.45, 0, h * 0.35), width=max(1.0, s * 0.03))]
    if kind == "pizza":  # a slice, tip down: cheese, the crust, two pepperoni
        return [Color(*hex_rgba(P.GOLD)), Triangle(points=(-h * 0.8, h * 0.7, h * 0.8, h * 0.7, 0, -h)),
                Color(*hex_rgba("e0a04a")), RoundedRectangle(pos=(-h * 0.9, h * 0.6), size=(s * 0.9, s * 0.18),
                                                            radius=[s * 0.09]),
                Color(*hex_rgba("c2362b")), Ellipse(segments=SEGMENTS, pos=(-h * 0.4, h * 0.1), size=(s * 0.2, s * 0.16)),
                Ellipse(segments=SEGMENTS, pos=(h * 0.05, -h * 0.3), size=(s * 0.16, s * 0.13))]
    raise ValueError(f"no token {kind!r}; known: {', '.join(TOKENS)}")


class _Token:
    """One falling token: where it starts, when, how fast it turns, and its instructions."""

    def __init__(self, rng: random.Random, kind: str, size: float, variant: int) -> None:
        self.x = rng.uniform(0.03, 0.97)          # share of the width
        self.delay = rng.uniform(0.0, 0.4)        # share of the ceremony before it appears
        self.fall = rng.uniform(0.45, 0.6)        # share of the ceremony it takes to cross the screen
        self.sway, self.phase = rng.uniform(0.01, 0.03), rng.uniform(0, 2 * math.pi)
        self.spin = rng.uniform(-200, 200)        # degrees over its fall
        self.flip = rng.uniform(2, 5)             # half-turns of its face (a coin turning over)
        self.size = size * rng.uniform(0.7, 1.0)
        self.group = InstructionGroup()
        self.alpha = Color(1, 1, 1, 1)
        for instruction in (PushMatrix(),):
            self.group.add(instruction)
        self.move, self.turn, self.face = Translate(0, 0), Rotate(angle=0), Scale(1, 1, 1)
        for instruction in (self.move, self.turn, self.face):
            self.group.add(instruction)
        for instruction in _token_shapes(kind, self.size, variant):
            self.group.add(instruction)
        self.group.add(PopMatrix())

    def draw(self, t: float, x0: float, y0: float, w: float, h: float) -> bool:
        """Place it at ``t`` (0–1 of the ceremony); False once it has fallen out of the picture."""
        q = (t - self.delay) / self.fall
        if q >= 1.0:
            return False
        q = max(0.0, q)
        drop = 0.55 * q + 0.45 * q * q  # it gathers speed as it falls
        self.move.xy = (x0 + w * (self.x + self.sway * math.sin(self.phase + q * 7)),
                        y0 + h + self.size - drop * (h + 2 * self.size))
        self.turn.angle = self.spin * q
        self.face.x = max(0.08, abs(math.cos(self.phase + q * self.flip * math.pi)))
        return True


class Ceremony(FloatLayout):
    """The podium's stage: the spotlight backdrop under its children, the tokens raining over them.
    ``token`` is one of ``TOKENS``; ``count`` is capped at ``MAX_TOKENS``; ``seed`` makes the same rain
    every time (the picture only: nothing of the game depends on it). ``over`` False rains them behind the
    children instead (over the backdrop only: the podium's words are never covered). ``on_finished``
    when it ends."""

    playing = BooleanProperty(False)
    __events__ = ("on_finished",)

    def __init__(self, token: str = "coin", count: int = 36, seed: int = 22,
                 settings: Callable[[], Any] | None = None, sound: Any = None,
                 clock: Callable[[], float] = time.monotonic, over: bool = True, art: str = "ceremony",
                 **kw: Any) -> None:
        super().__init__(**kw)
        if token not in TOKENS:
            raise ValueError(f"no token {token!r}; known: {', '.join(TOKENS)}")
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"a ceremony's count of tokens is a whole number, not {count!r}")
        self.token, self.count, self.seed = token, max(0, min(count, MAX_TOKENS)), seed
        self._settings = settings or (lambda: None)
        self.sound, self.clock = sound, clock
        self._live_clock = clock  # ``hold`` stops the clock for a picture; ``start`` runs it again
        self.over, self.art = over, art  # art: the backdrop's name (a game's own, else the spotlit stage)
        self.tokens: list[_Token] = []
        self._group: InstructionGroup | None = None
        self._event = None
        self._started = 0.0
        self.rains = 0  # how many times the rain has started (a podium shown, then rebuilt while shown)
        from companion.app.motion.layer import texture

        self._profile = profile()
        with self.canvas.before:
            Color(1, 1, 1, 1)
            self.backdrop = Rectangle(texture=texture(ceremony_backdrop(self._profile, self.art)))
        self._texture = texture
        self.bind(pos=self._layout, size=self._layout)
        self._layout()

    def on_finished(self) -> None:
        pass

    def start(self) -> bool:
        """Start the rain (again, from the top); False, and ``on_finished`` at once, under reduce motion."""
        self.finish(quiet=True)
        self.clock = self._live_clock
        if reduce_motion(self._settings()) or self.count == 0:
            self.dispatch("on_finished")
            return False
        rng = random.Random(self.seed)
        size = TOKEN_SIZE * profile().scale
        self.tokens = [_Token(rng, self.token, size, i) for i in range(self.count)]
        self._group = InstructionGroup()
        for token in self.tokens:
            self._group.add(token.group)
        self._layer().add(self._group)
        self._started = self.clock()
        self.rains += 1
        self.playing = True
        play_cue(self.sound, TOKEN_CUES[self.token])
        self._frame(0)
        self._event = Clock.schedule_interval(self._frame, 0)
        return True

    def finish(self, quiet: bool = False) -> None:
        """End the rain now: its shapes off the canvas, no clock; ``on_finished`` unless ``quiet``."""
        if self._event is not None:
            self._event.cancel()
            self._event = None
        if self._group is not None:
            self._layer().remove(self._group)
            self._group = None
        self.tokens = []
        was = self.playing
        self.playing = False
        if was and not quiet:
            self.dispatch("on_finished")

    def hold(self, at: float = 0.4) -> None:
        """Stop the rain at ``at`` (0–1 of the ceremony) and keep it there: a picture (``companion shots``,
        the contrast test's two photographs of one screen) shows the tokens half-way, the same in both.
        Nothing to hold once the rain has ended or under reduce motion; ``finish`` still clears it."""
        if not self.playing:
            return
        if self._event is not None:
            self._event.cancel()
            self._event = None
        moment = self._started + max(0.0, min(at, 0.99)) * CEREMONY_S
        self.clock = lambda: moment
        self._frame(0)

    def on_touch_down(self, touch) -> bool:
        # As the motion layer: a tap ends the rain, and the podium's button under it acts on the same tap.
        if self.playing:
            self.finish()
        return super().on_touch_down(touch)

    @property
    def drawn(self) -> int:
        """How many tokens are on the canvas now (0 once it has ended)."""
        return len(self.tokens) if self._group is not None else 0

    def _frame(self, _dt: float) -> None:
        t = (self.clock() - self._started) / CEREMONY_S
        if t >= 1.0:
            self.finish()
            return
        falling = [tok for tok in self.tokens if tok.draw(t, self.x, self.y, self.width, self.height)]
        for gone in set(self.tokens) - set(falling):
            self._group.remove(gone.group)
        self.tokens = falling
        if not falling:
            self.finish()

    def _layer(self):
        return self.canvas.after if self.over else self.canvas.before

    def _layout(self, *_args: Any) -> None:
        now = profile()
        if now != self._profile:  # the window became another display profile: its own backdrop
            self._profile = now
            self.backdrop.texture = self._texture(ceremony_backdrop(now, self.art))
        self.backdrop.pos, self.backdrop.size = self.pos, self.size
