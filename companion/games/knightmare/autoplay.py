"""Random but legal Knightmare commands, chosen from the JSON state: for simulations, fuzzing and
benchmarks. Deterministic for a given ``random.Random``.
"""

from __future__ import annotations

import random
from typing import Any

OBJECTS = ("book", "wand", "ring", "crown")
KINDS = ("challenge", "spell", "present", "trap", "imprisonment", "other")
KIND_WEIGHTS = (40, 25, 10, 5, 5, 15)  # games that end: more fights and spells than traps


def _maybe_die(rng: random.Random, cmd: dict[str, Any], field: str) -> dict[str, Any]:
    if rng.random() < 0.5:  # half the time the table rolls its own die
        cmd[field] = rng.randint(1, 6)
    return cmd


def _few(rng: random.Random, held: int) -> int:
    """Helmets to play: mostly none (random play that spends them freely never ends)."""
    return min(held, 1) if rng.random() < 0.15 else 0


def a_question(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    me = next(p for p in view["players"] if p["name"] == view["current"])
    n = len(view["questions_asked"])
    return {"id": f"q{me['part']}-{n}-{rng.randrange(10**6)}", "part": me["part"], "text": f"Question {n}?",
            "answer": "Yes", "accept": ["Oui"]}


def legal_command(view: dict[str, Any], rng: random.Random, right: float = 0.6) -> dict[str, Any] | None:
    """A command the engine accepts in ``view``'s state (None when the game is over or not started).

    ``right`` is the chance of a right answer in the Chamber of Merlin.
    """
    phase = view["phase"]
    if phase in ("no_game", "over"):
        return None
    me = next(p for p in view["players"] if p["name"] == view["current"])
    holders = [p["name"] for p in view["players"] if p["spells"] > 0]
    r = rng.random()
    if holders and r < 0.04:
        return {"cmd": "cast", "player": rng.choice(holders)}
    if r < 0.06:
        p = rng.choice(view["players"])
        top = p["helmets"] + view["castle_helmets"]
        return {"cmd": "adjust", "player": p["name"], "helmets": rng.randint(0, min(top, p["helmets"] + 2))}
    if r < 0.07:
        return {"cmd": "end_turn"}
    if phase == "turn":
        whole = view["house_rules"]["chamber_entry"] == "whole_bridge"
        need = view["bridge_length"] if whole else 2
        if me["object"] and me["helmets"] >= need and rng.random() < 0.5:
            return {"cmd": "chamber"}
        if me["helmets"] == 0 and rng.random() < 0.1:
            return _maybe_die(rng, {"cmd": "blocked"}, "roll")
        if rng.random() < 0.05:
            return {"cmd": "dungeon"}
        return _maybe_die(rng, {"cmd": "move", "helmets": _few(rng, me["helmets"])}, "roll")
    if phase == "card":
        kind = rng.choices(KINDS, KIND_WEIGHTS)[0]
        cmd = {"cmd": "card", "kind": kind}
        if kind == "present":
            cmd["obeyed"] = rng.random() < 0.8
        return cmd
    if phase == "fight":
        cmd = {"cmd": "fight", "shield": rng.randint(1, 6), "helmets": _few(rng, me["helmets"])}
        return _maybe_die(rng, _maybe_die(rng, cmd, "roll"), "opponent_roll")
    if phase == "reward":
        if me["object"] is not None or rng.random() < 0.3:
            return {"cmd": "reward", "take": "helmet"}
        return {"cmd": "reward", "take": "object", "object": rng.choice(OBJECTS)}
    if phase == "escape":
        return _maybe_die(rng, {"cmd": "escape", "helmets": _few(rng, me["helmets"])}, "roll")
    if phase in ("question", "continue"):
        if me["helmets"] == 0:
            return {"cmd": "abandon"} if phase == "question" else {"cmd": "stop"}
        if view["question"] is None and rng.random() < 0.7:
            return {"cmd": "question", **a_question(view, rng)}
        if phase == "question" and rng.random() < 0.05:
            return {"cmd": "abandon"}
        if phase == "continue" and rng.random() < 0.25:
            return {"cmd": "stop"}
        return {"cmd": "answer", "correct": rng.random() < right}
    return None


def finishing_command(view: dict[str, Any], rng: random.Random, right: float = 0.75) -> dict[str, Any] | None:
    """A knight who plays to win, the table's draws left to chance: for tests that need games to end.

    Random play (:func:`legal_command`) seldom ends a game, by its own choices and not by the rules: it
    spends helmets on moves, enters the Chamber with too few helmets to finish the bridge, and then
    loses them all to a wrong answer or an abandon. This knight keeps their helmets, takes an object
    when they hold none, enters the Chamber only with helmets for the whole bridge left, answers one
    question a turn and stops, so that a wrong answer (which loses only this turn's helmets) costs
    nothing; it abandons only a Challenge it can no longer finish. The cards, shields and dice stay random.
    """
    phase = view["phase"]
    if phase in ("no_game", "over"):
        return None
    me = next(p for p in view["players"] if p["name"] == view["current"])
    left = view["bridge_length"] - me["bridge"]
    if phase == "turn":
        whole = view["house_rules"]["chamber_entry"] == "whole_bridge"
        need = max(left, view["bridge_length"] if whole else 1)
        if me["object"] and me["helmets"] >= need:
            return {"cmd": "chamber"}
        if me["helmets"] == 0 and rng.random() < 0.05:  # the room the die shows is taken
            return _maybe_die(rng, {"cmd": "blocked"}, "roll")
        return _maybe_die(rng, {"cmd": "move", "helmets": 0}, "roll")
    if phase == "card":
        kind = rng.choices(KINDS, KIND_WEIGHTS)[0]
        return {"cmd": "card", "kind": kind, **({"obeyed": rng.random() < 0.8} if kind == "present" else {})}
    if phase == "fight":
        cmd = {"cmd": "fight", "shield": rng.randint(1, 6), "helmets": 0}
        return _maybe_die(rng, _maybe_die(rng, cmd, "roll"), "opponent_roll")
    if phase == "reward":
        if me["object"] is None:
            return {"cmd": "reward", "take": "object", "object": rng.choice(OBJECTS)}
        return {"cmd": "reward", "take": "helmet"}
    if phase == "escape":
        return _maybe_die(rng, {"cmd": "escape", "helmets": 0}, "roll")
    if phase in ("question", "continue"):
        if view["question"] is None:  # the rules alone (no session to draw from the packs)
            return {"cmd": "question", **a_question(view, rng)}
        if phase == "question":
            if me["helmets"] < left:
                return {"cmd": "abandon"}
            return {"cmd": "answer", "correct": rng.random() < right}
        return {"cmd": "stop"}
    return None


def any_command(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Mostly legal commands, sometimes one the engine must refuse (wrong phase, bad field, unknown
    player, too many helmets): for property tests of 'a refused command changes nothing'."""
    names = [p["name"] for p in view["players"]] or ["Nobody"]
    if rng.random() < 0.25:
        return rng.choice([
            {"cmd": "move", "helmets": rng.choice([-1, 6, 40, True, "2"]), "roll": rng.choice([0, 7, 3.5, None])},
            {"cmd": "blocked"},
            {"cmd": "card", "kind": rng.choice(KINDS + ("dragon",)), "obeyed": rng.choice([True, None, "no"])},
            {"cmd": "fight", "shield": rng.choice([-1, 5, 21, None]), "helmets": rng.choice([0, 39])},
            {"cmd": "reward", "take": rng.choice(["helmet", "object", "gold"]), "object": rng.choice(OBJECTS + ("sword",))},
            {"cmd": "cast", "player": rng.choice(names + ["Ghost"])},
            {"cmd": "adjust", "player": rng.choice(names), "helmets": rng.choice([-3, 41, 39]),
             "place": rng.choice(["throne", "moat", "chamber"])},
            {"cmd": "adjust", "player": rng.choice(names)},
            {"cmd": "escape", "helmets": rng.choice([4, 50])},
            {"cmd": "chamber"},
            {"cmd": "answer", "correct": rng.choice([True, 1, "yes"])},
            {"cmd": "stop"},
            {"cmd": "abandon"},
            {"cmd": "question", "id": rng.choice(["", "a b", "x" * 200]), "part": rng.choice([0, 5, 1]),
             "text": "?", "answer": ""},
            {"cmd": "fly"},
        ])
    return legal_command(view, rng) or {"cmd": "state"}
