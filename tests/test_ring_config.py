"""Ring settings (errors name the field) and the power limit (a frame never draws more than the budget)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.devices.ring import PowerLimit, RingConfig, RingConfigError

WHITE = (255, 255, 255)


def test_defaults_and_an_empty_table_agree():
    assert RingConfig.from_mapping({}) == RingConfig()
    assert RingConfig().backend == "screen" and RingConfig().led_count == 24


def test_a_full_table():
    config = RingConfig.from_mapping(
        {"backend": "spi", "led_count": 16, "brightness": 0.25, "budget_ma": 500, "spi_bus": 1, "rotation": 4}
    )
    assert (config.backend, config.led_count, config.brightness, config.budget_ma) == ("spi", 16, 0.25, 500)
    assert config.power == PowerLimit(0.25, 60.0, 500, 1.0)


def test_bargraph_led_count_comes_from_its_pins():
    config = RingConfig.from_mapping({"backend": "bargraph", "bar_pins": [5, 6, 13, 19, 26]})
    assert config.led_count == 5 and config.bar_pins == (5, 6, 13, 19, 26)


@pytest.mark.parametrize(
    "table, field, words",
    [
        ({"colour": "red"}, "ring.colour", "unknown setting"),
        ({"backend": "neopixel"}, "ring.backend", "screen, spi, ws281x, bargraph"),
        ({"led_count": "24"}, "ring.led_count", "whole number"),
        ({"led_count": True}, "ring.led_count", "whole number"),
        ({"led_count": 0}, "ring.led_count", "from 1 to 1024"),
        ({"fps": 0}, "ring.fps", "from 1 to 240"),
        ({"brightness": 1.5}, "ring.brightness", "from 0 to 1"),
        ({"brightness": "half"}, "ring.brightness", "a number"),
        ({"budget_ma": 20}, "ring.budget_ma", "does not even cover 24 dark LEDs"),
        ({"ma_per_led": 0}, "ring.ma_per_led", "from 0.1"),
        ({"rotation": 24}, "ring.rotation", "from 0 to 23"),
        ({"clockwise": "yes"}, "ring.clockwise", "true or false"),
        ({"pixel_order": "BGR"}, "ring.pixel_order", "GRB"),
        ({"backend": "spi", "led_count": 200}, "ring.led_count", "at most 165 on SPI"),
        ({"ws281x_pin": 10}, "ring.ws281x_pin", "PWM pin"),
        ({"backend": "bargraph"}, "ring.bar_pins", "needs the GPIO pins"),
        ({"backend": "bargraph", "bar_pins": [5, 6], "led_count": 3}, "ring.bar_pins", "one pin per LED"),
        ({"bar_pins": [5, 5]}, "ring.bar_pins", "listed twice"),
        ({"bar_pins": [1]}, "ring.bar_pins", "from 2 to 27"),
        ({"bar_pins": "5,6"}, "ring.bar_pins", "list of GPIO numbers"),
        ({"bar_pins": [5, "6"]}, "ring.bar_pins", "list of GPIO numbers"),
    ],
)
def test_bad_settings_name_their_field(table, field, words):
    with pytest.raises(RingConfigError) as caught:
        RingConfig.from_mapping(table)
    assert caught.value.field == field
    assert str(caught.value).startswith(field + ": ")
    assert words in str(caught.value)


def test_the_section_name_is_the_callers():
    with pytest.raises(RingConfigError) as caught:
        RingConfig.from_mapping({"led_count": -3}, section="hardware.ring")
    assert caught.value.field == "hardware.ring.led_count"
    with pytest.raises(RingConfigError, match="expected a table"):
        RingConfig.from_mapping(["led_count", 3])


def test_direct_construction_is_checked_too():
    with pytest.raises(RingConfigError) as caught:
        RingConfig(led_count=12, rotation=12)
    assert caught.value.field == "rotation"


def test_brightness_cap_alone():
    limit = PowerLimit(brightness=0.5, budget_ma=None)
    assert limit.apply([(255, 170, 0), (10, 0, 1)]) == [(127, 85, 0), (5, 0, 0)]
    assert PowerLimit(brightness=1.0).apply([(1, 2, 3)]) == [(1, 2, 3)]


def test_budget_scales_a_white_ring_down_to_what_the_supply_gives():
    limit = PowerLimit(brightness=1.0, ma_per_led=60.0, budget_ma=1000.0, quiescent_ma=1.0)
    full_white = [WHITE] * 24
    assert limit.current_ma(full_white) == pytest.approx(24 + 1440)
    scaled = limit.apply(full_white)
    assert scaled == [(172, 172, 172)] * 24  # (1000 - 24) / 1440 of full
    assert limit.current_ma(scaled) <= 1000.0
    # Within budget, nothing changes.
    assert limit.apply([WHITE] * 5) == [WHITE] * 5


def test_default_config_keeps_a_24_led_ring_under_its_budget():
    config = RingConfig()
    assert config.power.current_ma(config.power.apply([WHITE] * 24)) <= config.budget_ma


frames = st.lists(st.tuples(*[st.integers(0, 255)] * 3), min_size=1, max_size=60)


@given(frames, st.floats(0, 1), st.floats(0.1, 120), st.floats(0, 5000), st.floats(0, 2))
def test_a_frame_never_draws_more_than_the_budget(frame, brightness, ma_per_led, spare, quiescent):
    budget = len(frame) * quiescent + spare + 0.001
    limit = PowerLimit(brightness, ma_per_led, budget, quiescent)
    out = limit.apply(frame)
    assert limit.current_ma(out) <= budget
    for before, after in zip(frame, out):
        for b, a in zip(before, after):
            assert 0 <= a <= b * brightness + 1e-9


@given(frames, st.floats(0, 1))
def test_under_budget_only_the_cap_applies(frame, brightness):
    limit = PowerLimit(brightness, 60.0, budget_ma=1e9)
    assert limit.apply(frame) == [tuple(int(c * brightness) for c in p) for p in frame]
