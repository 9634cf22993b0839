"""THE table of options: each option's section, key, default, check and help text, in one place.

It drives the defaults, the commented config file (``companion config init``), ``config show`` and
``config check``, and the settings screen (the ``screen`` column). Device sections take their keys and
defaults from the device's own config dataclass (the device code owns them) and their help text from
here, so that a field added there without a word here fails a test.
"""

from __future__ import annotations

import math
from dataclasses import MISSING, dataclass, fields
from typing import Any, Callable

from companion.app.table.language import LANGUAGES
from companion.app.table.profiles import DEFAULT_PROFILE, PROFILES

SPEECH_ENGINES = ("", "piper", "espeak", "silent")
ROTATIONS = (0, 90, 180, 270)


@dataclass(frozen=True)
class Choice:
    """How the settings screen shows an option: the values its button cycles through."""

    steps: tuple[Any, ...] = ()  # empty: the option's own choices

    def next(self, option: "Option", value: Any) -> Any:
        steps = self.steps or option.choices or (False, True)
        if value in steps:
            return steps[(steps.index(value) + 1) % len(steps)]
        return option.default if option.default in steps else steps[0]


@dataclass(frozen=True)
class Option:
    """One setting. ``attr`` is its name on :class:`~companion.config.settings.Settings` (and the key of
    the flat settings.toml of earlier versions); device options have none."""

    section: str  # "" for the top level
    key: str
    default: Any
    help: str
    kind: type | str = str  # str, int, float, bool, "list[str]", "list[int]", "float?"
    choices: tuple[Any, ...] = ()
    low: float | None = None
    high: float | None = None
    attr: str | None = None
    in_profile: bool = True  # a hardware profile may set it
    screen: Choice | None = None  # shown on the settings screen

    @property
    def name(self) -> str:
        return f"{self.section}.{self.key}" if self.section else self.key

    def expects(self) -> str:
        """What a right value looks like, in words."""
        if self.choices:
            shown = [repr(c) if c == "" else str(c) for c in self.choices]
            return "one of " + ", ".join(shown)
        words = {str: "text", int: "a whole number", float: "a number", bool: "true or false",
                 "list[str]": "a list of text", "list[int]": "a list of GPIO numbers",
                 "float?": "a number (or leave it out)", "str?": "text (or leave it out)",
                 "int?": "a whole number (or leave it out)"}[self.kind]
        if self.low is not None and self.high is not None:
            words += f" from {self.low:g} to {self.high:g}"
        return words

    def problem(self, value: Any) -> str | None:
        """Why ``value`` does not fit (None when it does)."""
        if not _is_kind(value, self.kind):
            return f"expected {self.expects()}, got {value!r}"
        if self.choices and value not in self.choices:
            return f"must be {self.expects()}, got {value!r}"
        if self.low is not None and isinstance(value, (int, float)) and not isinstance(value, bool):
            if not (math.isfinite(value) and self.low <= value <= (self.high if self.high is not None else math.inf)):
                return f"must be {self.expects()}, got {value!r}"
        return None


def _is_kind(value: Any, kind: type | str) -> bool:
    if kind in ("float?", "str?", "int?") and value is None:
        return True
    if kind is bool:
        return isinstance(value, bool)
    if kind in (int, "int?"):
        return isinstance(value, int) and not isinstance(value, bool)
    if kind in (float, "float?"):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind in (str, "str?"):
        return isinstance(value, str)
    if kind in ("list[str]", "list[int]"):
        item = _is_str if kind == "list[str]" else _is_int
        return isinstance(value, (list, tuple)) and all(item(v) for v in value)
    raise ValueError(f"unknown kind {kind!r}")


def _is_str(v: Any) -> bool:
    return isinstance(v, str)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


# --- the app's own options -------------------------------------------------------------------------

