"""An interactive text game for people at a terminal: short words in, the table and what happened out.

It drives the same :class:`GameSession` as the JSON-lines protocol; any line starting with ``{`` is
sent as a raw JSON command. The words of a game (its commands, events and table) are its own, in the
module its rules name in ``text_prompt`` (docs/games/README.md); the ones here are every game's.
"""

from __future__ import annotations

import importlib
import json
from typing import Any, TextIO

from companion.engine import default_game, rules_for
from companion.headless.jsonlines import MAX_LINE_BYTES, strict_loads
from companion.session import GameSession

SHARED_TEXT = {
    "undone": lambda e: f"Undone: {json.dumps(e['command'], ensure_ascii=False)}",
    "redone": lambda e: f"Redone: {json.dumps(e['command'], ensure_ascii=False)}",
}


def words_of(session: GameSession) -> Any:
    """The text module of the game shown, or of the registry's first game before any game."""
    rules = session.rules or rules_for(default_game())
    return importlib.import_module(rules.text_prompt)


def parse(line: str, view: dict[str, Any], words: Any) -> dict[str, Any] | str:
    """A command from a line of short words, or a sentence saying what is wrong with it."""
    line = line.strip()
    if line.startswith("{"):
        try:
            return strict_loads(line)
        except json.JSONDecodeError as exc:
            return f"not valid JSON: {exc.msg}"
        except (ValueError, RecursionError) as exc:
            return f"not accepted JSON: {exc}"
    parts = line.split()
    if not parts:
        return "type a command, or help"
    head, rest = parts[0].lower(), parts[1:]
    if head in ("state", "undo", "redo", "games"):
        return {"cmd": head}
    if head == "resume":
        if len(rest) != 1 or not rest[0].isdigit():
            return "resume which game? resume N (games lists them)"
        return {"cmd": "resume", "game_id": int(rest[0])}
    return words.parse([head, *rest], view)


def games_text(games: list[dict[str, Any]]) -> str:
    if not games:
        return "No game in progress."
    return "\n".join(f" #{g['game_id']} {g['game']}: {', '.join(g['players'])} (last played {g['last_played']})"
                     for g in games)


def interact(session: GameSession, stdin: TextIO, stdout: TextIO) -> int:
    def say(text: str) -> None:
        stdout.write(text + "\n")
        stdout.flush()

    words = words_of(session)
    say(words.GREETING)
    say(words.table(session.view()))
    while True:
        stdout.write("> ")
        stdout.flush()
        line = stdin.readline(MAX_LINE_BYTES + 1)
        if len(line) > MAX_LINE_BYTES and not line.endswith("\n"):  # read to its end, never held whole
            while line and not line.endswith("\n"):
                line = stdin.readline(MAX_LINE_BYTES + 1)
            say(f"That line is longer than {MAX_LINE_BYTES} characters; nothing changed.")
            continue
        if not line or line.strip().lower() in ("quit", "exit"):
            return 0
        if line.strip().lower() in ("help", "?"):
            say(words.HELP)
            continue
        try:
            cmd = parse(line, session.view(), words)
            if isinstance(cmd, str):
                say(cmd)
                continue
            answer = session.handle(cmd)
            words = words_of(session)  # a resume or a new game may change the game shown
        except Exception as exc:  # a bug must not end the game: say it, keep going
            say(f"The companion failed on this line and changed nothing: {exc!r}")
            continue
        if not answer["ok"]:
            say(answer["error"]["message"])
            continue
        if "games" in answer:
            say(games_text(answer["games"]))
            continue
        for e in answer["events"]:
            text = words.EVENT_TEXT.get(e["type"]) or SHARED_TEXT.get(e["type"])
            if text:
                say("  " + text(e))
        say(words.table(answer["state"]))
