"""The on-screen die (companion/app/widgets/die.py), drawn offscreen by Kivy: it shows the value it is
given (or the one drawn from the caller's generator), tumbles to land on it, a tap on a face of the
table's own die reports that face, reduce motion lands at once, and a still die asks for no redraw."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings as hsettings, strategies as st

pytest.importorskip("kivy")

from kivy.base import EventLoop  # noqa: E402
from kivy.core.window import Window  # noqa: E402

from companion.app.widgets.die import (DIE_SIZE, FACES, LANDING, PIPS, Die, DiePanel, checked_value,  # noqa: E402
                                       face_at, tumble_faces)
from companion.sound.table_cues import DIE_TUMBLE_S, TABLE_CUES, clip, play_cue  # noqa: E402


class StillClock:
    """Moves only when a test says: what is on screen never depends on the machine's speed."""

    def __init__(self) -> None:
        self.now = 500.0

    def __call__(self) -> float:
        return self.now


class FakeSound:
    """The app's sound as the die sees it: a mixer that records what it is asked to play."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []
        self.history: list = []
        self.mixer = SimpleNamespace(rate=8000, play=lambda c, category: self.played.append((category, c.seconds)))

    def is_on(self, category: str) -> bool:
        return True


def pump(frames: int = 3) -> None:
    for _ in range(frames):
        EventLoop.idle()


@pytest.fixture
def shown():
    """A Die of DIE_SIZE px on the window, on a still clock, motion on; yields (die, clock, landed values)."""
    EventLoop.ensure_window()
    clock, landed = StillClock(), []
    die = Die(settings=lambda: SimpleNamespace(reduce_motion=False), clock=clock, size_hint=(None, None),
              size=(DIE_SIZE, DIE_SIZE), pos=(40, 40))
    die.bind(on_rolled=lambda _w, v: landed.append(v))
    Window.add_widget(die)
    pump()
    try:
        yield die, clock, landed
    finally:
        die.finish()
        Window.remove_widget(die)
        pump(2)


def visible_pips(die: Die) -> int:
    return sum(1 for c in die.drawing.pip_colours.values() if c.a > 0)


def land(die: Die, clock: StillClock) -> None:
    clock.now += DIE_TUMBLE_S + 0.01
    pump(2)


# --- pure --------------------------------------------------------------------------------------------------

@hsettings(max_examples=200, deadline=None)
@given(st.sampled_from(FACES), st.integers(0, 10 ** 9))
def test_a_tumble_ends_on_the_value_and_never_shows_a_face_twice_in_a_row(value, seed):
    faces = tumble_faces(value, seed)
    assert faces[-1] == value and faces[0] != value
    assert all(a != b for a, b in zip(faces, faces[1:]))


def test_the_tumble_changes_faces_quickly_then_slowly_and_shows_the_last_from_the_landing():
    faces = tumble_faces(5, seed=1)
    shown = [face_at(i / 100, faces) for i in range(101)]
    changes = [i for i in range(1, 101) if shown[i] != shown[i - 1]]
    assert len(changes) >= 5
    assert changes[1] - changes[0] < changes[-1] - changes[-2]  # slowing down as it lands
    assert all(f == 5 for f in shown[round(LANDING * 100):])


@pytest.mark.parametrize("bad", [0, 7, 2.0, True, "3", None])
def test_a_value_that_is_not_a_face_is_an_error_naming_it(bad):
    with pytest.raises(ValueError, match=repr(bad).replace("(", r"\(").replace(")", r"\)")):
        checked_value(bad)


def test_a_roll_without_a_value_or_a_generator_is_an_error_naming_what_it_needs(shown):
    die, _clock, landed = shown
    with pytest.raises(ValueError, match="random.Random"):
        die.roll()
    with pytest.raises(TypeError, match="not int"):
        die.roll(rng=42)
    with pytest.raises(ValueError, match="not 9"):
        die.roll(value=9)
    assert landed == [] and not die.rolling


def test_the_die_cue_lands_with_the_tumble_and_an_unknown_cue_is_named():
    sound = clip("die_roll", 8000)
    samples = abs(sound.samples)
    assert abs(samples.argmax() / 8000 - DIE_TUMBLE_S) < 0.1  # its loudest moment: the knock of the landing
    assert set(TABLE_CUES) >= {"die_roll", "die_pick", "tokens_falling"}
    with pytest.raises(KeyError, match="'gong'.*known: die_pick"):
        clip("gong")
    assert play_cue(None, "die_roll") is False


# --- on the window -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("value", FACES)
def test_a_roll_lands_on_the_value_given_and_says_it_once(shown, value):
    die, clock, landed = shown
    assert die.roll(value=value) == value
    assert die.rolling and landed == []
    land(die, clock)
    assert (die.shown, visible_pips(die), landed) == (value, len(PIPS[value]), [value])
    assert not die.rolling and die._event is None
    assert die.drawing.rotate.angle == 0 and die.drawing.scale.x == 1


def test_a_roll_from_the_callers_generator_shows_its_draw_and_takes_one_draw_only(shown):
    die, clock, landed = shown
    game, twin = random.Random(42), random.Random(42)
    value = die.roll(rng=game)
    assert value == twin.randint(1, 6)
    land(die, clock)
    assert landed == [value] and die.shown == value
    assert game.random() == twin.random()  # the tumble drew nothing more from the game's generator


def test_the_die_tumbles_through_other_faces_before_it_lands(shown):
    die, clock, _ = shown
    die.roll(value=3)
    seen, angles = set(), set()
    for _ in range(12):
        clock.now += DIE_TUMBLE_S * LANDING / 12
        pump(1)
        seen.add(die.shown)
        angles.add(die.drawing.rotate.angle)
    assert len(seen) >= 3 and len(angles) >= 6


def test_a_tap_on_a_tumbling_die_lands_it_at_once(shown):
    from kivy.tests.common import UnitTestTouch

    die, clock, landed = shown
    die.roll(value=6)
    touch = UnitTestTouch(*die.center)
    touch.touch_down()
    touch.touch_up()
    assert landed == [6] and die.shown == 6 and not die.rolling


def test_reduce_motion_shows_the_value_at_once_with_no_clock(shown):
    die, clock, landed = shown
    die._settings = lambda: SimpleNamespace(reduce_motion=True)
    die.roll(value=2)
    assert landed == [2] and die.shown == 2 and not die.rolling and die._event is None


def test_a_still_die_is_not_redrawn(shown):
    die, clock, _ = shown
    die.roll(value=4)
    land(die, clock)
    pump(3)  # the last frame of the landing is drawn
    flips = []
    count = lambda *_: flips.append(1)  # noqa: E731
    Window.bind(on_flip=count)
    try:
        pump(20)
    finally:
        Window.unbind(on_flip=count)
    assert flips == [] and die._event is None


def test_the_die_is_at_least_120_px_and_shows_its_pips_in_ink_on_ivory(shown, tmp_path):
    from PIL import Image

    die, clock, _ = shown
    die.show(1)
    pump(3)
    image = Image.open(Window.screenshot(name=str(tmp_path / "die.png"))).convert("RGB")
    cx, cy = die.center
    centre = image.getpixel((int(cx), image.height - 1 - int(cy)))
    corner_pip = image.getpixel((int(cx - die.width * 0.2), image.height - 1 - int(cy + die.width * 0.2)))
    assert min(die.size) >= 120
    assert max(centre) < 60  # the one pip, in ink
    assert min(corner_pip) > 200  # no pip there on a 1: the ivory body


# --- the panel: roll, or tap the table's own die -----------------------------------------------------------------

@pytest.fixture
def panel():
    from companion.app.table.language import Translator

    EventLoop.ensure_window()
    clock, values, sound = StillClock(), [], FakeSound()
    p = DiePanel(Translator("en"), rng=random.Random(7), settings=lambda: SimpleNamespace(reduce_motion=False),
                 sound=sound, clock=clock, size_hint=(None, None), size=(Window.width - 40, 300), pos=(20, 40))
    p.bind(on_value=lambda _w, value, source: values.append((value, source)))
    Window.add_widget(p)
    pump(4)
    try:
        yield p, clock, values, sound
    finally:
        p.die.finish()
        Window.remove_widget(p)
        pump(2)


@pytest.mark.parametrize("n", FACES)
def test_a_tap_on_face_n_reports_n_at_once(panel, n):
    from kivy.tests.common import UnitTestTouch

    p, _clock, values, sound = panel
    face = p.faces[n - 1]
    touch = UnitTestTouch(*face.to_window(*face.center))
    touch.touch_down()
    pump(1)
    touch.touch_up()
    assert values == [(n, "table")]
    assert p.die.shown == n and p.result.text == f"The die shows {n}"
    assert sound.history == [("cue", "die_pick")]


def test_the_roll_button_rolls_the_callers_generator_with_its_sound(panel):
    p, clock, values, sound = panel
    expected = random.Random(7).randint(1, 6)
    p.roll_button.dispatch("on_release")
    assert sound.history == [("cue", "die_roll")] and values == []
    land(p.die, clock)
    assert values == [(expected, "screen")] and p.die.shown == expected


def test_without_a_generator_the_roll_button_asks_the_caller(panel):
    p, clock, values, _ = panel
    asked = []
    p.rng = None
    p.bind(on_roll_request=lambda *_: asked.append(1))
    p.roll_button.dispatch("on_release")
    assert asked == [1] and not p.die.rolling
    p.roll(value=5)
    land(p.die, clock)
    assert values == [(5, "screen")]


def test_the_die_stays_in_the_middle_of_its_box_when_its_layout_moves_it(shown):
    die, _clock, _ = shown
    die.pos = (100, 60)
    die.width = 300  # a layout widening the die's box (its height fixed)
    cx, cy, side = die.drawing.box
    assert (cx, cy) == (250, 60 + DIE_SIZE / 2) and side == pytest.approx(DIE_SIZE * 0.86)


def test_each_face_shows_its_pips_and_none_of_the_face_before(shown, tmp_path):
    """On the screenshot: ink at each pip spot of the face, ivory at the others, face after face."""
    from PIL import Image

    from companion.app.widgets.die import _PIP_SPOTS

    die, _clock, _ = shown
    for n, face in enumerate((6, 1, 5, 2, 4, 3)):
        die.show(face)
        pump(3)
        image = Image.open(Window.screenshot(name=str(tmp_path / f"face{n}.png"))).convert("RGB")
        cx, cy, side = die.drawing.box
        for spot, (ux, uy) in _PIP_SPOTS.items():
            x, y = cx - side / 2 + ux * side, cy - side / 2 + uy * side
            pixel = image.getpixel((int(x), image.height - 1 - int(y)))
            assert (max(pixel) < 60) == (spot in PIPS[face]), (face, spot, pixel)


def test_roll_pressed_again_while_the_die_tumbles_lands_it_without_a_second_draw(panel):
    p, clock, values, _ = panel
    expected = random.Random(7).randint(1, 6)
    p.roll_button.dispatch("on_release")
    p.roll_button.dispatch("on_release")
    assert values == [(expected, "screen")] and not p.die.rolling
    assert p.rng.random() == (lambda r: (r.randint(1, 6), r.random())[1])(random.Random(7))  # one draw only


def test_a_face_tapped_while_the_die_tumbles_is_the_only_value_reported(panel):
    p, clock, values, _ = panel
    p.roll_button.dispatch("on_release")
    p.enter(2)
    land(p.die, clock)
    assert values == [(2, "table")] and p.die.shown == 2


def test_a_die_not_rolled_yet_shows_no_value(shown):
    """Before its roll the die is blank: a face there was read as a roll (Knightmare's die showed 1)."""
    from companion.app.widgets.die import NOT_ROLLED

    die, clock, landed = shown
    assert (die.shown, visible_pips(die)) == (NOT_ROLLED, 0)
    die.pos = (60, 60)  # a layout moving it draws no face either
    assert visible_pips(die) == 0
    die.roll(value=1)
    land(die, clock)
    assert (die.shown, visible_pips(die), landed) == (1, 1, [1])


def test_the_panels_die_is_blank_until_rolled_or_a_face_is_tapped(panel):
    p, _clock, values, _ = panel
    assert visible_pips(p.die) == 0 and p.result.text == "" and values == []


def test_every_games_roll_offs_for_the_first_player_reach_the_die_screen():
    """Each game's ``new`` without ``first``: its roll-offs, prefixed by its game or not, are the die screen's."""
    from companion.app.main import first_rolls
    from companion.engine import registry, rules_for
    from companion.session import GameSession
    from companion.store import GameLog

    prefixed = 0
    for entry in registry.GAMES:
        command = {k: v for k, v in rules_for(entry.id).example_new(5).items() if k != "first"}
        answer = GameSession(GameLog(":memory:")).handle(command)
        assert answer["ok"], (entry.id, answer)
        rolled = [e for e in answer["events"] if "rolls" in e]
        assert first_rolls(answer["events"]) == [e["rolls"] for e in rolled], entry.id
        assert all(set(r) <= {p["name"] for p in answer["state"]["players"]} for r in first_rolls(answer["events"]))
        prefixed += any("." in e["type"] for e in rolled)
    assert prefixed  # a game whose event types carry its prefix rolls for its first player (it was never shown)


@pytest.mark.parametrize("value", FACES)
def test_a_shown_face_draws_its_pips_like_a_real_die(value):
    # Issue 22: the die screen's roll-offs showed digits; a FaceView shows the face's pips, no text.
    from companion.app.widgets.die import FaceView

    face = FaceView(value, size=(80, 80))
    face.value = value
    lit = {spot for spot, c in face.drawing.pip_colours.items() if c.a == 1.0}
    assert lit == set(PIPS[value])
    assert not face.children  # no label: no digit drawn
