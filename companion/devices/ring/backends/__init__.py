"""Ring backends, chosen by ``RingConfig.backend``; each imports its library only when opened."""

from __future__ import annotations

from ..config import RingConfig
from .base import Backend, RingUnavailable, ScreenRing


def open_backend(config: RingConfig) -> Backend:
    """The backend the config names, opened; RingUnavailable (or the library's error) if it cannot be."""
    if config.backend == "screen":
        return ScreenRing(config.led_count)
    if config.backend == "spi":
        from .neopixel import NeoPixelSPI

        return NeoPixelSPI(
            config.led_count, bus=config.spi_bus, device=config.spi_device, pixel_order=config.pixel_order
        )
    if config.backend == "ws281x":
        from .ws281x import WS281xPWM

        return WS281xPWM(config.led_count, pin=config.ws281x_pin, dma=config.ws281x_dma, invert=config.ws281x_invert)
    if config.backend == "bargraph":
        from .bargraph import BarGraph

        return BarGraph(config.bar_pins, active_high=config.bar_active_high)
    raise RingUnavailable(f"unknown ring backend {config.backend!r}")


__all__ = ["Backend", "RingUnavailable", "ScreenRing", "open_backend"]
