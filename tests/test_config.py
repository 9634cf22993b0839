"""The configuration: one table of options, config.toml over a hardware profile, sources, problems with lines."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from companion.config import (
    OPTIONS, Settings, SettingsError, init_config, load_config, load_settings, migrate, render, save_settings,
    screen_options,
)
from companion.config.table import DEVICE_HELP, device_classes
from companion.config.tomltext import locate

ROOT = Path(__file__).resolve().parent.parent
MISSING = Path("/nonexistent-companion/config.toml")


def write(tmp_path: Path, text: str, name: str = "config.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path, **kw) -> list[str]:
    return [str(p) for p in load_config(path, **kw).problems]


# --- the table ------------------------------------------------------------------------------------

def test_every_option_has_help_and_a_default_that_passes_its_own_check():
    for opt in OPTIONS:
        assert opt.help, f"{opt.name} has no help text"
        if opt.default is not None:
            assert opt.problem(opt.default) is None, opt.name


def test_device_sections_follow_the_device_dataclasses_and_each_field_has_help():
    for section, cls in device_classes().items():
        fields = {f.name for f in dataclasses.fields(cls)}
        in_table = {o.key for o in OPTIONS if o.section == section}
        assert in_table == fields, section
        assert not set(DEVICE_HELP[section]) - fields, f"help for keys {section} does not have"


def test_settings_keep_their_attribute_names_and_defaults_from_the_table():
    s = Settings()
    assert (s.language, s.hourglass_seconds, s.volume, s.display_profile) == ("fr", 30, 80, "800x480")
    assert s.house_rules() == {"duel_clue_to_opponent": "clue", "prison_carries_over": False}
    assert s.changed(disabled_packs=["a"]).disabled_packs == ("a",)
    with pytest.raises(SettingsError, match="volume"):
        s.changed(volume=101)
    with pytest.raises(SettingsError, match="unknown setting"):
        s.changed(colour="red")
    with pytest.raises(SettingsError, match="language"):
        Settings(language="de")


def test_screen_options_come_from_the_table_and_cycle():
    shown = [o.attr for o in screen_options()]
    assert shown[:2] == ["language", "hourglass_seconds"] and "display_profile" in shown
    hourglass = next(o for o in screen_options() if o.attr == "hourglass_seconds")
    assert hourglass.screen.next(hourglass, 120) == 10 and hourglass.screen.next(hourglass, 17) == 30
    prison = next(o for o in screen_options() if o.attr == "prison_carries_over")
    assert prison.screen.next(prison, False) is True


def test_rendered_file_documents_every_option_and_loads_back_as_the_defaults(tmp_path):
    path = write(tmp_path, render({}))
    text = path.read_text()
    for opt in OPTIONS:
        assert f"# {opt.key} = " in text or f"# {opt.key} is not set" in text, opt.name
        assert opt.help.split()[0] in text
    config = load_config(path)
    assert not config.problems
    assert config.settings == Settings()
    assert set(config.sources.values()) == {"default"}


# --- layers and sources ---------------------------------------------------------------------------

def test_profile_values_and_file_overrides_carry_their_source(tmp_path):
    path = write(tmp_path, 'hardware_profile = "pi5-7inch"\n[ring]\nled_count = 16\n[game]\nlanguage = "en"\n')
    config = load_config(path)
    assert not config.problems
    assert config.sources["ring.led_count"] == "file" and config.ring.led_count == 16
    assert config.sources["ring.backend"] == "profile pi5-7inch" and config.ring.backend == "spi"
    assert config.sources["ring.fps"] == "default"
    assert config.buzzers.pins == (4, 17, 27, 22, 5, 6)
    assert config.settings.language == "en" and config.settings.fullscreen is True
    assert config.board == "pi5"


def test_profile_on_the_command_line_wins_over_the_file(tmp_path):
    path = write(tmp_path, 'hardware_profile = "pi5-7inch"\n')
    config = load_config(path, profile="desktop")
    assert config.profile.name == "desktop" and config.ring.backend == "screen" and config.reader is None


def test_no_reader_keys_means_no_reader_and_a_profile_gives_one():
    assert load_config(MISSING).reader is None
    reader = load_config(MISSING, profile="pi5-touch2").reader
    assert (reader.reader, reader.port, reader.baud) == ("pn532", "/dev/ttyAMA0", 115200)


# --- problems, each with its line ----------------------------------------------------------------------

def test_unknown_keys_wrong_types_and_bad_values_name_their_lines(tmp_path):
    path = write(tmp_path, "\n".join([
        '[game]',                  # 1
        'language = "de"',         # 2
        'colour = "red"',          # 3
        '[ring]',                  # 4
        'led_count = "many"',      # 5
        '[lights]',                # 6
        'on = true',               # 7
        '[buzzers]',               # 8
        'pins = [5, "6"]',         # 9
    ]) + "\n")
    found = problems(path)
    assert f"{path}:2: game.language: must be one of fr, en, got 'de'" in found
    assert any(p.startswith(f"{path}:3: unknown setting 'game.colour'") for p in found)
    assert f"{path}:5: ring.led_count: expected a whole number, got 'many'" in found
    assert any(p.startswith(f"{path}:6: unknown section [lights]") for p in found)
    assert any(p.startswith(f"{path}:9: buzzers.pins: expected a list of GPIO numbers") for p in found)
    config = load_config(path)
    assert config.settings.language == "fr" and config.ring.led_count == 24  # bad values fall back


def test_two_buzzers_on_one_pin_and_a_pin_that_does_not_exist(tmp_path):
    path = write(tmp_path, "[buzzers]\n\npins = [5, 6, 5]\n")
    assert problems(path) == [f"{path}:3: buzzers.pins: seats 1 and 3 both use GPIO 5"]
    path = write(tmp_path, "[buzzers]\npins = [5, 40]\n")
    assert problems(path) == [f"{path}:2: buzzers.pins: GPIO 40 is not on the Pi's header: use BCM numbers "
                              "2 to 27 (not physical pin numbers)"]


def test_a_buzzer_on_a_pin_another_part_uses(tmp_path):
    path = write(tmp_path, 'hardware_profile = "pi5-7inch"\n[buzzers]\npins = [4, 17, 27, 22, 5, 14]\n')
    # The profile's reader is on the GPIO UART (14/15): the line blamed is the file's, edited last.
    assert problems(path) == [f"{path}:3: buzzers.pins: GPIO 14 (pin 8) is used twice: by the buzzer of seat 6 "
                              "and by the RFID reader (UART TXD)"]
    path = write(tmp_path, "[buzzers]\npins = [10, 11]\n[ring]\nbackend = \"spi\"\n")
    assert problems(path) == [
        f"{path}:4: ring.backend: GPIO 10 (pin 19) is used twice: by the buzzer of seat 1 and by the LED ring (SPI0 MOSI)",
        f"{path}:4: ring.backend: GPIO 11 (pin 23) is used twice: by the buzzer of seat 2 and by the LED ring (SPI0 SCLK)",
    ]


def test_what_a_pi_5_cannot_do(tmp_path):
    path = write(tmp_path, 'hardware_profile = "pi5-7inch"\n[ring]\nbackend = "ws281x"\n[reader]\nport = "/dev/serial0"\n')
    found = problems(path)
    assert any(":3: ring.backend: rpi_ws281x does not work on a Pi 5" in p for p in found)
    assert any(":5: reader.port: on a Pi 5 /dev/serial0 is not the GPIO 14/15 UART" in p for p in found)
    pi4 = write(tmp_path, 'hardware_profile = "pi4-7inch"\n[reader]\nport = "/dev/serial0"\n', "pi4.toml")
    assert problems(pi4) == []


def test_toml_syntax_error_and_unknown_profile_name_their_lines(tmp_path):
    path = write(tmp_path, '[game]\nlanguage = \n')
    assert problems(path)[0].startswith(f"{path}:2: not valid TOML")
    path = write(tmp_path, '\nhardware_profile = "pi9-hologram"\n')
    assert problems(path)[0].startswith(f"{path}:2: hardware_profile: no hardware profile 'pi9-hologram' (profiles: ")


def test_a_profile_cannot_set_game_settings(tmp_path):
    profile = write(tmp_path, 'board = "pi5"\n[game]\nlanguage = "en"\n', "mine.toml")
    path = write(tmp_path, f'hardware_profile = "{profile}"\n')
    assert problems(path) == [f"{profile}:3: game.language is not a hardware setting: set it in the config file, "
                              "not in a profile"]


def test_locate_finds_keys_in_sections_dotted_keys_and_inline_tables():
    text = 'top = 1\n[ring]\n"led_count" = 3\n[game]\nlanguage = "x"\nbuzzers.pins = [1]\nreader = {port = "x"}\n'
    assert locate(text, "", "top") == 1
    assert locate(text, "ring", "led_count") == 3
    assert locate(text, "game") == 4
    assert locate(text, "ring", "missing") is None


# --- saving, init, migration ---------------------------------------------------------------------

def test_saving_settings_keeps_the_hardware_sections_and_the_profile(tmp_path):
    path = write(tmp_path, 'hardware_profile = "pi4-7inch"\n[ring]\nled_count = 12\n[game]\nhourglass_seconds = 45\n')
    config = load_config(path)
    save_settings(config.settings.changed(language="en"), path)
    again = load_config(path)
    assert not again.problems
    assert again.settings.language == "en" and again.settings.hourglass_seconds == 45
    assert again.ring.led_count == 12 and again.sources["ring.led_count"] == "file"
    assert again.profile.name == "pi4-7inch" and again.sources["audio.device"] == "profile pi4-7inch"
    data = tomllib.loads(path.read_text())
    assert data["game"] == {"language": "en", "hourglass_seconds": 45} and data["display"] == {}
    assert '# device = "Headphones"  (profile pi4-7inch)' in path.read_text()


def test_a_file_with_problems_is_kept_as_bak_before_the_app_rewrites_it(tmp_path):
    path = write(tmp_path, '[game]\nlanguage = "en"\ncolour = "red"\n')
    save_settings(Settings(volume=40), path)
    assert "colour" in (tmp_path / "config.toml.bak").read_text()
    assert load_config(path).settings.volume == 40


def test_old_settings_toml_is_read_then_migrated_once(tmp_path):
    legacy = write(tmp_path, 'language = "en"\nvolume = 60\ndisabled_packs = ["x"]\n', "settings.toml")
    path = tmp_path / "config.toml"
    assert load_settings(path) == Settings(language="en", volume=60, disabled_packs=("x",))
    assert migrate(path) == tmp_path / "settings.toml.migrated"
    assert not legacy.exists() and load_config(path).settings.volume == 60
    assert tomllib.loads(path.read_text())["audio"] == {"volume": 60}
    assert migrate(path) is None


def test_init_writes_a_commented_file_once(tmp_path):
    path = tmp_path / "c" / "config.toml"
    assert init_config(path, "pi5-touch2")
    assert not init_config(path, "desktop")
    config = load_config(path)
    assert config.profile.name == "pi5-touch2" and not config.problems
    assert config.settings.display_profile == "720x1280"


# --- the commands ---------------------------------------------------------------------------------

def companion(*args: str, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=120)


def test_config_check_command_exit_codes_and_lines(tmp_path, companion_env):
    bad = write(tmp_path, "[buzzers]\npins = [5, 5]\n")
    done = companion("config", "check", "--file", str(bad), env=companion_env)
    assert done.returncode == 1
    assert f"{bad}:2: buzzers.pins: seats 1 and 2 both use GPIO 5" in done.stdout
    good = write(tmp_path, 'hardware_profile = "pi4-7inch"\n', "good.toml")
    done = companion("config", "check", "--file", str(good), env=companion_env)
    assert done.returncode == 0 and "configuration OK (hardware profile pi4-7inch)" in done.stdout


def test_config_show_prints_each_value_with_its_source(tmp_path, companion_env):
    path = write(tmp_path, 'hardware_profile = "pi5-7inch"\n[game]\nlanguage = "en"\n')
    done = companion("config", "show", "--file", str(path), env=companion_env)
    assert done.returncode == 0
    lines = done.stdout.splitlines()
    assert any(l.startswith('language = "en"') and l.endswith("# file") for l in lines)
    assert any(l.startswith('backend = "spi"') and l.endswith("# profile pi5-7inch") for l in lines)
    assert any(l.startswith("fps = 30.0") and l.endswith("# default") for l in lines)
    shown = json.loads(companion("config", "show", "--json", "--file", str(path), env=companion_env).stdout)
    assert shown["sources"]["game.language"] == "file" and shown["values"]["ring.led_count"] == 24


def test_config_profiles_command_checks_every_shipped_profile(companion_env):
    done = companion("config", "profiles", env=companion_env)
    assert done.returncode == 0, done.stdout
    for name in ("pi5-7inch", "pi4-7inch", "pi5-touch2", "desktop"):
        assert any(line.startswith(name) and " OK " in line for line in done.stdout.splitlines()), name
