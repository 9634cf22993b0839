"""Random but legal Pixies commands, chosen from the JSON state: for property tests, fuzzing and the
benchmark. Deterministic for a given ``random.Random``."""

from __future__ import annotations

import random
from typing import Any

from companion.games.pixies.cards import CARDS

_BY_NUMBER = {n: [c for c in CARDS if CARDS[c].number == n] for n in range(1, 10)}


def random_grid(rng: random.Random, taken: set[str], full: bool) -> list[Any]:
    """Nine grid items a table could enter: face-up cards on their own space, none of ``taken``; with a
    card on every space when ``full``."""
    items: list[Any] = []
    for n in range(1, 10):
        kinds = ["down", "up", "validated"] + ([] if full else [None, None])
        kind = rng.choice(kinds)
        if kind in (None, "down"):
            items.append(kind)
            continue
        card = rng.choice([c for c in _BY_NUMBER[n] if c not in taken])
        items.append({"up": card, "validated": True} if kind == "validated" else {"up": card})
    return items


def legal_command(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A command the rules accept in ``view``'s state (None when no game is under way)."""
    phase = view["phase"]
    if phase == "reveal":
        return {"cmd": "reveal", "cards": rng.sample(view["deck"], view["cards_per_turn"])}
    if phase == "pick":
        card = rng.choice(view["revealed"])
        cmd: dict[str, Any] = {"cmd": "pick", "player": view["current"], "card": card}
        choice = view["choices"][card]
        if choice["needs"] == "keep":
            cmd["keep"] = rng.choice(("new", "old"))
        elif choice["needs"] == "space":
            cmd["space"] = rng.choice(choice["spaces"])
        return cmd
    if phase == "grids":
        waiting = view["waiting_grids"]
        who = rng.choice(waiting if waiting and rng.random() < 0.9 else [p["name"] for p in view["players"]])
        others = [p for p in view["players"] if p["name"] != who]
        taken = {item["up"] for p in others if p["entered"] for item in p["grid"] if isinstance(item, dict)}
        last = all(p["entered"] for p in others)
        full = rng.random() < 0.4 or (last and not any(p["entered"] and p["full"] for p in others))
        return {"cmd": "grid", "player": who, "spaces": random_grid(rng, taken, full)}
    return None


def any_command(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Mostly legal commands, sometimes one the rules must refuse (a wrong field, player, card or phase)."""
    roll = rng.random()
    names = [p["name"] for p in view["players"]] or ["Nobody"]
    legal = legal_command(view, rng)
    if roll < 0.75 and legal is not None:
        return legal
    revealed = view.get("revealed") or ["blue-1-6s"]
    return rng.choice([
        {"cmd": "pick", "player": rng.choice(names + ["Ghost"]), "card": rng.choice(revealed + ["multi-5-none", 7])},
        {"cmd": "pick", "player": view.get("current") or names[0], "card": rng.choice(revealed),
         "keep": rng.choice(("new", "old", "both", None)), "space": rng.choice((None, 0, 1, 5, 9, 10, "3", True))},
        {"cmd": "reveal", "cards": rng.sample(list(CARDS), rng.randint(0, 6))},
        {"cmd": "reveal", "cards": ["red-8-5x", "red-8-5x", "blue-1-6s", "green-2-3s"]},
        {"cmd": "grid", "player": rng.choice(names), "spaces": [rng.choice([None, "down", "up", {"up": "blue-1-6s"},
                                                                            {"up": "multi-1-none"}, {"up": 3}])
                                                                for _ in range(rng.choice((8, 9, 10)))]},
        {"cmd": "grid", "player": rng.choice(names), "spaces": random_grid(rng, set(), rng.random() < 0.5)},
        {"cmd": "fly"},
    ])
