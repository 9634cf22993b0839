"""From configuration to the app's devices: the ring, the buzzers, the reader's config, Kivy's input.

``companion app`` calls :func:`open_devices` once at launch; a part that cannot be opened leaves a
notice for the home screen and the game goes on without it (the keyboard, the on-screen hourglass).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable

from companion.notice import Notice


@dataclass
class Devices:
    ring: Any  # companion.devices.ring.Ring
    buzzers: Any  # companion.devices.buzzers.BuzzerHardware
    reader: Any  # the reader's config (ReaderConfig), or None for no reader
    notices: list[Notice] = field(default_factory=list)

    def close(self) -> None:
        self.ring.close()
        self.buzzers.close()


def open_devices(config: Any, *, when_time_up: Callable[[Any], object] | None = None,
                 pin_factory: Any = None) -> Devices:
    """Open the ring and the buzzers that ``config`` (a companion.config.Config) describes."""
    from companion.devices.buzzers import BuzzerHardware
    from companion.devices.ring import Ring
    from companion.devices.ring.ring import LABELS

    ring = Ring(config.ring, when_time_up=when_time_up)
    buzzers = BuzzerHardware.open(config.buzzers, pin_factory=pin_factory)
    notices = []
    status = ring.status()
    if not status.ok:
        notices.append(Notice("notice.ring", f"{LABELS[status.configured]}: {status.last_error or '?'}"))
    if buzzers.notice:
        notices.append(Notice("notice.buzzers", buzzers.error or buzzers.notice))
    return Devices(ring, buzzers, config.reader, notices)


def build_kwargs(build_app: Callable[..., Any], devices: Devices) -> dict[str, Any]:
    """The devices as keyword arguments of ``build_app``, for those it takes."""
    accepted = inspect.signature(build_app).parameters
    offered = {"ring": devices.ring, "reader": devices.reader}
    return {k: v for k, v in offered.items() if k in accepted}


def touch_input(kivy_config: Any, rotation: int = 0) -> None:
    """One input provider for the touchscreen (Kivy's hidinput, with the touch rotation), and no mouse:
    SDL turns touches into mouse events too, and two providers for one touchscreen double every tap."""
    if kivy_config.has_section("input"):
        for name in list(kivy_config.options("input")):
            kivy_config.remove_option("input", name)
    else:
        kivy_config.add_section("input")
    kivy_config.set("input", "touchscreen", kivy_input_line(rotation))
    kivy_config.set("graphics", "show_cursor", "0")


def kivy_input_line(rotation: int = 0) -> str:
    """The ``[input]`` line of Kivy's config for the touchscreen (install.sh writes the same)."""
    return f"probesysfs,provider=hidinput,param=rotation={rotation}"
