"""Motion that explains the game (companion.app.motion) and Père Fouras's portrait, through the real app
offscreen: animations follow the game's answers, a tap skips them and acts at once, reduce motion
shows the end states at once, and the portrait speaks exactly while his voice plays."""

from __future__ import annotations

import numpy as np
import pytest

from companion.app.motion.plan import Shot, shots_for
from tests.support import app_harness, judge_by_touch

pytest.importorskip("kivy")


def answer(*events, ok=True):
    return {"ok": ok, "events": list(events), "state": {}}


# --- which animations, pure ----------------------------------------------------------------------------

def test_the_game_events_choose_the_animations():
    shots = shots_for(answer({"type": "challenge_result", "player": "Ann", "success": True},
                             {"type": "key_won", "player": "Ann", "source": "stock"},
                             {"type": "clue_won", "player": "Bob"},
                             {"type": "riddle_failed", "player": "Bob", "stake": "clue"},
                             {"type": "handful_drawn", "player": "Ann", "value": 70, "tokens": {}},
                             {"type": "round_started", "round": 2, "first": "Ann"},
                             {"type": "game_over", "winners": ["Ann"], "scores": {}}))
    assert shots == [Shot("key", "Ann", source="stock"), Shot("clue", "Bob"), Shot("splash", "Bob", stake="clue"),
                     Shot("coins", "Ann", count=70), Shot("title", round=2), Shot("celebration", winners=("Ann",))]


def test_an_undo_or_a_refusal_animates_nothing():
    assert shots_for(answer({"type": "undone"}, {"type": "key_won", "player": "Ann", "source": "stock"})) == []
    assert shots_for({"ok": False, "error": {"message": "no"}}) == []


# --- the real app ------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    from companion.sound import Reactions
    from companion.sound.mixer import Mixer
    from companion.sound.speech.engines import SilentEngine
    from companion.sound.speech.speech import Speech

    sounds = []

    def wire_sound(app):
        # Sound as the real app wires it, on a mixer with no device (CI has no sound card).
        sound = Reactions(Mixer(enabled=False), Speech([SilentEngine()]), app.library,
                          lambda: app.controller.tr.language, prerender=False)
        app.sound = sound
        app.controller.listeners.append(sound.on_answer)
        app.hourglass_listeners.append(sound.on_time_up)
        sounds.append(sound)

    with app_harness(tmp_path_factory.mktemp("motion"), before_start=wire_sound) as h:
        yield h
    sounds[0].close()  # after the app is off the window, as the real app stops


class StillClock:
    """The motion layer's clock in these tests: it moves only when a test says, so that what is still
    playing never depends on how fast the machine draws frames."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def game(harness):
    """A fresh game on the turn screen, motion as the settings say, nothing moving yet."""
    from companion.app.games.fort_boyard import scenarios

    app = harness.app
    app.motion.layer.clock = StillClock()
    app.change_settings(reduce_motion=False)
    scenarios.fresh_game(app)
    app.show_phase()
    harness.settle(frames=4)
    app.motion.finish()
    return harness


def later(h, seconds: float, frames: int = 2) -> None:
    """``seconds`` pass on the motion layer's clock, then a few frames are drawn."""
    h.app.motion.layer.clock.now += seconds
    h.pump(frames)


def tr(h, key, **kw):
    return h.app.controller.tr(key, **kw)


def touch(x, y, up=True):
    from kivy.tests.common import UnitTestTouch

    t = UnitTestTouch(x, y)
    t.touch_down()
    if up:
        t.touch_up()
    return t


def snapshot(h):
    """What the table sees and what the game is, with the motion layer left out."""
    from kivy.uix.label import Label

    view = dict(h.app.controller.view)
    view.pop("game_id", None)
    layer = h.app.motion.layer
    shown = [(type(w).__name__, w.text if isinstance(w, Label) else None, tuple(round(v) for v in w.to_window(*w.pos)),
              tuple(round(v) for v in w.size)) for w in h.widgets(h.app.root) if w is not layer]
    return view, h.app.sm.current, shown, len(layer.canvas.children)


def win_force(h):
    h.tap(tr(h, "space.force"))
    judge_by_touch(h, tr(h, "common.success"))


def test_a_key_won_flies_to_the_winners_chip(game):
    from companion.app.motion import find_target

    h = game
    me = h.app.controller.view["current"]
    win_force(h)
    layer = h.app.motion.layer
    assert layer.busy and layer.played[-1] == "Flight"
    flight = layer.playing[-1]
    chip = find_target("chip", player=me)
    assert chip is not None
    cx, cy = chip.to_window(*chip.center)

    def distance():
        x, y = flight.rect.pos[0] + flight.rect.size[0] / 2, flight.rect.pos[1] + flight.rect.size[1] / 2
        return ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5

    later(h, 0.05)
    start = distance()
    later(h, 0.4)
    assert distance() < start / 2  # on its way to the chip
    later(h, 0.2)
    assert not layer.busy and len(layer.canvas.children) == 0


def test_an_animation_skipped_by_a_tap_leaves_the_same_state_as_one_played_out(game, harness):
    from companion.app.games.fort_boyard import scenarios

    h = game
    win_force(h)
    assert h.app.motion.layer.busy
    touch(4, 476)  # a tap on no button: it only skips
    assert not h.app.motion.layer.busy
    h.settle(frames=4)
    skipped = snapshot(h)

    h.app.motion.finish()
    scenarios.fresh_game(h.app)
    h.app.show_phase()
    h.settle(frames=4)
    win_force(h)
    later(h, 1.6)  # played to its end
    assert not h.app.motion.layer.busy
    assert snapshot(h) == skipped


