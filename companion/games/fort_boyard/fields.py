"""The fields of Fort Boyard commands: each checked, refused with the command and field named, and the
command recorded with its known fields only (what a client adds is dropped, never stored as sent).

Names and ids are plain text: NFC, no control or invisible character; two names equal after NFC and case
folding cannot sit at one table. Pure: no I/O.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from companion.engine import fields as shared
from companion.engine.core import Refusal
from companion.engine.values import FORBIDDEN, MAX_NAME_LENGTH, clean_text  # noqa: F401  (shared by every game)
from companion.games.fort_boyard.model import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    GameState,
    HouseRules,
    Phase,
)

MAX_ID_LENGTH = 128  # a card id (content ids: a-z, 0-9, hyphens) or an RFID tag id
MAX_RECORD_BYTES = 256 * 1024  # a buzzer duel's record (mashed buttons: ~50 KB), the app's table options

# The checks every game shares (companion/engine/fields.py): the same refusals, word for word.
boolean, choice, recorded = shared.boolean, shared.choice, shared.recorded


def bounded(cmd: Mapping[str, Any], field: str, value: Any) -> Any:
    """A free-form record (finite numbers only) no bigger than :data:`MAX_RECORD_BYTES` as JSON."""
    try:
        size = len(json.dumps(value, allow_nan=False, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    except (TypeError, ValueError):
        raise Refusal("bad_field", f"{cmd['cmd']}: field '{field}' must hold plain JSON with finite numbers.") from None
    if size > MAX_RECORD_BYTES:
        raise Refusal("bad_field", f"{cmd['cmd']}: field '{field}' is {size} bytes; at most {MAX_RECORD_BYTES}.")
    return value


def player(state: GameState, cmd: Mapping[str, Any], field: str = "player") -> int:
    value = cmd.get(field)
    i = state.index(value) if isinstance(value, str) else None
    if i is None:
        names = ", ".join(p.name for p in state.players)
        raise Refusal("unknown_player", f"{cmd['cmd']}: field '{field}': {value!r} is not a player ({names}).")
    return i


def must_be_current(state: GameState, cmd: Mapping[str, Any], i: int) -> None:
    if i != state.current:
        raise Refusal(
            "not_your_turn",
            f"{cmd['cmd']}: it is {state.players[state.current].name}'s turn, not {state.players[i].name}'s.",
        )


# The fields each command is recorded (and echoed) with; any other field sent is dropped (docs/headless.md).
FIELDS: dict[str, tuple[str, ...]] = {
    "land": ("space",),
    "stake": ("stake",),
    "opponent": ("player",),
    "result": ("success",),
    "card": ("deck", "card"),
    "sea": ("choice",),
    "dive": ("reached",),
    "propose": ("player", "correct", "word", "accepted"),
    "pass": ("player",),
    "draw": ("player", "tokens", "tags"),
    "new": ("game", "players", "first", "seed", "house_rules", "table", "code_words", "levels", "language"),
    "deal": ("deal",),
    "level": ("player", "level"),
}


def recorded_fields(name: str, state: GameState) -> tuple[str, ...]:
    """The fields ``name`` is recorded with in ``state`` (a Duel's result keeps its winner and buzzers)."""
    return ("winner", "buzzers") if name == "result" and state.phase == Phase.DUEL_RESULT else FIELDS[name]


# --- a new game ---------------------------------------------------------------------------------------


def players(cmd: Mapping[str, Any]) -> list[str]:
    return shared.player_names(cmd, "Fort Boyard", MIN_PLAYERS, MAX_PLAYERS)


def house_rules(cmd: Mapping[str, Any]) -> HouseRules:
    raw = cmd.get("house_rules", {})
    if not isinstance(raw, dict):
        raise Refusal("bad_field", "new: field 'house_rules' must be an object.")
    allowed = HouseRules.allowed()
    for key, value in raw.items():
        if key not in allowed:
            raise Refusal("bad_field", f"new: house_rules: unknown rule {key!r}; known: {', '.join(allowed)}.")
        if value not in allowed[key] or type(value) is not type(allowed[key][0]):
            choices = ", ".join(repr(v) for v in allowed[key])
            raise Refusal("bad_field", f"new: house_rules: '{key}' must be one of {choices}, got {value!r}.")
    return HouseRules(**raw)