APP_OPTIONS: tuple[Option, ...] = (
    Option("", "hardware_profile", "", kind=str, in_profile=False,
           help="hardware profile: a name from hardware/profiles (pi5-7inch, pi4-7inch, pi5-touch2, desktop) "
                "or the path of a .toml file; empty: no hardware (keyboard buzzers, hourglass on screen)"),
    Option("game", "language", "fr", choices=LANGUAGES, attr="language", in_profile=False,
           help="language of the screens and of Père Fouras", screen=Choice()),
    Option("game", "hourglass_seconds", 30, kind=int, low=5, high=300, attr="hourglass_seconds", in_profile=False,
           help="seconds in the hourglass of a timed challenge", screen=Choice((10, 20, 30, 45, 60, 90, 120))),
    Option("game", "duel_clue_to_opponent", "clue", choices=("clue", "key", "nothing"),
           attr="duel_clue_to_opponent", in_profile=False,
           help="house rule: what the opponent wins from a lost duel for a clue", screen=Choice()),
    Option("game", "prison_carries_over", False, kind=bool, attr="prison_carries_over", in_profile=False,
           help="house rule: a player in prison at the end of a round stays there in the next", screen=Choice()),
    Option("game", "disabled_packs", [], kind="list[str]", attr="disabled_packs", in_profile=False,
           help="content packs switched off (their ids, see `companion content check`)"),
    Option("phones", "enabled", False, kind=bool, attr="phones", in_profile=False,
           help="serve each player's private clue page to their phone on the home network (off: nothing listens)"),
    Option("audio", "volume", 80, kind=int, low=0, high=100, attr="volume",
           help="master volume in percent", screen=Choice((0, 20, 40, 60, 80, 100))),
    Option("audio", "device", "", attr="sound_device",
           help="output device name (or part of it) as `companion sound check` lists them; empty: the default"),
    Option("audio", "muted", False, kind=bool, attr="muted", help="no sound at all", screen=Choice()),
    Option("audio", "voice_volume", 100, kind=int, low=0, high=100, attr="voice_volume",
           help="Père Fouras's voice, percent of the master volume", screen=Choice((0, 25, 50, 75, 100))),
    Option("audio", "cues_volume", 100, kind=int, low=0, high=100, attr="cues_volume",
           help="sound effects, percent of the master volume", screen=Choice((0, 25, 50, 75, 100))),
    Option("audio", "ambience_volume", 100, kind=int, low=0, high=100, attr="ambience_volume",
           help="the sea around the Fort, percent of the master volume", screen=Choice((0, 25, 50, 75, 100))),
    Option("audio", "drumroll_volume", 100, kind=int, low=0, high=100, attr="drumroll_volume",
           help="the drum roll of the hourglass's last ten seconds, percent of the master volume (0: off)",
           screen=Choice((0, 25, 50, 75, 100))),
    Option("audio", "fanfare_volume", 100, kind=int, low=0, high=100, attr="fanfare_volume",
           help="the fanfare on the podium, percent of the master volume (0: off)",
           screen=Choice((0, 25, 50, 75, 100))),
    Option("audio", "speech_engine", "", choices=SPEECH_ENGINES, attr="speech_engine",
           help="piper, espeak or silent; empty: the best one that speaks the language"),
    Option("display", "profile", DEFAULT_PROFILE, choices=tuple(PROFILES), attr="display_profile",
           help="screen layout: " + ", ".join(f"{p.name} ({p.label})" for p in PROFILES.values()),
           screen=Choice()),
    Option("display", "fullscreen", False, kind=bool, attr="fullscreen", help="start in full screen"),
    Option("display", "touch", False, kind=bool, attr="touch",
           help="touchscreen: one input provider (no double touches) and the keyboard docked at the bottom"),
    Option("display", "touch_rotation", 0, kind=int, choices=ROTATIONS, attr="touch_rotation",
           help="rotation of the touch panel's coordinates (set apart from the display's rotation)"),
    Option("display", "power_buttons", False, kind=bool, attr="power_buttons",
           help="Shut down and Restart buttons in the settings (the kiosk on a Pi)"),
    Option("display", "reduce_motion", False, kind=bool, attr="reduce_motion", in_profile=False,
           help="no animations: every change shows its end state at once", screen=Choice()),
)

