"""What the app's start spends: packs found clean are not checked again, and `companion app` loads only
what its first frame needs (benchmarks.app_start measures the time; these tests pin the causes)."""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from companion.content import validate as validate_module
from companion.content.checked import CheckedPacks, fingerprint
from companion.content.library import load_library
from companion.content.loader import read_pack
from companion.content.problems import Problem
from tests.test_content_validate import write_pack

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def counted(monkeypatch):
    """The content checks, counting the packs they are run on."""
    calls: list[str] = []
    real = validate_module.validate

    def counting(pack):
        calls.append(pack.id)
        return real(pack)

    monkeypatch.setattr(validate_module, "validate", counting)
    return calls


def test_a_clean_pack_is_checked_once_then_remembered(tmp_path, counted):
    pack = write_pack(tmp_path / "tiny")
    checked = CheckedPacks(tmp_path / "cache" / "checked.txt")
    first = load_library([pack], checked=checked)
    second = load_library([pack], checked=CheckedPacks(tmp_path / "cache" / "checked.txt"))
    assert counted == ["tiny"]
    assert [p.id for p in first.packs] == [p.id for p in second.packs] == ["tiny"]
    assert second.packs[0].counts() == first.packs[0].counts()


def test_a_changed_file_is_checked_again(tmp_path, counted):
    pack = write_pack(tmp_path / "tiny")
    path = tmp_path / "cache" / "checked.txt"
    load_library([pack], checked=CheckedPacks(path))
    riddles = pack / "fr" / "riddles.toml"
    riddles.write_text(riddles.read_text(encoding="utf-8").replace("lune", "la lune"), encoding="utf-8")
    load_library([pack], checked=CheckedPacks(path))
    assert counted == ["tiny", "tiny"]


def test_a_word_list_changed_installed_or_removed_has_the_pack_checked_again(tmp_path, counted, monkeypatch):
    """Issue 27, defect 9: the remembered check did not cover the word lists the checks read."""
    words = tmp_path / "dict"
    words.mkdir()
    (words / "french").write_text("lune\nsoleil\n", encoding="utf-8")
    monkeypatch.setenv("COMPANION_DICTIONARY_DIR", str(words))
    pack = write_pack(tmp_path / "tiny")
    path = tmp_path / "cache" / "checked.txt"
    load_library([pack], checked=CheckedPacks(path))
    load_library([pack], checked=CheckedPacks(path))
    assert counted == ["tiny"]  # clean and remembered with this list
    (words / "french").write_text("lune\nsoleil\nlunes\n", encoding="utf-8")  # updated by its package
    os.utime(words / "french", ns=(1, 1))  # even to a time of its own choosing
    load_library([pack], checked=CheckedPacks(path))
    assert counted == ["tiny"] * 2
    (words / "british-english").write_text("moon\n", encoding="utf-8")  # installed
    load_library([pack], checked=CheckedPacks(path))
    (words / "french").unlink()  # removed
    load_library([pack], checked=CheckedPacks(path))
    assert counted == ["tiny"] * 4
    load_library([pack], checked=CheckedPacks(path))
    assert counted == ["tiny"] * 4


def test_a_pack_with_problems_is_never_remembered(tmp_path, monkeypatch):
    pack = write_pack(tmp_path / "tiny")
    path = tmp_path / "cache" / "checked.txt"
    problem = Problem(pack / "fr" / "riddles.toml", "a problem the checks found")
    monkeypatch.setattr(validate_module, "validate", lambda p: [problem])
    for _ in range(2):
        library = load_library([pack], checked=CheckedPacks(path))
        assert library.packs == () and "a problem the checks found" in library.refused[0].reason
    assert not path.exists()


def test_without_the_cache_every_load_checks(tmp_path, counted):
    pack = write_pack(tmp_path / "tiny")
    load_library([pack])
    load_library([pack])
    assert counted == ["tiny", "tiny"]


