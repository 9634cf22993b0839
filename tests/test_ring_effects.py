"""The ring's pure renderer: every effect's exact colours at chosen instants, pause/resume, any LED count."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.devices.ring import Hourglass, Idle, KeyWon, Off, Winner
from companion.devices.ring.colors import BEAM, EMBER, GOLD, OFF, RED, SEA, mix, parse_color
from companion.devices.ring.effects import arc, pulse

BLUE = (0, 0, 255)


def test_full_hourglass_is_gold_all_round():
    assert Hourglass.start(100.0, 30.0).frame(100.0, 24) == [GOLD] * 24


def test_half_drained_hourglass_lights_half_the_ring_halfway_to_red():
    frame = Hourglass.start(100.0, 30.0).frame(115.0, 24)
    assert frame == [(255, 85, 0)] * 12 + [OFF] * 12


def test_the_last_grain_fades_within_its_led():
    # 15.625 s left of 30: 12.5 LEDs of a 24-LED ring, colour 52% of the way from red to gold.
    frame = Hourglass.start(100.0, 30.0).frame(114.375, 24)
    assert frame[:12] == [(255, 89, 0)] * 12
    assert frame[12] == (128, 45, 0)
    assert frame[13:] == [OFF] * 11


def test_last_five_seconds_pulse_bright_on_each_half_second():
    hourglass = Hourglass.start(100.0, 30.0)
    assert hourglass.frame(126.0, 24) == [(255, 23, 0)] * 3 + [(51, 5, 0)] + [OFF] * 20  # 4 s left: bright
    assert hourglass.frame(126.25, 24) == [(102, 8, 0)] * 3 + [OFF] * 21  # 3.75 s left: dark point, 40%


def test_no_pulse_before_the_last_five_seconds():
    hourglass = Hourglass.start(0.0, 30.0)
    # 6.25 s left would be a dark point of the pulse; it is not pulsing yet: 5 full LEDs at full brightness.
    assert hourglass.frame(23.75, 24) == [mix(RED, GOLD, 6.25 / 30)] * 5 + [OFF] * 19


def test_pulse_factor():
    assert pulse(5.0) == pytest.approx(1.0)
    assert pulse(4.75) == pytest.approx(0.4)
    assert pulse(4.875) == pytest.approx(0.7)


def test_time_up_flashes_red_then_settles_to_embers():
    hourglass = Hourglass.start(100.0, 30.0)
    assert hourglass.frame(130.0, 16) == [RED] * 16
    assert hourglass.frame(130.125, 16) == [OFF] * 16
    assert hourglass.frame(130.3, 16) == [RED] * 16
    assert hourglass.frame(132.99, 16) == [OFF] * 16
    assert hourglass.frame(133.0, 16) == [EMBER] * 16
    assert hourglass.frame(1000.0, 16) == [EMBER] * 16


def test_the_end_is_start_plus_duration_whatever_the_frames_drawn():
    hourglass = Hourglass.start(50.0, 3.0)
    assert hourglass.ends_at == 53.0
    assert not hourglass.is_up(52.999)
    assert hourglass.is_up(53.0)
    assert hourglass.remaining(51.5) == 1.5
    assert hourglass.remaining(60.0) == 0.0


def test_pause_keeps_the_time_left_and_freezes_the_picture():
    running = Hourglass.start(100.0, 30.0)
    paused = running.pause(110.0)
    assert paused.paused and paused.ends_at is None
    assert paused.remaining(110.0) == paused.remaining(500.0) == 20.0
    assert paused.frame(500.0, 24) == running.frame(110.0, 24)
    assert not paused.is_up(10_000.0)
    resumed = paused.resume(600.0)
    assert resumed.ends_at == 620.0
    assert resumed.frame(605.0, 24) == running.frame(115.0, 24)
    assert resumed.serial == running.serial


def test_pause_and_resume_are_no_ops_when_they_mean_nothing():
    running = Hourglass.start(0.0, 10.0)
    assert running.resume(5.0) is running
    assert running.pause(10.0) is running  # already run out: "time up" still stands
    paused = running.pause(4.0)
    assert paused.pause(6.0) is paused


def test_paused_hourglass_and_settled_flash_are_still():
    hourglass = Hourglass.start(0.0, 10.0)
    assert not hourglass.still(5.0)
    assert hourglass.pause(5.0).still(6.0)
    assert not hourglass.still(11.0)
    assert hourglass.still(13.0)


@pytest.mark.parametrize("duration", [0, -1, float("nan"), float("inf"), "30"])
def test_an_hourglass_needs_a_positive_duration(duration):
    with pytest.raises(ValueError, match="duration"):
        Hourglass.start(0.0, duration)


def test_winner_colour_runs_round_then_stays():
    winner = Winner(BLUE, since=10.0)
    assert winner.frame(9.0, 12) == [OFF] * 12
    assert winner.frame(10.25, 12) == [BLUE] * 6 + [OFF] * 6
    assert winner.frame(10.5, 12) == [BLUE] * 12
    assert winner.frame(99.0, 12) == [BLUE] * 12
    assert not winner.still(10.25) and winner.still(10.5)


def test_key_won_spins_a_gold_comet_then_glows_gold():
    key = KeyWon(since=0.0)
    assert key.frame(0.0, 16) == [GOLD] + [OFF] * 12 + [(64, 43, 0), (128, 85, 0), (191, 128, 0)]
    # 1/32 s later the head has moved one LED (two turns a second on 16 LEDs).
    assert key.frame(1 / 32, 16) == [(191, 128, 0), GOLD] + [OFF] * 12 + [(64, 43, 0), (128, 85, 0)]
    assert key.frame(1.5, 16) == [GOLD] * 16
    assert key.still(1.5) and not key.still(1.0)


def test_idle_lighthouse_beam_sweeps_over_the_sea():
    idle = Idle(since=0.0)
    assert idle.frame(0.0, 24) == [BEAM, (85, 82, 76)] + [SEA] * 21 + [(85, 82, 76)]
    between = idle.frame(1 / 12, 24)  # the beam halfway between LEDs 0 and 1 (6 LEDs a second)
    assert between[:2] == [(170, 156, 128)] * 2
    assert between[2:23] == [SEA] * 21
    assert idle.frame(1.0, 24)[6] == BEAM  # a quarter turn a second
    assert idle.frame(4.0, 24) == idle.frame(0.0, 24)
    assert not idle.still(100.0)


def test_off_is_dark_and_still():
    assert Off().frame(3.0, 60) == [OFF] * 60
    assert Off().still(0.0)


def test_arc_clamps_its_level():
    assert arc(RED, -1.0, 3) == [OFF] * 3
    assert arc(RED, 7.0, 3) == [RED] * 3
    assert arc(RED, 1.25, 3) == [RED, (64, 0, 0), OFF]


effects = st.one_of(
    st.builds(Off),
    st.builds(
        lambda start, duration, pause_at: (
            Hourglass.start(start, duration).pause(pause_at) if pause_at is not None else Hourglass.start(start, duration)
        ),
        st.floats(0, 1e5),
        st.floats(0.1, 600),
        st.none() | st.floats(0, 1e5),
    ),
    st.builds(Winner, st.tuples(*[st.integers(0, 255)] * 3), st.floats(0, 1e5)),
    st.builds(KeyWon, st.floats(0, 1e5)),
    st.builds(Idle, st.floats(0, 1e5)),
)


@given(effects, st.floats(0, 2e5), st.sampled_from([1, 12, 16, 24, 60, 144]))
def test_every_effect_gives_one_valid_colour_per_led(effect, now, n):
    frame = effect.frame(now, n)
    assert len(frame) == n
    for pixel in frame:
        assert len(pixel) == 3 and all(type(c) is int and 0 <= c <= 255 for c in pixel)


@given(st.floats(0.5, 120), st.sampled_from([12, 16, 24, 60]), st.lists(st.floats(0, 1), min_size=2, max_size=20))
def test_the_drain_never_refills_before_the_pulse(duration, n, shares):
    hourglass = Hourglass.start(0.0, duration)
    instants = sorted(s * duration for s in shares if s * duration < duration - 5.0)
    lit = [sum(max(p) for p in hourglass.frame(t, n)) for t in instants]
    assert lit == sorted(lit, reverse=True)


def test_parse_color():
    assert parse_color("#ff8800") == (255, 136, 0)
    assert parse_color("00ff00") == (0, 255, 0)
    assert parse_color([1, 2, 3]) == (1, 2, 3)
    for bad in ["red", "#ff88", [1, 2], [1, 2, 256], [True, 0, 0], 7]:
        with pytest.raises(ValueError, match="colour"):
            parse_color(bad)


@pytest.mark.parametrize("module", ["effects", "power", "config", "ring", "backends.base"])
def test_docstring_examples_run(module):
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(f"companion.devices.ring.{module}"))
    assert result.failed == 0
