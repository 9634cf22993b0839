"""What a command may hold before any rules look at it: plain JSON, bounded, with clean Unicode text.

Every command reaches :class:`~companion.session.GameSession` from a program (the JSON-lines protocol),
a person (the text prompt) or the app; :func:`plain_command` is the one gate they all pass. It returns a
copy in which every text is NFC-normalised (two spellings of "Zoé" become one), and refuses what the log
must never hold: lone surrogates (not text, and not writable as UTF-8), NaN and infinities (not JSON),
huge integers, deep nesting, oversized values. Pure: no I/O.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Any, Mapping

from companion.engine.core import Refusal

MAX_DEPTH = 16  # a buzzer duel's record is 6 deep
MAX_NODES = 100_000  # values in one command, all levels together (a long buzzer duel: ~25,000)
MAX_TEXT = 10_000  # characters in one text
MAX_INT = 10**19  # seeds and counts: an integer is at most 19 digits

# A player's name, in every game and in history's renames: at most this long, and none of these Unicode
# categories: controls (NUL, ESC), formats (zero-width space and joiners, bidi overrides), surrogates,
# private use, unassigned, line and paragraph separators.
MAX_NAME_LENGTH = 24
FORBIDDEN = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def clean_text(value: str) -> str | None:
    """``value`` stripped and NFC-normalised, or None when it holds a character no name or id may hold."""
    value = unicodedata.normalize("NFC", value.strip())
    return None if any(unicodedata.category(c) in FORBIDDEN for c in value) else value


class _Budget:
    def __init__(self) -> None:
        self.nodes = 0


def _where(path: str) -> str:
    if len(path) > 80:
        path = path[:77] + "..."
    return f"field '{path}'" if path else "the command"


def _text(value: str, path: str) -> str:
    if len(value) > MAX_TEXT:
        raise Refusal("bad_command", f"{_where(path)}: a text of {len(value)} characters; at most {MAX_TEXT}.")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Refusal("bad_command", f"{_where(path)}: the text holds a lone surrogate, which is not "
                      "a character; send valid Unicode text.") from None
    return unicodedata.normalize("NFC", value)


def _plain(value: Any, path: str, depth: int, budget: _Budget) -> Any:
    budget.nodes += 1
    if budget.nodes > MAX_NODES:
        raise Refusal("bad_command", f"the command holds more than {MAX_NODES} values.")
    if depth > MAX_DEPTH:
        raise Refusal("bad_command", f"{_where(path)}: nested more than {MAX_DEPTH} levels deep.")
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        if abs(value) >= MAX_INT:
            raise Refusal("bad_command", f"{_where(path)}: an integer of more than 19 digits.")
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise Refusal("bad_command", f"{_where(path)}: {value!r} is not a number JSON allows.")
        return value
    if isinstance(value, str):
        return _text(value, path)
    if isinstance(value, (list, tuple)):
        return [_plain(v, f"{path}[{i}]", depth + 1, budget) for i, v in enumerate(value)]
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise Refusal("bad_command", f"{_where(path)}: the key {k!r} is not text.")
            key = _text(k, path)
            out[key] = _plain(v, f"{path}.{key}" if path else key, depth + 1, budget)
        return out
    raise Refusal("bad_command", f"{_where(path)}: a {type(value).__name__} is not a JSON value.")


def plain_command(command: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``command`` that is plain, bounded JSON with NFC text, or a :class:`Refusal` naming the
    field at fault."""
    return _plain(command, "", 0, _Budget())
