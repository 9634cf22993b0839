"""BuzzerConfig: defaults, TOML-like tables, and errors that name the bad field."""

from __future__ import annotations

import pytest

from companion.devices.buzzers.config import BuzzerConfig, BuzzerConfigError


def test_defaults_are_keyboard_only_and_valid():
    c = BuzzerConfig()
    assert c.pins == () and c.keys == ("1", "2", "3", "4", "5", "6") and c.false_start == "lose"
    assert c.tie_window_ms == 0.0 and c.lockout_ms == 250.0


def test_from_mapping_turns_lists_into_tuples():
    c = BuzzerConfig.from_mapping({"pins": [5, 6, 13], "led_pins": [17, 22, 27], "false_start": "lockout",
                                   "debounce_ms": 5, "keys": ["a", "l", "m"]})
    assert c.pins == (5, 6, 13) and c.led_pins == (17, 22, 27) and c.seats == 3 and c.keys == ("a", "l", "m")


@pytest.mark.parametrize("table, field, words", [
    ({"pinz": [5]}, "buzzers.pinz", "unknown setting"),
    ({"pins": [5, 6, 5]}, "buzzers.pins", "seats 1 and 3 both use GPIO 5"),
    ({"pins": [5, 40]}, "buzzers.pins", "GPIO 40 is not on the Pi's header"),
    ({"pins": [1]}, "buzzers.pins", "BCM numbers 2 to 27"),
    ({"pins": [2, 3, 4, 5, 6, 7, 8]}, "buzzers.pins", "at most 6"),
    ({"pins": "5,6"}, "buzzers.pins", "expected a list"),
    ({"pins": [5, True]}, "buzzers.pins", "expected a list of GPIO numbers"),
    ({"pins": [5, 6], "led_pins": [17]}, "buzzers.led_pins", "1 LED pins for 2 buzzers"),
    ({"pins": [5, 6], "led_pins": [17, 6]}, "buzzers.led_pins", "GPIO 6 is already seat 2's buzzer"),
    ({"pins": [5, 6], "led_pins": [17, 17]}, "buzzers.led_pins", "seats 1 and 2 both use GPIO 17"),
    ({"false_start": "penalty"}, "buzzers.false_start", "lose or lockout"),
    ({"debounce_ms": -1}, "buzzers.debounce_ms", "from 0 to 200"),
    ({"debounce_ms": "10"}, "buzzers.debounce_ms", "expected a number"),
    ({"tie_window_ms": float("nan")}, "buzzers.tie_window_ms", "expected a number"),
    ({"pull_up": 1}, "buzzers.pull_up", "true or false"),
    ({"reflex_min_s": 4, "reflex_max_s": 3}, "buzzers.reflex_max_s", "below reflex_min_s"),
    ({"keys": ["a", "A"]}, "buzzers.keys", "given to two seats"),
    ({"keys": ["ab"]}, "buzzers.keys", "one printable character"),
    ({"keys": [" "]}, "buzzers.keys", "one printable character"),
])
def test_a_bad_setting_is_named(table, field, words):
    with pytest.raises(BuzzerConfigError) as err:
        BuzzerConfig.from_mapping(table)
    assert err.value.field == field
    assert words in str(err.value)


def test_a_table_is_required_and_the_section_name_is_used():
    with pytest.raises(BuzzerConfigError, match="^hardware.buzzers: expected a table"):
        BuzzerConfig.from_mapping([5, 6], section="hardware.buzzers")
    with pytest.raises(BuzzerConfigError) as err:
        BuzzerConfig.from_mapping({"pins": [99]}, section="hardware.buzzers")
    assert err.value.field == "hardware.buzzers.pins"
