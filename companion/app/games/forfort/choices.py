"""The second tap: what may happen on the space the table touched, from the view alone (the rules decide,
this only offers what the phase expects there). Each choice is a catalogue key, its values and the command
it sends. No Kivy here.

Own fort: a wall (plain or protected, with or without the drawbridge symbol; from hand or, as a Mason,
the discard pile; after a build, a double Mason from the discard pile or the dungeon), a camp, a
Garrison's defeat of an invading army, the drawbridge. An opponent's fort: the Ram or Trebuchet (double
on a protected wall), a Garrison's army and its direction, the Siege Tower on the dungeon."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

DIRECTIONS_FROM = {"nw": ("e", "s"), "n": ("e", "w"), "ne": ("w", "s"), "w": ("n", "s"), "e": ("n", "s"),
                   "sw": ("n", "e"), "s": ("e", "w"), "se": ("n", "w")}  # along the fort's edge


@dataclass(frozen=True)
class Choice:
    key: str  # catalogue key of the button's words
    command: dict[str, Any]
    values: dict[str, Any] = field(default_factory=dict)


def player(view: Mapping[str, Any], name: str | None) -> Mapping[str, Any] | None:
    return next((p for p in view.get("players", []) if p["name"] == name), None)


def partners(view: Mapping[str, Any], a: str, b: str) -> bool:
    pa, pb = player(view, a), player(view, b)
    return bool(view.get("settings", {}).get("teams")) and a != b and pa and pb and pa["team"] == pb["team"]


def line(view: Mapping[str, Any], fort: str, space: str) -> int | None:
    """The line (1 front, 2, 3) of ``space`` in ``fort`` as the current player is seated (the view's)."""
    return view.get("lines", {}).get(fort, {}).get(space)


def reaches(view: Mapping[str, Any], fort: str, space: str) -> tuple[str, ...]:
    """The effects that may hit ``space`` of ``fort``: the one of its line as seated, or both when the table
    plays the lines as it likes (house rule ``lines: any``; readings file, point 8)."""
    if view.get("settings", {}).get("lines") == "any" or line(view, fort, space) is None:
        return ("ram", "trebuchet")
    return ("ram",) if line(view, fort, space) == 1 else ("trebuchet",)


def _builds(view: Mapping[str, Any], me: Mapping[str, Any], space: str) -> list[Choice]:
    combo = view["phase"] == "end"
    if combo:  # a double Mason: from the discard pile or the dungeon, on any space (readings, point 7)
        sources = [s for s, n in (("discard", me["discard"]), ("dungeon", me["dungeon"])) if n]
    else:
        sources = ["hand"] + (["discard"] if me["discard"] else [])
    out = []
    for source in sources:
        for protected in (False, True):
            for bridge in (False, True):
                kind = ("protected" if protected else "plain") + ("_bridge" if bridge else "")
                out.append(Choice(f"forfort.do.build_{kind}", {"cmd": "build", "space": space, "protected": protected,
                                                                "drawbridge": bridge, "from": source},
                                  {"source": source}))
    return out


PAIRS = ("mason", "ram", "trebuchet", "siege", "garrison")
"""A pair's kinds, as the table names the two symbols it made (the rules record each through its double
effect's command: ``build`` from the discard pile or dungeon, ``destroy`` with its ``effect``, ``siege``,
``army``/``defeat``)."""


def pair_of(command: Mapping[str, Any]) -> str | None:
    """Which pair a double effect's command resolves."""
    name = command.get("cmd")
    if name == "build":
        return "mason"
    if name == "destroy":
        return command.get("effect")
    if name == "siege":
        return "siege"
    if name in ("army", "defeat"):
        return "garrison"
    return None


ASK = "ask"
"""The screen's "Other pair": back to the question, even while a Garrison pair's second army is owed."""


def pending_pair(view: Mapping[str, Any], pair: str | None = None) -> str | None:
    """The pair whose double effect is being placed: the one the table named after the build (``pair``),
    else the Garrison pair's second resolution (the rules know it then); None while the question 'which
    pair?' is open (``ASK``, or nothing named yet)."""
    if view.get("phase") != "end":
        return None
    combos, second = view.get("combos"), view.get("garrison_left")
    if combos and pair == ASK:
        return None
    if combos and pair in PAIRS:
        return pair
    return "garrison" if second else None


def choices(view: Mapping[str, Any], fort: str, key: str, pair: str | None = None) -> list[Choice]:
    """What the current player may do on ``key`` (a space, or ``"dungeon"``) of ``fort``'s fort now; once
    the table has named the pair it made (``pair``), only that pair's double effect."""
    out = _choices(view, fort, key)
    pair = pending_pair(view, pair)
    return [c for c in out if pair_of(c.command) == pair] if pair else out


def pairs_offered(view: Mapping[str, Any]) -> list[str]:
    """After a build, the pairs whose double effect has a target somewhere now (a Mason needs a card in the
    discard pile or the dungeon, a Ram a card on a front line...): the table names the one it made."""
    if view.get("phase") != "end" or not view.get("combos"):
        return []
    forts = [p["name"] for p in view.get("players", [])]
    return [k for k in PAIRS if any(pair_targets(view, f, k) for f in forts)]


def _choices(view: Mapping[str, Any], fort: str, key: str) -> list[Choice]:
    expects = set(view.get("expects", ()))
    me, target = player(view, view.get("current")), player(view, fort)
    if me is None or target is None:
        return []
    mine, friend = fort == me["name"], partners(view, me["name"], fort)
    combo = view["phase"] == "end"
    garrison_only = combo and view.get("garrison_left") and not view.get("combos")
    out: list[Choice] = []
    if key == "dungeon":
        if "siege" in expects and not mine and not friend and target["dungeon"] and not garrison_only:
            out.append(Choice("forfort.do.siege_double" if combo else "forfort.do.siege",
                              {"cmd": "siege", "fort": fort, "double": combo}, {"fort": fort}))
        return out
    top = target["fort"].get(key)
    kind = top.get("top") if top else None
    if view["phase"] == "setup":
        if mine and top is None:
            out.append(Choice("forfort.do.first_camp", {"cmd": "camp", "space": key}))
        return out
    if view["phase"] == "march":
        if kind == "army" and top.get("army_owner") == me["name"]:
            out.append(Choice("forfort.do.march", {"cmd": "march", "fort": fort, "space": key}))
        return out
    if mine or friend:
        if kind == "army" and "defeat" in expects:
            out.append(Choice("forfort.do.defeat", {"cmd": "defeat", "fort": fort, "space": key},
                              {"owner": top.get("army_owner", "")}))
        if mine and kind != "army" and "build" in expects and not garrison_only:
            out += _builds(view, me, key)
        if top is None and "camp" in expects and me["camps_left"]:
            out.append(Choice("forfort.do.camp", {"cmd": "camp", "space": key, "fort": fort}))
        if (mine and kind == "wall" and top.get("drawbridge") and "drawbridge" in expects
                and me["drawbridge"] is None):
            out.append(Choice("forfort.do.drawbridge", {"cmd": "drawbridge", "space": key}))
        return out
    if top is not None and "destroy" in expects and not garrison_only:
        if combo or not top.get("protected"):
            for effect in reaches(view, fort, key):  # the Ram on the front line, the Trebuchet behind it
                out.append(Choice(f"forfort.do.{effect}_double" if combo else f"forfort.do.{effect}",
                                  {"cmd": "destroy", "fort": fort, "space": key, "double": combo, "effect": effect}))
    if top is None and "army" in expects and me["armies_left"]:
        for d in DIRECTIONS_FROM[key]:
            out.append(Choice("forfort.do.army", {"cmd": "army", "fort": fort, "space": key, "direction": d},
                              {"direction": d}))
    return out


def front(view: Mapping[str, Any], fort: str) -> frozenset[str]:
    """The front line of ``fort`` as the current player is seated (the Ram's), for the screen to mark;
    empty where the table plays the lines as it likes or for the player's own and partner's forts."""
    if view.get("settings", {}).get("lines") == "any":
        return frozenset()
    return frozenset(s for s, n in view.get("lines", {}).get(fort, {}).items() if n == 1)


def pair_targets(view: Mapping[str, Any], fort: str, pair: str | None = None) -> frozenset[str]:
    """The spaces of ``fort`` (and ``"dungeon"``) the pair's double effect may reach, once the table has
    named the pair (``pair``, or the Garrison pair's second army): the screen frames them (review of issue
    25: 'highlight the targets the player can choose'); empty before the pair is named and in any other
    phase, so that a frame never promises an effect the pair does not have."""
    pair = pending_pair(view, pair)
    if pair is None:
        return frozenset()
    keys = ("nw", "n", "ne", "w", "e", "sw", "s", "se", "dungeon")
    return frozenset(k for k in keys if choices(view, fort, k, pair))


def why_nothing(view: Mapping[str, Any], fort: str, key: str) -> str:
    """The catalogue key saying why a touched space offers nothing (a protected wall resists a single Ram)."""
    target = player(view, fort)
    top = target["fort"].get(key) if target and key != "dungeon" else None
    if top and top.get("top") == "wall" and top.get("protected") and view["phase"] == "action" \
            and fort != view.get("current"):
        return "forfort.none.protected"
    if top and top.get("top") == "army" and fort == view.get("current"):
        return "forfort.none.army_blocks"
    return "forfort.none.here"
