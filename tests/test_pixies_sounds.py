"""Pixies' sounds (companion/app/games/pixies/sounds.py): synthesised cues that are short sounds, not
silence; the one cue each answer calls for; and the table hearing a grid go in, the round end and a card
taken when the app sends the commands."""

from __future__ import annotations

import random

import numpy as np
import pytest

from companion.app.games.pixies import sounds


@pytest.mark.parametrize("name", sorted(sounds.CUES))
def test_each_cue_is_a_short_sound_that_is_not_silence(name):
    c = sounds.clip(name, 16000)
    samples = np.asarray(c.samples)
    assert 0.3 <= c.seconds <= 2.5
    assert 0.1 < float(np.max(np.abs(samples))) <= 1.0
    assert np.all(np.isfinite(samples))


def test_an_unknown_cue_is_named_with_the_known_ones():
    with pytest.raises(KeyError, match="pixies_card, pixies_grid, pixies_round"):
        sounds.clip("pixies_trumpet")


def _pitch(x, rate):  # the strongest frequency
    spectrum = np.abs(np.fft.rfft(x * np.hanning(len(x))))
    return float(np.fft.rfftfreq(len(x), 1 / rate)[np.argmax(spectrum)])


def test_a_grid_scored_rises_and_a_card_taken_is_low_and_short():
    rate = 16000
    grid = np.asarray(sounds.clip("pixies_grid", rate).samples)
    assert _pitch(grid[int(0.3 * rate): int(0.9 * rate)], rate) > _pitch(grid[: int(0.12 * rate)], rate) * 1.3
    card = np.asarray(sounds.clip("pixies_card", rate).samples)
    assert _pitch(card[int(0.16 * rate): int(0.3 * rate)], rate) < 600  # the pat on the table
    assert len(card) / rate < 0.5


@pytest.mark.parametrize("types, cue", [
    (["pixies.turn_started", "pixies.cards_revealed"], None),
    (["pixies.card_placed"], "pixies_card"),
    (["pixies.card_placed", "pixies.grid_filled"], "pixies_grid"),
    (["pixies.grid_entered"], "pixies_grid"),
    (["pixies.grid_entered", "pixies.player_scored", "pixies.round_ended", "pixies.game_over"], "pixies_round"),
])
def test_each_answer_calls_for_its_loudest_news(types, cue):
    assert sounds.cue_for([{"type": t} for t in types]) == cue


class Recorder:
    """The app's sound as far as the cues go: a mixer that records what it is asked to play."""

    class Mixer:
        rate = 16000

        def __init__(self):
            self.played = []

        def play(self, clip, category, delay=0.0):
            self.played.append(category)

    def __init__(self, on=True):
        self.mixer, self.history, self.on = self.Mixer(), [], on

    def is_on(self, category):
        return self.on


class App:
    def __init__(self, sound):
        self.sound = sound


def test_the_cue_plays_in_the_cues_category_and_not_when_cues_are_off_or_there_is_no_sound():
    answer = {"events": [{"type": "pixies.card_placed"}]}
    app = App(Recorder())
    assert sounds.for_answer(app, answer) == "pixies_card"
    assert app.sound.history == [("cue", "pixies_card")] and app.sound.mixer.played == ["cues"]
    muted = App(Recorder(on=False))
    sounds.for_answer(muted, answer)
    assert muted.sound.history == [] and muted.sound.mixer.played == []
    assert sounds.for_answer(App(None), answer) == "pixies_card"  # nothing to play on: no failure
    assert sounds.for_answer(app, {"events": ["not an event", {"type": 3}]}) is None


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    from tests.support import app_harness

    with app_harness(tmp_path_factory.mktemp("pixies-sounds")) as h:
        yield h


def test_the_table_hears_a_grid_go_in_the_round_end_and_a_card_taken(harness):
    from companion.app.games.pixies.scenarios import (
        EXAMPLE,
        SECOND,
        fresh_game,
        grids,
        legal_command,
    )

    app = harness.app
    kept = app.sound
    try:
        fresh_game(app, 2, "pad")
        app.sound = Recorder()
        first, second = grids([EXAMPLE, SECOND])
        assert app.send(first)["ok"]
        assert app.sound.history == [("cue", "pixies_grid")]
        assert app.send(second)["ok"]  # every grid in: the round is scored
        assert app.sound.history[-1] == ("cue", "pixies_round")
        fresh_game(app, 2, "draft")
        app.sound = Recorder()
        rng = random.Random(3)
        assert app.send(legal_command(app.controller.view, rng))["ok"]  # the reveal: no sound
        assert app.sound.history == []
        assert app.send(legal_command(app.controller.view, rng))["ok"]  # the first pick
        assert app.sound.history == [("cue", "pixies_card")]
    finally:
        app.sound = kept
