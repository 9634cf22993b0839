"""gpiozero's own MockFactory installed as the pin factory for a test, and the previous one put back."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin


@contextmanager
def mock_pin_factory(pin_class: type = MockPin) -> Iterator[MockFactory]:
    saved = Device.pin_factory
    Device.pin_factory = MockFactory(pin_class=pin_class)
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved
