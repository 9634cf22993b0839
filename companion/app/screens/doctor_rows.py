"""The hardware check said the family's way: one row per device (Buttons, Light ring, Tile reader, Sound,
Screen, then the box itself), each with a large mark (✓ working, ⚠ not there or not checked, ✗ a
problem) and its state in plain words. The checks' own lines (paths, errors) are the screen's Details.

``device_states`` is plain logic (no Kivy): which results make a device's row, and the words it says."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from kivy.graphics import Color, Ellipse, Line, Triangle
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import Scale
from companion.doctor import FAIL, PASS, SKIP

# Each device and the checks (their names in companion.doctor.CHECKS) that tell of it, in screen order.
DEVICES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("buttons", ("buzzers", "presses", "leds")),
    ("ring", ("ring", "pattern")),
    ("reader", ("reader", "scan")),
    ("sound", ("sound", "speech")),
    ("screen", ("display", "corners", "blanking")),
    ("box", ("board", "pins", "config", "content", "log", "permissions")),
)
PENDING = "pending"  # still being checked
# The details whose plain words are their own (doctor.plain.<detail>); the others say their device's.
PLAIN = {"buzzers_ok", "buzzers_none", "buzzers_stuck", "ring_ok", "ring_ok_budget", "ring_none", "ring_failed",
         "reader_ok", "reader_none", "sound_played", "sound_heard", "speech_silent", "display_ok",
         "display_wrong", "touch_missing", "blanking_on"}
COUNTED = {"buzzers_ok", "ring_ok", "ring_ok_budget"}  # their plain words count (n)


@dataclass(frozen=True)
class DeviceState:
    device: str
    status: str  # PASS, FAIL, SKIP or PENDING
    message: str  # the catalogue key of its plain words
    values: Mapping[str, Any] = field(default_factory=dict)


def device_states(results: Sequence[tuple[Any, Sequence[Any]]], running: bool) -> list[DeviceState]:
    """One state per device from the checks' ``(check, results)``: its worst result (a failure before a
    success, a success before a skip) says its words."""
    by_check: dict[str, list[Any]] = {}
    for check, found in results:
        by_check.setdefault(check.name, []).extend(found)
    states = []
    for device, checks in DEVICES:
        found = [r for name in checks for r in by_check.get(name, ())]
        worst = next((s for s in (FAIL, PASS, SKIP) if any(r.status == s for r in found)), None)
        if worst is None:
            states.append(DeviceState(device, PENDING if running else SKIP,
                                      "doctor.running" if running else "doctor.plain.skip"))
            continue
        first = next(r for r in found if r.status == worst)
        detail = first.key.removeprefix("doctor.d.")
        if detail in PLAIN:
            values = {"n": first.values.get("n", 0)} if detail in COUNTED else {}
            states.append(DeviceState(device, worst, "doctor.plain." + detail, values))
        elif worst == FAIL:
            states.append(DeviceState(device, worst, f"doctor.plain.{device}_fail"))
        else:
            states.append(DeviceState(device, worst, "doctor.plain." + worst))
    return states


MARK_COLOURS = {PASS: theme.OK, FAIL: theme.FAILURE, SKIP: theme.WARNING, PENDING: theme.STONE}


class Mark(Widget):
    """A device's mark, drawn (not a glyph the font may lack): a ✓ in a green disc, a ✗ in a red one, a ⚠
    triangle with its "!", or three dots while it is being checked. Its shape says it as well as its colour."""

    def __init__(self, status: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.status = status
        self.bang = Label(text="!" if status == SKIP else "", bold=True, color=theme.TEXT_DARK)
        self.add_widget(self.bang)
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_: Any) -> None:
        d = min(self.width, self.height)
        cx, cy, r = self.center_x, self.center_y, d / 2
        stroke = max(d * 0.09, 2)
        self.canvas.before.clear()
        with self.canvas.before:
            Color(*MARK_COLOURS[self.status])
            if self.status == SKIP:
                Triangle(points=[cx - r, cy - r * 0.85, cx + r, cy - r * 0.85, cx, cy + r * 0.95])
            elif self.status == PENDING:
                for k in (-1, 0, 1):
                    Ellipse(pos=(cx + k * r * 0.6 - r * 0.15, cy - r * 0.15), size=(r * 0.3, r * 0.3))
            else:
                Ellipse(pos=(cx - r, cy - r), size=(d, d))
                Color(*theme.TEXT_DARK)
                if self.status == PASS:
                    Line(points=[cx - r * 0.45, cy, cx - r * 0.1, cy - r * 0.38, cx + r * 0.5, cy + r * 0.42],
                         width=stroke, cap="round", joint="round")
                else:
                    for sign in (1, -1):
                        Line(points=[cx - r * 0.4, cy - sign * r * 0.4, cx + r * 0.4, cy + sign * r * 0.4],
                             width=stroke, cap="round")
        self.bang.font_size = d * 0.55
        self.bang.size = (d, d)
        self.bang.center = (cx, cy - r * 0.12)


def plain_words(state: DeviceState, tr: Callable[..., str]) -> str:
    return tr(state.message, **state.values)


def mark_side() -> float:
    return Scale.px(44)
