"""``companion history`` and ``companion export`` as processes: what they print, and their errors."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

import pytest

from companion.history.games import load_game
from companion.history.timeline import timeline
from companion.session import GameSession
from companion.store import GameLog
from tests.conftest import ROOT
from tests.history_support import FAMILY, copy_log, run_headless
from tests.test_headless import SCRIPTED_GAME


@pytest.fixture(scope="module")
def family_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("history-cli") / "games.sqlite3"
    run_headless(db, FAMILY)
    return db


@pytest.fixture
def db(family_db, tmp_path):
    return copy_log(family_db, tmp_path)


@pytest.fixture
def companion(companion_env):
    """Run ``companion ARGS``; returns (exit code, stdout, stderr)."""

    def run(*args: str) -> tuple[int, str, str]:
        proc = subprocess.run([sys.executable, "-m", "companion", *map(str, args)], capture_output=True,
                              env={**companion_env, "TZ": "UTC"}, cwd=ROOT, timeout=60)
        return proc.returncode, proc.stdout.decode(), proc.stderr.decode()

    return run


def test_history_lists_finished_games_newest_first(companion, db):
    code, out, _ = companion("history", "--db", db)
    lines = out.splitlines()
    assert code == 0 and [line.split()[0] for line in lines] == ["#4", "#3", "#2", "#1"]
    assert lines[1].startswith("#3  2026-03-01 19:18  38 min  Cy, Zoe, Ann  winner: Zoe  treasure: Zoe 80, Ann 50, Cy 0")


def test_history_as_json_has_date_duration_players_winners_and_treasure(companion, db):
    code, out, _ = companion("history", "--db", db, "--json")
    games = json.loads(out)
    assert code == 0 and [g["id"] for g in games] == [4, 3, 2, 1]
    assert games[3] == {"id": 1, "game": "fort-boyard", "started": "2026-03-01T18:00:00.000+00:00", "finished": "2026-03-01T18:38:00.000+00:00",
                        "duration_min": 38, "players": ["Ann", "Bob", "Cy"], "winners": ["Bob"],
                        "treasure": {"Ann": 0, "Bob": 80, "Cy": 50}}


def test_history_game_replays_the_timeline(companion, db):
    code, out, _ = companion("history", "--db", db, "--game", "1")
    assert code == 0
    assert "Round 1 – Ann starts" in out and "Round 3 – Ann starts" in out
    assert "Bob takes a key from Ann (Duel)" in out and "Bob wins with 80 Boyards!" in out
    code, last, _ = companion("history", "--db", db, "--game", "last", "--json")
    assert code == 0 and json.loads(last)["id"] == 4 and json.loads(last)["timeline"][-1]["kind"] == "game_over"


def test_history_stats_and_leaderboard(companion, db):
    code, out, _ = companion("history", "--db", db, "--stats", "--json")
    board = json.loads(out)
    assert code == 0 and [(p["rank"], p["name"]) for p in board][:3] == [(1, "bob"), (2, "Robert"), (3, "Zoe")]
    ann = next(p for p in board if p["name"] == "Ann")
    assert (ann["games"], ann["keys_won"], ann["riddle_share"], ann["duels_won"], ann["duels_lost"]) == (3, 4, 0.5, 2, 3)
    assert (ann["average_treasure"], ann["best_treasure"]) == (16.7, 50)
    code, text, _ = companion("history", "--db", db, "--stats")
    assert code == 0 and text.splitlines()[1].split()[:4] == ["1", "bob", "2", "2"]


def test_rename_merges_on_request_and_can_be_undone(companion, db):
    code, out, _ = companion("history", "--db", db, "--rename", "Robert", "Bob")
    assert code == 0 and "Robert's games now count for Bob" in out
    board = json.loads(companion("history", "--db", db, "--stats", "--json")[1])
    assert board[0]["name"] == "Bob" and board[0]["games"] == 3 and "Robert" not in {p["name"] for p in board}
    assert companion("history", "--db", db, "--undo-rename", "Robert")[0] == 0
    board = json.loads(companion("history", "--db", db, "--stats", "--json")[1])
    assert {p["name"] for p in board} >= {"bob", "Robert"}
    code, _, err = companion("history", "--db", db, "--undo-rename", "Robert")
    assert code == 1 and "'Robert' was never renamed" in err


def test_rename_of_players_who_played_together_is_refused(companion, db):
    code, _, err = companion("history", "--db", db, "--rename", "Cy", "Zoé")
    assert code == 1 and "played together in game 3" in err


def test_export_csv_is_the_timeline_with_keys_and_clues(companion, db):
    code, out, _ = companion("export", "--db", db, "--game", "1", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    with GameLog(db) as log:
        moments = timeline(load_game(log, 1))
    assert code == 0 and len(rows) == len(moments)
    assert rows[0]["moment"] == "round" and rows[0]["text"] == "Round 1 – Ann starts"
    assert rows[-1]["text"] == "Bob wins with 80 Boyards!"
    assert {p: rows[-1][f"keys {p}"] for p in ("Ann", "Bob", "Cy")} == {"Ann": "0", "Bob": "2", "Cy": "2"}
    assert {p: rows[-1][f"clues {p}"] for p in ("Ann", "Bob", "Cy")} == {"Ann": "4", "Bob": "2", "Cy": "1"}


def test_export_json_is_the_raw_log_with_undone_commands(companion, tmp_path):
    db = tmp_path / "undo.sqlite3"
    run_headless(db, SCRIPTED_GAME[:3] + [{"cmd": "undo"}] + SCRIPTED_GAME[2:])
    code, out, _ = companion("export", "--db", db, "--game", "last", "--format", "json")
    raw = json.loads(out)
    assert code == 0 and raw["game"]["id"] == 1 and raw["game"]["status"] == "finished"
    assert raw["schema_version"] == 5 and len(raw["commands"]) == len(SCRIPTED_GAME) + 1
    undone = [c for c in raw["commands"] if c["undone_at"]]
    assert [c["command"] for c in undone] == [SCRIPTED_GAME[2]]
    with GameLog(db) as log:
        assert raw["commands"] == log.all_commands(1)


@pytest.mark.parametrize("args, code, message", [
    (["--game", "99", "--format", "csv"], 1, "no game 99 in"),
    (["--game", "first", "--format", "csv"], 1, "expected a game number or 'last', got 'first'"),
    (["--game", "1", "--format", "xml"], 2, "invalid choice: 'xml'"),
    (["--game", "5", "--format", "bgstats"], 1, "game 5 is not finished (in_progress)"),
    (["--format", "csv"], 2, "the following arguments are required: --game"),
])
def test_export_bad_input_names_what_was_wrong(companion, db, args, code, message):
    got, out, err = companion("export", "--db", db, *args)
    assert got == code and message in err and out == ""


@pytest.mark.parametrize("command", [["history"], ["export", "--game", "last", "--format", "json"]])
def test_a_missing_log_is_named_and_not_created(companion, tmp_path, command):
    missing = tmp_path / "nowhere" / "games.sqlite3"
    code, _, err = companion(*command, "--db", missing)
    assert code == 1 and f"no game log at {missing}" in err
    assert not missing.parent.exists()


def test_a_file_that_is_not_a_log_is_refused_clearly(companion, tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("shopping list " * 200)
    code, _, err = companion("history", "--db", bad)
    assert code == 1 and "cannot open the game log" in err and "Traceback" not in err


def test_last_without_any_finished_game_says_so(companion, tmp_path):
    db = tmp_path / "g.sqlite3"
    run_headless(db, SCRIPTED_GAME[:4])
    code, _, err = companion("export", "--db", db, "--game", "last", "--format", "bgstats")
    assert code == 1 and "no finished game" in err
    code, out, _ = companion("history", "--db", db)
    assert code == 0 and "No finished game" in out


PHONE_GAME = [{"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob", "Cy"], "seed": 5, "first": "Ann",
               "code_words": "companion", "language": "fr"},
              {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True}]


@pytest.mark.parametrize("args", [
    ["export", "--game", "1", "--format", "json"], ["export", "--game", "1", "--format", "csv"],
    ["history", "--game", "1", "--json"], ["history", "--game", "1"],
], ids=" ".join)
def test_no_export_holds_a_phone_link(companion, tmp_path, args):
    # An export is shared with others; a phone link lets whoever holds it read a player's clues and propose.
    db = tmp_path / "phones.sqlite3"
    run_headless(db, PHONE_GAME)
    with GameLog(db) as log:
        secrets = GameSession(log).phone_tokens()
    assert len(secrets) == 3  # the game has links to leak
    code, out, err = companion(args[0], "--db", db, *args[1:])
    assert code == 0, err
    assert [s for s in secrets.values() if s in out] == []


def test_the_json_export_keeps_the_new_command_but_its_phone_links(companion, tmp_path):
    db = tmp_path / "phones.sqlite3"
    run_headless(db, PHONE_GAME)
    code, out, _ = companion("export", "--db", db, "--game", "1", "--format", "json")
    raw = json.loads(out)
    with GameLog(db) as log:
        kept = log.all_commands(1)
    assert "phones" in kept[0]["command"]  # the log keeps them: a restart keeps the links working
    assert raw["commands"][0]["command"] == {k: v for k, v in kept[0]["command"].items() if k != "phones"}
    assert raw["commands"][1:] == kept[1:]
