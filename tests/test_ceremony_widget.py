"""The podium ceremony (companion/app/widgets/ceremony.py) on the offscreen window: its backdrop under
the podium, a bounded rain of the game's tokens over it that ends by itself within 4 s and leaves
nothing drawn and no clock, nothing falls under reduce motion, and a still podium is not redrawn."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from companion.app.widgets.ceremony import CEREMONY_S, MAX_TOKENS, TOKENS, Ceremony, _token_shapes  # noqa: E402


class StillClock:
    def __init__(self) -> None:
        self.now = 200.0

    def __call__(self) -> float:
        return self.now


def pump(frames: int = 3) -> None:
    for _ in range(frames):
        EventLoop.idle()


@pytest.fixture
def stage():
    EventLoop.ensure_window()
    clock, ended = StillClock(), []
    motion = SimpleNamespace(reduce_motion=False)
    c = Ceremony(token="coin", settings=lambda: motion, clock=clock)
    c.bind(on_finished=lambda *_: ended.append(1))
    Window.add_widget(c)
    pump()
    try:
        yield c, clock, ended, motion
    finally:
        c.finish(quiet=True)
        Window.remove_widget(c)
        pump(2)


def test_the_rain_lasts_at_most_four_seconds():
    assert CEREMONY_S <= 4.0


@pytest.mark.parametrize("token", TOKENS)
def test_every_token_kind_falls_and_ends_by_itself(stage, token):
    c, clock, ended, _ = stage
    c.token = token
    assert c.start() and c.playing and c.drawn == c.count
    clock.now += CEREMONY_S * 0.3
    pump(2)
    assert c.drawn > 0 and ended == []
    clock.now += CEREMONY_S * 0.71
    pump(2)
    assert ended == [1] and not c.playing and c.drawn == 0
    assert len(c.canvas.after.children) == 0 and c._event is None


def test_the_tokens_fall_down_the_screen(stage):
    c, clock, _, _ = stage
    c.start()
    clock.now += CEREMONY_S * 0.45
    pump(1)
    first = {id(t): t.move.y for t in c.tokens}
    clock.now += CEREMONY_S * 0.05
    pump(1)
    later = {id(t): t.move.y for t in c.tokens if id(t) in first}
    assert later and all(later[k] <= first[k] for k in later)
    assert any(later[k] < first[k] for k in later)


def test_the_number_of_tokens_is_bounded_whatever_is_asked():
    c = Ceremony(count=10 ** 6, settings=lambda: None)
    assert c.count == MAX_TOKENS
    assert Ceremony(count=-5, settings=lambda: None).count == 0
    with pytest.raises(ValueError, match="'many'"):
        Ceremony(count="many")


def test_an_unknown_token_is_an_error_naming_it():
    with pytest.raises(ValueError, match="'unicorn'.*coin, helmet, card, brick, pizza"):
        Ceremony(token="unicorn")
    with pytest.raises(ValueError, match="'unicorn'"):
        _token_shapes("unicorn", 10, 0)


def test_under_reduce_motion_nothing_falls_and_it_ends_at_once(stage):
    c, clock, ended, motion = stage
    motion.reduce_motion = True
    assert c.start() is False
    assert ended == [1] and c.drawn == 0 and c._event is None


def test_a_finished_ceremony_is_not_redrawn_and_keeps_its_backdrop(stage):
    c, clock, ended, _ = stage
    c.start()
    clock.now += CEREMONY_S + 0.1
    pump(3)
    flips = []
    count = lambda *_: flips.append(1)  # noqa: E731
    Window.bind(on_flip=count)
    try:
        pump(20)
    finally:
        Window.unbind(on_flip=count)
    assert ended == [1] and flips == []
    assert c.backdrop.texture is not None and tuple(c.backdrop.size) == tuple(c.size)


def test_the_podium_is_under_the_tokens_and_over_the_backdrop(stage, tmp_path):
    """A child (the podium) draws between the backdrop (canvas.before) and the tokens (canvas.after)."""
    from PIL import Image

    from kivy.graphics import Color, Rectangle
    from kivy.uix.widget import Widget

    c, clock, _, _ = stage
    podium = Widget(size_hint=(None, None), size=(200, 100), pos=(300, 60))
    with podium.canvas:
        Color(0, 1, 0, 1)
        Rectangle(pos=podium.pos, size=podium.size)
    c.add_widget(podium)
    pump(3)
    image = Image.open(Window.screenshot(name=str(tmp_path / "podium.png"))).convert("RGB")
    assert image.getpixel((400, image.height - 1 - 110)) == (0, 255, 0)
    backdrop = image.getpixel((20, image.height - 1 - 300))
    assert max(backdrop) < 90 and backdrop[0] > backdrop[2]  # the warm, dark stage


def test_behind_the_podium_the_tokens_never_cover_it(tmp_path):
    """``over=False``: tokens between the backdrop and the children, so a child's pixels stay its own."""
    from PIL import Image

    from kivy.graphics import Color, Rectangle
    from kivy.uix.widget import Widget

    EventLoop.ensure_window()
    clock = StillClock()
    c = Ceremony(token="brick", count=48, settings=lambda: None, clock=clock, over=False)
    podium = Widget(size_hint=(1, 1))
    c.add_widget(podium)
    Window.add_widget(c)
    pump(3)
    with podium.canvas:
        Color(0, 1, 0, 1)
        Rectangle(pos=(0, 0), size=Window.size)
    before = len(c.canvas.before.children)
    try:
        c.start()
        clock.now += CEREMONY_S * 0.4
        pump(3)
        assert c.drawn > 0 and c.tokens[0].group in c._group.children
        image = Image.open(Window.screenshot(name=str(tmp_path / "behind.png"))).convert("RGB")
        assert set(image.getdata()) == {(0, 255, 0)}
    finally:
        c.finish()
        Window.remove_widget(c)
        pump(2)
    assert len(c.canvas.before.children) == before  # the backdrop alone again: the tokens are gone


def test_each_token_kind_has_its_sound():
    from companion.app.widgets.ceremony import TOKEN_CUES
    from companion.sound.table_cues import TABLE_CUES

    assert set(TOKEN_CUES) == set(TOKENS) and set(TOKEN_CUES.values()) <= set(TABLE_CUES)


def test_a_tap_ends_the_rain_and_reaches_the_podiums_button(stage):
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.button import Button

    c, clock, ended, _ = stage
    pressed = []
    button = Button(text="Revanche !", size_hint=(None, None), size=(200, 64), pos=(300, 40))
    button.bind(on_press=lambda *_: pressed.append(1))
    c.add_widget(button)
    pump(2)
    c.start()
    touch = UnitTestTouch(400, 72)
    touch.touch_down()
    touch.touch_up()
    assert ended == [1] and c.drawn == 0 and pressed == [1]


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 6), st.sampled_from(TOKENS))
def test_whatever_the_seed_every_token_has_fallen_out_by_the_end(seed, token):
    import random

    from companion.app.widgets.ceremony import _Token

    rng = random.Random(seed)
    tokens = [_Token(rng, token, 40, i) for i in range(MAX_TOKENS)]
    assert all(t.delay + t.fall <= 1.0 for t in tokens)
    assert not any(t.draw(1.0, 0, 0, 800, 480) for t in tokens)
    assert all(t.draw(t.delay + t.fall * 0.5, 0, 0, 800, 480) for t in tokens)
