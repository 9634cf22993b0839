"""The sound atmosphere: the hourglass's drum roll, the podium's fanfare and the sea, each in a mixer
category of its own with a volume in the settings (0 switches it off). Played on a mix bus with no
device, so the samples themselves say when each sound starts and stops."""

from __future__ import annotations

import numpy as np
import pytest

from companion.sound.clip import Clip
from companion.sound.mixbus import CATEGORIES, MixBus, Playback

RATE = 8000  # enough for the tests, and 10 s of drum roll stay small


class BusMixer:
    """A mixer whose device is the test: every sound goes to a MixBus that the test renders."""

    def __init__(self) -> None:
        self.rate = RATE
        self.bus = MixBus(channels=1)

    def play(self, clip: Clip, category: str = "cues", *, gain: float = 1.0, loop: bool = False,
             delay: float = 0.0) -> Playback:
        return self.bus.add(Playback(clip.at_rate(self.rate).samples, category, gain=gain, loop=loop,
                                     delay_frames=int(round(delay * self.rate))))

    def stop(self, category=None) -> None:
        self.bus.stop(category)

    def set_volume(self, category, value) -> None:
        self.bus.set_volume(category, value)

    def set_master(self, value) -> None:
        self.bus.set_master(value)

    def set_muted(self, muted) -> None:
        self.bus.muted = muted


@pytest.fixture(scope="module")
def library():
    from companion.content import load_library

    return load_library()


@pytest.fixture
def sound(library):
    from companion.sound import Reactions
    from companion.sound.speech import SilentEngine, Speech

    r = Reactions(BusMixer(), Speech([SilentEngine()]), library, lambda: "en", prerender=False)
    yield r
    r.close()


def only(r, category: str) -> None:
    """Every other category silent: what the bus renders is this category's alone."""
    for c in CATEGORIES:
        r.mixer.set_volume(c, 1.0 if c == category else 0.0)


def loud(block: np.ndarray) -> bool:
    return float(np.max(np.abs(block))) > 0.01


def test_the_new_categories_exist_with_their_volumes_in_the_settings():
    from companion.app.settings import Settings
    from companion.config import screen_options

    assert {"drumroll", "fanfare", "ambience"} <= set(CATEGORIES)
    settings = Settings()
    shown = {o.attr for o in screen_options()}
    for category in CATEGORIES:
        assert getattr(settings, f"{category}_volume") == 100
        assert f"{category}_volume" in shown  # the settings screen has a row for each
    assert Settings().changed(drumroll_volume=0, fanfare_volume=25).fanfare_volume == 25


def test_the_drum_roll_starts_at_ten_seconds_left_and_stops_when_time_is_up(sound):
    sound.apply_settings(settings_with(drumroll_volume=100))
    only(sound, "drumroll")
    sound.on_hourglass_started(14.0)
    assert sound.drumming
    bus = sound.mixer.bus
    before = bus.render(int(3.9 * RATE))  # 14 s to 10.1 s left: nothing yet
    assert not loud(before)
    start = bus.render(int(0.6 * RATE))  # across 10 s left
    assert loud(start[int(0.3 * RATE):])
    sound.on_time_up()
    assert not sound.drumming
    assert not loud(bus.render(RATE))


def test_the_drum_roll_stops_with_the_hourglass(sound):
    only(sound, "drumroll")
    sound.on_hourglass_started(6.0)  # resumed with 6 s left: a 6 s roll at once
    assert sound.drumming and loud(sound.mixer.bus.render(RATE))
    sound.on_hourglass_stopped()
    assert not sound.drumming and not loud(sound.mixer.bus.render(RATE))


def test_volume_zero_switches_a_category_off(sound):
    sound.apply_settings(settings_with(drumroll_volume=0, fanfare_volume=0, ambience_volume=0))
    sound.on_hourglass_started(12.0)
    assert not sound.drumming
    sound.on_answer({"ok": True, "events": [{"type": "game_over", "winners": ["Ann"], "scores": {}}],
                     "state": {"players": [{"name": "Ann"}]}})
    assert sound.mixer.bus.active("fanfare") == 0 and ("cue", "victory") not in sound.history
    sound.set_ambience(True)
    assert not sound.ambience_on


def test_the_podium_fanfare_plays_in_its_own_category(sound):
    only(sound, "fanfare")
    sound.on_answer({"ok": True, "events": [{"type": "game_over", "winners": ["Ann"], "scores": {}}],
                     "state": {"players": [{"name": "Ann"}]}})
    assert sound.mixer.bus.active("fanfare") == 1 and ("cue", "victory") in sound.history
    assert loud(sound.mixer.bus.render(RATE))


def test_the_sea_loops_quietly_with_slow_swells(sound):
    only(sound, "ambience")
    sound.set_ambience(True)
    assert sound.ambience_on and sound.mixer.bus.active("ambience") == 1
    sea = sound.cues.get("sea")
    assert sea.seconds >= 4 and float(np.max(np.abs(sea.samples))) <= 0.5  # quieter than any cue
    # Swells: the loudness of each half second rises and falls.
    halves = np.abs(sea.samples[: len(sea) // sea.rate * sea.rate]).reshape(-1, sea.rate // 2).mean(axis=1)
    assert halves.max() > 1.5 * halves.min()
    sound.set_ambience(False)
    assert not sound.ambience_on


def settings_with(**volumes):
    from companion.app.settings import Settings

    return Settings(**volumes)
