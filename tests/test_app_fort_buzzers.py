"""The follow window answered by real gpiozero Buttons on MockFactory pins, through the app's buzzer feed:
the hardware thread posts, the UI thread answers (a press follows, a long press passes)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.app import buzzer_feed
from companion.app.games.fort.buzzers import LONG_PRESS_S
from companion.app.games.fort.ui import UI
from companion.devices.buzzers import BuzzerConfig, BuzzerHardware, GpioBuzzers
from companion.devices.buzzers.mock import StampedPin
from tests.gpio_support import mock_pin_factory

PINS = (5, 6, 13)


class FakeApp:
    """What the feed and Fort's hook read: the game's UI and view, the screen shown, what is sent."""

    def __init__(self, hardware, follower: str = "Zoé") -> None:
        self.buzzer_hardware = hardware
        self.sent: list[dict] = []
        self.view = {"game": "fort", "step": "follow", "follower": follower, "asks": [],
                     "players": [{"name": n} for n in ("Ana", "Bob", "Zoé")]}
        self.controller = SimpleNamespace(ui=lambda: UI, view=self.view)
        self.sm = SimpleNamespace(current="fort_turn")

    def send(self, cmd: dict) -> None:
        self.sent.append(cmd)


@pytest.fixture
def table():
    with mock_pin_factory(StampedPin):
        with GpioBuzzers(BuzzerConfig(pins=PINS, debounce_ms=10)) as gpio:
            app = FakeApp(BuzzerHardware(BuzzerConfig(pins=PINS), gpio=gpio))
            posted: list = []
            stop = buzzer_feed.start(app, post=posted.append)  # the UI thread's queue, run by the test
            yield app, gpio, posted
            stop()


def _press(gpio, seat: int, held_s: float) -> None:
    pin = gpio.buttons[seat].pin
    pin.drive_low()
    pin.drive_high(ticks=pin._last_change + held_s)


def _run(posted: list) -> None:
    while posted:
        posted.pop(0)()


def test_the_awaited_players_press_follows_and_nothing_is_sent_from_the_hardware_thread(table):
    app, gpio, posted = table
    _press(gpio, 2, 0.1)
    assert app.sent == [] and posted  # posted only: the hardware thread touches nothing
    _run(posted)
    assert app.sent == [{"cmd": "follow", "player": "Zoé", "follows": True}]


def test_a_long_press_passes(table):
    app, gpio, posted = table
    _press(gpio, 2, LONG_PRESS_S + 0.2)
    _run(posted)
    assert app.sent == [{"cmd": "follow", "player": "Zoé", "follows": False}]


def test_another_seats_press_or_a_press_outside_the_follow_window_is_ignored(table):
    app, gpio, posted = table
    _press(gpio, 1, 0.1)  # Bob: not his answer
    _run(posted)
    app.view["step"] = "recruit"
    _press(gpio, 2, 0.1)
    _run(posted)
    assert app.sent == []


def test_without_buzzers_the_feed_has_nothing_to_stop():
    app = SimpleNamespace()
    buzzer_feed.start(app)()  # no hardware: no error, nothing subscribed
