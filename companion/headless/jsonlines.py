"""``companion play --headless``: one JSON command per line in, exactly one JSON answer per line out."""

from __future__ import annotations

import json
from typing import Any, BinaryIO, TextIO

from companion.session import GameSession, refusal


def answer_line(session: GameSession, raw: bytes) -> dict[str, Any]:
    """The answer to one input line; bad input is refused, never raised."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return refusal("bad_json", f"The line is not UTF-8 text (byte {exc.start}).")
    try:
        command = json.loads(text)
    except json.JSONDecodeError as exc:
        return refusal("bad_json", f"The line is not valid JSON: {exc.msg} at column {exc.colno}.")
    try:
        return session.handle(command)
    except Exception as exc:  # a bug must not end the game: report it, keep serving
        return refusal("internal_error", f"The companion failed on this command and changed nothing: {exc!r}.")


def serve(session: GameSession, stdin: BinaryIO, stdout: TextIO) -> int:
    """Answer every line of ``stdin`` in order, flushing each answer; returns 0 at end of input."""
    for raw in iter(stdin.readline, b""):
        line = raw.rstrip(b"\r\n")
        answer = answer_line(session, line)
        stdout.write(json.dumps(answer, ensure_ascii=False, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0
