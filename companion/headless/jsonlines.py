"""``companion play --headless``: one JSON command per line in, exactly one JSON answer per line out.

Every line gets an answer and none ends the process (docs/headless.md): a line over :data:`MAX_LINE_BYTES`
is read to its end and refused (``line_too_long``); the JSON is parsed strictly (no NaN or Infinity), with
the nesting and the digits of integers checked before Python's parser could raise on them.
"""

from __future__ import annotations

import json
import math
from typing import Any, BinaryIO, TextIO

from companion.session import GameSession, refusal

MAX_LINE_BYTES = 512 * 1024  # the longest command: a buzzer duel's record, at most 256 KB (fields.py)
MAX_NESTING = 32  # brackets deep; the session allows 16 levels of values
MAX_INT_DIGITS = 19
MAX_FLOAT_CHARS = 32


class _NotStrictJson(ValueError):
    """What JSON allows but the protocol refuses (or Python's parser cannot take)."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _NotStrictJson(f"an integer of {len(text.lstrip('-'))} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text) if len(text) <= MAX_FLOAT_CHARS else math.inf
    if not math.isfinite(value):
        raise _NotStrictJson(f"the number {text[:MAX_FLOAT_CHARS]} is too long or too large")
    return value


def _constant(name: str) -> Any:
    raise _NotStrictJson(f"{name} is not a JSON value")


def _too_deep(text: str) -> bool:
    """True when brackets (outside strings) nest deeper than :data:`MAX_NESTING`: Python's parser
    recurses once per level and would raise RecursionError."""
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return False
    depth, in_string, escaped = 0, False, False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return True
        elif c in "]}":
            depth -= 1
    return False


def strict_loads(text: str) -> Any:
    """JSON as the protocol takes it; raises ``ValueError`` with a message for the sender."""
    if _too_deep(text):
        raise _NotStrictJson(f"nested more than {MAX_NESTING} levels deep")
    return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)


def answer_line(session: GameSession, raw: bytes) -> dict[str, Any]:
    """The answer to one input line; bad input is refused, never raised."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return refusal("bad_json", f"The line is not UTF-8 text (byte {exc.start}).")
    try:
        command = strict_loads(text)
    except json.JSONDecodeError as exc:
        return refusal("bad_json", f"The line is not valid JSON: {exc.msg} at column {exc.colno}.")
    except _NotStrictJson as exc:
        return refusal("bad_json", f"The line is not accepted JSON: {exc}.")
    except (ValueError, RecursionError) as exc:  # anything else the parser may raise on hostile text
        return refusal("bad_json", f"The line is not accepted JSON: {type(exc).__name__}.")
    try:
        return session.handle(command)
    except Exception as exc:  # a bug must not end the game: report it, keep serving
        return refusal("internal_error", f"The companion failed on this command and changed nothing: {exc!r}.")


def read_line(stdin: BinaryIO) -> tuple[bytes, bool] | None:
    """The next line without its end of line and whether it was too long (then it was read to its end
    and dropped, never held whole in memory); ``None`` at end of input."""
    limit = MAX_LINE_BYTES + 1  # the line and its newline
    raw = stdin.readline(limit)
    if not raw:
        return None
    if len(raw) < limit or raw.endswith(b"\n"):
        return raw.rstrip(b"\r\n"), False
    while raw and not raw.endswith(b"\n"):
        raw = stdin.readline(limit)
    return b"", True


def serve(session: GameSession, stdin: BinaryIO, stdout: TextIO) -> int:
    """Answer every line of ``stdin`` in order, flushing each answer; returns 0 at end of input."""
    while (read := read_line(stdin)) is not None:
        line, too_long = read
        if too_long:
            answer = refusal("line_too_long", f"The line is longer than {MAX_LINE_BYTES} bytes; nothing changed.")
        else:
            answer = answer_line(session, line)
        try:
            out = json.dumps(answer, ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError) as exc:  # a bug: still one JSON line
            out = json.dumps(refusal("internal_error", f"The answer could not be written: {exc}."))
        stdout.write(out + "\n")
        stdout.flush()
    return 0
