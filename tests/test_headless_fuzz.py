"""Fuzzing the headless protocol: hostile lines mixed among valid commands (issue 15's proof).

Whatever comes in, every line gets exactly one strict JSON answer, the process never exits before the
end of its input, a refused line changes nothing, the game's invariants hold (keys conserved, clues
0-4, no negative Boyards), only documented fields are recorded, and a resumed game equals the one
played. Seeded and bounded: it runs in seconds.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.fort_boyard.autoplay import any_command, legal_command
from companion.games.fort_boyard.fields import FIELDS as _FIELDS
from companion.games.fort_boyard.model import BAG, KEY_STOCK, TOKEN_VALUES
from companion.headless.jsonlines import MAX_LINE_BYTES
from tests.headless_fuzz_support import fuzz_in_process, fuzz_real_process, mutate

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
WHOLE_BAG = sum(BAG[k] * TOKEN_VALUES[k] for k in BAG)
RECORDED = {name: {"cmd", *fields} for name, fields in _FIELDS.items()} | {
    "result": {"cmd", "success", "winner", "buzzers"}}


def new_game(rng: random.Random) -> dict:
    n = rng.randint(2, 6)
    return {"cmd": "new", "game": "fort-boyard", "players": NAMES[:n], "seed": rng.randrange(2**31),
            **({"first": rng.choice(NAMES[:n])} if rng.random() < 0.5 else {})}


def hostile_line(rng: random.Random, view: dict) -> bytes:
    """One line an attacker or a broken client could send."""
    valid = json.dumps(legal_command(view, rng) or new_game(rng))
    kind = rng.randrange(14)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(200))).replace(b"\n", b" ")
    if kind == 1:
        return mutate(valid, rng).encode("utf-8", "surrogatepass")
    if kind == 2:
        return ('{"cmd":"new","players":["Ann","Bob"],"seed":' + "7" * rng.randint(20, 6000) + "}").encode()
    if kind == 3:
        return (rng.choice("[{") * rng.randint(33, 60_000)).encode()
    if kind == 4:
        return valid[:-1].encode() + b',"x":' + rng.choice([b"NaN", b"Infinity", b"-Infinity", b"1e400"]) + b"}"
    if kind == 5:
        return valid[:-1].encode() + b',"' + rng.choice([b"junk", b"\\ud800", b"cmd2"]) + b'":' + json.dumps(
            rng.choice([None, [1, [2, [3]]], {"a": "b" * rng.randrange(5000)}, -1, 2**62, "\u202e"])).encode() + b"}"
    if kind == 6:
        bad = rng.choice(["A\u0000nn", "\u001b]0;pwned\u0007", "Zo\u200be", "Zoé", "Zoe\u0301", "ZOÉ", "\ud800",
                          "x" * 30, "", " ", "Ann"])
        return json.dumps({"cmd": "new", "players": [bad, rng.choice(["Zoé", "Bob"])], "seed": 1}).encode(
            "utf-8", "surrogatepass")
    if kind == 7:
        return b"x" * (MAX_LINE_BYTES + rng.randint(1, 3000))
    if kind == 8:
        return rng.choice([b"\xed\xa0\x80", b"\xff\xfe", b"\xc3", b"\xf4\x90\x80\x80"]) + valid.encode()
    if kind == 9:
        return rng.choice([b"", b"   ", b"\r", b"null", b"[]", b"42", b'"state"', b'{"cmd":null}', b"{}"])
    if kind == 10:
        return json.dumps({"cmd": rng.choice(["land", "result", "draw", "card", "undo", "fly"]),
                           "space": rng.choice(["door", 3, None, ["door"]]), "success": rng.choice([1, "true"]),
                           "player": rng.choice([None, 0, "Ghost", {}]), "tokens": rng.choice([{"50": 99}, {"x": 1}, [1]]),
                           "tags": rng.choice([["a", "a"], [""], "t", ["\u0000"]])}).encode()
    if kind == 11:
        return json.dumps({"cmd": "result", "winner": view.get("current") or "Ann",
                           "buzzers": rng.choice([{"runs": ["r" * 1000] * 40}, {"d": 1.5}, [1], "x"])}).encode()
    if kind == 12:
        return json.dumps({"cmd": "card", "deck": view.get("space") or "force",
                           "card": rng.choice(["c1", "", "x" * 200, "a\u0000b", "a b"])}).encode()
    return mutate(valid, rng).encode("utf-8", "surrogatepass")


def next_line(rng: random.Random, view: dict) -> bytes:
    roll = rng.random()
    if view["phase"] in ("no_game", "over") and roll < 0.5:
        return json.dumps(new_game(rng)).encode()
    if roll < 0.35:
        return hostile_line(rng, view)
    if roll < 0.42:
        return b'{"cmd":"undo"}'
    return json.dumps(any_command(view, rng) if roll < 0.5 else (legal_command(view, rng) or new_game(rng))).encode()


def check_state(view: dict) -> None:
    if view["game"] is None:
        return
    players = view["players"]
    assert view["stock_keys"] + sum(p["keys"] for p in players) == KEY_STOCK
    assert all(p["keys"] >= 0 and 0 <= p["clues"] <= 4 and 0 <= p["boyards"] <= WHOLE_BAG for p in players)
    last = view["last_command"]
    if last is not None:
        assert set(last) <= RECORDED[last["cmd"]], last


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_hostile_lines_among_valid_commands_in_process(tmp_path_factory, seed):
    fuzz_in_process(tmp_path_factory.mktemp("fuzz") / "games.sqlite3", random.Random(seed), next_line, check_state, 70)


def test_the_real_process_survives_a_seeded_hostile_stream(companion_env, tmp_path):
    replies = fuzz_real_process(companion_env, tmp_path / "games.sqlite3", random.Random(15), next_line, check_state,
                                400)
    assert sum(r["ok"] for r in replies) > 100 and sum(not r["ok"] for r in replies) > 100
