"""Buzzers: arcade buttons on GPIO (or keyboard keys) that settle who pressed first, from edge timestamps.

``BuzzerConfig`` (settings), ``Arbiter`` (pure judge), ``Debouncer``, ``GpioBuzzers`` / ``KeyboardBuzzers``
(sources), ``BuzzerLeds``, ``BuzzerHardware`` (all of them opened together) and ``BuzzerDuel`` (one duel).
"""

from companion.devices.buzzers.arbiter import Arbiter, PressLine, Rules, Verdict, judge
from companion.devices.buzzers.config import BuzzerConfig, BuzzerConfigError
from companion.devices.buzzers.debounce import Change, Debouncer
from companion.devices.buzzers.duel import MODES, BuzzerDuel, DuelError, DuelView, led_looks
from companion.devices.buzzers.record import DuelRecord, DuelRun
from companion.devices.buzzers.gpio import BuzzerLeds, GpioBuzzers
from companion.devices.buzzers.hardware import BuzzerHardware
from companion.devices.buzzers.source import BuzzerSource, KeyboardBuzzers

__all__ = [
    "Arbiter", "PressLine", "Rules", "Verdict", "judge", "BuzzerConfig", "BuzzerConfigError", "Change", "Debouncer",
    "MODES", "BuzzerDuel", "DuelError", "DuelRecord", "DuelRun", "DuelView", "led_looks", "BuzzerLeds",
    "GpioBuzzers", "BuzzerHardware", "BuzzerSource", "KeyboardBuzzers",
]
