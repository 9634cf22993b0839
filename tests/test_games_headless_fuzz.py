"""The headless fuzz every game gets (issue 27): for each registered game with an autoplay module, a
seeded stream of legal and hostile lines through the real `companion play --headless` process. Every
line gets one strict JSON answer, the process ends with 0, the last state equals an in-process shadow
session's (replay = live), and a new process on the same log resumes the same game. Bounded: seconds."""

from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys

import pytest

from companion.engine.registry import GAMES
from companion.session import GameSession
from companion.store import GameLog
from tests.conftest import ROOT


def _autoplayed():
    for g in GAMES:
        try:
            auto = importlib.import_module(g.rules + ".autoplay")
        except ModuleNotFoundError:
            continue
        if g.id != "fort-boyard":  # Fort Boyard's own fuzz: tests/test_headless_fuzz.py
            yield pytest.param(g, auto, id=g.id)


def _new(game, rng: random.Random) -> dict:
    rules = importlib.import_module(game.rules).RULES
    cmd = dict(rules.example_new(rng.randrange(2**31)))
    n = rng.randint(*game.players)
    names = ["Ana", "Bob", "Chloé", "Dee", "Eve", "Fay"][:n]
    cmd["players"] = names
    cmd["first"] = rng.choice(names)
    return cmd


def _line(game, auto, rng: random.Random, view: dict) -> str:
    valid = auto.legal_command(view, rng) if view.get("game") == game.id else None
    kind = rng.randrange(9)
    if valid is None or kind == 0:
        return json.dumps(_new(game, rng))
    if kind == 1:  # a field of a legal command given a value of the wrong type
        field = rng.choice([k for k in valid if k != "cmd"] or ["cmd"])
        return json.dumps({**valid, field: rng.choice([None, 3, -1, "x", [], {}, True, 1e300, "Zoé\u200b"])})
    if kind == 2:
        return json.dumps({**valid, "unknown_field": {"deep": [1, 2, 3]}})
    if kind == 3:
        return json.dumps({"cmd": rng.choice(["undo", "redo", "state", "games"])})
    if kind == 4:
        return json.dumps(valid)[: rng.randrange(1, 30)]
    if kind == 5:
        return json.dumps({"cmd": "new", "game": game.id, "players": ["Solo"]})
    return json.dumps(valid)


@pytest.mark.parametrize("game, auto", list(_autoplayed()))
def test_a_seeded_hostile_stream_through_the_real_process(game, auto, tmp_path):
    rng = random.Random(f"fuzz:{game.id}")
    shadow = GameSession(GameLog(":memory:"), new_seed=lambda: 7)
    lines = []
    for _ in range(250):
        line = _line(game, auto, rng, shadow.view())
        lines.append(line)
        try:
            command = json.loads(line)
        except ValueError:
            continue
        if isinstance(command, dict) and command.get("cmd") == "new":
            command.setdefault("seed", 7)
            lines[-1] = json.dumps(command)
        shadow.handle(command)
    lines.append(json.dumps({"cmd": "state"}))
    db = tmp_path / "fuzz.sqlite3"
    proc = subprocess.run([sys.executable, "-m", "companion", "play", "--headless", "--db", str(db)],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=180, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    answers = [json.loads(a) for a in proc.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert all(isinstance(a, dict) and isinstance(a.get("ok"), bool) for a in answers)
    assert sum(a["ok"] for a in answers) > len(lines) // 3  # the stream plays, it is not all refusals
    last = answers[-1]["state"]
    assert {k: v for k, v in last.items() if k != "game_id"} == \
        {k: v for k, v in shadow.view().items() if k != "game_id"}
    resumed = GameSession(GameLog(db))
    assert resumed.view()["players"] == shadow.view()["players"]
