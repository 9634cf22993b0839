"""No traceback from the command line on a damaged log (issue 27, defect 2): ``history`` (list, ``--game``,
``--stats``, ``--json``), ``export`` in every format and the start of ``phones`` on every log of the
corpus end with an answer or
one line naming the game and what is damaged; the other games are listed; JSON is built by a JSON
library (a time stamp holding a quote cannot add rows)."""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
from pathlib import Path

import pytest

from tests.damaged_logs import CASES, build_base, damaged_copy

RUNS = [["history"], ["history", "--json"], ["history", "--stats"], ["history", "--stats", "--json"],
        ["history", "--game", "{g}"], ["history", "--game", "{g}", "--json"], ["history", "--game", "1"],
        ["export", "--game", "{g}", "--format", "csv"], ["export", "--game", "{g}", "--format", "json"],
        ["export", "--game", "{g}", "--format", "bgstats"], ["phones", "--port", "0"]]


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    return build_base(tmp_path_factory.mktemp("base") / "games.sqlite3")


def companion(*argv: str) -> tuple[int, str, str]:
    """``companion ARGV`` in this process: exit code, stdout, stderr (a traceback fails the test)."""
    from companion.cli import main

    out, err = io.TextIOWrapper(io.BytesIO(), "utf-8"), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    out.flush()
    return code, out.buffer.getvalue().decode(), err.getvalue()


@pytest.mark.parametrize("kind, where", CASES)
def test_history_and_export_answer_on_every_damaged_log(base, tmp_path, kind, where):
    db = tmp_path / "games.sqlite3"
    hit = damaged_copy(base, db, kind, where)
    for run in RUNS:
        argv = [a.replace("{g}", str(hit.game_id)) for a in run]
        code, out, err = companion(*argv, "--db", str(db))
        assert code in (0, 1) and "Traceback" not in err, (argv, err)
        if run[0] == "phones":  # its start-up reading of the log: the corpus's games have no phone links
            assert code == 1 and err.count("\n") == 1 and "has no phone links" in err, err
            continue
        if code == 1:  # a line naming the game and what is damaged (or why it cannot be shown)
            assert out == "" and err.startswith(f"companion {run[0]}: "), (argv, err)
            assert "--game" not in run or f"game {argv[2]}" in err.splitlines()[0], (argv, err)
        elif "--json" in run or run[-1] in ("json", "bgstats"):
            json.loads(out)
        for line in err.splitlines():
            assert line.startswith(f"companion {run[0]}: ") and "game " in line, (argv, err)
    code, out, err = companion("history", "--json", "--db", str(db))
    listed = [g["id"] for g in json.loads(out)]
    assert 1 in listed  # game 1 is never damaged
    if where == "finished" and 2 not in listed:
        assert f"game 2 is damaged and left out: " in err


def test_a_time_stamp_holding_a_quote_adds_no_step_to_a_game(base, tmp_path):
    """The history read each game's line by pasting its text columns into JSON: a created_at holding
    '"],[...' added steps of its own making, or stopped the whole history with a ValueError."""
    from companion.history.games import load_games
    from companion.store import GameLog

    db = tmp_path / "games.sqlite3"
    damaged_copy(base, db, "command_created_at_quote", "finished")
    raw = sqlite3.connect(db)
    row = raw.execute("SELECT id FROM commands WHERE game_id=2 AND seq=3").fetchone()[0]
    raw.execute("UPDATE commands SET created_at=? WHERE id=?",
                ('2026-01-01T10:00:00+00:00",{"cmd":"land"},[]],[4,"2026-01-01T10:00:00+00:00', row))
    raw.commit()
    raw.close()
    with GameLog(db, readonly=True) as log:
        games = {g.id: g for g in load_games(log)}
        assert sorted(games) == [1]  # game 2 is named and left out, never read with steps made up
        assert any("game 2 is damaged and left out" in p for p in log.problems)
    code, out, err = companion("history", "--json", "--db", str(db))
    assert code == 0 and [g["id"] for g in json.loads(out)] == [1] and "game 2 is damaged" in err


def test_one_damaged_old_game_leaves_the_others_listed_with_their_statistics(base, tmp_path):
    db = tmp_path / "games.sqlite3"
    damaged_copy(base, db, "events_nested_10000", "finished")
    code, out, err = companion("history", "--db", str(db))
    assert code == 0 and "#1 " in out and "#2 " not in out
    assert err == f"companion history: {db}: game 2 is damaged and left out: command 92: events: nested too deeply\n"
    code, out, err = companion("history", "--stats", "--json", "--db", str(db))
    assert code == 0 and {s["name"] for s in json.loads(out)} == {"Ann", "Bob", "Cy"}
    code, out, err = companion("export", "--game", "2", "--format", "json", "--db", str(db))
    damaged = [c for c in json.loads(out)["commands"] if "damaged" in c]
    assert code == 0 and [(c["id"], c["events"], c["damaged"]) for c in damaged] == [(92, None, "events: nested too deeply")]
