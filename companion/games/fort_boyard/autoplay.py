"""Random but legal Fort Boyard commands, chosen from the JSON state: for simulations, fuzzing, crash tests
and benchmarks (and a demo mode). Deterministic for a given ``random.Random``.
"""

from __future__ import annotations

import random
from typing import Any

SPACES = ("door", "concentration", "force", "duel", "enigme", "prison", "passe_partout")
TOKENS = ("pebble", "10", "20", "50")


def legal_command(view: dict[str, Any], rng: random.Random, success: float = 0.5) -> dict[str, Any] | None:
    """A command the engine accepts in ``view``'s state (None when the game is over or not started).

    ``success`` is the chance of a won challenge, riddle, dive or proposal: low values make long games.
    """
    phase = view["phase"]
    me = view["current"]
    names = [p["name"] for p in view["players"]]
    player = next((p for p in view["players"] if p["name"] == me), None)
    if phase in ("land", "passe_partout"):
        spaces = SPACES if phase == "land" else SPACES[:-1]
        return {"cmd": "land", "space": rng.choice(spaces)}
    if phase in ("duel_stake", "enigme_stake"):
        return {"cmd": "stake", "stake": rng.choice(("key", "clue"))}
    if phase == "duel_opponent":
        return {"cmd": "opponent", "player": rng.choice([n for n in names if n != me])}
    if phase == "duel_result":
        return {"cmd": "result", "winner": rng.choice((me, view["opponent"]))}
    if phase in ("challenge", "enigme"):
        return {"cmd": "result", "success": rng.random() < success}
    if phase == "sea":
        return {"cmd": "sea", "choice": rng.choice(("dive", "abandon"))}
    if phase == "dive":
        return {"cmd": "dive", "reached": rng.random() < success}
    if phase == "propose":
        return {"cmd": "propose", "player": me, "correct": rng.random() < success}
    if phase == "propose_again":
        if rng.random() < 0.3:
            return {"cmd": "pass", "player": me}
        return {"cmd": "propose", "player": me, "correct": rng.random() < success}
    if phase == "draw":
        left = dict(player["bag_left"])
        tokens = {}
        for kind in TOKENS:
            tokens[kind] = rng.randint(0, min(left[kind], 4))
        return {"cmd": "draw", "player": me, "tokens": tokens}
    return None


def any_command(view: dict[str, Any], rng: random.Random, success: float = 0.5) -> dict[str, Any]:
    """Mostly legal commands, sometimes a command the engine must refuse (wrong phase, bad field,
    wrong player, undo): for property tests of 'a refused command changes nothing'."""
    roll = rng.random()
    names = [p["name"] for p in view["players"]] or ["Nobody"]
    if roll < 0.1:
        return {"cmd": "undo"}
    if roll < 0.2:
        return rng.choice(
            [
                {"cmd": "land", "space": rng.choice(SPACES + ("moat",))},
                {"cmd": "result", "success": rng.choice((True, False, "yes"))},
                {"cmd": "result", "winner": rng.choice(names)},
                {"cmd": "stake", "stake": rng.choice(("key", "clue", "gold"))},
                {"cmd": "opponent", "player": rng.choice(names + ["Ghost"])},
                {"cmd": "sea", "choice": rng.choice(("dive", "abandon", "swim"))},
                {"cmd": "dive", "reached": rng.choice((True, False, None))},
                {"cmd": "propose", "player": rng.choice(names), "correct": rng.choice((True, False))},
                {"cmd": "pass", "player": rng.choice(names)},
                {"cmd": "draw", "player": rng.choice(names), "tokens": {"50": rng.randint(-1, 12)}},
                {"cmd": "fly"},
            ]
        )
    return legal_command(view, rng, success) or {"cmd": "state"}
