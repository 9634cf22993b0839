"""Fuzzing the headless protocol with Knightmare: hostile lines mixed among valid commands.

Whatever comes in, every line gets exactly one strict JSON answer, a refused line changes nothing, the
40 helmets are conserved, only documented fields are recorded, and a resumed game equals the one played.
Seeded and bounded: it runs in seconds.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.knightmare.autoplay import a_question, any_command, legal_command
from companion.games.knightmare.fields import FIELDS
from tests.headless_fuzz_support import fuzz_in_process, fuzz_real_process, mutate
from tests.test_knightmare_properties import check, new_game

RECORDED = {name: {"cmd", *fields, "question"} for name, fields in FIELDS.items()}


def hostile_line(rng: random.Random, view: dict) -> bytes:
    valid = json.dumps(legal_command(view, rng) or new_game(rng))
    kind = rng.randrange(8)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(120))).replace(b"\n", b" ")
    if kind == 1:
        return valid[:-1].encode() + b',"' + rng.choice([b"junk", b"\\ud800", b"question"]) + b'":' + json.dumps(
            rng.choice([None, [1, [2]], {"id": "x", "part": 9}, -1, 2**62, "\u202e"])).encode() + b"}"
    if kind == 2:
        return json.dumps({"cmd": rng.choice(["move", "fight", "escape", "adjust", "reward", "answer"]),
                           "roll": rng.choice([0, 7, "3", None, 2.5, True]), "helmets": rng.choice([-1, 99, [1], "1"]),
                           "shield": rng.choice([-5, 100, None]), "player": rng.choice(["Ghost", 0, None, "Ann"]),
                           "object": rng.choice(["sword", 1, None]), "correct": rng.choice([1, "true", None])}).encode()
    if kind == 3:
        question = a_question(view, rng) if view.get("current") and view["phase"] in ("question", "continue") else {}
        return json.dumps({"cmd": "question", **question, rng.choice(["id", "text", "answer", "part", "accept"]):
                           rng.choice(["", "a\u0000b", "x" * 2000, 0, [None], "\ud800"])},
                          ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    if kind == 4:
        return json.dumps({"cmd": "new", "game": "knightmare", "players": rng.choice([["A"], ["A", "a"], ["A\u200bB", "C"],
                           ["A", "B", "C", "D", "E"]]), "bridge": rng.choice([0, 99, None]), "seed": 1}).encode()
    if kind == 5:
        return rng.choice([b"", b"null", b"[]", b'{"cmd":null}', b"{}", b'{"cmd":"move"}{"cmd":"move"}'])
    return mutate(valid, rng).encode("utf-8", "surrogatepass")


def next_line(rng: random.Random, view: dict) -> bytes:
    roll = rng.random()
    if view["game"] != "knightmare":  # a mutated line may have started another game
        return json.dumps(new_game(rng)).encode()
    if view["phase"] in ("no_game", "over") and roll < 0.6:
        return json.dumps(new_game(rng)).encode()
    if roll < 0.3:
        return hostile_line(rng, view)
    if roll < 0.36:
        return rng.choice([b'{"cmd":"undo"}', b'{"cmd":"redo"}'])
    if not view["players"]:
        return json.dumps(new_game(rng)).encode()
    return json.dumps(any_command(view, rng) if roll < 0.5 else (legal_command(view, rng) or new_game(rng))).encode()


def check_view(view: dict) -> None:
    if view["game"] != "knightmare":
        return
    check(view)
    last = view["last_command"]
    if last is not None:
        assert set(last) <= RECORDED[last["cmd"]], last


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_hostile_lines_among_valid_knightmare_commands(tmp_path_factory, seed):
    rng = random.Random(seed)
    fuzz_in_process(tmp_path_factory.mktemp("kmfuzz") / "games.sqlite3", rng, next_line, check_view, 60,
                    opening=json.dumps(new_game(rng)).encode())


def test_the_real_process_plays_a_seeded_knightmare_stream(companion_env, tmp_path):
    rng = random.Random(23)
    replies = fuzz_real_process(companion_env, tmp_path / "games.sqlite3", rng, next_line, check_view, 250,
                                opening=json.dumps(new_game(rng)).encode())
    assert sum(r["ok"] for r in replies) > 80 and sum(not r["ok"] for r in replies) > 40
    assert [r for r in replies if r["ok"]][-1]["state"]["game"] == "knightmare"


SHORT_GAME = [
    {"cmd": "new", "game": "knightmare", "players": ["Ann", "Bob"], "first": "Ann", "seed": 4, "bridge": 2},
    {"cmd": "move", "roll": 2, "helmets": 1},
    {"cmd": "card", "kind": "challenge"},
    {"cmd": "fight", "shield": 3, "roll": 5, "opponent_roll": 2},
    {"cmd": "reward", "take": "helmet"},
    {"cmd": "dungeon"},
    {"cmd": "chamber", "question": {"id": "winged-horse", "part": 1, "text": "Which winged horse?", "answer": "Pegasus"}},
    {"cmd": "answer", "correct": True, "question": {"id": "comb", "part": 1, "text": "I have teeth…", "answer": "a comb"}},
    {"cmd": "answer", "correct": True},
]


def test_the_short_game_of_the_docs_through_the_real_process(headless, tmp_path):
    """docs/games/knightmare.md's example: a helmet played on the move, a won fight, Bob's voluntary
    Dungeon, Ann's Challenge of Merlin on a two-helmet bridge, the throne."""
    out, code = headless([json.dumps(c) for c in SHORT_GAME], "--db", str(tmp_path / "g.sqlite3"))
    assert code == 0 and all(json.loads(line)["ok"] for line in out)
    phases = [json.loads(line)["state"]["phase"] for line in out]
    assert phases == ["turn", "card", "fight", "reward", "turn", "turn", "question", "continue", "over"]
    last = json.loads(out[-1])["state"]
    assert last["winners"] == ["Ann"] and last["castle_helmets"] == 36
    assert [(p["place"], p["helmets"], p["bridge"]) for p in last["players"]] == [("throne", 0, 2), ("dungeon", 2, 0)]
