"""The fields of Knightmare commands: each checked, refused with the command and field named, and the
command recorded with its known fields only (what a client adds is dropped, never stored as sent).

Pure: no I/O. Every number is an ``int`` (``true`` is not 1), every text is plain (no control or
invisible character).
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any, Mapping

from companion.engine import fields as common
from companion.engine.core import Refusal
from companion.games.knightmare.model import (
    LANGUAGES,
    MAX_BRIDGE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OBJECTS,
    PARTS,
    GameState,
    HouseRules,
    Question,
)

MAX_ID_LENGTH = 128
MAX_QUESTION_TEXT = 1000
MAX_ANSWER_TEXT = 300
MAX_ACCEPTED = 20
MAX_RECORD_BYTES = 64 * 1024  # the app's table options
FORBIDDEN = common.FORBIDDEN  # no question or id holds what no name may hold


def _say(cmd: Mapping[str, Any], message: str) -> Refusal:
    return Refusal("bad_field", f"{cmd['cmd']}: {message}")


def clean_text(value: str) -> str | None:
    """``value`` stripped and NFC-normalised, or None when it holds a character no text may hold."""
    value = unicodedata.normalize("NFC", value.strip())
    return None if any(unicodedata.category(c) in FORBIDDEN for c in value) else value


def integer(cmd: Mapping[str, Any], field: str, low: int, high: int, default: int | None = None) -> int:
    """A whole number in ``low``..``high``; absent or null gives ``default`` when there is one."""
    value = cmd.get(field)
    return default if value is None and default is not None else common.whole(cmd, field, low, high)


def die(cmd: Mapping[str, Any], field: str) -> int | None:
    """A die the table rolled itself (1-6), or None: the companion rolls."""
    return None if cmd.get(field) is None else integer(cmd, field, 1, 6)


boolean = common.boolean
choice = common.choice


def an_object(cmd: Mapping[str, Any], field: str, value: Any) -> str | None:
    """One of Merlin's four objects, or None."""
    if value is not None and (not isinstance(value, str) or value not in OBJECTS):
        raise _say(cmd, f"field '{field}' must be one of {', '.join(OBJECTS)} or null, got {value!r}.")
    return value


def player(state: GameState, cmd: Mapping[str, Any], field: str = "player") -> int:
    """The seat of the player named in ``field`` (matched after NFC and case folding, as every game)."""
    return common.player_index(cmd, field, [p.name for p in state.players])


def _plain_text(cmd: Mapping[str, Any], field: str, value: Any, limit: int) -> str:
    text = clean_text(value) if isinstance(value, str) else None
    if not text or len(text) > limit:
        raise _say(cmd, f"field '{field}' must be a text of 1 to {limit} characters without control or "
                        f"invisible characters, got {str(value)[:60]!r}.")
    return text


def question(cmd: Mapping[str, Any], raw: Mapping[str, Any], where: str, part: int | None) -> Question:
    """The question given in ``raw`` (the ``question`` command, or a command's ``question`` field)."""
    qid = raw.get("id")
    if not isinstance(qid, str) or not qid or len(qid) > MAX_ID_LENGTH or clean_text(qid) != qid or " " in qid:
        raise _say(cmd, f"field '{where}id' must be a question id (text without spaces, at most "
                        f"{MAX_ID_LENGTH} characters), got {str(qid)[:60]!r}.")
    qpart = raw.get("part")
    if not isinstance(qpart, int) or isinstance(qpart, bool) or not 1 <= qpart <= PARTS:
        raise _say(cmd, f"field '{where}part' must be a part of the Book of Riddles, 1 to {PARTS}, got {qpart!r}.")
    if part is not None and qpart != part:
        raise _say(cmd, f"field '{where}part': this knight answers the questions of part {part}, not {qpart}.")
    text = _plain_text(cmd, f"{where}text", raw.get("text"), MAX_QUESTION_TEXT)
    answer = _plain_text(cmd, f"{where}answer", raw.get("answer"), MAX_ANSWER_TEXT)
    accept = raw.get("accept", [])
    if accept is None:
        accept = []
    if not isinstance(accept, list) or len(accept) > MAX_ACCEPTED:
        raise _say(cmd, f"field '{where}accept' must be a list of at most {MAX_ACCEPTED} accepted answers.")
    accepted = tuple(_plain_text(cmd, f"{where}accept[{k}]", a, MAX_ANSWER_TEXT) for k, a in enumerate(accept))
    return Question(qid, qpart, text, answer, accepted)


