"""Knightmare's sounds and the old wizard's voice (companion/app/games/knightmare/sounds.py, motion.py):
synthesised cues that sound and fit their moment, the right cue for each event, and a voice that is not
Père Fouras's."""

from __future__ import annotations

import numpy as np
import pytest

from companion.app.games.knightmare import motion, sounds
from companion.sound.speech.profile import FOURAS


@pytest.mark.parametrize("name", sorted(sounds.CUES))
def test_each_cue_is_a_short_sound_that_is_not_silence(name):
    c = sounds.clip(name, 16000)
    samples = np.asarray(c.samples)
    seconds = len(samples) / c.rate
    assert 0.3 <= seconds <= 2.5
    assert float(np.max(np.abs(samples))) > 0.1
    assert np.all(np.isfinite(samples))


def test_an_unknown_cue_is_named_with_the_known_ones():
    with pytest.raises(KeyError, match="km_sword"):
        sounds.clip("km_trumpet")


def test_the_fanfare_rises_and_the_door_ends_low():
    def pitch(x, rate):  # the strongest frequency
        spectrum = np.abs(np.fft.rfft(x * np.hanning(len(x))))
        return float(np.fft.rfftfreq(len(x), 1 / rate)[np.argmax(spectrum)])

    rate = 16000
    fanfare = np.asarray(sounds.clip("km_fanfare", rate).samples)
    first, last = fanfare[: int(0.2 * rate)], fanfare[int(0.8 * rate): int(1.6 * rate)]
    assert pitch(last, rate) > pitch(first, rate) * 1.5
    door = np.asarray(sounds.clip("km_door", rate).samples)
    assert pitch(door[int(0.6 * rate): int(0.9 * rate)], rate) < 200  # the thud


class Recorder:
    """The app's sound as far as the cues go: a mixer that records what it is asked to play."""

    class Mixer:
        rate = 16000

        def __init__(self):
            self.played = []

        def play(self, clip, category, delay=0.0):
            self.played.append((category, delay))

    def __init__(self):
        self.mixer = self.Mixer()
        self.history = []

    def is_on(self, category):
        return True


class App:
    def __init__(self):
        self.sound = Recorder()


@pytest.mark.parametrize("event, cue", [("knightmare.fought", "km_sword"),
                                        ("knightmare.sent_to_dungeon", "km_door"),
                                        ("knightmare.went_to_dungeon", "km_door"),
                                        ("knightmare.helmet_placed", "km_helmet"),
                                        ("knightmare.throne_reached", "km_fanfare")])
def test_each_moment_plays_its_cue(event, cue):
    app = App()
    motion.follow(app, {"events": [{"type": "knightmare.turn_started"}, {"type": event}]})
    assert app.sound.history == [("cue", cue)] and [c for c, _ in app.sound.mixer.played] == ["cues"]


def test_a_lost_fight_plays_the_clash_when_the_dice_land_then_the_door():
    app = App()
    cues = motion.follow(app, {"events": [{"type": "knightmare.fought"}, {"type": "knightmare.sent_to_dungeon"}]})
    assert cues == ["km_sword", "km_door"] and app.sound.history == [("cue", "km_sword"), ("cue", "km_door")]
    (_, clash), (_, door) = app.sound.mixer.played
    assert clash == motion.FIRST_AFTER_DIE and door > clash


def test_no_sound_no_failure():
    class Silent:
        sound = None

    assert motion.follow(Silent(), {"events": [{"type": "knightmare.fought"}]}) == ["km_sword"]
    assert motion.wizard_reads(Silent(), "Qui ?") is False


@pytest.mark.parametrize("engine", ["piper", "espeak"])
def test_the_wizard_does_not_speak_with_pere_fouras_voice(engine):
    wizard, fouras = motion.WIZARD[engine], FOURAS[engine]
    assert wizard.name != fouras.name
    assert wizard.pitch > fouras.pitch and wizard.speed > fouras.speed  # higher and quicker than Fouras
