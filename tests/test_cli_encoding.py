"""Every command's output survives a standard output that is not UTF-8 (issue 27, defect 9): ``companion
phones`` ended with UnicodeEncodeError on a player's accent, ``companion --help`` on its own."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

import pytest

from companion.session import GameSession
from companion.store import GameLog
from tests.conftest import ROOT

NAMES = ["Zoé", "Łukasz", "Cy"]
LOCALES = {
    "ascii": {"PYTHONIOENCODING": "ascii"},
    "latin-1": {"PYTHONIOENCODING": "latin-1"},  # no Ł in it
    "C": {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""},  # ASCII, no UTF-8 mode
}


def in_locale(companion_env, locale: str) -> dict:
    return {**{k: v for k, v in companion_env.items() if not k.startswith("LC_")}, **LOCALES[locale]}


@pytest.mark.parametrize("locale", LOCALES)
def test_phones_prints_every_players_link_as_utf8_json(companion_env, tmp_path, locale):
    db = tmp_path / "g.sqlite3"
    with GameLog(db) as log:
        assert GameSession(log).handle({"cmd": "new", "players": NAMES, "seed": 5, "first": "Zoé",
                                        "code_words": "companion", "language": "fr"})["ok"]
    proc = subprocess.Popen([sys.executable, "-m", "companion", "phones", "--db", str(db), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=in_locale(companion_env, locale),
                            cwd=ROOT)
    try:
        lines = [proc.stdout.readline() for _ in NAMES]
        assert all(lines), proc.stderr.read().decode(errors="replace")[-800:]
        assert [json.loads(line.decode("utf-8"))["player"] for line in lines] == NAMES
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=20) == 0
        proc.stdout.close()
        proc.stderr.close()


@pytest.mark.parametrize("locale", LOCALES)
def test_help_and_an_error_naming_an_accented_path_survive(companion_env, tmp_path, locale):
    env = in_locale(companion_env, locale)
    usage = subprocess.run([sys.executable, "-m", "companion", "--help"], capture_output=True, env=env, cwd=ROOT,
                           timeout=60)
    assert usage.returncode == 0 and b"Traceback" not in usage.stderr
    assert "usage: companion" in usage.stdout.decode("utf-8")
    missing = tmp_path / "soirée-Łódź" / "missing.sqlite3"
    failed = subprocess.run([sys.executable, "-m", "companion", "history", "--db", str(missing)], capture_output=True,
                            env=env, cwd=ROOT, timeout=60)
    assert failed.returncode == 1 and b"Traceback" not in failed.stderr and b"missing.sqlite3" in failed.stderr
