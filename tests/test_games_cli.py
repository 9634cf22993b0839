"""``companion games``: one JSON line per registered game, read from the registry alone."""

from __future__ import annotations

import json
import subprocess
import sys

from companion.engine import registry
from tests.conftest import ROOT
from tests.games import tally  # noqa: F401  (the fixture)


def test_one_json_line_per_game_in_the_registry_s_order(companion_env):
    done = subprocess.run([sys.executable, "-m", "companion", "games"], capture_output=True, env=companion_env,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 0 and done.stderr == b""
    lines = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert [g["id"] for g in lines] == [g.id for g in registry.GAMES]
    for line, entry in zip(lines, registry.GAMES):
        assert line == {"id": entry.id, "name": {"fr": entry.name["fr"], "en": entry.name["en"]},
                        "players": list(entry.players)}
    assert lines[0] == {"id": "fort-boyard", "name": {"fr": "Fort Boyard", "en": "Fort Boyard"}, "players": [2, 6]}


def test_no_game_module_is_imported_to_list_them(companion_env):
    probe = ("import sys, io, contextlib; from companion import cli\n"
             "with contextlib.redirect_stdout(io.StringIO()): cli.main(['games'])\n"
             "print(sorted(m for m in sys.modules if m.startswith(('companion.games.', 'companion.app'))))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, env=companion_env, cwd=ROOT, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().strip() == "[]"


def test_a_game_added_to_the_registry_is_listed(tally, capsys):
    from companion import cli

    assert cli.main(["games"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1]) == {
        "id": "tally", "name": {"fr": "Pointage", "en": "Tally"}, "players": [1, 4]}
