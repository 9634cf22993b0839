"""WS281x ring on a PWM pin through ``rpi_ws281x``, for a Pi 4 already wired that way.

rpi_ws281x does not run on a Pi 5, needs root for /dev/mem, and its PWM mode takes the analogue audio
on a Pi 4: prefer the SPI backend for new builds. The library is only imported when this backend is
chosen (``pip install .[pi]``).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..colors import RGB
from ..config import WS281X_PINS
from .base import Backend, RingUnavailable


def _library_strip(led_count: int, pin: int, dma: int, invert: bool, channel: int) -> Any:
    try:
        from rpi_ws281x import PixelStrip
    except ImportError as exc:
        raise RingUnavailable(f"rpi_ws281x is not installed ({exc}): pip install '.[pi]'") from None
    return PixelStrip(led_count, pin, 800_000, dma, invert, 255, channel)


class WS281xPWM(Backend):
    """A WS2812 ring with DIN on GPIO 18 (or 12, 13, 19), driven by PWM + DMA through rpi_ws281x.

    ``strip_factory(led_count, pin, dma, invert, channel)`` replaces the library's PixelStrip (tests).

    >>> ring = WS281xPWM(24, pin=18)          # doctest: +SKIP
    """

    name = "ws281x"

    def __init__(
        self,
        led_count: int,
        *,
        pin: int = 18,
        dma: int = 10,
        invert: bool = False,
        strip_factory: Callable[..., Any] | None = None,
    ):
        super().__init__(led_count)
        if pin not in WS281X_PINS:
            raise RingUnavailable(f"GPIO {pin} has no PWM channel: use 12, 13, 18 or 19")
        factory = strip_factory or _library_strip
        self._strip = factory(led_count, pin, dma, invert, WS281X_PINS[pin])
        try:
            self._strip.begin()
        except RuntimeError as exc:  # the library's message, e.g. "ws2811_init failed with code -5"
            raise RingUnavailable(f"rpi_ws281x could not start (run as root, on a Pi 4): {exc}") from None

    def show(self, frame: Sequence[RGB]) -> None:
        self._check(frame)
        strip = self._strip
        for i, (r, g, b) in enumerate(frame):
            strip.setPixelColor(i, (r << 16) | (g << 8) | b)  # the library's Color(r, g, b)
        strip.show()

    def close(self) -> None:
        if self.closed:
            return
        try:
            for i in range(self.led_count):
                self._strip.setPixelColor(i, 0)
            self._strip.show()
        finally:
            self.closed = True
