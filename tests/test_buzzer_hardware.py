"""On the Pi, with a jumper wire: a GPIO output drives a buzzer input, and the edge times are checked.

    COMPANION_BUZZER_LOOPBACK=20:21 python -m pytest tests/test_buzzer_hardware.py --hardware

(20 is the output, 21 the buzzer input, BCM numbers, joined by a wire.) Skipped unless ``--hardware``.
"""

from __future__ import annotations

import os
import threading
import time

import pytest

pytestmark = pytest.mark.hardware


@pytest.fixture
def loopback():
    spec = os.environ.get("COMPANION_BUZZER_LOOPBACK")
    if not spec:
        pytest.skip("set COMPANION_BUZZER_LOOPBACK=OUT:IN (BCM pins joined by a wire)")
    out_pin, in_pin = (int(p) for p in spec.split(":"))
    from gpiozero import Device, DigitalOutputDevice
    from gpiozero.pins.mock import MockFactory

    if isinstance(Device.pin_factory, MockFactory) or os.environ.get("GPIOZERO_PIN_FACTORY") == "mock":
        Device.pin_factory = None  # the tests' default is the mock: use the Pi's own pins here
        os.environ.pop("GPIOZERO_PIN_FACTORY", None)
    from companion.devices.buzzers import BuzzerConfig, GpioBuzzers

    out = DigitalOutputDevice(out_pin, initial_value=True)
    buzzers = GpioBuzzers(BuzzerConfig(pins=(in_pin,), debounce_ms=2))
    yield out, buzzers
    buzzers.close()
    out.close()


def test_edge_times_come_from_the_pin_and_precede_the_callbacks(loopback):
    out, buzzers = loopback
    seen: list[tuple[float, float, bool]] = []
    event = threading.Event()

    def sink(seat, at, pressed):
        seen.append((at, time.monotonic(), pressed))
        event.set()

    buzzers.subscribe(sink)
    lags = []
    for _ in range(50):
        event.clear()
        before = time.monotonic()
        out.off()  # the input goes low: a press
        assert event.wait(1.0), "no press seen: check the jumper wire"
        at, called, pressed = seen[-1]
        assert pressed and before - 0.001 <= at <= called  # stamped at the edge, before the callback ran
        lags.append(called - at)
        event.clear()
        out.on()
        assert event.wait(1.0)
        time.sleep(0.01)
    print(f"callback ran {sorted(lags)[len(lags) // 2] * 1000:.3f} ms (median) after the edge")
