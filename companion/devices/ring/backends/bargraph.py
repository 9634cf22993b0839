"""A row of plain LEDs on GPIO pins, as a gpiozero ``LEDBarGraph`` with PWM dimming."""

from __future__ import annotations

from typing import Any, Sequence

from ..colors import RGB
from .base import Backend, RingUnavailable


class BarGraph(Backend):
    """Plain single-colour LEDs, one per GPIO pin (each through its resistor to GND, or to 3.3 V when
    ``active_high=False``). Each LED shows the brightest channel of its pixel, so the drain, the pulse
    and the flash read the same as on a colour ring.

    >>> bar = BarGraph([5, 6, 13, 19, 26])    # doctest: +SKIP
    >>> bar.show([(255, 0, 0)] * 5)           # doctest: +SKIP
    """

    name = "bargraph"

    def __init__(self, pins: Sequence[int], *, active_high: bool = True, pin_factory: Any = None):
        super().__init__(len(pins))
        try:
            from gpiozero import LEDBarGraph
            from gpiozero.exc import GPIOZeroError
        except ImportError as exc:
            raise RingUnavailable(f"gpiozero is not installed ({exc})") from None
        try:
            self._bar = LEDBarGraph(*pins, pwm=True, active_high=active_high, pin_factory=pin_factory)
        except (GPIOZeroError, OSError) as exc:
            raise RingUnavailable(f"the LED bar on GPIO {list(pins)} could not start: {exc}") from None
        self._values = [-1.0] * len(pins)

    def show(self, frame: Sequence[RGB]) -> None:
        self._check(frame)
        for i, (led, pixel) in enumerate(zip(self._bar.leds, frame)):
            value = max(pixel) / 255
            if value != self._values[i]:  # a PWM write per LED per frame would be wasted work
                led.value = value
                self._values[i] = value

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._bar.close()
