"""Content per game (issue 22): content/<game>/<language>/…, a pack names its game, a game's library
holds its own packs only, and ``companion content check`` checks every game's packs."""

from __future__ import annotations

import argparse

import pytest

from companion.content import library as library_module
from companion.content.cli import register
from companion.content.library import builtin_pack_dirs, load_library
from companion.content.validate import check_pack
from tests.conftest import ROOT
from tests.games import tally  # noqa: F401  (the fixture)
from tests.test_content_validate import MANIFEST, write_pack

TALLY_MANIFEST = MANIFEST.replace('"tiny"', '"tally-cards"') + 'game = "tally"\n'


def check(*dirs) -> int:
    parser = argparse.ArgumentParser(prog="companion")
    register(parser.add_subparsers())
    args = parser.parse_args(["content", "check", *[a for d in dirs for a in ("--dir", str(d))]])
    return args.func(args)


def test_the_built_in_packs_are_one_folder_per_game():
    assert [p.relative_to(ROOT).as_posix() for p in builtin_pack_dirs()] == ["content/fort-boyard", "content/knightmare"]
    assert not (ROOT / "content" / "pack.toml").exists()


def test_a_game_s_library_never_offers_another_game_s_pack(tmp_path, tally):
    plain = write_pack(tmp_path / "tiny")  # no game in its manifest: a pack of before, the first game's
    other = write_pack(tmp_path / "tally-cards", manifest=TALLY_MANIFEST)
    assert [p.id for p in load_library([plain, other]).packs] == ["tiny"]
    assert [p.id for p in load_library([plain, other], game="tally").packs] == ["tally-cards"]
    assert not load_library([plain, other], game="tally").refused


def test_a_pack_naming_an_unknown_game_is_refused_with_its_file_line_and_field(tmp_path):
    pack = write_pack(tmp_path / "p", manifest=MANIFEST + 'game = "chess"\n')
    problems = [str(p) for p in check_pack(pack)[1]]
    assert len(problems) == 1
    assert problems[0].startswith(f"{pack / 'pack.toml'}:6: field 'game': 'chess' is not a game of the companion (")


def test_content_check_checks_every_game_s_pack(tmp_path, monkeypatch, capsys, tally):
    root = tmp_path / "content"
    write_pack(root / "fort-boyard")
    write_pack(root / "tally", manifest=TALLY_MANIFEST.replace('languages = ["fr", "en"]', 'languages = ["fr"]'))
    monkeypatch.setattr(library_module, "content_root", lambda: root)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv(library_module.CONTENT_DIR_ENV, raising=False)
    assert check() == 1  # tally's pack has an en/ folder it does not list
    out = capsys.readouterr().out
    assert f"{root / 'fort-boyard'}: pack 'tiny' 0.1.0 is valid" in out
    assert f"{root / 'tally' / 'pack.toml'}:5: field 'languages': folder en/ is not among the pack's languages" in out


@pytest.mark.parametrize("game", ["fort-boyard"])
def test_the_built_in_pack_of_each_game_is_its_own(game):
    pack, problems = check_pack(library_module.builtin_pack_dir(game))
    assert not problems and pack.game == game