def test_the_fingerprint_covers_the_manifest_and_every_file(tmp_path):
    pack = write_pack(tmp_path / "tiny")
    before = fingerprint(read_pack(pack)[0])
    manifest = pack / "pack.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("0.1.0", "0.1.1"), encoding="utf-8")
    after_manifest = fingerprint(read_pack(pack)[0])
    lines = pack / "en" / "lines.toml"
    lines.write_text(lines.read_text(encoding="utf-8").replace("Bienvenue", "Salut"), encoding="utf-8")
    after_lines = fingerprint(read_pack(pack)[0])
    assert len({before, after_manifest, after_lines}) == 3


def test_a_link_planted_as_the_cache_file_is_replaced_not_written_through(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    path = tmp_path / "cache" / "checked.txt"
    path.parent.mkdir()
    path.symlink_to(victim)
    CheckedPacks(path).remember(read_pack(write_pack(tmp_path / "tiny"))[0])
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    assert not path.is_symlink() and len(path.read_text(encoding="ascii").split()) == 1


@pytest.mark.parametrize("content", [b"\xff\xfe not text", b"x" * 200_000, b"0" * 63 + b"\n" + b"g" * 64 + b"\n"])
def test_a_damaged_cache_file_only_costs_the_full_check(tmp_path, counted, content):
    path = tmp_path / "checked.txt"
    path.write_bytes(content)
    library = load_library([write_pack(tmp_path / "tiny")], checked=CheckedPacks(path))
    assert [p.id for p in library.packs] == ["tiny"] and counted == ["tiny"]


def test_a_cache_folder_that_cannot_be_written_changes_nothing(tmp_path, counted):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    library = load_library([write_pack(tmp_path / "tiny")], checked=CheckedPacks(blocker / "checked.txt"))
    assert [p.id for p in library.packs] == ["tiny"]
    assert blocker.read_text(encoding="utf-8") == ""


def test_the_cache_keeps_the_newest_fingerprints_only(tmp_path):
    path = tmp_path / "checked.txt"
    path.write_text("".join(f"{n:064x}\n" for n in range(100)), encoding="ascii")
    pack = read_pack(write_pack(tmp_path / "tiny"))[0]
    CheckedPacks(path).remember(pack)
    kept = path.read_text(encoding="ascii").split()
    assert len(kept) == 64 and kept[-1] == fingerprint(pack) and kept[0] == f"{37:064x}"


def _registered(module: str) -> set[str]:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    importlib.import_module(module).register(sub)
    return set(sub.choices)


def test_the_command_table_names_what_each_module_registers():
    for module in cli._COMMAND_MODULES:
        assert _registered(module) == {c for c, m in cli.COMMANDS.items() if m == module}, module
    assert set(cli.COMMANDS.values()) == set(cli._COMMAND_MODULES)


def test_help_still_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    shown = capsys.readouterr().out
    assert all(command in shown for command in cli.COMMANDS)


def test_an_unknown_command_is_refused_with_the_known_ones(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["plya"])
    assert exc.value.code == 2 and "invalid choice: 'plya'" in capsys.readouterr().err


def test_the_app_command_loads_no_phone_server_numpy_or_serial_before_its_window():
    """What `companion app` imports up to building its app (the rest is Kivy's): the phone server
    (aiohttp), the content quality checks' numpy, pyserial's reader loop stay out until used."""
    code = (
        "import sys\n"
        "from companion import cli\n"
        "cli.build_parser('app')\n"
        "import companion.app.launch, companion.app.phones_link, companion.content.library\n"
        "print(sorted(m for m in ('aiohttp', 'numpy', 'companion.content.matchcheck', 'companion.phones.server')"
        " if m in sys.modules))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True,
                         cwd=ROOT).stdout
    assert out.strip() == "[]"


def test_the_phone_package_still_gives_every_name_it_lists():
    import companion.phones as phones
    from companion.phones.service import DEFAULT_PORT

    assert all(getattr(phones, name) is not None for name in phones.__all__)
    from companion.app import phones_link

    assert phones_link.DEFAULT_PORT == DEFAULT_PORT
