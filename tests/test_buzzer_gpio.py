"""Presses on real gpiozero Buttons through MockFactory pins: edge times, chatter, stuck buttons, LEDs."""

from __future__ import annotations

import gc
import threading

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.devices.buzzers import BuzzerConfig, BuzzerDuel, BuzzerHardware, BuzzerLeds, GpioBuzzers
from companion.devices.buzzers.mock import StampedPin
from tests.buzzer_support import ManualClock
from tests.gpio_support import mock_pin_factory

PINS = (5, 6, 13)
LED_PINS = (17, 22, 27)


@pytest.fixture
def mock_factory():
    """Install gpiozero's MockFactory (with pins whose edges can carry given times) and restore after."""
    with mock_pin_factory(StampedPin) as factory:
        yield factory


@pytest.fixture
def buzzers(mock_factory):
    with GpioBuzzers(BuzzerConfig(pins=PINS, debounce_ms=10)) as b:
        yield b


def record(source):
    seen: list[tuple[int, float, bool]] = []
    event = threading.Event()

    def sink(seat, at, pressed):
        seen.append((seat, at, pressed))
        event.set()

    source.subscribe(sink)
    return seen, event


def pin(buzzers, seat):
    return buzzers.buttons[seat].pin


def test_a_plain_mock_press_on_a_real_button_is_reported_with_its_edge_time(buzzers):
    seen, _ = record(buzzers)
    p = pin(buzzers, 1)
    p.drive_low()
    assert len(seen) == 1
    seat, at, pressed = seen[0]
    assert (seat, pressed) == (1, True)
    assert at == pytest.approx(buzzers.seconds(p._last_change), abs=1e-9)  # the pin's own edge time
    assert buzzers.buttons[1].is_pressed  # the Button itself still works
    p.drive_high(ticks=p._last_change + 0.05)  # let go 50 ms later (sooner would be chatter: debounced)
    assert seen[-1] == (1, pytest.approx(at + 0.05), False) and not buzzers.buttons[1].is_pressed


def test_the_edge_time_not_the_callback_time_is_used(buzzers):
    seen, _ = record(buzzers)
    edge = buzzers.factory.ticks() - 0.250  # the kernel saw it 250 ms before the callback ran
    pin(buzzers, 0).drive_low(ticks=edge)
    assert seen == [(0, pytest.approx(buzzers.seconds(edge), abs=1e-9), True)]
    assert not buzzers.clock_mismatch


def test_an_edge_stamped_on_another_clock_is_timed_on_arrival_and_flagged(buzzers):
    seen, _ = record(buzzers)
    before = buzzers.now()
    pin(buzzers, 0).drive_low(ticks=1.7e9)  # a wall-clock stamp, as kernels before 5.7 gave
    assert seen[0][1] >= before and seen[0][1] - before < 1.0
    assert buzzers.clock_mismatch


def test_callbacks_survive_garbage_collection(mock_factory):
    # gpiozero holds pin callbacks weakly: ours must be kept alive by the source itself.
    with GpioBuzzers(BuzzerConfig(pins=PINS)) as b:
        seen, _ = record(b)
        gc.collect()
        pin(b, 2).drive_low()
        assert [s[0] for s in seen] == [2]


def test_chatter_on_the_pin_gives_one_press_at_the_first_contact(buzzers):
    seen, _ = record(buzzers)
    t = buzzers.factory.ticks()
    p = pin(buzzers, 0)
    for i, low in enumerate([True, False, True, False, True]):  # 5 edges within 2 ms
        (p.drive_low if low else p.drive_high)(ticks=t + i * 0.0004)
    assert seen == [(0, pytest.approx(buzzers.seconds(t)), True)]
    for i, high in enumerate([True, False, True]):  # release chatter 50 ms later
        (p.drive_high if high else p.drive_low)(ticks=t + 0.05 + i * 0.0003)
    assert seen[1:] == [(0, pytest.approx(buzzers.seconds(t + 0.05)), False)]


def test_a_tap_inside_the_debounce_window_is_released_when_the_window_ends(buzzers):
    seen, event = record(buzzers)
    t = buzzers.factory.ticks()
    p = pin(buzzers, 0)
    p.drive_low(ticks=t)
    event.clear()
    p.drive_high(ticks=t + 0.003)  # swallowed by the 10 ms window; a timer reports it
    assert event.wait(2.0)
    assert seen[-1] == (0, pytest.approx(buzzers.seconds(t + 0.003)), False)


