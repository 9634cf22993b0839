"""Field checks every game's commands need: player names, booleans, choices, whole numbers, the recorded
command. Each refusal names the command and the field (``bad_field``). Pure: no I/O.

Every game's fields.py uses these and adds its own checks (their messages are part of the protocol).
"""

from __future__ import annotations

import unicodedata
from typing import Any, Mapping, Sequence

from companion.engine.core import Refusal
from companion.engine.values import FORBIDDEN, MAX_NAME_LENGTH



def name_key(name: str) -> str:
    """Two names with the same key cannot sit at one table ('Zoé' and 'ZOÉ', composed or not)."""
    return unicodedata.normalize("NFC", name.casefold())


def player_names(cmd: Mapping[str, Any], game: str, low: int, high: int) -> list[str]:
    """The ``players`` of a ``new`` command: NFC names, clockwise, ``low``..``high`` of them, no two alike."""
    raw = cmd.get("players")
    if not isinstance(raw, list) or not all(isinstance(n, str) for n in raw):
        raise Refusal("bad_field", "new: field 'players' must be a list of names in clockwise order.")
    names = [unicodedata.normalize("NFC", n.strip()) for n in raw]
    if not low <= len(names) <= high:
        raise Refusal("bad_field", f"new: players: {game} is for {low} to {high} players, got {len(names)}.")
    seen: set[str] = set()
    for n in names:
        if not n:
            raise Refusal("bad_field", "new: players: a name is empty.")
        if len(n) > MAX_NAME_LENGTH:
            raise Refusal("bad_field", f"new: players: {n!r} is longer than {MAX_NAME_LENGTH} characters.")
        if any(unicodedata.category(c) in FORBIDDEN for c in n):
            raise Refusal("bad_field", f"new: players: {n!r} holds a control or invisible character; type the "
                          "name with letters, digits, spaces and punctuation.")
        if name_key(n) in seen:
            raise Refusal("bad_field", f"new: players: {n!r} appears twice; give each player a different name.")
        seen.add(name_key(n))
    return names


def player_index(cmd: Mapping[str, Any], field: str, names: Sequence[str], required: bool = True) -> int | None:
    """The seat of the player named in ``field`` (matched after NFC and case folding)."""
    value = cmd.get(field)
    if value is None and not required:
        return None
    if isinstance(value, str):
        key = name_key(value.strip())
        for i, n in enumerate(names):
            if name_key(n) == key:
                return i
    raise Refusal("unknown_player", f"{cmd['cmd']}: field '{field}': {value!r} is not a player "
                  f"({', '.join(names)}).")


def boolean(cmd: Mapping[str, Any], field: str, default: bool | None = None) -> bool:
    value = cmd.get(field, default)
    if not isinstance(value, bool):
        raise Refusal("bad_field", f"{cmd['cmd']}: field '{field}' must be true or false, got {value!r}.")
    return value


def choice(cmd: Mapping[str, Any], field: str, allowed: Sequence[str], default: str | None = None) -> str:
    value = cmd.get(field, default)
    if not isinstance(value, str) or value not in allowed:
        raise Refusal("bad_field", f"{cmd['cmd']}: field '{field}' must be one of {', '.join(allowed)}, "
                      f"got {value!r}.")
    return value


def whole(cmd: Mapping[str, Any], field: str, low: int, high: int, default: int | None = None) -> int:
    value = cmd.get(field, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise Refusal("bad_field", f"{cmd['cmd']}: field '{field}' must be a whole number from {low} to "
                      f"{high}, got {value!r}.")
    return value


def seed(cmd: Mapping[str, Any]) -> int:
    value = cmd.get("seed")
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refusal("bad_field", f"new: field 'seed' must be a whole number, got {value!r}.")
    return value


def recorded(cmd: Mapping[str, Any], fields: Sequence[str]) -> dict[str, Any]:
    """The command as checked: its name and its known fields, nothing else a client sent."""
    return {"cmd": cmd["cmd"], **{f: cmd[f] for f in fields if f in cmd and cmd[f] is not None}}
