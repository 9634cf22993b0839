"""A gpiozero mock pin whose edges carry a given time, as lgpio's carry the kernel's timestamp.

gpiozero's own ``MockPin`` stamps an edge with the time ``drive_low()`` happened to run; tests and the
benchmark need edges at exact simulated times (0.05 ms apart, chatter, presses reported late).
"""

from __future__ import annotations

from gpiozero.pins.mock import MockPWMPin, PinState


class StampedPin(MockPWMPin):
    """``drive_low(ticks)`` / ``drive_high(ticks)``: an edge stamped ``ticks`` (the factory's ticks, seconds).

    A PWM-capable mock pin, so that buttons and (PWM) LEDs can share one ``MockFactory(pin_class=StampedPin)``.

    >>> from gpiozero import Button
    >>> from gpiozero.pins.mock import MockFactory
    >>> factory = MockFactory(pin_class=StampedPin)
    >>> button = Button(5, pin_factory=factory)
    >>> seen = []
    >>> button.pin.when_changed = handler = lambda ticks, state: seen.append((ticks, state))
    >>> button.pin.drive_low(ticks=1234.5)
    >>> seen
    [(1234.5, False)]
    """

    def drive_low(self, ticks: float | None = None) -> None:
        self._drive(False, ticks)

    def drive_high(self, ticks: float | None = None) -> None:
        self._drive(True, ticks)

    def _drive(self, value: bool, ticks: float | None) -> None:
        if ticks is None:
            return super().drive_high() if value else super().drive_low()
        assert self._function == "input"
        if self._state == value:
            return
        self._state = value
        self.states.append(PinState(ticks - self._last_change, value))
        self._last_change = ticks
        if self._edges in ("both", "rising" if value else "falling") and self._when_changed is not None:
            self._call_when_changed()