# --- device sections: keys and defaults from each device's dataclass, help from here -----------------

DEVICE_HELP: dict[str, dict[str, str]] = {
    "buzzers": {
        "pins": "BCM GPIO number of each seat's button, clockwise from seat 1 (at most 6); empty: keyboard only",
        "led_pins": "BCM GPIO number of each seat's LED, in seat order; empty: no LEDs",
        "led_pwm": "dimmable LEDs (PWM) instead of on/off",
        "pull_up": "button between the pin and ground with the Pi's internal pull-up (false: to 3.3 V, pull-down)",
        "debounce_ms": "a button's line is ignored this long after each change (milliseconds)",
        "tie_window_ms": "presses this close are a tie the table runs again (milliseconds; 0: identical only)",
        "false_start": "a press before \"Top !\": lose (the duel) or lockout (ignored for lockout_ms)",
        "lockout_ms": "how long a false start locks a buzzer out (milliseconds)",
        "settle_ms": "how long a late-reported earlier press may still change a verdict (milliseconds)",
        "reflex_min_s": "reflex duel: shortest random wait before \"Top !\" (seconds)",
        "reflex_max_s": "reflex duel: longest random wait before \"Top !\" (seconds)",
        "time_target_s": "time-sense duel: press when you think this many seconds have passed",
        "keys": "keyboard keys that stand in for the buzzers, in seat order",
    },
    "ring": {
        "backend": "screen (no LEDs), spi (NeoPixel on GPIO 10, Pi 4 and Pi 5), ws281x (PWM, Pi 4 only), "
                   "bargraph (plain LEDs on GPIO pins)",
        "led_count": "number of LEDs on the ring",
        "fps": "frames per second of the animation",
        "brightness": "brightness cap, 0 to 1",
        "ma_per_led": "current of one LED at full white (mA; WS2812B: about 60)",
        "quiescent_ma": "current of one dark LED (mA; WS2812B: about 1)",
        "budget_ma": "current the 5 V supply can give the ring (mA); frames are dimmed to fit",
        "rotation": "index of the LED at the top of the ring",
        "clockwise": "LED indices grow clockwise",
        "pixel_order": "colour order of the LEDs: GRB, RGB, GRBW or RGBW",
        "spi_bus": "SPI bus (0: /dev/spidev0.x on GPIO 10)",
        "spi_device": "SPI chip select (0: /dev/spidevX.0)",
        "ws281x_pin": "ws281x backend: PWM pin (12, 13, 18 or 19)",
        "ws281x_dma": "ws281x backend: DMA channel",
        "ws281x_invert": "ws281x backend: the signal goes through an inverting level shifter",
        "bar_pins": "bargraph backend: BCM GPIO number of each LED",
        "bar_active_high": "bargraph backend: an LED lights when its pin is high",
    },
    "reader": {
        "reader": "RFID reader: rdm6300 (125 kHz), id12 (ID-12LA/ID-20LA) or pn532 (NFC, HSU mode); "
                  "leave the [reader] section empty for none",
        "port": "serial port: /dev/ttyAMA0 (the GPIO 14/15 UART) or /dev/companion-rfid (a USB adapter, "
                "udev link made by the installer)",
        "baud": "serial speed; not set: the reader's own (9600, 115200 for the PN532)",
        "mode": "scan (placed only), presence (placed and removed) or auto",
        "same_tag_ms": "a tag unseen this long has left the reader (milliseconds; not set: the reader's default)",
        "retry_s": "a missing or unplugged reader is tried again this often (seconds)",
        "poll_ms": "PN532: pause between two polls (milliseconds)",
    },
}

