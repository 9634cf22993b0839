"""Every buzzer of the table in one object: GPIO buttons when pins are configured, keyboard stand-ins, LEDs."""

from __future__ import annotations

from companion.devices.buzzers.config import BuzzerConfig
from companion.devices.buzzers.gpio import BuzzerLeds, GpioBuzzers
from companion.devices.buzzers.source import BuzzerSource, KeyboardBuzzers


class BuzzerHardware:
    """The table's buzzers, opened once for the app's lifetime (GPIO pins are reserved until closed).

    >>> hw = BuzzerHardware.open(BuzzerConfig())  # no pins configured: the keyboard only
    >>> [type(s).__name__ for s in hw.sources], hw.notice
    (['KeyboardBuzzers'], None)
    >>> hw.close()
    """

    def __init__(self, config: BuzzerConfig, *, gpio: GpioBuzzers | None = None,
                 keyboard: KeyboardBuzzers | None = None, leds: BuzzerLeds | None = None,
                 notice: str | None = None, error: str | None = None) -> None:
        self.config = config
        self.gpio = gpio
        self.keyboard = keyboard
        self.leds = leds
        self.notice = notice  # for the person at the table: why a configured part is missing
        self.error = error  # the error behind the notice, as the library raised it

    @property
    def sources(self) -> list[BuzzerSource]:
        return [s for s in (self.gpio, self.keyboard) if s is not None]

    @classmethod
    def open(cls, config: BuzzerConfig, *, pin_factory=None, keyboard: bool = True) -> BuzzerHardware:
        """Open what the config names; GPIO that cannot be opened leaves the keyboard and a notice."""
        gpio = leds = None
        notice = error = None
        if config.pins:
            try:
                gpio = GpioBuzzers(config, pin_factory=pin_factory)
                if config.led_pins:
                    leds = BuzzerLeds(config.led_pins, pwm=config.led_pwm, pin_factory=pin_factory)
            except Exception as exc:  # no GPIO on this machine, a pin in use: play on with the keyboard
                if gpio is not None:
                    gpio.close()
                gpio = leds = None
                error = f"{type(exc).__name__}: {exc}"
                notice = f"GPIO buzzers unavailable ({error}); keyboard keys stand in"
        kb = KeyboardBuzzers(config.keys) if keyboard and config.keys else None
        return cls(config, gpio=gpio, keyboard=kb, leds=leds, notice=notice, error=error)

    def close(self) -> None:
        for part in (self.gpio, self.keyboard, self.leds):
            if part is not None:
                part.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
