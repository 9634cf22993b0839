"""The fields of Pixies commands: each checked and refused with the command and the field (or the space)
named; a command is recorded with its known fields only. Pure: no I/O."""

from __future__ import annotations

from typing import Any, Mapping

from companion.engine import fields as shared
from companion.engine.core import Refusal
from companion.games.pixies.cards import CARDS, why_not_a_card
from companion.games.pixies.model import MAX_PLAYERS, MIN_PLAYERS, MODES, SPACES, GameState, HouseRules

FIELDS: dict[str, tuple[str, ...]] = {
    "new": ("game", "players", "first", "seed", "mode", "house_rules"),
    "grid": ("player", "spaces"),
    "reveal": ("cards",),
    "pick": ("player", "card", "keep", "space"),
}
"""The fields each command is recorded (and echoed) with; any other field sent is dropped."""


recorded = shared.recorded


def shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def player(state: GameState, cmd: Mapping[str, Any], field: str = "player") -> int:
    """The seat of the player ``field`` names (matched as the platform matches names: NFC, any case)."""
    return shared.player_index(cmd, field, [p.name for p in state.players])


def card(cmd: Mapping[str, Any], value: Any, where: str) -> str:
    """A card id of the 70, or a refusal saying why not (``where``: the field or the space)."""
    if isinstance(value, str) and value in CARDS:
        return value
    code = "unknown_card" if isinstance(value, str) else "bad_field"
    raise Refusal(code, f"{cmd['cmd']}: {where}: {why_not_a_card(value)}.")


# --- a new game -------------------------------------------------------------------------------------


def players(cmd: Mapping[str, Any]) -> list[str]:
    return shared.player_names(cmd, "Pixies", MIN_PLAYERS, MAX_PLAYERS)


seed = shared.seed


def mode(cmd: Mapping[str, Any]) -> str:
    value = cmd.get("mode", "pad")
    if value not in MODES:
        raise Refusal("bad_field", f"new: field 'mode' must be 'pad' (the grids entered at the end of each round) "
                      f"or 'draft' (every reveal and pick recorded), got {shown(value)}.")
    return value


def house_rules(cmd: Mapping[str, Any]) -> HouseRules:
    raw = cmd.get("house_rules", {})
    if not isinstance(raw, dict):
        raise Refusal("bad_field", "new: field 'house_rules' must be an object such as {\"multicolour\": \"best_one\"}.")
    allowed = HouseRules.allowed()
    for key, value in raw.items():
        if key not in allowed:
            raise Refusal("bad_field", f"new: house_rules: unknown rule {shown(key)}; known: {', '.join(allowed)}.")
        if value not in allowed[key]:
            choices = ", ".join(repr(v) for v in allowed[key])
            raise Refusal("bad_field", f"new: house_rules: '{key}' must be one of {choices}, got {shown(value)}.")
    return HouseRules(**raw)


def first(cmd: Mapping[str, Any], names: list[str]) -> str | None:
    i = shared.player_index(cmd, "first", names, required=False)
    return None if i is None else names[i]


# --- a grid (pad mode) ------------------------------------------------------------------------------


def grid_items(cmd: Mapping[str, Any]) -> list[Any]:
    """The nine items of a ``grid`` command, each checked on its own: the card exists and lies face up on
    the space of its number. Returned in their one recorded form."""
    raw = cmd.get("spaces")
    if not isinstance(raw, list) or len(raw) != SPACES:
        got = f"{len(raw)} items" if isinstance(raw, list) else shown(raw)
        raise Refusal("bad_field", f"grid: field 'spaces' must list the 9 spaces, 1 top left to 9 bottom right; got {got}.")
    items = []
    for n, item in enumerate(raw, 1):
        where = f"space {n}"
        if item is None or item == "down":
            items.append(item)
            continue
        if not isinstance(item, dict) or "up" not in item or set(item) - {"up", "validated"}:
            raise Refusal("bad_field", f"grid: {where}: {shown(item)} is not a space: null (no card), \"down\" (a "
                          "face-down card alone), {\"up\": ID} or {\"up\": ID, \"validated\": true}.")
        validated = item.get("validated", False)
        if not isinstance(validated, bool):
            raise Refusal("bad_field", f"grid: {where}: 'validated' must be true or false, got {shown(validated)}.")
        up = card(cmd, item["up"], where)
        if CARDS[up].number != n:
            raise Refusal("wrong_space", f"grid: {where}: {up} is a {CARDS[up].number}; a face-up card lies on the "
                          f"space of its number, space {CARDS[up].number}.")
        items.append({"up": up, "validated": True} if validated else {"up": up})
    return items
