"""companion doctor: each check's pass / fail / skip on this machine (mock pins, no sound card, no Pi),
the checks that need a person driven by scripted answers and mock pins, and the command's exit code."""

from __future__ import annotations

import itertools
import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import load_config
from companion.doctor import CHECKS, FAIL, PASS, SKIP, Check, Context, Result, check_named, run_checks, summary
from companion.doctor import parts, power, system, touch

ROOT = Path(__file__).resolve().parent.parent


def config_with(tmp_path: Path, text: str):
    path = tmp_path / "config.toml"
    path.write_text(text)
    return load_config(path)


@pytest.fixture
def factory():
    f = MockFactory()
    yield f
    f.reset()
    f.close()


def doctor(*args: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", "doctor", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=240, stdin=subprocess.DEVNULL)


# --- the command on this machine ------------------------------------------------------------------

def test_non_interactive_on_this_machine_reports_each_part_and_fails_on_the_missing_ones(tmp_path, companion_env):
    env = dict(companion_env, GPIOZERO_PIN_FACTORY="mock", HOME=str(tmp_path))
    done = doctor("--non-interactive", "--profile", "pi5-7inch", "--db", str(tmp_path / "g.sqlite3"), env=env)
    out = done.stdout
    assert done.returncode == 1, out
    assert "PASS  pin factory: MockFactory: pins simulated (not a Raspberry Pi)" in out
    assert "PASS  buzzers: 6 opened and released: GPIO 4 (pin 7)" in out
    assert "PASS  buzzer LEDs: 6 opened: GPIO 23 (pin 16)" in out
    assert "FAIL  LED ring: spi: /dev/spidev0.0 does not exist: turn SPI on" in out
    assert re.search(r"FAIL  RFID reader: /dev/ttyAMA0: .*No such file", out)
    assert "SKIP  buzzer presses: needs a person at the box" in out
    assert "PASS  content packs:" in out
    assert "no game log yet" in out and "PASS  game log:" in out
    sound = next(line for line in out.splitlines() if "sound output" in line)
    # No sound card here: said in words (a machine with one plays the tone instead).
    assert sound.startswith("PASS") or "no audio output device was found" in sound, sound
    assert re.search(r"\d+ check\(s\) failed: \d+ passed, \d+ failed, \d+ skipped$", out.strip())


def test_exit_code_is_zero_when_every_check_run_passes_and_json_lists_them(tmp_path, companion_env):
    env = dict(companion_env, GPIOZERO_PIN_FACTORY="mock")
    db = tmp_path / "g.sqlite3"
    done = doctor("--non-interactive", "--profile", "desktop", "--only", "pins,config,buzzers,ring,reader,content,log",
                  "--db", str(db), "--json", env=env)
    assert done.returncode == 0, done.stdout
    report = json.loads(done.stdout.splitlines()[-1])
    statuses = {r["check"]: r["status"] for r in report["results"]}
    assert statuses == {"pin factory": PASS, "configuration": PASS, "buzzers": SKIP, "LED ring": SKIP,
                        "RFID reader": SKIP, "content packs": PASS, "game log": PASS}
    assert report["summary"] == "all checks passed: 4 passed, 0 failed, 3 skipped"


def test_a_bad_config_fails_the_doctor_with_its_line(tmp_path, companion_env):
    bad = tmp_path / "config.toml"
    bad.write_text("[buzzers]\npins = [5, 5]\n")
    done = doctor("--non-interactive", "--only", "config", "--file", str(bad), env=companion_env)
    assert done.returncode == 1
    assert f"FAIL  configuration: {bad}:2: buzzers.pins: seats 1 and 2 both use GPIO 5" in done.stdout


def test_unknown_check_name_is_refused(companion_env):
    done = doctor("--only", "buzers", env=companion_env)
    assert done.returncode == 2 and "unknown check 'buzers'" in done.stderr


# --- the frame ------------------------------------------------------------------------------------

def test_a_check_that_raises_is_a_failure_and_person_checks_wait_for_a_person(tmp_path):
    def broken(ctx):
        raise RuntimeError("wire on fire")
        yield  # pragma: no cover

    checks = [Check("x", "broken part", broken), Check("y", "press it", lambda ctx: [Result("press it", PASS)], person=True)]
    results = run_checks(checks, Context(load_config(tmp_path / "none.toml")))
    assert [(r.check, r.status) for r in results] == [("broken part", FAIL), ("press it", SKIP)]
    assert results[0].detail == "RuntimeError: wire on fire"
    assert summary(results) == "1 check(s) failed: 0 passed, 1 failed, 1 skipped"


def test_every_check_has_a_name_and_the_person_ones_are_marked():
    assert len({c.name for c in CHECKS}) == len(CHECKS)
    assert {c.name for c in CHECKS if c.person} == {"presses", "leds", "pattern", "scan", "corners"}
    with pytest.raises(KeyError):
        check_named(["nope"])


# --- buzzers with mock pins and a person who follows the instructions (or not) --------------------------

def press_as_told(factory, pins, *, wrong=None):
    """A ``say`` that presses the buzzer asked for (or seat ``wrong``'s) on the mock pins, then lets go."""

    def say(text: str) -> None:
        asked = re.match(r"Press buzzer (\d)", text)
        if not asked:
            return
        seat = int(asked.group(1)) - 1
        pin = factory.pin(pins[wrong if wrong is not None else seat])

        def press():
            pin.drive_low()
            threading.Timer(0.1, pin.drive_high).start()

        threading.Timer(0.05, press).start()

    return say


def test_each_buzzer_pressed_in_turn_passes(tmp_path, factory):
    config = config_with(tmp_path, "[buzzers]\npins = [5, 6, 13]\n")
    ctx = Context(config, interactive=True, pin_factory=factory, timeout=3, say=press_as_told(factory, (5, 6, 13)))
    try:
        results = list(parts.check_buzzer_pins(ctx)) + list(parts.check_buzzer_presses(ctx))
    finally:
        parts.close_parts(ctx)
    assert [(r.check, r.status) for r in results] == [("buzzers", PASS), ("buzzer 1", PASS), ("buzzer 2", PASS),
                                                      ("buzzer 3", PASS)]
    assert results[2].detail == "pressed on GPIO 6 (pin 31)"


def test_swapped_wires_and_a_dead_buzzer_fail(tmp_path, factory):
    config = config_with(tmp_path, "[buzzers]\npins = [5, 6]\n")
    ctx = Context(config, interactive=True, pin_factory=factory, timeout=1.5, say=press_as_told(factory, (5, 6), wrong=1))
    try:
        results = list(parts.check_buzzer_presses(ctx))
    finally:
        parts.close_parts(ctx)
    assert (results[0].status, results[0].detail) == (FAIL, "seat 2's pin answered: wires swapped?")
    assert results[1].status == PASS
    ctx = Context(config, interactive=True, pin_factory=factory, timeout=0.2, say=lambda text: None)
    try:
        results = list(parts.check_buzzer_presses(ctx))
    finally:
        parts.close_parts(ctx)
    assert results[0].status == FAIL and "no press in 0.2 s on GPIO 5 (pin 29)" in results[0].detail


def test_a_buzzer_held_down_with_nobody_on_it_fails(tmp_path, factory):
    config = config_with(tmp_path, "[buzzers]\npins = [5, 6]\n")
    ctx = Context(config, pin_factory=factory)
    try:
        parts._buzzers(ctx)  # opened (pull-ups on), then the short to ground
        factory.pin(6).drive_low()
        time.sleep(0.05)
        results = list(parts.check_buzzer_pins(ctx))
    finally:
        parts.close_parts(ctx)
    assert results[0].status == FAIL and "seat 2 (GPIO 6 (pin 31))" in results[0].detail


def test_each_led_is_lit_alone_while_the_person_is_asked(tmp_path, factory):
    config = config_with(tmp_path, "[buzzers]\npins = [5, 6]\nled_pins = [23, 24]\n")
    seen: list[tuple[bool, bool]] = []
    answers = iter(["y", "n"])

    def ask(_question: str) -> str:
        seen.append((factory.pin(23).state == 1, factory.pin(24).state == 1))
        return next(answers)

    ctx = Context(config, interactive=True, pin_factory=factory, ask=ask)
    try:
        results = list(parts.check_buzzer_leds(ctx))
    finally:
        parts.close_parts(ctx)
    assert seen == [(True, False), (False, True)]
    assert [r.status for r in results] == [PASS, FAIL]
    assert "way round" in results[1].detail


# --- ring, sound, speech, system ---------------------------------------------------------------------

def test_ring_pattern_has_the_colours_in_order_and_a_walking_dot():
    frame = parts.pattern(8, 3)
    assert frame[0] == (31, 0, 0) and frame[2] == (0, 31, 0) and frame[4] == (0, 0, 31) and frame[7] == (31, 31, 31)
    assert frame[3] == (0, 255, 0)  # the dot, bright, in the green quarter


def test_no_sound_card_is_said_in_words(tmp_path, monkeypatch):
    import companion.sound.mixer as mixer_module

    monkeypatch.setattr(mixer_module, "output_devices", lambda *a, **k: [])
    results = list(parts.check_sound(Context(load_config(tmp_path / "none.toml"))))
    assert [r.status for r in results] == [FAIL]
    assert results[0].detail.startswith("no audio output device was found (no sound card, or it is not ready yet)")


def test_speech_names_its_engine_and_voice_per_language(tmp_path):
    results = list(parts.check_speech(Context(load_config(tmp_path / "none.toml"))))
    assert [r.check for r in results] == ["speech (fr)", "speech (en)"]
    for r in results:  # espeak-ng is installed here; Piper speaks English when a voice is
        assert r.status == PASS and re.search(r"^(espeak|piper), voice \S+: [\d.]+ s rendered in \d+ ms", r.detail), r


def test_game_log_integrity_and_a_damaged_file(tmp_path):
    from companion.store import GameLog

    db = tmp_path / "games.sqlite3"
    GameLog(db).close()
    ok = list(system.check_game_log(Context(load_config(tmp_path / "none.toml"), db=db)))
    assert ok[0].status == PASS and "integrity ok, 0 games" in ok[0].detail
    damaged = tmp_path / "damaged.sqlite3"
    damaged.write_bytes(b"SQLite format 3\x00" + os.urandom(4096))
    bad = list(system.check_game_log(Context(load_config(tmp_path / "none.toml"), db=damaged)))
    assert bad[0].status == FAIL


def test_board_and_touch_panels_are_read_from_the_kernel_files(tmp_path, monkeypatch):
    assert system.board_kind("Raspberry Pi 5 Model B Rev 1.0") == "pi5"
    assert system.board_kind("Raspberry Pi 4 Model B Rev 1.4") == "pi4"
    assert system.board_kind(None) is None
    devices = tmp_path / "devices"
    devices.write_text('I: Bus=0000\nN: Name="raspberrypi-ts"\nH: Handlers=mouse0 event0 \n'
                       f'B: ABS={0x260800000000003:x}\n\nI: Bus=0003\nN: Name="USB Keyboard"\nH: Handlers=kbd event1 \nB: EV=120013\n')
    assert system.touch_devices(devices) == [("raspberrypi-ts", "event0")]
    drm = tmp_path / "drm" / "card1-DSI-1"
    drm.mkdir(parents=True)
    (drm / "status").write_text("connected\n")
    (drm / "modes").write_text("800x480\n")
    assert system.connected_displays(tmp_path / "drm") == [("card1-DSI-1", "800x480")]


def test_pin_factory_on_a_pi_must_not_be_the_mock(tmp_path, monkeypatch, factory):
    monkeypatch.setattr(system, "board_model", lambda: "Raspberry Pi 5 Model B Rev 1.0")
    config = load_config(tmp_path / "none.toml", profile="pi5-7inch")
    result = list(system.check_pin_factory(Context(config, pin_factory=factory)))[0]
    assert result.status == FAIL and "MockFactory on a Pi" in result.detail
    monkeypatch.setattr(system, "board_model", lambda: None)
    assert list(system.check_pin_factory(Context(config, pin_factory=factory)))[0].status == PASS


# --- touch corners ------------------------------------------------------------------------------------

def raw_tap_for(corner: str, rotation: int) -> tuple[float, float]:
    """A raw panel position that Kivy, with ``rotation``, puts in ``corner``."""
    for vx, vy in itertools.product((0.1, 0.9), repeat=2):
        if touch.corner(*touch.kivy_position(vx, vy, rotation)) == corner:
            return vx, vy
    raise AssertionError(corner)


@pytest.mark.parametrize("rotation", touch.ROTATIONS)
def test_taps_in_the_corners_name_the_rotation_that_fits(rotation):
    taps = [raw_tap_for(c, rotation) for c in touch.CORNERS]
    assert touch.fitting_rotations(taps) == [rotation]


def test_taps_are_read_from_an_evdev_stream():
    ev = touch.EVENT.pack
    stream = b"".join([
        ev(0, 0, touch.EV_ABS, touch.ABS_X, 100), ev(0, 0, touch.EV_ABS, touch.ABS_Y, 200),
        ev(0, 0, touch.EV_KEY, touch.BTN_TOUCH, 1), ev(0, 0, touch.EV_SYN, 0, 0),
        ev(0, 0, touch.EV_ABS, touch.ABS_X, 110), ev(0, 0, touch.EV_SYN, 0, 0),  # a drag is not a new tap
        ev(0, 0, touch.EV_KEY, touch.BTN_TOUCH, 0), ev(0, 0, touch.EV_SYN, 0, 0),
        ev(0, 0, touch.EV_ABS, touch.ABS_MT_X, 700), ev(0, 0, touch.EV_ABS, touch.ABS_MT_Y, 50),
        ev(0, 0, touch.EV_KEY, touch.BTN_TOUCH, 1), ev(0, 0, touch.EV_SYN, 0, 0),
    ])
    r, w = os.pipe()
    try:
        os.write(w, stream)
        assert touch.read_taps(r, 3, timeout=0.3) == [(100, 200), (700, 50)]
    finally:
        os.close(r)
        os.close(w)


# --- shut down / restart ------------------------------------------------------------------------------

def test_power_asks_systemctl_without_a_password_and_says_why_it_failed(monkeypatch):
    calls = []

    class Done:
        def __init__(self, rc, err=""):
            self.returncode, self.stderr, self.stdout = rc, err, ""

    monkeypatch.setattr(power.shutil, "which", lambda name: "/usr/bin/systemctl")
    power.request("reboot", runner=lambda cmd, **kw: calls.append(cmd) or Done(0))
    assert calls == [["/usr/bin/systemctl", "--no-ask-password", "reboot"]]
    with pytest.raises(power.PowerError, match="Access denied"):
        power.request("poweroff", runner=lambda cmd, **kw: Done(1, "Access denied\n"))
    with pytest.raises(ValueError):
        power.request("halt-and-catch-fire")


# --- on the Pi itself ------------------------------------------------------------------------------------

@pytest.mark.hardware
def test_every_check_that_needs_nobody_passes_on_the_pi(companion_env):
    done = doctor("--non-interactive", env=dict(os.environ))
    assert done.returncode == 0, done.stdout


def test_every_sentence_the_checks_say_is_worded_in_both_languages():
    import re

    from companion.app.table import catalogues
    from companion.app.table.language import Translator

    said = set()
    for module in (ROOT / "companion" / "doctor").glob("*.py"):
        # Result.said(check title, status, "key", ...): the third argument
        said |= set(re.findall(r'Result\.said\(\s*f?"[^"]*",\s*[^,]+,\s*"(\w+)"', module.read_text("utf-8")))
    said |= {"pins_failed_pi", "pins_failed_desktop", "config_file", "config_defaults", "config_file_no_profile",
             "config_defaults_no_profile", "sound_heard", "sound_played"}  # keys chosen by an expression
    assert said and {"doctor.d." + k for k in said} <= set(catalogues.messages("fr")) & set(catalogues.messages("en"))
    result = Result.said("LED ring", "pass", "ring_ok_budget", backend="spi", n=24, budget=1000.0)
    assert result.detail == "spi ring with 24 LEDs opened, current budget 1000 mA"
    assert result.text(Translator("fr")) == "anneau spi de 24 LED ouvert, budget de courant 1000 mA"
