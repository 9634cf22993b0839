"""The arcade buttons and their LEDs on the Pi's GPIO pins, through gpiozero.

Each press is timed by the edge time the pin factory reports with it (``pin.when_changed(ticks,
state)``; with lgpio on a Pi that is the kernel's timestamp), never by when the callback happens to run.
"""

from __future__ import annotations

import time
from typing import Callable

from gpiozero import LED, Button, PWMLED

from companion.devices.buzzers.config import BuzzerConfig
from companion.devices.buzzers.source import BuzzerSource

LOOKS = ("off", "on", "blink", "fast")
# An edge stamped further than this from "now" is not on the factory's clock (older kernels stamped GPIO
# events with the wall clock): such presses are timed by their callback instead, and flagged.
PLAUSIBLE_S = 5.0


class GpioBuzzers(BuzzerSource):
    """One gpiozero ``Button`` per seat, each between its GPIO pin and ground (the Pi's pull-up on).

    Presses and releases are debounced on their timestamps and reported to subscribers as
    ``(seat, seconds on the monotonic clock, pressed)``::

        from gpiozero.pins.mock import MockFactory
        with GpioBuzzers(BuzzerConfig(pins=(5, 6)), pin_factory=MockFactory()) as buzzers:
            buzzers.subscribe(print)
            buzzers.buttons[1].pin.drive_low()   # prints 1, <time of the edge>, True
    """

    def __init__(self, config: BuzzerConfig, *, pin_factory=None) -> None:
        self.config = config
        self.buttons: list[Button] = []
        self.clock_mismatch = False  # True once an edge came stamped on another clock (then timed on arrival)
        try:
            for pin in config.pins:
                self.buttons.append(Button(pin, pull_up=config.pull_up, bounce_time=None, pin_factory=pin_factory))
        except Exception:
            for b in self.buttons:
                b.close()
            raise
        self.factory = self.buttons[0].pin_factory if self.buttons else pin_factory
        # Ticks are opaque: only differences (ticks_diff) are seconds. Anchor them to the monotonic clock
        # once, so that GPIO and keyboard presses can be compared in one duel.
        self._epoch_ticks = self.factory.ticks() if self.factory else 0.0
        self._epoch = time.monotonic()
        super().__init__(len(self.buttons), config.debounce_ms / 1000, clock=self._now,
                         held=tuple(b.is_pressed for b in self.buttons))
        # gpiozero keeps only a weak reference to a pin's when_changed: these lists keep ours alive.
        self._handlers: list[Callable[[float, int], None]] = []
        for seat, button in enumerate(self.buttons):
            handler = self._handler(seat, button.pin.when_changed)
            self._handlers.append(handler)
            button.pin.when_changed = handler

    def _handler(self, seat: int, button_own: Callable[[float, int], None] | None) -> Callable[[float, int], None]:
        active_low = self.config.pull_up

        def on_change(ticks: float, state: int) -> None:
            self._edge(seat, self._edge_time(ticks), (not state) if active_low else bool(state))
            if button_own is not None:  # keep the Button's own is_pressed / when_pressed working
                button_own(ticks, state)

        return on_change

    def seconds(self, ticks: float) -> float:
        """A tick value of the pin factory as seconds on the monotonic clock."""
        return self._epoch + self.factory.ticks_diff(ticks, self._epoch_ticks)

    def _edge_time(self, ticks: float) -> float:
        at, now = self.seconds(ticks), self._now()
        if abs(now - at) > PLAUSIBLE_S:
            self.clock_mismatch = True
            return now
        return at

    def _now(self) -> float:
        return self.seconds(self.factory.ticks()) if self.factory else self._epoch

    def close(self) -> None:
        super().close()
        for b in self.buttons:
            b.close()
        self._handlers.clear()


class BuzzerLeds:
    """One LED per seat (in the button or beside it), each from its GPIO pin through a resistor to ground.

    ``show(seat, look)`` with look ``off``, ``on``, ``blink`` (the winner) or ``fast`` (release your button).

        with BuzzerLeds((17, 22), pwm=True) as leds:
            leds.show(0, "blink")
    """

    def __init__(self, pins: tuple[int, ...], *, pwm: bool = False, pin_factory=None) -> None:
        kind = PWMLED if pwm else LED
        self.leds: list[LED | PWMLED] = []
        try:
            for pin in pins:
                self.leds.append(kind(pin, pin_factory=pin_factory))
        except Exception:
            self.close()
            raise
        self.looks = ["off"] * len(self.leds)

    def show(self, seat: int, look: str) -> None:
        """Set one seat's LED; the same look again leaves a blink running undisturbed."""
        if look not in LOOKS:
            raise ValueError(f"unknown LED look {look!r}; known: {', '.join(LOOKS)}")
        if not 0 <= seat < len(self.leds) or self.looks[seat] == look:
            return
        led = self.leds[seat]
        self.looks[seat] = look
        if look == "off":
            led.off()
        elif look == "on":
            led.on()
        elif look == "blink":
            led.blink(on_time=0.25, off_time=0.25)
        else:
            led.blink(on_time=0.06, off_time=0.06)

    def show_all(self, looks: dict[int, str]) -> None:
        """Every seat: the look given, off when not given."""
        for seat in range(len(self.leds)):
            self.show(seat, looks.get(seat, "off"))

    def close(self) -> None:
        for led in self.leds:
            led.close()
        self.leds = []
        self.looks = []

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
