"""Hostile and damaged files (issue 15, defects 4 and 8): every file the companion reads goes through one
guarded reader (regular files only, a size limit, a nesting limit, integers of a sane size, UTF-8 named by
its line); a damaged file met at the app's start is set aside and said so, and the app starts."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion import guarded
from companion.app.table.language import Translator
from tests.conftest import ROOT
from tests.support import built_app
from tests.test_content_validate import write_pack

DEEP_TOML = "a = " + "[" * 5000 + "]" * 5000 + "\n"
DEEP_JSON = '{"format": 1, "tiles": ' + "[" * 5000 + "]" * 5000 + "}"
BIG_INT_JSON = '{"format": 1,\n "tiles": {}, "n": ' + "7" * 5000 + "}"


@pytest.fixture
def deadline():
    """A FIFO read the old way waits for ever: give up with an error instead of hanging the test run."""
    def expired(*_):
        raise TimeoutError("the reader blocked")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


def fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def zero_link(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.symlink_to("/dev/zero")
    return path


def damaged_copies(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.damaged-*"))


# --- the guarded reader ------------------------------------------------------------------------------


def test_a_fifo_is_refused_at_once(tmp_path, deadline):
    with pytest.raises(guarded.Damaged, match=r"fifo.toml: is a FIFO \(named pipe\), not a regular file"):
        guarded.read_text(fifo(tmp_path / "fifo.toml"), guarded.CONFIG)


def test_a_link_to_dev_zero_is_refused_without_reading_it(tmp_path):
    with pytest.raises(guarded.Damaged, match="is a character device, not a regular file"):
        guarded.read_text(zero_link(tmp_path / "zero.toml"), guarded.CONTENT)


def test_a_link_to_a_regular_file_is_read(tmp_path):
    (tmp_path / "real.toml").write_text('a = "b"\n', "utf-8")
    (tmp_path / "link.toml").symlink_to(tmp_path / "real.toml")
    assert guarded.load_toml(tmp_path / "link.toml", guarded.CONFIG)[1] == {"a": "b"}


def test_a_file_over_its_kinds_limit_is_refused(tmp_path):
    path = tmp_path / "tiles.json"
    path.write_text(" " * (guarded.TILES.size + 1), "utf-8")
    with pytest.raises(guarded.Damaged, match=r"1,048,577 bytes is too big for a tile list \(at most 1,048,576 bytes\)"):
        guarded.read_text(path, guarded.TILES)


def test_a_byte_that_is_not_utf8_is_named_with_its_line(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b'[display]\nlanguage = "fr"\nname = "caf\xe9"\n')
    with pytest.raises(guarded.Damaged) as caught:
        guarded.read_text(path, guarded.CONFIG)
    assert str(caught.value) == f"{path}:3: byte 0xe9 (column 12) is not UTF-8: save the file as UTF-8"


@pytest.mark.parametrize("text", [DEEP_TOML, "a = " + "{b = " * 3000 + "1" + "}" * 3000 + "\n",
                                  "a = " + "[" * 17 + "]" * 17 + "\n"])
def test_toml_nested_too_deeply_is_refused_not_a_recursion_error(tmp_path, text):
    with pytest.raises(guarded.Damaged, match=r"nested too deeply \(a content file has at most 16 levels\)"):
        guarded.parse_toml(text, tmp_path / "riddles.toml", guarded.CONTENT)


def test_json_nested_too_deeply_is_refused_with_its_line(tmp_path):
    with pytest.raises(guarded.Damaged, match=r"tiles.json:2: tables or lists nested too deeply"):
        guarded.parse_json("{\n" + DEEP_JSON[1:], tmp_path / "tiles.json", guarded.TILES)


@pytest.mark.parametrize("parse, text", [(guarded.parse_json, BIG_INT_JSON),
                                         (guarded.parse_toml, "format = 1\nn = " + "7" * 5000 + "\n")])
def test_an_integer_of_5000_digits_is_refused_by_name(tmp_path, parse, text):
    with pytest.raises(guarded.Damaged, match=r":2: an integer of 5,000 digits \(at most 30\)"):
        parse(text, tmp_path / "f", guarded.TILES)


@pytest.mark.parametrize("text", ['{"a": NaN}', '{"a": -Infinity}', '{"a": 1e999}'])
def test_json_without_nan_or_infinity(tmp_path, text):
    with pytest.raises(guarded.Damaged, match="number"):
        guarded.parse_json(text, tmp_path / "v.json", guarded.VOICE)


def test_a_syntax_error_stays_the_parsers_own_error(tmp_path):
    with pytest.raises(json.JSONDecodeError):
        guarded.parse_json("{", tmp_path / "t.json", guarded.TILES)


def test_set_aside_renames_never_deletes_and_never_overwrites(tmp_path):
    from datetime import datetime

    path = tmp_path / "config.toml"
    now = datetime(2026, 1, 30, 21, 45, 1)
    path.write_text("one", "utf-8")
    first = guarded.set_aside(path, now)
    path.write_text("two", "utf-8")
    second = guarded.set_aside(path, now)
    assert (first.name, second.name) == ("config.toml.damaged-20260130-214501", "config.toml.damaged-20260130-214501-2")
    assert (first.read_text("utf-8"), second.read_text("utf-8")) == ("one", "two") and not path.exists()


def test_set_aside_renames_a_link_not_what_it_points_to(tmp_path):
    moved = guarded.set_aside(zero_link(tmp_path / "riddles.toml"))
    assert moved.is_symlink() and os.readlink(moved) == "/dev/zero"


# --- the configuration and the settings file ---------------------------------------------------------


@pytest.mark.parametrize("content", [b'[display]\nlanguage = "en"\n# caf\xe9\n', DEEP_TOML.encode(),
                                     b"volume = " + b"9" * 5000 + b"\n"])
def test_a_damaged_config_is_set_aside_at_start_and_the_defaults_used(tmp_path, content):
    from companion.config import load_config

    path = tmp_path / "config.toml"
    path.write_bytes(content)
    config = load_config(path, set_aside=True)
    [moved] = damaged_copies(tmp_path, "config.toml")
    assert moved.read_bytes() == content and not path.exists()
    [notice] = config.notices
    assert notice.key == "notice.damaged" and moved.name in notice.detail and str(path) in notice.detail
    assert notice.headline(Translator("fr")) == "Fichier abîmé mis de côté (config.toml)"
    assert config.errors == [] and config.settings.language == "fr"


def test_config_check_reports_a_damaged_file_and_leaves_it(tmp_path):
    from companion.config import load_config

    path = tmp_path / "config.toml"
    path.write_bytes(b'language = "caf\xe9"\n')
    [problem] = load_config(path).problems
    assert str(problem) == f"{path}:1: damaged: byte 0xe9 (column 16) is not UTF-8: save the file as UTF-8"
    assert path.exists() and not damaged_copies(tmp_path, "config.toml")


def test_a_config_that_is_a_fifo_does_not_hang_the_start(tmp_path, deadline):
    from companion.config import load_config

    path = fifo(tmp_path / "config.toml")
    config = load_config(path, set_aside=True)
    [moved] = damaged_copies(tmp_path, "config.toml")
    assert moved.is_fifo() and "FIFO" in config.notices[0].detail


def test_a_damaged_hardware_profile_is_a_problem_naming_it(tmp_path):
    from companion.config import load_config

    profile = tmp_path / "deep.toml"
    profile.write_text(DEEP_TOML, "utf-8")
    config = load_config(tmp_path / "none.toml", profile=str(profile))
    assert [str(p) for p in config.errors] == [
        f"{profile}:1: damaged: tables or lists nested too deeply (a hardware profile has at most 16 levels)"]


def test_the_settings_file_damaged_leaves_a_notice_and_the_app_starts(tmp_path):
    pytest.importorskip("kivy")

    settings = tmp_path / "config.toml"
    settings.write_bytes(b'language = "en"\nhourglass_seconds = ' + b"[" * 3000 + b"\n")
    with built_app(tmp_path / "games.sqlite3", settings, tiles_path=tmp_path / "tiles.json") as app:
        [notice] = [n for n in app.notices if n.key == "notice.damaged"]
        [moved] = damaged_copies(tmp_path, "config.toml")
        assert moved.name in notice.detail and app.settings.language == "fr"
        assert notice.headline(Translator("en")) == "Damaged file set aside (config.toml)"


# --- the tile list -----------------------------------------------------------------------------------


@pytest.mark.parametrize("text, why", [(DEEP_JSON, "nested too deeply"), (BIG_INT_JSON, "an integer of 5,000 digits")])
def test_a_damaged_tile_list_is_set_aside_and_the_app_starts(tmp_path, text, why):
    pytest.importorskip("kivy")

    tiles = tmp_path / "tiles.json"
    tiles.write_text(text, "utf-8")
    with built_app(tmp_path / "games.sqlite3", None, tiles_path=tiles) as app:
        [notice] = [n for n in app.notices if n.key == "notice.tiles_set_aside"]
        [moved] = damaged_copies(tmp_path, "tiles.json")
        assert why in notice.detail and moved.read_text("utf-8") == text
        assert len(app.tiles.registry) == 0


def test_tiles_list_names_a_damaged_tile_file_and_leaves_it(tmp_path):
    tiles = tmp_path / "tiles.json"
    tiles.write_text(BIG_INT_JSON, "utf-8")
    proc = subprocess.run([sys.executable, "-m", "companion", "tiles", "list", "--tiles", str(tiles)],
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert f"{tiles}:2: an integer of 5,000 digits" in proc.stderr and tiles.read_text("utf-8") == BIG_INT_JSON


# --- content packs -----------------------------------------------------------------------------------


def _damage(kind: str, path: Path, deep: str = DEEP_TOML) -> None:
    path.unlink()
    if kind == "fifo":
        fifo(path)
    elif kind == "zero":
        zero_link(path)
    else:
        path.write_text(deep, "utf-8")


@pytest.mark.parametrize("kind, why", [("fifo", ": cannot be read: is a FIFO"),
                                       ("zero", ": cannot be read: is a character device"),
                                       ("deep", ":1: cannot be read: tables or lists nested too deeply")])
def test_content_check_refuses_a_damaged_pack_file_by_name(tmp_path, deadline, capsys, kind, why):
    from companion.cli import main

    pack = write_pack(tmp_path / "p")
    _damage(kind, pack / "fr" / "riddles.toml")
    assert main(["content", "check", "--dir", str(pack)]) == 1
    out = capsys.readouterr().out
    assert f"{pack / 'fr' / 'riddles.toml'}{why}" in out
    assert os.path.lexists(pack / "fr" / "riddles.toml")  # a check never moves the writer's files


def test_content_check_names_a_pack_manifest_that_is_a_fifo(tmp_path, deadline, capsys):
    from companion.cli import main

    pack = write_pack(tmp_path / "p")
    (pack / "pack.toml").unlink()
    fifo(pack / "pack.toml")
    assert main(["content", "check", "--dir", str(pack)]) == 1
    assert f"{pack / 'pack.toml'}: cannot be read: is a FIFO" in capsys.readouterr().out


@pytest.mark.parametrize("kind", ["fifo", "zero", "deep"])
def test_a_damaged_pack_file_is_set_aside_at_start_and_the_app_starts(tmp_path, deadline, monkeypatch, kind):
    pytest.importorskip("kivy")

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    from companion.content.library import user_packs_dir

    pack = write_pack(user_packs_dir() / "family")
    _damage(kind, pack / "en" / "riddles.toml")
    with built_app(tmp_path / "games.sqlite3", None, tiles_path=tmp_path / "tiles.json") as app:
        [notice] = [n for n in app.notices if n.key == "notice.damaged"]
        [moved] = damaged_copies(pack / "en", "riddles.toml")
        assert moved.name in notice.detail and str(pack / "en" / "riddles.toml") in notice.detail
        assert notice.headline(Translator("fr")) == "Fichier abîmé mis de côté (riddles.toml)"
        assert app.library.pack("fort-boyard-companion") is not None  # the built-in pack plays on


# --- voices ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "zero", "deep"])
def test_a_damaged_voice_configuration_is_skipped(tmp_path, deadline, kind):
    from companion.sound.speech.voices import VoiceError, installed_voices, read_voice

    (tmp_path / "fr_FR-joe-medium.onnx").write_bytes(b"model")
    config = tmp_path / "fr_FR-joe-medium.onnx.json"
    config.write_text("{}", "utf-8")
    _damage(kind, config, DEEP_JSON)
    with pytest.raises(VoiceError, match=str(config)):
        read_voice(tmp_path / "fr_FR-joe-medium.onnx")
    assert installed_voices([tmp_path]) == []


# --- the whole app, as the kiosk starts it -----------------------------------------------------------


def test_the_app_starts_with_a_damaged_config_tile_list_and_pack_file(companion_env, tmp_path):
    pytest.importorskip("kivy")
    config_dir = Path(companion_env["XDG_CONFIG_HOME"]) / "fort-boyard-companion"
    data_dir = Path(companion_env["XDG_DATA_HOME"]) / "fort-boyard-companion"
    config_dir.mkdir(parents=True)
    (config_dir / "config.toml").write_bytes(b'[display]\nlanguage = "en"\n# caf\xe9\n')
    data_dir.mkdir(parents=True)
    (data_dir / "tiles.json").write_text(DEEP_JSON, "utf-8")
    pack = write_pack(data_dir / "packs" / "family")
    _damage("fifo", pack / "fr" / "riddles.toml")
    proc = subprocess.run([sys.executable, "-m", "companion", "app", "--exit-after-first-frame",
                           "--db", str(tmp_path / "games.sqlite3")],
                          capture_output=True, text=True, env=companion_env, timeout=120)
    assert proc.returncode == 0 and "first_frame" in proc.stdout, proc.stderr[-3000:]
    assert damaged_copies(config_dir, "config.toml") and damaged_copies(data_dir, "tiles.json")
    assert damaged_copies(pack / "fr", "riddles.toml")
    assert "companion: Damaged file set aside (config.toml)" in proc.stderr
    assert "companion: Tile list damaged and set aside" in proc.stderr
