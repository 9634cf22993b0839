"""Forfort's events and commands in words, through the catalogues: the armies' marches at the start of a
turn ("Bob’s army enters Zoé’s top-right space: the camp is destroyed"), a dungeon run out and who still
plays, and each command as undo names it. No Kivy here."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

Tr = Callable[..., str]
SPACES = ("nw", "n", "ne", "w", "e", "sw", "s", "se")
DIRECTIONS = ("n", "s", "e", "w")


def space_words(tr: Tr, space: str | None) -> str:
    return tr("forfort.space." + space) if space in SPACES else str(space)


def _what(tr: Tr, top: Mapping[str, Any] | None) -> str:
    """What stood on a space, as the sentence says it was destroyed."""
    if not top:
        return ""
    kind = top.get("top")
    if kind == "wall":
        return tr("forfort.what.wall_protected" if top.get("protected") else "forfort.what.wall")
    if kind == "camp":
        return tr("forfort.what.camp")
    return tr("forfort.what.army", owner=top.get("army_owner", ""))


def _fort(view: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    return next((p for p in view.get("players", []) if p.get("name") == name), {"fort": {}})


def march_lines(tr: Tr, before: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> list[str]:
    """One sentence per thing the armies did at the start of the turn (the answer's events), read against
    the state before them (what stood where an army entered). A destroyed space is said with the march
    that destroyed it."""
    lines: list[str] = []
    destroyed: dict[tuple[str, str], Mapping[str, Any] | None] = {}
    for e in events:
        kind = e.get("type")
        if kind == "forfort.space_destroyed" and e.get("cause") == "army":
            destroyed[(e["fort"], e["space"])] = _fort(before, e["fort"])["fort"].get(e["space"])
        elif kind == "forfort.army_marched":
            fort, owner = e["fort"], e["owner"]
            if e.get("to") is None:
                lines.append(tr("forfort.march.leaves", owner=owner, fort=fort))
                continue
            where = space_words(tr, e["to"])
            hit = destroyed.pop((fort, e["to"]), None)
            if hit:
                lines.append(tr("forfort.march.destroys", owner=owner, fort=fort, space=where, what=_what(tr, hit)))
            else:
                lines.append(tr("forfort.march.enters", owner=owner, fort=fort, space=where))
        elif kind == "forfort.army_defeated" and e.get("cause") == "protected_wall":
            lines.append(tr("forfort.march.falls", owner=e["owner"], fort=e["fort"]))
        elif kind == "forfort.ending":
            lines.append(tr("forfort.ending.now", player=e["player"]))
    return lines


def marched(events: Sequence[Mapping[str, Any]]) -> bool:
    """Whether an answer's events hold a march (or an army fallen on a protected wall as it marched)."""
    return any(e.get("type") == "forfort.army_marched"
               or (e.get("type") == "forfort.army_defeated" and e.get("cause") == "protected_wall") for e in events)


def armies_marched(events: Sequence[Mapping[str, Any]]) -> int:
    """How many armies moved in an answer's events: each march, and each fall on a protected wall, is one
    army's (the marches screen's counted title)."""
    return sum(1 for e in events if e.get("type") == "forfort.army_marched"
               or (e.get("type") == "forfort.army_defeated" and e.get("cause") == "protected_wall"))


def still_to_play(view: Mapping[str, Any]) -> list[str]:
    """Once a dungeon is empty: who still plays this round, from the current player to the one before the
    first ('until every player has taken the same number of turns')."""
    names = [p["name"] for p in view.get("players", [])]
    if not view.get("ending") or view.get("current") not in names or view.get("first") not in names:
        return []
    i, first = names.index(view["current"]), names.index(view["first"])
    out = []
    while True:
        out.append(names[i])
        i = (i + 1) % len(names)
        if i == first:
            return out


def describe(tr: Tr, cmd: Mapping[str, Any]) -> str:
    """A command as undo names it ("Undo: Protected wall, top-right space": spaces are said as the fort is drawn on the screen, never by compass)."""
    name = cmd.get("cmd")
    space = space_words(tr, cmd.get("space"))
    if name == "build":
        kind = "protected" if cmd.get("protected") else "plain"
        source = cmd.get("from", "hand")
        return tr(f"forfort.undo.build_{kind}", space=space) + (
            "" if source == "hand" else " · " + tr("forfort.source." + (source if source in ("discard", "dungeon") else "hand")))
    if name == "camp":
        return tr("forfort.undo.camp", space=space)
    if name == "destroy":  # the Ram's words unless the Trebuchet is named
        key = "forfort.undo.trebuchet" if cmd.get("effect") == "trebuchet" else "forfort.undo.destroy"
        return tr(key, fort=cmd.get("fort", ""), space=space)
    if name == "siege":
        return tr("forfort.undo.siege", fort=cmd.get("fort", ""))
    if name == "army":
        return tr("forfort.undo.army", fort=cmd.get("fort", ""), space=space)
    if name == "defeat":
        return tr("forfort.undo.defeat", space=space)
    if name == "march":
        return tr("forfort.undo.march", space=space)
    if name == "drawbridge":
        return tr("forfort.undo.drawbridge")
    if name in ("discard", "end_turn", "new", "decline"):
        return tr("forfort.undo." + name)
    return str(name or "?")