def test_a_tap_during_an_animation_is_acted_on_in_the_same_frame(game):
    h = game
    win_force(h)
    layer = h.app.motion.layer
    assert layer.busy
    player = h.app.controller.view["current"]
    door = h.button(tr(h, "space.door"))
    fired = []
    door.bind(on_release=lambda *_: fired.append(True))
    touch(*door.to_window(*door.center))  # down and up, no frame in between
    assert fired and h.app.controller.view["current"] != player  # the Door ended the turn at once
    assert not layer.busy


def test_reduce_motion_shows_the_end_states_at_once(game):
    h = game
    h.app.change_settings(reduce_motion=True)
    played = list(h.app.motion.layer.played)
    win_force(h)
    assert not h.app.motion.layer.busy and h.app.motion.layer.played == played
    assert len(h.app.motion.layer.canvas.children) == 0
    h.app.change_settings(reduce_motion=False)


def open_settings_section(h, section: str) -> None:
    from kivy.uix.button import Button

    h.app.go("settings")
    h.settle(frames=3)
    [button] = [w for w in h.widgets(h.screen) if isinstance(w, Button) and getattr(w, "section", None) == section]
    h.tap(button)


def scroll_into_view(h, widget) -> None:
    from kivy.uix.scrollview import ScrollView

    parent = widget.parent
    while parent is not None and not isinstance(parent, ScrollView):
        parent = parent.parent
    if parent is not None:
        parent.scroll_to(widget, animate=False)
        h.settle(frames=3)


def test_settings_toggle_reduce_motion_in_one_tap(game):
    h = game
    open_settings_section(h, "display")  # the settings' Display section
    for value in (True, False):
        [segment] = [w for w in h.widgets(h.screen) if getattr(w, "choice", None) == ("reduce_motion", value)]
        scroll_into_view(h, segment)  # the section's rows scroll above the backdrop's strip: scroll as a user does
        h.tap(segment)
        assert h.app.settings.reduce_motion is value


def test_the_settings_screen_lists_every_sound_category(game):
    from companion.sound.mixbus import CATEGORIES

    h = game
    open_settings_section(h, "sound")  # the volume of each kind of sound, with the mute
    texts = {w.text for w in h.widgets(h.screen) if hasattr(w, "text")}
    steppers = {getattr(w, "step", None) for w in h.widgets(h.screen)}
    for category in CATEGORIES:
        value = getattr(h.app.settings, f"{category}_volume")
        assert tr(h, f"settings.label.{category}_volume") in texts, category
        assert tr(h, "settings.percent", volume=value) in texts, category
        assert (f"{category}_volume", -1) in steppers and (f"{category}_volume", +1) in steppers, category


# --- Père Fouras speaks ---------------------------------------------------------------------------------

def portrait_on(h):
    from companion.app.widgets.fouras import FourasPortrait

    found = [w for w in h.widgets(h.app.root) if isinstance(w, FourasPortrait)]
    assert found, f"no portrait on {h.app.sm.current}"
    return found[0]


def wait_for(h, condition, frames=600):
    for _ in range(frames):
        if condition():
            return True
        h.pump(1)
    return condition()


def words(seconds):
    from companion.sound.clip import Clip

    return lambda: Clip(np.full(int(seconds * 48000), 0.01, np.float32), 48000)


def test_the_portrait_speaks_while_his_voice_plays_and_stops_after(game):
    h = game  # on the riddle's screen: home is the companion's own now, with no game's host on it
    h.app.controller.send({"cmd": "land", "space": "enigme"})
    h.app.show_phase()
    h.settle(frames=3)
    portrait = portrait_on(h)
    assert not portrait.speaking and not portrait.mouth_open
    said = h.app.sound.narrator.say(words(3.0), "Qui suis-je ?")
    assert wait_for(h, lambda: portrait.speaking)
    seen = set()
    assert wait_for(h, lambda: seen.add(portrait.mouth_open) or len(seen) == 2)  # the mouth moves
    assert not said.finished.is_set()  # all of it while the voice still plays
    assert said.wait(10)
    assert wait_for(h, lambda: not portrait.speaking)
    assert not portrait.mouth_open and portrait._event is None  # silent and still: no clock event


def test_the_riddle_screen_shows_him_and_reduce_motion_keeps_him_still(game):
    h = game
    h.app.controller.send({"cmd": "land", "space": "enigme"})
    h.app.show_phase()
    h.settle(frames=3)
    assert h.app.sm.current == "enigme"
    h.app.change_settings(reduce_motion=True)
    h.settle(frames=2)
    portrait = portrait_on(h)
    said = h.app.sound.narrator.say(words(0.6), "…")
    assert wait_for(h, lambda: portrait.speaking)
    assert portrait.mouth_open and portrait._event is None  # open, lit, not moving
    assert said.wait(10) and wait_for(h, lambda: not portrait.speaking)
    h.app.change_settings(reduce_motion=False)


def test_the_sea_plays_on_the_home_screen_only(game):
    h = game
    assert h.app.sm.current == "turn" and not h.app.sound.ambience_on
    h.app.go("home")
    h.settle(frames=2)
    assert h.app.sound.ambience_on
    h.app.show_phase()
    h.settle(frames=2)
    assert not h.app.sound.ambience_on


def test_with_no_target_on_screen_an_animation_plays_in_the_middle_and_ends(game):
    from companion.app.motion import find_target

    h = game
    layer = h.app.motion.layer
    assert find_target("chip", player="Nobody") is None
    for shot in (Shot("key", "Nobody", source="Somebody"), Shot("clue", "Nobody"), Shot("coins", "Nobody", count=30)):
        assert layer.play(h.app.motion.animation(shot))
    later(h, 0.3)
    assert layer.busy
    later(h, 1.3)
    assert not layer.busy and layer._event is None  # nothing moves: no clock event left either
