"""A reader that stops reading (`companion history | head -1`): every printing command ends quietly, killed
by SIGPIPE as `cat` and `grep` are (141 in a shell), never with exit 1 (a failure) or a traceback."""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

import companion.history.cli
from companion.cli import main
from tests.conftest import ROOT
from tests.history_support import FAMILY, run_headless

PRINTING = [
    ["history"], ["history", "--stats"], ["history", "--game", "last"], ["history", "--json"],
    ["export", "--game", "last", "--format", "json"], ["export", "--game", "last", "--format", "csv"],
    ["export", "--game", "last", "--format", "bgstats"],
]


@pytest.fixture(scope="module")
def family_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("closed-pipe") / "games.sqlite3"
    run_headless(db, FAMILY)
    return db


def into_a_closed_reader(*args: str, env: dict) -> tuple[int, str]:
    """``companion ARGS`` writing into a pipe whose reader (this test) closed its end before the first
    byte came, as `head` does once it has its line; the exit status and what was said on stderr."""
    proc = subprocess.Popen([sys.executable, "-m", "companion", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, cwd=ROOT)
    proc.stdout.close()
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    return proc.wait(timeout=120), err


@pytest.mark.parametrize("args", PRINTING, ids=" ".join)
def test_history_and_export_end_quietly_like_cat_when_the_reader_goes(family_db, companion_env, args):
    code, err = into_a_closed_reader(args[0], "--db", str(family_db), *args[1:], env=companion_env)
    assert (code, err) == (-signal.SIGPIPE, "")


def test_content_check_ends_quietly_like_cat_when_the_reader_goes(companion_env):
    assert into_a_closed_reader("content", "check", env=companion_env) == (-signal.SIGPIPE, "")


def test_a_shell_with_pipefail_reads_141_not_a_failure(family_db, companion_env, tmp_path):
    # The reader closes its input, then opens the gate the writer waits on: companion starts writing only
    # once nobody can read, whatever the machine's speed.
    gate = tmp_path / "gate"
    script = (f'set -o pipefail; mkfifo "{gate}"; '
              f'{{ read -r _ < "{gate}"; "{sys.executable}" -m companion history --db "{family_db}"; }} '
              f'| {{ exec <&-; echo go > "{gate}"; }}; echo $?')
    out = subprocess.run(["bash", "-c", script], capture_output=True, env=companion_env, cwd=ROOT, timeout=120)
    assert (out.stdout.decode().strip(), out.stderr) == ("141", b"")


def test_a_broken_pipe_that_is_not_the_output_is_an_error_named(monkeypatch, capsys, family_db):
    def engine_gone(args):
        raise BrokenPipeError(32, "Broken pipe")  # a helper program's input, say, while stdout is fine

    monkeypatch.setattr(companion.history.cli, "run_history", engine_gone)
    assert main(["history", "--db", str(family_db)]) == 1
    assert capsys.readouterr().err == "companion history: Broken pipe\n"
