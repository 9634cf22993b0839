"""The ring's settings: which backend, how many LEDs, how bright, and the power budget."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any, Mapping

from .power import PowerLimit

BACKENDS = ("screen", "spi", "ws281x", "bargraph")
PIXEL_ORDERS = ("GRB", "RGB", "GRBW", "RGBW")
# GPIO pins that carry PWM channel 0 / 1 on a Pi 4, the only ones rpi_ws281x's PWM mode can use.
WS281X_PINS = {12: 0, 18: 0, 13: 1, 19: 1}
BCM_PINS = range(2, 28)
SPI_HZ = 6_400_000  # NeoPixel over SPI: one SPI byte per data bit at 800 kbit/s
SPIDEV_BUFSIZ = 4096  # the kernel's default spidev buffer: a longer frame would be split, with gaps


def spi_frame_bytes(led_count: int, pixel_order: str = "GRB") -> int:
    """Bytes one frame takes on the SPI bus: 8 per data bit, plus the two 80 us reset gaps."""
    reset = round(SPI_HZ * 80e-6 / 8)
    return 2 * reset + 8 * len(pixel_order) * led_count


class RingConfigError(ValueError):
    """A ring setting is wrong; ``field`` names it (with its section, e.g. ``ring.led_count``)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class RingConfig:
    """Settings of the LED ring, as the hardware profile gives them.

    >>> RingConfig.from_mapping({"backend": "spi", "led_count": 16}).led_count
    16
    """

    backend: str = "screen"  # screen (no LEDs), spi (NeoPixel on MOSI), ws281x (PWM), bargraph (gpiozero)
    led_count: int = 24
    fps: float = 30.0
    brightness: float = 0.5  # cap, 0..1
    ma_per_led: float = 60.0  # one LED at full white (WS2812B: about 60 mA)
    quiescent_ma: float = 1.0  # one dark LED (WS2812B: about 1 mA)
    budget_ma: float | None = 1000.0  # what the 5 V supply gives the ring; None for no limit
    rotation: int = 0  # physical index of the LED at the top of the ring
    clockwise: bool = True  # physical indices grow clockwise
    pixel_order: str = "GRB"
    spi_bus: int = 0
    spi_device: int = 0
    ws281x_pin: int = 18
    ws281x_dma: int = 10
    ws281x_invert: bool = False
    bar_pins: tuple[int, ...] = ()
    bar_active_high: bool = True

    def __post_init__(self) -> None:
        self._check()

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, section: str = "ring") -> RingConfig:
        """A config from a parsed TOML table; unknown keys and bad values raise RingConfigError."""
        if not isinstance(data, Mapping):
            raise RingConfigError(section, f"expected a table of settings, got {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise RingConfigError(f"{section}.{key}", f"unknown setting (known: {', '.join(sorted(known))})")
        values = dict(data)
        if "bar_pins" in values:
            values["bar_pins"] = _pins(values["bar_pins"], f"{section}.bar_pins")
        if values.get("backend") == "bargraph" and "led_count" not in values and values.get("bar_pins"):
            values["led_count"] = len(values["bar_pins"])
        for f in fields(cls):
            if f.name in values:
                _check_type(f.name, f.type, values[f.name], section)
        try:
            return cls(**values)
        except RingConfigError as exc:
            raise RingConfigError(f"{section}.{exc.field}", exc.message) from None

    @property
    def power(self) -> PowerLimit:
        """The brightness cap and current budget as a PowerLimit."""
        return PowerLimit(self.brightness, self.ma_per_led, self.budget_ma, self.quiescent_ma)

    def _check(self) -> None:
        if self.backend not in BACKENDS:
            raise RingConfigError("backend", f"must be one of {', '.join(BACKENDS)}, got {self.backend!r}")
        _range("led_count", self.led_count, 1, 1024)
        _range("fps", self.fps, 1, 240)
        _range("brightness", self.brightness, 0, 1)
        _range("ma_per_led", self.ma_per_led, 0.1, 1000)
        _range("quiescent_ma", self.quiescent_ma, 0, 100)
        if self.budget_ma is not None:
            _range("budget_ma", self.budget_ma, 0, 100_000)
            floor = self.led_count * self.quiescent_ma
            if self.budget_ma <= floor:
                raise RingConfigError(
                    "budget_ma",
                    f"{self.budget_ma:g} mA does not even cover {self.led_count} dark LEDs "
                    f"({floor:g} mA at {self.quiescent_ma:g} mA each)",
                )
        _range("rotation", self.rotation, 0, self.led_count - 1)
        if self.pixel_order not in PIXEL_ORDERS:
            raise RingConfigError("pixel_order", f"must be one of {', '.join(PIXEL_ORDERS)}, got {self.pixel_order!r}")
        if self.backend == "spi" and spi_frame_bytes(self.led_count, self.pixel_order) > SPIDEV_BUFSIZ:
            raise RingConfigError(
                "led_count", f"{self.led_count} LEDs do not fit one {SPIDEV_BUFSIZ}-byte SPI transfer: at most "
                f"{(SPIDEV_BUFSIZ - spi_frame_bytes(0)) // (8 * len(self.pixel_order))} on SPI",
            )
        _range("spi_bus", self.spi_bus, 0, 6)
        _range("spi_device", self.spi_device, 0, 3)
        if self.ws281x_pin not in WS281X_PINS:
            raise RingConfigError("ws281x_pin", f"must be a PWM pin (12, 13, 18 or 19), got {self.ws281x_pin!r}")
        _range("ws281x_dma", self.ws281x_dma, 1, 14)
        for pin in self.bar_pins:
            if pin not in BCM_PINS:
                raise RingConfigError("bar_pins", f"GPIO numbers go from 2 to 27, got {pin!r}")
        if len(set(self.bar_pins)) != len(self.bar_pins):
            raise RingConfigError("bar_pins", f"a pin is listed twice: {list(self.bar_pins)}")
        if self.backend == "bargraph":
            if not self.bar_pins:
                raise RingConfigError("bar_pins", "the bargraph backend needs the GPIO pins of its LEDs")
            if len(self.bar_pins) != self.led_count:
                raise RingConfigError(
                    "bar_pins", f"{len(self.bar_pins)} pins for led_count = {self.led_count}: give one pin per LED"
                )


def _range(name: str, value: float, low: float, high: float) -> None:
    if not (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)):
        raise RingConfigError(name, f"expected a number, got {value!r}")
    if not low <= value <= high:
        raise RingConfigError(name, f"must be from {low:g} to {high:g}, got {value!r}")


def _check_type(name: str, annotation: str, value: Any, section: str) -> None:
    where = f"{section}.{name}"
    if annotation == "bool" and not isinstance(value, bool):
        raise RingConfigError(where, f"expected true or false, got {value!r}")
    if annotation == "int" and (isinstance(value, bool) or not isinstance(value, int)):
        raise RingConfigError(where, f"expected a whole number, got {value!r}")
    if annotation.startswith("float") and value is not None:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise RingConfigError(where, f"expected a number, got {value!r}")
    if annotation == "str" and not isinstance(value, str):
        raise RingConfigError(where, f"expected text, got {value!r}")


def _pins(value: Any, where: str) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise RingConfigError(where, f"expected a list of GPIO numbers, got {value!r}")
    pins = tuple(value)
    for pin in pins:
        if isinstance(pin, bool) or not isinstance(pin, int):
            raise RingConfigError(where, f"expected a list of GPIO numbers, got {value!r}")
    return pins
