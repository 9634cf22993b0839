"""Each ring backend through its fake: the exact SPI bytes decoded back, gpiozero's mock PWM pins,
a recording rpi_ws281x strip; and a Ring that falls back to the screen when its ring is missing."""

from __future__ import annotations

import os
import threading
import time

import pytest
from gpiozero.pins.mock import MockPWMPin

from companion.devices.ring import Ring, RingConfig, RingUnavailable, ScreenRing, open_backend, orient
from companion.devices.ring.backends.bargraph import BarGraph
from companion.devices.ring.backends.neopixel import BusLock, NeoPixelSPI, SpidevBus
from companion.devices.ring.backends.ws281x import WS281xPWM
from tests.gpio_support import mock_pin_factory

RESET = bytes(64)  # 80 us of low at 6.4 MHz
BIT = {0b11110000: 1, 0b11000000: 0}


class DecodingSPI(BusLock):
    """A fake SPI bus with busio.SPI's methods: decodes each write's NeoPixel bit patterns into pixels."""

    def __init__(self, pixel_order: str = "GRB"):
        self.order = pixel_order
        self.configured: dict = {}
        self.writes: list[bytes] = []
        self.written = threading.Event()

    def configure(self, **settings) -> None:
        self.configured = settings

    def write(self, buf, start: int = 0, end: int | None = None) -> None:
        assert self._locked, "written without holding the bus lock"
        self.writes.append(bytes(buf[start:end]))
        self.written.set()

    def decode(self, data: bytes) -> list[tuple[int, ...]]:
        """The colours (in R, G, B[, W] order) that a WS2812 chain would latch from ``data``."""
        assert data.startswith(RESET) and data.endswith(RESET), "a frame must sit between two reset gaps"
        body = data[len(RESET) : -len(RESET)]
        bits = [BIT[b] for b in body]  # KeyError: a byte that is neither a 0 nor a 1 pattern
        assert len(bits) % (8 * len(self.order)) == 0
        wire = [int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8)]
        pixels = []
        for i in range(0, len(wire), len(self.order)):
            channels = dict(zip(self.order, wire[i : i + len(self.order)]))
            pixels.append(tuple(channels[c] for c in "RGBW" if c in self.order))
        return pixels

    def last_frame(self) -> list[tuple[int, ...]]:
        return self.decode(self.writes[-1])


@pytest.fixture
def mock_factory():
    """gpiozero's MockFactory with PWM pins, installed for the test and restored after it."""
    with mock_pin_factory(MockPWMPin) as factory:
        yield factory


def test_spi_sends_each_colour_as_grb_bit_patterns():
    spi = DecodingSPI("GRB")
    frame = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (1, 2, 3)] + [(0, 0, 0)] * 20
    with NeoPixelSPI(24, spi=spi) as ring:
        ring.show(frame)
        data = spi.writes[-1]
        assert len(data) == 64 + 24 * 24 + 64
        # The first LED is red: on the wire, green (8 zero bits) comes before red (8 one bits).
        assert data[64:80] == bytes([0b11000000] * 8 + [0b11110000] * 8)
        assert spi.last_frame() == frame
    assert spi.configured == {"baudrate": 6_400_000, "polarity": 0, "phase": 0}
    assert spi.last_frame() == [(0, 0, 0)] * 24  # close() darkens the ring


def test_spi_rgbw_strip_gets_white_off():
    spi = DecodingSPI("GRBW")
    with NeoPixelSPI(12, spi=spi, pixel_order="GRBW") as ring:
        ring.show([(10, 20, 30)] * 12)
        assert spi.last_frame() == [(10, 20, 30, 0)] * 12


def test_backends_refuse_a_frame_of_the_wrong_size():
    with NeoPixelSPI(12, spi=DecodingSPI()) as ring, pytest.raises(ValueError, match="13 LEDs for a ring of 12"):
        ring.show([(0, 0, 0)] * 13)


def test_ring_on_spi_applies_cap_budget_and_mounting():
    spi = DecodingSPI()
    config = RingConfig(backend="spi", led_count=12, brightness=0.5, budget_ma=None, rotation=3, clockwise=False)
    with Ring(config, backend=NeoPixelSPI(12, spi=spi)) as ring:
        spi.written.clear()
        ring.winner((0, 0, 255))
        # Wait for the fill (0.5 s) to finish. The test waits on the frame on the wire itself: a frame drawn
        # just before the fill ended can still be the last one written when the effect turns still.
        assert _wait_for(lambda: bool(spi.writes) and spi.last_frame() == [(0, 0, 127)] * 12)
        ring.hourglass(60)
        ring.pause()
        picture = ring.frame()
        expected = orient([tuple(int(c * 0.5) for c in p) for p in picture], 3, False)
        assert _wait_for(lambda: spi.last_frame() == expected)
        assert ring.status().ok and ring.status().active == "spi"


def test_ring_on_spi_keeps_a_white_ring_within_the_budget():
    spi = DecodingSPI()
    config = RingConfig(backend="spi", led_count=24, brightness=1.0, budget_ma=300.0, quiescent_ma=1.0)
    with Ring(config, backend=NeoPixelSPI(24, spi=spi)) as ring:
        ring.winner("#ffffff")
        # The fill lights one LED after another: a uniform, lit frame is the finished fill.
        assert _wait_for(lambda: bool(spi.writes) and len(set(spi.last_frame())) == 1 and spi.last_frame()[0] != (0, 0, 0))
        frame = spi.last_frame()
        drawn = 24 * 1.0 + sum(sum(p) for p in frame) * 60.0 / 765
        assert drawn <= 300.0
        assert frame == [frame[0]] * 24 and frame[0][0] > 0


