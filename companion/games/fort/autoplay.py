"""Random but legal commands of Fort, chosen from the JSON state: for fuzzing and property tests."""

from __future__ import annotations

import random
from typing import Any

from companion.games.fort.model import DECLARABLE, PERKS, RULES, SUITS, WILD


def legal_command(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    step = view["phase"]
    if step in ("over", "no_game"):
        return None
    if step == "final":
        p = next(p for p in view["players"] if p["final"] is None)
        limits = {"suits": 6, "best_friends": 2}
        return {"cmd": "final", "player": p["name"],
                "counts": {k: rng.randint(0, limits.get(k, 15)) for k in p["needs"]}}
    if view["asks"] and rng.random() < 0.8:
        ask = view["asks"][0]
        held = {c for p in view["players"] for c in p["rules"] + p["perks"]}
        ids = [c for c in (RULES if ask["take"] == "rule" else PERKS) if c not in held]
        if ids:
            return {"cmd": ask["take"], "player": ask["player"], ask["take"]: rng.choice(ids)}
    r = rng.random()
    if r < 0.15:
        p = rng.choice(view["players"])
        return {"cmd": "points", "player": p["name"], "points": rng.randint(1, 4)}
    if r < 0.22:
        p = rng.choice(view["players"])
        level = min(5, p["level"] + 1)
        if level != p["level"]:
            return {"cmd": "level", "player": p["name"], "level": level}
    if step == "play":
        suit = rng.choice(list(SUITS) + [None])
        cmd = {"cmd": "play", "suit": suit, **({"resource": rng.choice(["pizza", "toys", "none"])} if suit else {})}
        return {**cmd, "declared": rng.choice(DECLARABLE)} if suit == WILD else cmd
    if step == "follow":
        return {"cmd": "follow", "player": view["follower"], "follows": rng.random() < 0.5}
    if step == "recruit":
        sources = ["park", "yard"] + (["deck"] if view["park_deck"] else [])
        return {"cmd": "recruit", "from": rng.choice(sources)}
    return {"cmd": "end_turn"}