@dataclass(frozen=True)
class FallbackReaderConfig:
    """The [reader] section while the RFID package (companion.devices.rfid) is not installed."""

    reader: str
    port: str
    baud: int | None = None

    @classmethod
    def from_mapping(cls, data: dict[str, Any], *, section: str = "reader") -> "FallbackReaderConfig":
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise ValueError(f"{section}.{key}: unknown setting (known: {', '.join(sorted(known))})")
        for key in ("reader", "port"):
            if key not in data:
                raise ValueError(f"{section}.{key}: missing: the reader needs it")
        if data["reader"] not in ("rdm6300", "id12", "pn532"):
            raise ValueError(f"{section}.reader: must be rdm6300, id12 or pn532, got {data['reader']!r}")
        return cls(**data)


def device_classes() -> dict[str, Callable[..., Any]]:
    """Section name -> the config dataclass that owns its keys (with ``from_mapping``)."""
    from companion.devices.buzzers import BuzzerConfig
    from companion.devices.ring import RingConfig

    return {"buzzers": BuzzerConfig, "ring": RingConfig, "reader": reader_config_class()}


def reader_config_class() -> Callable[..., Any]:
    try:
        from companion.devices.rfid import ReaderConfig  # type: ignore[attr-defined]
    except ImportError:
        return FallbackReaderConfig
    return ReaderConfig


_ANNOTATION_KINDS = {"bool": bool, "int": int, "float": float, "str": str, "tuple[int, ...]": "list[int]",
                     "tuple[str, ...]": "list[str]", "float | None": "float?", "str | None": "str?",
                     "int | None": "int?"}


def _device_options(section: str, cls: Any) -> tuple[Option, ...]:
    out = []
    for f in fields(cls):
        if f.default is not MISSING:
            default = f.default
        elif f.default_factory is not MISSING:  # type: ignore[misc]
            default = f.default_factory()  # type: ignore[misc]
        else:
            default = None  # required by the device: it is off until the key is set
        if isinstance(default, tuple):
            default = list(default)
        kind = _ANNOTATION_KINDS.get(f.type if isinstance(f.type, str) else getattr(f.type, "__name__", ""), str)
        help_text = DEVICE_HELP.get(section, {}).get(f.name, "")
        out.append(Option(section, f.name, default, help=help_text, kind=kind))
    return tuple(out)


def build_table() -> tuple[Option, ...]:
    """Every option, app options first, then one section per device."""
    options = list(APP_OPTIONS)
    for section, cls in device_classes().items():
        options += _device_options(section, cls)
    return tuple(options)


OPTIONS: tuple[Option, ...] = build_table()
SECTIONS: tuple[str, ...] = tuple(dict.fromkeys(o.section for o in OPTIONS if o.section))
DEVICE_SECTIONS = ("buzzers", "ring", "reader")
SECTION_HELP = {
    "game": "The game: language and house rules (the settings screen changes these).",
    "audio": "Sound and Père Fouras's voice.",
    "display": "The screen and the touch panel.",
    "buzzers": "Buzzers: arcade buttons on GPIO pins (BCM numbers), one per seat.",
    "ring": "The light ring hourglass.",
    "reader": "The RFID reader for key tiles and Boyard tokens.",
}


def option(name: str) -> Option:
    """The option ``section.key`` (or a top-level key)."""
    for o in OPTIONS:
        if o.name == name:
            return o
    raise KeyError(name)


def by_attr() -> dict[str, Option]:
    return {o.attr: o for o in OPTIONS if o.attr}


def section_options(section: str) -> list[Option]:
    return [o for o in OPTIONS if o.section == section]


def screen_options() -> list[Option]:
    """The options the settings screen shows, in table order."""
    return [o for o in OPTIONS if o.screen is not None]


__all__ = ["Choice", "Option", "OPTIONS", "SECTIONS", "DEVICE_SECTIONS", "DEVICE_HELP", "SECTION_HELP",
           "APP_OPTIONS", "option", "by_attr", "section_options", "screen_options", "device_classes",
           "FallbackReaderConfig"]
