"""Random but legal Forfort commands, chosen from the JSON state: for fuzzing, property tests and
benchmarks. Deterministic for a given ``random.Random``."""

from __future__ import annotations

import random
from typing import Any

from companion.games.forfort.model import SPACES, directions_from


def _mine(view: dict[str, Any]) -> dict[str, Any]:
    return next(p for p in view["players"] if p["name"] == view["current"])


def _others(view: dict[str, Any], me: dict[str, Any], partners: bool) -> list[dict[str, Any]]:
    teams = view["settings"]["teams"]
    if not teams:
        return [] if partners else [p for p in view["players"] if p is not me]
    return [p for p in view["players"] if p is not me and (p["team"] == me["team"]) == partners]


def _choices(view: dict[str, Any]) -> list[dict[str, Any]]:
    me = _mine(view)
    opponents = _others(view, me, partners=False)
    expects = view["expects"]
    out: list[dict[str, Any]] = []
    combo = view["phase"] == "end"
    if "camp" in expects:
        out += [{"cmd": "camp", "space": s} for s in SPACES if me["fort"][s] is None and me["camps_left"]]
    if "build" in expects:
        sources = (["discard"] if me["discard"] else []) + (["dungeon"] if me["dungeon"] else []) if combo \
            else ["hand"] * 4 + (["discard"] if me["discard"] else [])
        for s in SPACES:
            top = me["fort"][s]
            if top is None or top["top"] != "army":
                for source in sources:
                    out.append({"cmd": "build", "space": s, "from": source, "protected": s in ("n", "se"),
                                "drawbridge": s in ("e", "sw")})
    for o in opponents:
        if "destroy" in expects:
            line = view.get("lines", {}).get(o["name"], {})
            out += [{"cmd": "destroy", "fort": o["name"], "space": s, "double": combo,
                     "effect": "ram" if line.get(s, 1) == 1 else "trebuchet"}
                    for s, top in o["fort"].items() if top is not None and (combo or not top.get("protected"))]
        if "siege" in expects and o["dungeon"]:
            out.append({"cmd": "siege", "fort": o["name"], "double": combo})
        if "army" in expects and me["armies_left"]:
            out += [{"cmd": "army", "fort": o["name"], "space": s, "direction": d}
                    for s, top in o["fort"].items() if top is None for d in directions_from(s)]
    if "defeat" in expects:
        for p in [me] + _others(view, me, partners=True):
            out += [{"cmd": "defeat", "fort": p["name"], "space": s}
                    for s, top in p["fort"].items() if top is not None and top["top"] == "army"]
    if "march" in expects:
        out += [{"cmd": "march", "fort": p["name"], "space": s} for p in view["players"]
                for s, top in p["fort"].items() if top and top["top"] == "army" and top["army_owner"] == me["name"]]
    if "drawbridge" in expects and me["drawbridge"] is None:
        out += [{"cmd": "drawbridge", "space": s} for s, top in me["fort"].items()
                if top and top["top"] == "wall" and top["drawbridge"]]
    if "decline" in expects:  # "No pair" after a build: the fuzz and the invariants play it too
        out.append({"cmd": "decline"})
    if "discard" in expects and not out:
        out.append({"cmd": "discard"})
    if "end_turn" in expects:
        out.append({"cmd": "end_turn"})
    return out


def legal_command(view: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A command the engine accepts in ``view``'s state (None when the game is over or not started)."""
    if view["phase"] in ("over", "no_game"):
        return None
    found = _choices(view)
    return rng.choice(found) if found else {"cmd": "discard"}