def question_record(q: Question) -> dict[str, Any]:
    return {"id": q.id, "part": q.part, "text": q.text, "answer": q.answer, "accept": list(q.accept)}


# The fields each command is recorded (and echoed) with; any other field sent is dropped.
FIELDS: dict[str, tuple[str, ...]] = {
    "new": ("game", "players", "first", "seed", "bridge", "objects", "language", "house_rules", "table"),
    "move": ("roll", "helmets"),
    "blocked": ("roll",),
    "card": ("kind", "obeyed"),
    "fight": ("shield", "helmets", "roll", "opponent_roll"),
    "reward": ("take", "object"),
    "cast": ("player",),
    "adjust": ("player", "helmets", "object", "place"),
    "dungeon": (),
    "escape": ("helmets", "roll"),
    "chamber": (),
    "answer": ("correct",),
    "stop": (),
    "abandon": (),
    "end_turn": (),
    "question": ("id", "part", "text", "answer", "accept"),
}
KEEPS_NULL = {"adjust": ("object",)}
"""Fields whose null is a value: ``adjust`` with ``"object": null`` takes the object away."""


def recorded(cmd: Mapping[str, Any]) -> dict[str, Any]:
    """The command as checked: its name and its known fields, nothing else a client sent."""
    name = cmd["cmd"]
    nulls = KEEPS_NULL.get(name, ())
    return {"cmd": name, **{f: cmd[f] for f in FIELDS[name] if f in cmd and (cmd[f] is not None or f in nulls)}}


# --- a new game ---------------------------------------------------------------------------------------


def players(cmd: Mapping[str, Any]) -> list[str]:
    return common.player_names(cmd, "Knightmare", MIN_PLAYERS, MAX_PLAYERS)


seed = common.seed


def bridge(cmd: Mapping[str, Any], default: int) -> int:
    return integer(cmd, "bridge", 1, MAX_BRIDGE, default)


def language(cmd: Mapping[str, Any]) -> str:
    return "fr" if cmd.get("language") is None else choice(cmd, "language", LANGUAGES)


def objects(cmd: Mapping[str, Any], names: list[str]) -> dict[str, str | None]:
    """Each knight's starting object: given for every player, or dealt in seating order."""
    raw = cmd.get("objects")
    if raw is None:
        return {n: OBJECTS[i] for i, n in enumerate(names)}
    if not isinstance(raw, dict):
        raise _say(cmd, "field 'objects' must be an object {NAME: OBJECT}, one entry per player.")
    given = {unicodedata.normalize("NFC", k.strip()): v for k, v in raw.items()}
    for k in given:
        if k not in names:
            raise Refusal("unknown_player", f"new: field 'objects': {k!r} is not one of the players.")
    out = {}
    for n in names:
        if n not in given:
            raise _say(cmd, f"objects: no object for {n}; give one (or null for none) to every player.")
        out[n] = an_object(cmd, f"objects.{n}", given[n])
    return out


def house_rules(cmd: Mapping[str, Any]) -> HouseRules:
    raw = cmd.get("house_rules", {})
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise _say(cmd, "field 'house_rules' must be an object.")
    allowed = HouseRules.allowed()
    for key, value in raw.items():
        if key not in allowed:
            raise _say(cmd, f"house_rules: unknown rule {key!r}; known: {', '.join(allowed)}.")
        if value not in allowed[key] or not isinstance(value, str):
            choices = ", ".join(repr(v) for v in allowed[key])
            raise _say(cmd, f"house_rules: '{key}' must be one of {choices}, got {value!r}.")
    return HouseRules(**raw)


def table(cmd: Mapping[str, Any]) -> None:
    value = cmd.get("table")
    if value is None:
        return
    if not isinstance(value, dict):
        raise _say(cmd, "field 'table' must be an object (the app's table options).")
    try:
        size = len(json.dumps(value, allow_nan=False, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    except (TypeError, ValueError):
        raise _say(cmd, "field 'table' must hold plain JSON with finite numbers.") from None
    if size > MAX_RECORD_BYTES:
        raise _say(cmd, f"field 'table' is {size} bytes; at most {MAX_RECORD_BYTES}.")
