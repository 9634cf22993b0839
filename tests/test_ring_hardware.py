"""On the Pi with the ring attached (``pytest --hardware``): the configured backend really opens and runs.

Set COMPANION_RING_BACKEND (spi, ws281x or bargraph; default spi), COMPANION_RING_LEDS (default 24) and,
for a bar graph, COMPANION_RING_PINS (e.g. "5,6,13,19,26"). Watch the ring while it runs.
"""

from __future__ import annotations

import os
import threading

import pytest

from companion.devices.ring import Ring, RingConfig, open_backend

pytestmark = pytest.mark.hardware


def _config() -> RingConfig:
    table = {"backend": os.environ.get("COMPANION_RING_BACKEND", "spi")}
    if "COMPANION_RING_LEDS" in os.environ:
        table["led_count"] = int(os.environ["COMPANION_RING_LEDS"])
    if "COMPANION_RING_PINS" in os.environ:
        table["bar_pins"] = [int(p) for p in os.environ["COMPANION_RING_PINS"].split(",")]
    return RingConfig.from_mapping(table)


def test_the_configured_ring_opens_and_shows_a_frame():
    config = _config()
    with open_backend(config) as backend:
        backend.show([(40, 0, 0)] * config.led_count)


def test_a_three_second_hourglass_on_the_real_ring():
    arrived = threading.Event()
    with Ring(_config(), when_time_up=lambda event: arrived.set()) as ring:
        assert ring.status().ok, ring.status().message
        ring.idle()
        threading.Event().wait(2)
        ring.hourglass(3)
        assert arrived.wait(10)
        threading.Event().wait(1.5)  # the time-up flash
        ring.winner("#0040ff")
        threading.Event().wait(1)
        assert ring.status().ok, ring.status().message
