"""The hardware check in the app (Settings > Hardware check) and Shut down / Restart, by touch (Kivy offscreen)."""

from __future__ import annotations

import time

import pytest
from tests.support import app_harness

pytest.importorskip("kivy")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("doctor-app"), settings="config.toml") as h:
        yield h


def tr(h, key, **kw):
    return h.app.controller.tr(key, **kw)


SECTION_OF = {"settings.doctor": "hardware", "settings.shutdown": "system", "settings.reboot": "system"}


def open_section(h, section: str) -> None:
    """Tap a section of the settings (Hardware, System...)."""
    from kivy.uix.button import Button

    [button] = [w for w in h.widgets(h.screen) if isinstance(w, Button) and getattr(w, "section", None) == section]
    h.tap(button)


def tap_in_scroll(h, text: str) -> None:
    """Open the settings section that holds a button, then tap it (one tap from the sections)."""
    for key, section in SECTION_OF.items():
        if text == tr(h, key):
            open_section(h, section)
    h.tap(text)


def texts(h) -> list[str]:
    from kivy.uix.label import Label

    return [w.text for w in h.widgets() if isinstance(w, Label)]


def test_hardware_check_runs_from_the_settings_and_lists_each_check(harness):
    h = harness
    h.app.go("settings")
    tap_in_scroll(h, tr(h, "settings.doctor"))
    screen = h.app.sm.get_screen("doctor")
    assert h.app.sm.current == "doctor"
    end = time.monotonic() + 60
    while screen.running and time.monotonic() < end:
        h.settle(0.1, frames=1)
    h.settle(frames=4)
    assert not screen.running
    names = [check.name for check, _results in screen.results]
    assert names == ["board", "pins", "config", "buzzers", "ring", "reader", "sound", "speech", "display",
                     "content", "log", "blanking", "permissions"]
    # The first page says each device in plain words; every check's own line is behind Details.
    rows = [getattr(w, "device", None) for w in h.widgets()]
    assert [d for d in rows if d] == ["buttons", "ring", "reader", "sound", "screen", "box"]
    h.tap(tr(h, "doctor.details"))
    shown = "\n".join(texts(h))
    config = screen.results[2][1][0]
    config_line = tr(h, "doctor.line", status=tr(h, "doctor.pass"), check=tr(h, "doctor.check.config"),
                     detail=config.text(h.app.controller.tr))
    assert config_line in shown
    if h.app.controller.tr.language == "fr":  # the details in the table's language, not the terminal's English
        assert config.text(h.app.controller.tr) != config.detail and config.detail not in shown
    flat = [r for _c, rs in screen.results for r in rs]
    assert tr(h, "doctor.summary", passed=sum(r.status == "pass" for r in flat),
              failed=sum(r.status == "fail" for r in flat), skipped=sum(r.status == "skip" for r in flat)) in shown
    # The game log the app writes is the one checked.
    log = next(r for c, rs in screen.results if c.name == "log" for r in rs)
    assert log.status == "pass" and "games.sqlite3" in log.detail
    h.tap(tr(h, "settings.back"))  # from the details, the devices again
    assert tr(h, "doctor.details") in texts(h)


def test_tapping_the_four_corners_turns_them_green(harness):
    h = harness
    h.app.go("doctor")
    h.settle(frames=3)
    h.tap(tr(h, "doctor.corners"))
    assert tr(h, "doctor.corners_help") in texts(h)
    from kivy.uix.button import Button

    for i in range(4):  # each tap rebuilds the screen: find the targets again, in a fixed order
        targets = sorted((w for w in h.widgets() if isinstance(w, Button) and w.text == tr(h, "doctor.corner")),
                         key=lambda w: w.to_window(*w.center))
        assert len(targets) == 4
        h.tap(targets[i])
        assert sum(h.app.sm.get_screen("doctor").corners.values()) == i + 1
    assert all(h.app.sm.get_screen("doctor").corners.values())
    assert tr(h, "doctor.corners_done") in texts(h)
    h.tap(tr(h, "settings.back"))
    h.tap(tr(h, "settings.back"))
    assert h.app.sm.current == "settings"


def test_shut_down_is_offered_on_the_kiosk_and_asks_first(harness, monkeypatch):
    from companion.doctor import power

    h = harness
    asked: list[str] = []
    h.app.go("settings")
    h.settle(frames=3)
    open_section(h, "system")
    with pytest.raises(LookupError):
        h.button(tr(h, "settings.shutdown"))  # not on a desktop
    h.app.change_settings(power_buttons=True)
    monkeypatch.setattr(power, "request", lambda action, **kw: asked.append(action))
    tap_in_scroll(h, tr(h, "settings.shutdown"))
    assert asked == [] and tr(h, "settings.shutdown_confirm") in texts(h)
    h.tap(tr(h, "common.confirm"))
    assert asked == ["poweroff"]

    def refuse(action, **kw):
        raise power.PowerError("Access denied")

    monkeypatch.setattr(power, "request", refuse)
    tap_in_scroll(h, tr(h, "settings.reboot"))
    h.tap(tr(h, "common.confirm"))
    assert tr(h, "settings.power_failed", error="Access denied") in texts(h)
    h.app.change_settings(power_buttons=False)


