"""``companion doctor``: each part of the box checked on its own, pass / fail / skipped, and a summary.

    results = run_checks(CHECKS, Context(load_config(), interactive=False))

The checks that need a person (press a buzzer, look at the ring, tap the corners) are marked ``person``
and skipped by ``--non-interactive`` and by the app's doctor screen.
"""

from companion.doctor import parts, system, touch
from companion.doctor.base import FAIL, PASS, SKIP, Check, Context, Result, run_checks, summary

CHECKS: list[Check] = [
    Check("board", "board", system.check_board),
    Check("pins", "pin factory", system.check_pin_factory),
    Check("config", "configuration", system.check_config),
    Check("buzzers", "buzzers", parts.check_buzzer_pins),
    Check("presses", "buzzer presses", parts.check_buzzer_presses, person=True),
    Check("leds", "buzzer LEDs lit", parts.check_buzzer_leds, person=True),
    Check("ring", "LED ring", parts.check_ring),
    Check("pattern", "ring pattern", parts.check_ring_pattern, person=True),
    Check("reader", "RFID reader", parts.check_reader),
    Check("scan", "scan a tile", parts.check_reader_scan, person=True),
    Check("sound", "sound output", parts.check_sound),
    Check("speech", "speech", parts.check_speech),
    Check("display", "display", system.check_display),
    Check("corners", "touch corners", touch.check_touch_corners, person=True),
    Check("content", "content packs", system.check_content),
    Check("log", "game log", system.check_game_log),
    Check("blanking", "screen blanking", system.check_blanking),
    Check("permissions", "permissions", system.check_permissions),
]


def check_named(names: list[str]) -> list[Check]:
    """The checks called ``names`` (their ``name``), in the usual order; KeyError names an unknown one."""
    known = {c.name for c in CHECKS}
    for name in names:
        if name not in known:
            raise KeyError(f"unknown check {name!r}; known: {', '.join(c.name for c in CHECKS)}")
    return [c for c in CHECKS if c.name in names]


__all__ = ["CHECKS", "Check", "Context", "FAIL", "PASS", "Result", "SKIP", "check_named", "run_checks", "summary"]
