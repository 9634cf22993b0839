"""WS2812 / SK6812 ("NeoPixel") ring on the SPI MOSI pin (GPIO 10): Pi 4 and Pi 5, no root.

Adafruit's ``neopixel_spi`` turns each data bit into one SPI byte at 6.4 MHz (0b11110000 for a 1,
0b11000000 for a 0) between two reset gaps. It normally gets its bus from Blinka's ``board.SPI()``;
here :class:`SpidevBus` hands it ``/dev/spidevB.D`` straight from the config through Adafruit_PureIO
(plain ioctls), so the bus and chip-select in the profile are the ones used and no board detection runs.
"""

from __future__ import annotations

import os
from typing import Any, Sequence

from ..colors import OFF, RGB
from ..config import SPI_HZ, SPIDEV_BUFSIZ, spi_frame_bytes
from .base import Backend, RingUnavailable


class BusLock:
    """The lock half of busio.SPI's interface (``try_lock``/``unlock``), which the NeoPixel library takes
    around every write; shared by the real bus and the test and benchmark buses."""

    _locked = False

    def try_lock(self) -> bool:
        if self._locked:
            return False
        self._locked = True
        return True

    def unlock(self) -> None:
        self._locked = False


class SpidevBus(BusLock):
    """``/dev/spidev{bus}.{device}`` with the busio.SPI methods that neopixel_spi calls."""

    def __init__(self, bus: int = 0, device: int = 0):
        from Adafruit_PureIO.spi import SPI  # lazy: only a ring on SPI needs it

        self.path = f"/dev/spidev{bus}.{device}"
        if not os.path.exists(self.path):
            raise RingUnavailable(
                f"{self.path} does not exist: turn SPI on (raspi-config > Interface Options > SPI, "
                "or dtparam=spi=on in config.txt) and reboot"
            )
        try:
            self._spi = SPI((bus, device))
        except PermissionError:
            raise RingUnavailable(f"no permission to open {self.path}: add the user to the 'spi' group") from None
        self.frequency = SPI_HZ

    def configure(self, *, baudrate: int = SPI_HZ, polarity: int = 0, phase: int = 0, bits: int = 8) -> None:
        self._spi.mode = (polarity << 1) | phase
        self._spi.max_speed_hz = baudrate
        self._spi.bits_per_word = bits
        self.frequency = baudrate

    def write(self, buf: bytes, start: int = 0, end: int | None = None) -> None:
        self._spi.writebytes(bytes(buf[start:end]), max_speed_hz=self.frequency)

    def deinit(self) -> None:
        os.close(self._spi.handle)


class NeoPixelSPI(Backend):
    """A NeoPixel ring whose data line is on MOSI (GPIO 10, pin 19), driven by ``neopixel_spi``.

    Wiring: 5 V and GND from the supply (common ground with the Pi), DIN to GPIO 10, ideally through
    a 3.3 V to 5 V level shifter. ``spi`` replaces the real bus (tests pass a decoding fake).

    >>> ring = NeoPixelSPI(24)                # doctest: +SKIP
    >>> ring.show([(255, 170, 0)] * 24)       # doctest: +SKIP
    """

    name = "spi"

    def __init__(self, led_count: int, *, bus: int = 0, device: int = 0, pixel_order: str = "GRB", spi: Any = None):
        super().__init__(led_count)
        try:
            import neopixel_spi
        except ImportError as exc:
            raise RingUnavailable(f"the SPI NeoPixel library is not installed ({exc.name})") from None
        if spi_frame_bytes(led_count, pixel_order) > SPIDEV_BUFSIZ:
            raise RingUnavailable(f"{led_count} LEDs do not fit one {SPIDEV_BUFSIZ}-byte spidev transfer")
        self._bus = spi if spi is not None else SpidevBus(bus, device)
        self._pixels = neopixel_spi.NeoPixel_SPI(
            self._bus, led_count, pixel_order=pixel_order, auto_write=False, brightness=1.0, frequency=SPI_HZ
        )
        self._white = len(pixel_order) == 4

    def show(self, frame: Sequence[RGB]) -> None:
        self._check(frame)
        # An RGBW strip gets white 0, so colours mean the same on both kinds of strip.
        self._pixels[:] = [(r, g, b, 0) for r, g, b in frame] if self._white else list(frame)
        self._pixels.show()

    def close(self) -> None:
        if self.closed:
            return
        try:
            self._pixels[:] = [OFF + ((0,) if self._white else ())] * self.led_count
            self._pixels.show()
        finally:
            self.closed = True
            if hasattr(self._bus, "deinit"):
                self._bus.deinit()
