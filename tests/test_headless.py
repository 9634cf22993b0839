"""``companion play --headless``: the JSON-lines protocol, as an outside program sees it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

from tests.conftest import ROOT

SCRIPTED_GAME = [
    {"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob", "Cy"], "first": "Ann", "seed": 7},
    # Round 1
    {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True},            # Ann 1 key
    {"cmd": "land", "space": "duel"}, {"cmd": "opponent", "player": "Ann"},
    {"cmd": "result", "winner": "Bob"},                                                # Bob takes Ann's key
    {"cmd": "land", "space": "enigme"}, {"cmd": "result", "success": False},
    {"cmd": "sea", "choice": "dive"},                                                  # Cy dives
    {"cmd": "land", "space": "prison"},                                                # Ann in prison
    {"cmd": "land", "space": "concentration"}, {"cmd": "result", "success": True},    # Bob 2
    {"cmd": "dive", "reached": True},                                                  # Cy 1; Ann skipped
    {"cmd": "land", "space": "passe_partout"}, {"cmd": "land", "space": "force"},
    {"cmd": "result", "success": True},                                                # Bob 3: round 2, Cy starts
    # Round 2: everybody has one clue
    {"cmd": "land", "space": "enigme"}, {"cmd": "stake", "stake": "key"}, {"cmd": "result", "success": True},  # Cy 2 keys
    {"cmd": "land", "space": "duel"}, {"cmd": "stake", "stake": "clue"}, {"cmd": "opponent", "player": "Cy"},
    {"cmd": "result", "winner": "Ann"},                                                # Ann 2 clues
    {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True},            # Bob 2 clues
    {"cmd": "land", "space": "door"},                                                  # Cy
    {"cmd": "land", "space": "concentration"}, {"cmd": "result", "success": True},    # Ann 3 clues
    {"cmd": "land", "space": "door"},                                                  # Bob
    {"cmd": "land", "space": "door"},                                                  # Cy
    {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True},            # Ann 4 clues: round 3
    # Round 3: Ann has no key (out); Bob 3 keys, Cy 2 keys
    {"cmd": "propose", "player": "Bob", "correct": False},
    {"cmd": "propose", "player": "Bob", "correct": True},                              # pays a key: 2 draws
    {"cmd": "propose", "player": "Cy", "correct": True},
    {"cmd": "draw", "player": "Bob", "tokens": {"10": 3, "pebble": 1}},
    {"cmd": "draw", "player": "Bob", "tokens": {"50": 1}},
    {"cmd": "draw", "player": "Cy", "tokens": {"20": 2}},
    {"cmd": "draw", "player": "Cy", "tokens": {"10": 1, "pebble": 2}},
]


def test_a_whole_scripted_game_from_new_to_the_winners(headless, tmp_path):
    lines, code = headless([json.dumps(c) for c in SCRIPTED_GAME], "--db", str(tmp_path / "g.sqlite3"))
    assert code == 0
    answers = [json.loads(line) for line in lines]
    assert len(answers) == len(SCRIPTED_GAME)
    assert all(a["ok"] for a in answers), [a for a in answers if not a["ok"]]
    final = answers[-1]["state"]
    assert final["phase"] == "over" and final["winners"] == ["Bob"] and final["current"] is None
    by_name = {p["name"]: p for p in final["players"]}
    assert {n: p["boyards"] for n, p in by_name.items()} == {"Ann": 0, "Bob": 80, "Cy": 50}
    assert {n: p["status"] for n, p in by_name.items()} == {"Ann": "out", "Bob": "treasure", "Cy": "treasure"}
    assert final["stock_keys"] + sum(p["keys"] for p in final["players"]) == 20
    for required in ("game", "round", "current", "stock_keys", "phase", "winners", "players"):
        assert required in final
    for p in final["players"]:
        assert {"name", "keys", "clues", "boyards", "status"} <= set(p)


def test_every_line_gets_exactly_one_answer_and_bad_input_never_ends_the_process(headless, tmp_path):
    bad = ["not json", "[1, 2]", '"cmd"', '{"cmd": 3}', "{}", "", '{"cmd": "fly"}', "\u00e9t\u00e9 {", '{"cmd":"state"}']
    lines, code = headless(bad, "--db", str(tmp_path / "g.sqlite3"))
    answers = [json.loads(line) for line in lines]
    assert code == 0 and len(answers) == len(bad)
    assert [a["ok"] for a in answers] == [False] * 8 + [True]
    assert [a["error"]["code"] for a in answers[:6]] == ["bad_json", "bad_command", "bad_command", "bad_command", "bad_command", "bad_json"]
    for a in answers[:-1]:
        assert set(a) == {"ok", "error"} and set(a["error"]) == {"code", "message"}
        assert a["error"]["message"].endswith(".")


def test_refused_command_changes_nothing_over_the_protocol(headless, tmp_path):
    cmds = [SCRIPTED_GAME[0], {"cmd": "state"}, {"cmd": "result", "success": True}, {"cmd": "land", "space": "moat"}, {"cmd": "state"}]
    lines, _ = headless([json.dumps(c) for c in cmds], "--db", str(tmp_path / "g.sqlite3"))
    answers = [json.loads(line) for line in lines]
    assert answers[2]["error"]["code"] == "wrong_phase"
    assert answers[3]["error"]["code"] == "bad_field" and "space" in answers[3]["error"]["message"]
    assert answers[1]["state"] == answers[4]["state"]


def test_invalid_utf8_is_refused(companion_env, tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--headless", "--db", str(tmp_path / "g.sqlite3")],
        input=b'{"cmd": "st\xffate"}\n{"cmd":"state"}\n', capture_output=True, env=companion_env, timeout=60,
    )
    answers = [json.loads(line) for line in proc.stdout.decode().splitlines()]
    assert [a["ok"] for a in answers] == [False, True] and answers[0]["error"]["code"] == "bad_json"


def test_a_new_process_on_the_same_db_resumes_the_game(headless, tmp_path):
    db = str(tmp_path / "g.sqlite3")
    first, _ = headless([json.dumps(c) for c in SCRIPTED_GAME[:8]], "--db", db)
    second, _ = headless(['{"cmd": "state"}'], "--db", db)
    assert json.loads(second[0])["state"] == json.loads(first[-1])["state"]


def test_without_db_the_log_lives_in_the_user_data_directory(headless, companion_env, tmp_path):
    headless([json.dumps(SCRIPTED_GAME[0])])
    assert (tmp_path / "xdg-data" / "fort-boyard-companion" / "games.sqlite3").exists()
    again, _ = headless(['{"cmd": "state"}'])
    assert json.loads(again[0])["state"]["players"][0]["name"] == "Ann"


def test_resume_after_sigkill(companion_env, tmp_path):
    db = str(tmp_path / "g.sqlite3")
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "play", "--headless", "--db", db],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=companion_env, cwd=ROOT,
    )
    last = None
    for c in SCRIPTED_GAME[:10]:
        proc.stdin.write((json.dumps(c) + "\n").encode())
        proc.stdin.flush()
        last = json.loads(proc.stdout.readline())
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    out = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--headless", "--db", db],
        input=b'{"cmd":"state"}\n', capture_output=True, env=companion_env, timeout=60,
    )
    assert json.loads(out.stdout)["state"] == last["state"]


def test_unreadable_db_path_is_a_clear_error(companion_env, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--headless", "--db", str(blocker / "g.sqlite3")],
        input=b"", capture_output=True, env=companion_env, timeout=60,
    )
    assert proc.returncode == 1 and "cannot open the game log" in proc.stderr.decode()


def test_text_prompt_plays_with_short_words(companion_env, tmp_path):
    script = "new Ann Bob first=Ann seed=3\nland fo\nyes\nstate\nundo\nland zzz\nquit\n"
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "g.sqlite3")],
        input=script.encode(), capture_output=True, env=companion_env, timeout=60,
    )
    out = proc.stdout.decode()
    assert proc.returncode == 0
    assert "Ann wins a key from the stock." in out
    assert "Undone:" in out and "land what?" in out


def test_redo_over_the_protocol_brings_back_what_undo_took(headless, tmp_path):
    db = str(tmp_path / "g.sqlite3")
    lines = [json.dumps(c) for c in (
        {"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob"], "first": "Ann", "seed": 1},
        {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True},
        {"cmd": "undo"}, {"cmd": "redo"}, {"cmd": "redo"},
    )]
    out, code = headless(lines, "--db", db)
    answers = [json.loads(line) for line in out]
    assert code == 0 and [a["ok"] for a in answers] == [True, True, True, True, True, False]
    assert answers[4]["events"] == [{"type": "redone", "command": {"cmd": "result", "success": True}, "seq": 3}]
    assert answers[4]["state"] == answers[2]["state"]
    assert answers[5]["error"]["code"] == "nothing_to_redo"
