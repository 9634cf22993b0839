"""Hostile lines on the headless protocol and hostile names at the table (issue 15, defects 2, 3 and 9's
names): every line gets one JSON answer, the process goes on, and only validated commands are stored."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from companion.headless.jsonlines import MAX_LINE_BYTES, serve
from companion.session import GameSession
from companion.store import GameLog
from tests.conftest import ROOT

NEW = {"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob", "Cy"], "first": "Ann", "seed": 7}
STATE = '{"cmd":"state"}'


def strict(line: str) -> dict:
    """An answer as a strict reader takes it: JSON without NaN/Infinity, encodable as UTF-8."""
    line.encode("utf-8")
    return json.loads(line, parse_constant=lambda name: pytest.fail(f"{name} in an answer"))


def run(companion_env, lines: list[bytes | str], *args: str) -> tuple[list[dict], int]:
    data = b"".join((line.encode() if isinstance(line, str) else line) + b"\n" for line in lines)
    proc = subprocess.run([sys.executable, "-m", "companion", "play", *args], input=data, capture_output=True,
                          env=companion_env, cwd=ROOT, timeout=120)
    assert b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
    return [strict(line) for line in proc.stdout.decode("utf-8").splitlines()], proc.returncode


@pytest.fixture
def play(companion_env, tmp_path):
    db = tmp_path / "games.sqlite3"

    def go(lines: list[bytes | str]) -> list[dict]:
        answers, code = run(companion_env, lines, "--headless", "--db", str(db))
        assert code == 0 and len(answers) == len(lines), answers
        return answers

    go.db = db
    return go


def codes(answers: list[dict]) -> list[str]:
    return [a["error"]["code"] if not a["ok"] else "ok" for a in answers]


# --- lines that used to end the process -------------------------------------------------------------


def test_an_integer_of_5000_digits_is_refused_and_the_process_goes_on(play):
    answers = play(['{"cmd":"new","players":["Ann","Bob"],"seed":' + "9" * 5000 + "}", STATE])
    assert codes(answers) == ["bad_json", "ok"] and "5000 digits" in answers[0]["error"]["message"]


def test_nesting_deeper_than_the_limit_is_refused_before_parsing(play):
    deep = "[" * 60_000  # under the line limit: Python's parser alone raised RecursionError on it
    deep_in_object = '{"cmd":"state","x":' + "{\"a\":" * 5_000 + "1" + "}" * 5_000 + "}"
    answers = play([deep, deep_in_object, STATE])
    assert codes(answers) == ["bad_json", "bad_json", "ok"]
    assert "nested" in answers[0]["error"]["message"]


def test_a_lone_surrogate_is_refused_with_or_without_a_game(play):
    answers = play(['{"cmd":"\\ud800"}', json.dumps(NEW), '{"cmd":"\\udfff"}',
                    '{"cmd":"opponent","player":"Ann\\ud800"}', '{"cmd":"new","players":["\\ud83d","Bob"]}', STATE])
    assert codes(answers) == ["bad_command", "ok", "bad_command", "bad_command", "bad_command", "ok"]
    assert "surrogate" in answers[0]["error"]["message"]
    assert answers[-1]["state"]["commands"] == 1


def test_a_line_over_the_limit_is_refused_and_the_next_one_answered(play):
    huge = '{"cmd":"state","junk":"' + "x" * (10 * 1024 * 1024) + '"}'
    exactly = '{"cmd":"state"' + " " * (MAX_LINE_BYTES - 15) + "}"  # JSON's own spaces fill it
    assert len(exactly.encode()) == MAX_LINE_BYTES
    answers = play([json.dumps(NEW), huge, exactly, exactly + " ", STATE])
    assert codes(answers) == ["ok", "line_too_long", "ok", "line_too_long", "ok"]
    assert all(len(json.dumps(a)) < 10_000 for a in answers)


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
def test_non_finite_numbers_are_refused_anywhere(play, value):
    answers = play([json.dumps(NEW), '{"cmd":"land","space":"duel"}', '{"cmd":"opponent","player":"Bob"}',
                    '{"cmd":"result","winner":"Bob","buzzers":{"delay_s":' + value + '}}',
                    '{"cmd":"result","winner":"Bob","extra":' + value + '}', STATE])
    assert codes(answers) == ["ok", "ok", "ok", "bad_json", "bad_json", "ok"]
    assert answers[-1]["state"]["phase"] == "duel_result"


# --- what is stored and echoed is the validated command ---------------------------------------------


def test_unknown_fields_are_dropped_from_what_is_stored_and_echoed(play, companion_env):
    answers = play([json.dumps({**NEW, "junk": "x" * 5_000, "table": {"level": "easy"}}),
                    json.dumps({"cmd": "land", "space": "force", "note": {"a": [1, 2]}, "space2": "door"}),
                    json.dumps({"cmd": "result", "success": True, "winner": "Bob", "buzzers": {"x": 1}})])
    assert codes(answers) == ["ok", "ok", "ok"]
    assert answers[1]["state"]["last_command"] == {"cmd": "land", "space": "force"}
    assert answers[2]["state"]["last_command"] == {"cmd": "result", "success": True}
    export = subprocess.run([sys.executable, "-m", "companion", "export", "--db", str(play.db), "--game", "1",
                             "--format", "json"], capture_output=True, env=companion_env, cwd=ROOT, timeout=60)
    stored = [c["command"] for c in json.loads(export.stdout)["commands"]]
    assert stored[0] == {"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob", "Cy"], "first": "Ann",
                         "seed": 7, "table": {"level": "easy"}}
    assert stored[1:] == [{"cmd": "land", "space": "force"}, {"cmd": "result", "success": True}]


def test_a_buzzer_record_is_kept_only_when_bounded(play):
    record = {"duellists": ["Ann", "Bob"], "runs": [{"presses": [{"player": "Bob", "t_ms": 512.5}]}]}
    too_big = {"runs": ["r" * 1000] * 300}  # 300 KB: over the record's limit, under the line's
    answers = play([json.dumps(NEW), '{"cmd":"land","space":"duel"}', '{"cmd":"opponent","player":"Bob"}',
                    json.dumps({"cmd": "result", "winner": "Bob", "buzzers": too_big}),
                    json.dumps({"cmd": "result", "winner": "Bob", "buzzers": record})])
    assert codes(answers) == ["ok", "ok", "ok", "bad_field", "ok"]
    assert "buzzers" in answers[3]["error"]["message"]
    duel = next(e for e in answers[4]["events"] if e["type"] == "duel_result")
    assert duel["buzzers"] == record


# --- names at the table ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["A\u0000nn", "\u001b[31mRed", "Z\u200boé", "Bob\u202e", "An\u2028n"],
                         ids=["nul", "escape", "zero-width-space", "bidi-override", "line-separator"])
def test_names_with_control_or_invisible_characters_are_refused(play, name):
    answers = play([json.dumps({**NEW, "players": [name, "Bob", "Cy"], "first": None})])
    assert codes(answers) == ["bad_field"] and "players" in answers[0]["error"]["message"]


def test_names_equal_after_normalisation_and_case_folding_cannot_share_a_table(play):
    composed, decomposed = "Zo\u00e9", "Zoe\u0301"
    answers = play([json.dumps({**NEW, "players": [composed, decomposed], "first": None}),
                    json.dumps({**NEW, "players": ["ZOÉ", decomposed], "first": None}),
                    json.dumps({**NEW, "players": [decomposed, "Bob"], "first": composed})])
    assert codes(answers) == ["bad_field", "bad_field", "ok"]
    assert "twice" in answers[0]["error"]["message"]
    assert answers[2]["state"]["players"][0]["name"] == composed  # stored composed (NFC)


# --- text mode -------------------------------------------------------------------------------------


def test_text_mode_goes_on_after_a_lone_surrogate_or_bytes_that_are_not_utf8(companion_env, tmp_path):
    lines = [b"new Ann \xed\xa0\x80 Bob seed=1", b"new \xff\xfe Bob seed=1", b'{"cmd":"new","players":["\\ud800","B"]}',
             b"new " + b"A" * (MAX_LINE_BYTES + 10), b"new Ann Bob first=Ann seed=1", b"state", b"quit"]
    proc = subprocess.run([sys.executable, "-m", "companion", "play", "--db", str(tmp_path / "g.sqlite3")],
                          input=b"\n".join(lines) + b"\n", capture_output=True, env=companion_env, cwd=ROOT,
                          timeout=60)
    out = proc.stdout.decode("utf-8")
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr.decode(errors="replace")
    assert out.count("surrogate") == 3 and f"longer than {MAX_LINE_BYTES}" in out and "Ann" in out.splitlines()[-2] + out.splitlines()[-3]


# --- in process: the same gate for every client --------------------------------------------------------


def test_the_session_refuses_non_json_values_from_any_client():
    session = GameSession(GameLog(":memory:"))
    assert session.handle(NEW)["ok"]
    for bad in ({"cmd": "land", "space": float("nan")}, {"cmd": "land", "space": "door", "x": object()},
                {"cmd": "land", "space": "door", "x": 10**40}, {"cmd": "land", "space": "d\udc80oor"}):
        assert session.handle(bad)["error"]["code"] == "bad_command"
    assert session.view()["commands"] == 1


def test_serve_answers_a_last_line_without_newline_and_a_blank_line():
    session = GameSession(GameLog(":memory:"))
    out = io.StringIO()
    assert serve(session, io.BytesIO(b"\n\r\n" + STATE.encode()), out) == 0
    answers = [strict(line) for line in out.getvalue().splitlines()]
    assert codes(answers) == ["bad_json", "bad_json", "ok"]


def test_a_rename_to_a_name_with_a_control_character_is_refused(companion_env, tmp_path):
    from tests.test_game_log_guard import finished_game

    db = tmp_path / "games.sqlite3"
    finished_game(db)
    for bad in ("An\u001b[2Jn", "Bo\u200bb", "Cy\u202e"):
        proc = subprocess.run([sys.executable, "-m", "companion", "history", "--db", str(db), "--rename", "Ann", bad],
                              capture_output=True, env=companion_env, cwd=ROOT, timeout=60)
        assert proc.returncode == 1 and "control or invisible character" in proc.stderr.decode(), proc.stderr
    with GameLog(db) as log:
        assert log.player_aliases() == {}


def test_a_long_buzzer_duel_of_mashed_buttons_is_still_recorded():
    presses = [{"player": "Bob", "t_ms": 12.5 * i, "kind": "again"} for i in range(1500)]  # ~60 KB
    record = {"duellists": ["Ann", "Bob"], "runs": [{"run": 1, "presses": presses, "winner": "Bob"}]}
    session = GameSession(GameLog(":memory:"))
    for command in (NEW, {"cmd": "land", "space": "duel"}, {"cmd": "opponent", "player": "Bob"}):
        assert session.handle(command)["ok"]
    answer = session.handle({"cmd": "result", "winner": "Bob", "buzzers": record})
    assert answer["ok"], answer
    assert session.log.all_commands(session.game_id)[-1]["command"]["buzzers"] == record