def test_settings_say_how_many_buttons_the_profile_put_on_gpio_and_the_pins_behind_details(harness):
    from gpiozero.pins.mock import MockFactory

    from companion.devices.buzzers import BuzzerConfig, BuzzerHardware

    h = harness
    factory = MockFactory()
    before = getattr(h.app, "buzzer_hardware", None)
    h.app.buzzer_hardware = BuzzerHardware.open(BuzzerConfig(pins=(5, 6)), pin_factory=factory)
    try:
        h.app.go("settings")
        h.settle(frames=3)
        open_section(h, "hardware")
        assert tr(h, "settings.plain.buttons_found", n=2) in texts(h)
        assert tr(h, "settings.hw_buzzers_gpio", n=2) not in texts(h)  # the engineer's words wait
        from kivy.uix.scrollview import ScrollView

        for view in (w for w in h.widgets(h.screen) if isinstance(w, ScrollView)):
            view.scroll_y = 0  # Details is under the lines: scrolled to, as a finger would
        h.settle(frames=3)
        h.tap(tr(h, "doctor.details"))
        assert tr(h, "settings.hw_buzzers_gpio", n=2) in texts(h)
    finally:
        h.app.buzzer_hardware.close()
        h.app.buzzer_hardware = before
        factory.close()


def test_start_notices_read_in_french_at_home_and_in_full_in_the_hardware_check(harness):
    from companion.app.scenarios import start_notices

    h = harness
    h.app.set_language("fr")
    h.app.notices = start_notices()  # four: ring, buzzers, pack, config
    try:
        h.app.go("home")
        h.settle(frames=3)
        shown = texts(h)
        notice = tr(h, "home.notice")
        # One banner at home ("À savoir : 4 messages"); a tap shows each in the family's words, in order.
        assert tr(h, "common.labelled", label=notice, value=tr(h, "home.notices", n=4)) in shown
        view = h.app.sm.get_screen("home").show_notices()
        h.settle(frames=3)
        listed = [w.text for w in view.walk() if getattr(w, "notice", False)]
        view.dismiss(animation=False)
        assert listed[:2] == ["• " + tr(h, "notice.ring"), "• " + tr(h, "notice.buzzers")]
        assert not any("spidev" in t for t in shown + listed)  # the detail is for the hardware check
        screen = h.app.sm.get_screen("doctor")
        screen.auto_run = False
        h.app.go("doctor")
        h.settle(frames=3)
        summary = "\n".join(texts(h))
        assert not any(word in summary for word in ("spidev", "led_cuont"))  # the devices' page: plain words
        h.tap(tr(h, "doctor.details"))
        shown = "\n".join(texts(h))
        for n in h.app.notices:
            assert tr(h, "common.labelled", label=notice, value=screen.notice_words(n)) in shown
        assert "ring.led_cuont: unknown key" in shown  # an unknown detail: quoted as technical, never dropped
        assert "does not exist" not in shown and "already in use" not in shown  # known ones said in French
    finally:
        h.app.notices = []
        h.app.sm.get_screen("doctor").auto_run = True


ENGLISH = ("does not exist", "turn SPI on", "and reboot", "(pin ", "already in use", "seat ", "not on the header",
           "could not be opened", "Permission denied")


def test_the_hardware_check_in_french_says_every_detail_in_french(harness):
    # The family review: the ring's failure and the start notice read "does not exist: turn SPI on ... and
    # reboot" on the French screen. Every detail goes through the catalogues.
    from companion.app.scenarios import SCENARIOS, start_notices

    h = harness
    h.app.set_language("fr")
    try:
        SCENARIOS["doctor"](h.app)  # a Pi 5 whose ring has no SPI yet, the buzzers on six pins
        h.app.notices = start_notices()
        screen = h.app.sm.get_screen("doctor")
        screen.rebuild()
        h.settle(frames=3)
        h.tap(tr(h, "doctor.details"))
        shown = "\n".join(texts(h))
        assert tr(h, "doctor.why.spi_off", path="/dev/spidev0.0") in shown
        assert "GPIO 4 (broche 7)" in shown
        assert not [word for word in ENGLISH if word in shown], shown
    finally:
        h.app.notices = []
        h.app.sm.get_screen("doctor").auto_run = True


def test_each_device_has_one_row_with_its_mark_and_its_state_in_plain_words(harness):
    # The family review: the check read as a developer console (SPI paths, 17 px lines cut at the edge).
    from companion.app.scenarios import SCENARIOS
    from companion.app.screens.doctor_rows import Mark

    h = harness
    h.app.set_language("en")
    try:
        SCENARIOS["doctor"](h.app)  # six buzzers, a ring without SPI, no reader, sound played
        h.settle(frames=3)
        marks = {row.device: next(w.status for w in row.walk() if isinstance(w, Mark))
                 for row in h.widgets() if getattr(row, "device", None)}
        assert marks == {"buttons": "pass", "ring": "fail", "reader": "skip", "sound": "pass",
                         "screen": "skip", "box": "pass"}
        shown = "\n".join(texts(h))
        assert tr(h, "doctor.plain.buzzers_ok", n=6) in shown and tr(h, "doctor.plain.reader_none") in shown
        assert "spidev" not in shown and "GPIO 4" not in shown  # the technical words are the Details'
        h.tap(tr(h, "doctor.details"))
        assert "GPIO 4 (pin 7)" in "\n".join(texts(h))
        h.tap(tr(h, "settings.back"))  # Back from the details: the devices again
        assert tr(h, "doctor.details") in texts(h)
    finally:
        h.app.notices = []
        h.app.sm.get_screen("doctor").auto_run = True


def test_the_terminals_doctor_keeps_its_english_lines():
    from companion.doctor import FAIL, Result

    r = Result.said("LED ring", FAIL, "ring_failed", backend="spi", error="/dev/spidev0.0 does not exist: turn SPI on")
    assert r.line() == "FAIL  LED ring: spi: /dev/spidev0.0 does not exist: turn SPI on"