def test_a_button_held_before_the_duel_is_stuck_until_released(buzzers):
    clock = ManualClock(buzzers.now())
    pin(buzzers, 0).drive_low()  # Anne leans on her buzzer
    duel = BuzzerDuel(["Anne", "Bob", "Zoé"], ("Anne", "Bob"), sources=[buzzers], schedule=clock.schedule,
                      clock=buzzers.now)
    duel.start("card")
    assert duel.view.verdict.stuck == ("Anne",)
    t = buzzers.factory.ticks()
    pin(buzzers, 0).drive_high(ticks=t + 0.02)
    pin(buzzers, 0).drive_low(ticks=t + 0.04)
    pin(buzzers, 1).drive_low(ticks=t + 0.05)
    v = duel.view.verdict
    assert v.stuck == () and v.winner == "Anne" and v.order[1].gap_ms == 10.0


def test_only_the_duellists_buttons_count(buzzers):
    duel = BuzzerDuel(["Anne", "Bob", "Zoé"], ("Anne", "Zoé"), sources=[buzzers])
    duel.start("card")
    t = buzzers.factory.ticks()
    pin(buzzers, 1).drive_low(ticks=t + 0.01)  # Bob is watching, not duelling
    pin(buzzers, 2).drive_low(ticks=t + 0.02)
    v = duel.view.verdict
    assert v.winner == "Zoé" and [(line.player, line.kind) for line in v.lines] == [("Bob", "ignored"), ("Zoé", "valid")]


def test_presses_reported_out_of_order_from_two_threads_name_the_earlier_one(buzzers):
    duel = BuzzerDuel(["Anne", "Bob", "Zoé"], ("Anne", "Bob"), sources=[buzzers])
    duel.start("card")
    t = buzzers.factory.ticks() + 0.01
    bob_reported = threading.Event()

    def bob():
        # Bob 0.08 ms after Anne (shown as +0.1 ms), but his callback runs first. Not 0.05 ms: at clock
        # values of thousands of seconds the float difference falls either side of the rounding point.
        pin(buzzers, 1).drive_low(ticks=t + 0.00008)
        bob_reported.set()

    threading.Thread(target=bob).start()
    assert bob_reported.wait(2.0)
    pin(buzzers, 0).drive_low(ticks=t)
    v = duel.view.verdict
    assert v.winner == "Anne" and v.order[1].gap_ms == 0.1


def test_leds_lit_while_armed_winner_flashes_false_starter_off(mock_factory):
    factory = MockFactory(pin_class=MockPWMPin)
    config = BuzzerConfig(pins=PINS, led_pins=LED_PINS, led_pwm=True)
    hw = BuzzerHardware.open(config, pin_factory=factory)
    clock = ManualClock(hw.gpio.now())
    try:
        duel = BuzzerDuel(["Anne", "Bob", "Zoé"], ("Anne", "Zoé"), config=config, sources=hw.sources, leds=hw.leds,
                          schedule=clock.schedule, clock=hw.gpio.now, seed=7)
        duel.start("reflex")
        assert hw.leds.looks == ["on", "off", "on"]
        assert [led.value for led in hw.leds.leds] == [1.0, 0.0, 1.0]
        hw.gpio.buttons[2].pin.drive_low()  # Zoé jumps before "Top !"
        assert hw.leds.looks == ["blink", "off", "off"]
        assert duel.view.verdict.winner == "Anne"
        duel.close()
        assert hw.leds.looks == ["off", "off", "off"]
    finally:
        hw.close()


def test_plain_leds_on_and_off(mock_factory):
    with BuzzerLeds((17, 22)) as leds:
        leds.show_all({0: "on"})
        assert [led.is_lit for led in leds.leds] == [True, False]
        with pytest.raises(ValueError):
            leds.show(0, "disco")


def test_gpio_that_cannot_be_opened_leaves_the_keyboard_and_a_notice(mock_factory):
    squatter = Button(6)  # pin 6 already in use
    try:
        hw = BuzzerHardware.open(BuzzerConfig(pins=(5, 6)))
        assert hw.gpio is None and hw.keyboard is not None
        assert "GPIO buzzers unavailable" in hw.notice and "keyboard" in hw.notice
        Button(5).close()  # the first pin was given back
        hw.close()
    finally:
        squatter.close()


def test_keyboard_and_gpio_share_one_clock_in_one_duel(mock_factory):
    hw = BuzzerHardware.open(BuzzerConfig(pins=PINS))
    try:
        duel = BuzzerDuel(["Anne", "Bob", "Zoé"], ("Anne", "Bob"), sources=hw.sources)
        duel.start("card")
        ticks = hw.gpio.factory.ticks()
        hw.keyboard.key_down("2", at=hw.gpio.seconds(ticks) + 0.0201)  # Bob on the keyboard
        hw.gpio.buttons[0].pin.drive_low(ticks=ticks + 0.02)  # Anne on her buzzer, 0.1 ms sooner
        v = duel.view.verdict
        assert [o.player for o in v.order] == ["Anne", "Bob"]
        assert v.order[1].gap_ms == 0.1
    finally:
        hw.close()
