"""Fuzzing the headless protocol with Pixies games: hostile lines among valid commands of both modes.

Whatever comes in, every line gets one strict JSON answer, a refused line changes nothing, no card lies in
two places, only the documented fields are recorded, undo restores the state before, and a resumed game
equals the one played. Seeded and bounded: it runs in seconds.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.pixies.autoplay import any_command, legal_command
from companion.games.pixies.fields import FIELDS
from tests.headless_fuzz_support import fuzz_in_process, fuzz_real_process, mutate

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
RECORDED = {name: {"cmd", *fields} for name, fields in FIELDS.items()}


def new_game(rng: random.Random) -> dict:
    n = rng.randint(2, 5)
    cmd = {"cmd": "new", "game": "pixies", "players": NAMES[:n], "seed": rng.randrange(2**31),
           "mode": rng.choice(["pad", "draft", "draft"])}
    if rng.random() < 0.5:
        cmd["first"] = rng.choice(NAMES[:n])
    if rng.random() < 0.5:
        cmd["house_rules"] = {"multicolour": rng.choice(["all", "best_one"])}
    return cmd


def hostile_line(rng: random.Random, view: dict) -> bytes:
    valid = json.dumps(legal_command(view, rng) or new_game(rng))
    kind = rng.randrange(7)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(120))).replace(b"\n", b" ")
    if kind == 1:
        return valid[:-1].encode() + b',"' + rng.choice([b"junk", b"cards2", b"\\ud800"]) + b'":' + json.dumps(
            rng.choice([None, [1, [2]], {"a": "b" * rng.randrange(3000)}, -1, 2**62, "\u202e"])).encode() + b"}"
    if kind == 2:
        return json.dumps({"cmd": "new", "game": "pixies", "players": rng.choice(
            [["A"], NAMES, ["Zoé", "ZOÉ"], ["A\u0000", "B"], ["x" * 30, "B"]]), "seed": 1,
            "mode": rng.choice(["pad", "draft", "live", 3])}).encode()
    if kind == 3:
        return json.dumps({"cmd": rng.choice(["pick", "reveal", "grid"]), "player": rng.choice([None, 0, "Ghost", {}]),
                           "card": rng.choice(["multi-1-none", "blue-1-6s", "", "x" * 300, ["a"]]),
                           "cards": rng.choice([[], ["blue-1-6s"] * 4, "blue-1-6s", [None]]),
                           "spaces": rng.choice([[], [{"up": "multi-9-none"}] * 9, [["down"]] * 9, "down"]),
                           "keep": rng.choice(["new", "both", 1]), "space": rng.choice([0, 10, -1, 2.5, "1"])}).encode()
    if kind == 4:
        return rng.choice([b"", b"   ", b"null", b"[]", b"42", b'{"cmd":null}', b"{}", b'{"cmd":"state"}'])
    inserts = ("NaN", "Infinity", "1e999", "\\ud800", "\\u0000", "null")
    return mutate(valid, rng, inserts, reverse=False).encode("utf-8", "surrogatepass")


def next_line(rng: random.Random, view: dict) -> bytes:
    roll = rng.random()
    if view["phase"] in ("no_game", "over") and roll < 0.6:
        return json.dumps(new_game(rng)).encode()
    if roll < 0.3:
        return hostile_line(rng, view)
    if roll < 0.36:
        return b'{"cmd":"undo"}'
    if view["game"] != "pixies":
        return json.dumps(new_game(rng)).encode()
    return json.dumps(any_command(view, rng) if roll < 0.55 else (legal_command(view, rng) or new_game(rng))).encode()


def check_state(view: dict) -> None:
    if view["game"] != "pixies":
        return
    spots = list(view["revealed"])
    for p in view["players"]:
        spots += [item["up"] for item in p["grid"] if isinstance(item, dict)]
        spots += [c for c in p["face_down"] if c] + p["discarded"]
        assert p["total"] == sum(r["total"] for r in p["rounds"])
    assert len(spots) == len(set(spots)), spots
    last = view["last_command"]
    if last is not None:
        assert set(last) <= RECORDED[last["cmd"]], last


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_hostile_lines_among_pixies_commands_in_process(tmp_path_factory, seed):
    fuzz_in_process(tmp_path_factory.mktemp("fuzz") / "games.sqlite3", random.Random(seed), next_line, check_state, 80,
                    undo_restores=True)


def test_the_real_process_survives_a_seeded_hostile_pixies_stream(companion_env, tmp_path):
    replies = fuzz_real_process(companion_env, tmp_path / "games.sqlite3", random.Random(24), next_line, check_state,
                                300)
    assert sum(r["ok"] for r in replies) > 80 and sum(not r["ok"] for r in replies) > 50
    assert any(r["ok"] and r["state"]["game"] == "pixies" and r["state"]["phase"] == "pick" for r in replies)
