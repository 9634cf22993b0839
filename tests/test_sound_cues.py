"""The synthesised cues: each one there, audible, bounded, deterministic; buzzers that differ; a sea
loop without a click."""

from __future__ import annotations

import numpy as np
import pytest

from companion.sound.cues import CUES, PEAK, CueBank

RATE = 48000
ISSUE_CUES = ("gong", "hourglass_start", "tick_tock", "time_up", "key_won", "key_lost", "splash", "prison_door",
              "passe_partout", "fanfare", "coins", "victory", "sea")


@pytest.fixture(scope="module")
def bank():
    return CueBank(RATE)


def dominant_hz(samples: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(len(samples))))
    return float(np.argmax(spectrum) * rate / len(samples))


def test_every_cue_of_the_issue_exists():
    assert set(ISSUE_CUES) <= set(CUES)


@pytest.mark.parametrize("name", sorted(CUES))
def test_cue_is_audible_finite_and_bounded(bank, name):
    clip = bank.get(name)
    x = clip.samples
    assert clip.rate == RATE and x.dtype == np.float32
    assert 0.2 <= clip.seconds <= 10
    assert np.isfinite(x).all()
    assert 0.3 <= np.abs(x).max() <= PEAK + 1e-6
    rms = float(np.sqrt(np.mean(x ** 2)))
    assert rms > 0.01, f"{name} is nearly silent"
    assert abs(float(np.mean(x))) < 0.05, f"{name} has a DC offset"


def test_cues_are_the_same_every_time():
    a, b = CueBank(RATE), CueBank(RATE)
    for name in ("splash", "coins", "key_won", "sea"):
        assert np.array_equal(a.get(name).samples, b.get(name).samples)


def test_each_player_has_a_distinct_buzzer(bank):
    pitches = [dominant_hz(bank.buzzer(i).samples, RATE) for i in range(6)]
    assert len({round(p / 5) for p in pitches}) == 6, pitches
    # And they sound different from each other, not only in pitch: pairwise correlation is low.
    for i in range(6):
        for j in range(i + 1, 6):
            a, b = bank.buzzer(i).samples, bank.buzzer(j).samples
            n = min(len(a), len(b))
            corr = float(np.dot(a[:n], b[:n]) / np.sqrt(np.dot(a[:n], a[:n]) * np.dot(b[:n], b[:n])))
            assert abs(corr) < 0.5


def test_coins_clink_once_per_boyard(bank):
    few, many = bank.coins(2), bank.coins(12)
    assert many.seconds > few.seconds
    assert bank.coins(500).seconds == bank.coins(20).seconds  # bounded


def test_tick_tock_ticks_twice_a_second(bank):
    clip = bank.tick_tock(5)
    assert clip.seconds == pytest.approx(5.0)
    frames = clip.samples[: len(clip.samples) // 480 * 480].reshape(-1, 480)  # 10 ms frames
    loud = np.sqrt((frames ** 2).mean(axis=1)) > 0.05
    onsets = np.flatnonzero(loud[1:] & ~loud[:-1]) + 1
    onsets = np.concatenate([[0], onsets]) if loud[0] else onsets
    assert len(onsets) == 10
    assert np.allclose(np.diff(onsets), 50, atol=1)  # every 0.5 s


def test_sea_loops_without_a_click(bank):
    x = bank.get("sea").samples
    step = np.abs(np.diff(x))
    seam = abs(float(x[0]) - float(x[-1]))
    assert seam <= np.percentile(step, 99.9)


def test_unknown_cue_names_what_exists(bank):
    with pytest.raises(KeyError, match="gong"):
        bank.get("trumpet")
