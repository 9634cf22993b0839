"""The buzzers' settings: which GPIO pin each seat's button and LED use, and the house rules of a duel."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any, Mapping

MAX_SEATS = 6  # Fort Boyard is for 2 to 6 players: one buzzer per seat
HEADER_GPIOS = range(2, 28)  # BCM numbers that reach the 40-pin header of every Pi since the B+
FALSE_START_RULES = ("lose", "lockout")


class BuzzerConfigError(ValueError):
    """A buzzer setting is wrong; ``field`` names it (with its section, e.g. ``buzzers.pins``)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class BuzzerConfig:
    """Settings of the buzzers, as the hardware profile gives them. Seat *n* is the *n*-th player clockwise.

    >>> BuzzerConfig.from_mapping({"pins": [5, 6], "led_pins": [17, 22]}).seats
    2
    """

    pins: tuple[int, ...] = ()  # BCM number of each seat's button; none: keyboard only
    led_pins: tuple[int, ...] = ()  # BCM number of each seat's LED, in seat order; none: no LEDs
    led_pwm: bool = False  # PWMLED (dimmable) instead of LED
    pull_up: bool = True  # button between the pin and ground, internal pull-up
    debounce_ms: float = 10.0  # a button's line is ignored this long after each change it makes
    tie_window_ms: float = 0.0  # presses this close are a tie the table re-runs; 0: identical timestamps only
    false_start: str = "lose"  # a press before "Top !": lose the duel, or a lockout like Jeopardy!
    lockout_ms: float = 250.0
    settle_ms: float = 30.0  # how long after a decision a late-reported, earlier press may still change it
    reflex_min_s: float = 2.0  # the reflex duel's "Top !" comes after a random delay in this range
    reflex_max_s: float = 6.0
    time_target_s: float = 10.0  # time-sense duel: press when you think this long has passed
    keys: tuple[str, ...] = ("1", "2", "3", "4", "5", "6")  # keyboard stand-ins, in seat order

    def __post_init__(self) -> None:
        self._check()

    @property
    def seats(self) -> int:
        """How many seats have a GPIO button."""
        return len(self.pins)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, section: str = "buzzers") -> BuzzerConfig:
        """A config from a parsed TOML table; unknown keys and bad values raise BuzzerConfigError."""
        if not isinstance(data, Mapping):
            raise BuzzerConfigError(section, f"expected a table of settings, got {type(data).__name__}")
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise BuzzerConfigError(f"{section}.{key}", f"unknown setting (known: {', '.join(sorted(known))})")
            values[key] = _typed(f"{section}.{key}", known[key].type, value)
        try:
            return cls(**values)
        except BuzzerConfigError as exc:
            raise BuzzerConfigError(f"{section}.{exc.field}", exc.message) from None

    def _check(self) -> None:
        if len(self.pins) > MAX_SEATS:
            raise BuzzerConfigError("pins", f"at most {MAX_SEATS} buzzers (one per player), got {len(self.pins)}")
        _gpios("pins", self.pins)
        _gpios("led_pins", self.led_pins)
        seat_of: dict[int, int] = {}
        for seat, pin in enumerate(self.pins, 1):
            if pin in seat_of:
                raise BuzzerConfigError("pins", f"seats {seat_of[pin]} and {seat} both use GPIO {pin}")
            seat_of[pin] = seat
        if self.led_pins and len(self.led_pins) != len(self.pins):
            raise BuzzerConfigError(
                "led_pins", f"{len(self.led_pins)} LED pins for {len(self.pins)} buzzers: give one per seat, or none"
            )
        led_of: dict[int, int] = {}
        for seat, pin in enumerate(self.led_pins, 1):
            if pin in seat_of:
                raise BuzzerConfigError("led_pins", f"GPIO {pin} is already seat {seat_of[pin]}'s buzzer")
            if pin in led_of:
                raise BuzzerConfigError("led_pins", f"seats {led_of[pin]} and {seat} both use GPIO {pin}")
            led_of[pin] = seat
        _range("debounce_ms", self.debounce_ms, 0, 200)
        _range("tie_window_ms", self.tie_window_ms, 0, 100)
        if self.false_start not in FALSE_START_RULES:
            raise BuzzerConfigError("false_start", f"must be lose or lockout, got {self.false_start!r}")
        _range("lockout_ms", self.lockout_ms, 0, 10_000)
        _range("settle_ms", self.settle_ms, 0, 1000)
        _range("reflex_min_s", self.reflex_min_s, 0.5, 60)
        _range("reflex_max_s", self.reflex_max_s, 0.5, 60)
        if self.reflex_max_s < self.reflex_min_s:
            raise BuzzerConfigError("reflex_max_s", f"{self.reflex_max_s:g} s is below reflex_min_s ({self.reflex_min_s:g} s)")
        _range("time_target_s", self.time_target_s, 1, 120)
        if len(self.keys) > MAX_SEATS:
            raise BuzzerConfigError("keys", f"at most {MAX_SEATS} keys (one per seat), got {len(self.keys)}")
        for key in self.keys:
            if not isinstance(key, str) or len(key) != 1 or not key.isprintable() or key.isspace():
                raise BuzzerConfigError("keys", f"each key is one printable character, got {key!r}")
        lowered = [k.lower() for k in self.keys]
        for i, key in enumerate(lowered):
            if key in lowered[:i]:
                raise BuzzerConfigError("keys", f"key {self.keys[i]!r} is given to two seats")


def _gpios(name: str, pins: tuple[int, ...]) -> None:
    for pin in pins:
        if isinstance(pin, bool) or not isinstance(pin, int) or pin not in HEADER_GPIOS:
            raise BuzzerConfigError(
                name, f"GPIO {pin!r} is not on the Pi's header: use BCM numbers 2 to 27 (not physical pin numbers)"
            )


def _range(name: str, value: Any, low: float, high: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BuzzerConfigError(name, f"expected a number, got {value!r}")
    if not low <= value <= high:
        raise BuzzerConfigError(name, f"must be from {low:g} to {high:g}, got {value!r}")


def _typed(where: str, annotation: str, value: Any) -> Any:
    """The value in the field's type; TOML arrays arrive as lists."""
    if annotation.startswith("tuple"):
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
            raise BuzzerConfigError(where, f"expected a list, got {value!r}")
        item = int if "int" in annotation else str
        for v in value:
            if isinstance(v, bool) or not isinstance(v, item):
                what = "GPIO numbers" if item is int else "one-character keys"
                raise BuzzerConfigError(where, f"expected a list of {what}, got {value!r}")
        return tuple(value)
    if annotation == "bool" and not isinstance(value, bool):
        raise BuzzerConfigError(where, f"expected true or false, got {value!r}")
    if annotation == "float" and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise BuzzerConfigError(where, f"expected a number, got {value!r}")
    if annotation == "str" and not isinstance(value, str):
        raise BuzzerConfigError(where, f"expected text, got {value!r}")
    return value