def test_spidev_bus_names_the_missing_device():
    if os.path.exists("/dev/spidev5.3"):
        pytest.skip("this machine has /dev/spidev5.3")
    with pytest.raises(RingUnavailable, match=r"/dev/spidev5\.3 does not exist: turn SPI on"):
        SpidevBus(5, 3)


def test_bar_graph_shows_the_brightest_channel_on_pwm_pins(mock_factory):
    pins = [5, 6, 13, 19]
    with BarGraph(pins) as bar:
        bar.show([(255, 0, 0), (0, 51, 0), (10, 20, 102), (0, 0, 0)])
        assert [mock_factory.pin(p).state for p in pins] == [1.0, 0.2, 0.4, 0]
        bar.show([(0, 0, 0)] * 4)
        assert [mock_factory.pin(p).state for p in pins] == [0, 0, 0, 0]
    with pytest.raises(RingUnavailable, match="closed"):
        bar.show([(0, 0, 0)] * 4)


def test_bar_graph_active_low(mock_factory):
    with BarGraph([5, 6], active_high=False) as bar:
        bar.show([(255, 255, 255), (0, 0, 0)])
        assert [mock_factory.pin(p).state for p in (5, 6)] == [0, 1.0]


def test_ring_drives_a_bar_graph_from_the_config(mock_factory):
    config = RingConfig.from_mapping({"backend": "bargraph", "bar_pins": [5, 6, 13], "brightness": 1.0})
    with Ring(config) as ring:
        assert ring.status().active == "bargraph"
        ring.winner((0, 255, 0))
        assert _wait_for(lambda: [mock_factory.pin(p).state for p in (5, 6, 13)] == [1.0, 1.0, 1.0])


def test_bar_graph_pin_in_use_is_reported(mock_factory):
    held = BarGraph([5])
    try:
        with pytest.raises(RingUnavailable, match=r"GPIO \[5\] could not start"):
            BarGraph([5])
    finally:
        held.close()


class RecordingStrip:
    """Stands in for rpi_ws281x.PixelStrip (which needs a Pi 4 and root): records what it is given."""

    def __init__(self, num, pin, dma, invert, channel, fail=False):
        self.args = (num, pin, dma, invert, channel)
        self.pixels = [0] * num
        self.shown: list[list[int]] = []
        self.fail = fail

    def begin(self):
        if self.fail:
            raise RuntimeError("ws2811_init failed with code -5 (mmap() failed)")

    def setPixelColor(self, n, color):
        self.pixels[n] = color

    def show(self):
        self.shown.append(list(self.pixels))


def test_ws281x_packs_colours_as_the_library_expects():
    strips = []
    factory = lambda *args: strips.append(RecordingStrip(*args)) or strips[-1]  # noqa: E731
    with WS281xPWM(3, pin=13, dma=5, strip_factory=factory) as ring:
        ring.show([(255, 0, 0), (0, 128, 0), (1, 2, 3)])
    strip = strips[0]
    assert strip.args == (3, 13, 5, False, 1)  # GPIO 13 is PWM channel 1
    assert strip.shown[0] == [0xFF0000, 0x008000, 0x010203]
    assert strip.shown[-1] == [0, 0, 0]


def test_ws281x_start_failure_says_why():
    factory = lambda *args: RecordingStrip(*args, fail=True)  # noqa: E731
    with pytest.raises(RingUnavailable, match="run as root, on a Pi 4.*code -5"):
        WS281xPWM(3, strip_factory=factory)


def test_ws281x_without_its_library_or_hardware_is_unavailable():
    # Here rpi_ws281x is either not installed or has no Pi to drive: both are reported, never a crash.
    with pytest.raises(RingUnavailable):
        WS281xPWM(3)


@pytest.mark.parametrize("backend", ["spi", "ws281x"])
def test_a_missing_ring_falls_back_to_the_screen_and_says_why(backend):
    if backend == "spi" and os.path.exists("/dev/spidev0.0"):
        pytest.skip("this machine has an SPI bus")
    with Ring(RingConfig(backend=backend, led_count=16)) as ring:
        status = ring.status()
        assert (status.configured, status.active, status.ok) == (backend, "screen", False)
        assert status.last_error and status.last_error in status.message
        assert "shown on screen" in status.message
        ring.winner("#00ff00")
        assert len(ring.frame()) == 16
        assert ring.reconnect().active == "screen"


def test_open_backend_screen():
    backend = open_backend(RingConfig(led_count=5))
    assert isinstance(backend, ScreenRing) and backend.led_count == 5


def test_orient():
    frame = [(i, 0, 0) for i in range(4)]
    assert orient(frame, 0, True) == frame
    assert orient(frame, 1, True) == [(3, 0, 0), (0, 0, 0), (1, 0, 0), (2, 0, 0)]
    assert orient(frame, 0, False) == [(0, 0, 0), (3, 0, 0), (2, 0, 0), (1, 0, 0)]


def _now() -> float:
    return time.monotonic()


def _wait_for(condition, timeout: float = 5.0) -> bool:
    done = threading.Event()
    deadline = _now() + timeout
    while not condition():
        if _now() > deadline:
            return False
        done.wait(0.01)
    return True



def test_retry_after_the_ring_is_freed(mock_factory):
    held = BarGraph([5, 6])
    config = RingConfig.from_mapping({"backend": "bargraph", "bar_pins": [5, 6]})
    with Ring(config) as ring:
        assert not ring.status().ok and "GPIO [5, 6]" in ring.status().last_error
        held.close()
        status = ring.reconnect()
        assert status.ok and status.active == "bargraph" and status.last_error is None
