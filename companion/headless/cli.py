"""``companion play``: a game without the touchscreen (JSON lines with --headless, a text prompt without)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "play",
        help="play a game without the touchscreen",
        description="Play a game without the touchscreen. With --headless: one JSON command per line on "
        "stdin, one JSON answer per line on stdout (the protocol of docs/headless.md). Without it: an "
        "interactive text prompt for people.",
    )
    p.add_argument("--headless", action="store_true", help="JSON lines on stdin/stdout, for programs")
    p.add_argument("--db", type=Path, help="game log file (default: the user data directory)")
    p.set_defaults(func=run)


LOG_IN_USE = 3  # exit status when another process writes to the game log
LOG_NOT_WRITABLE = 4  # exit status on a log of a newer companion or a read-only card: nothing is played


def _open_session(db: Path | None, headless: bool):
    """The session on the log, or the exit status after saying why not (a JSON line for programs). What
    resuming found damaged in the log (companion.session) is said on stderr; the game goes on."""
    from companion.session import GameSession, refusal
    from companion.store import GameLog, LogError, LogInUse, NewerLog, ReadOnlyLog, default_db_path

    path = db or default_db_path()
    log = None
    try:
        log = GameLog(path, role="headless" if headless else "text")
        session = GameSession(log)
    except LogError as exc:
        if log is not None:
            log.close()
        code = {LogInUse: "log_in_use", NewerLog: "log_newer", ReadOnlyLog: "log_read_only"}.get(type(exc), "log_error")
        if headless and code != "log_error":  # what a program may wait out or tell the user about
            print(json.dumps(refusal(code, str(exc)), ensure_ascii=True), flush=True)
        else:
            print(f"companion: {exc}", file=sys.stderr)
        return {"log_in_use": LOG_IN_USE, "log_newer": LOG_NOT_WRITABLE, "log_read_only": LOG_NOT_WRITABLE}.get(code, 1)
    if session.damage is not None:
        print(f"companion: {session.damage_text()}", file=sys.stderr, flush=True)
    return session


def run(args: argparse.Namespace) -> int:
    # Text that cannot be encoded is escaped, never fatal (a lone surrogate in a name, a terminal that is
    # not UTF-8); undecodable input becomes surrogates that the session refuses, line by line.
    sys.stdout.reconfigure(encoding="utf-8", errors="backslashreplace")
    session = _open_session(args.db, args.headless)
    if isinstance(session, int):
        return session
    try:
        if args.headless:
            from companion.headless.jsonlines import serve

            return serve(session, sys.stdin.buffer, sys.stdout)
        from companion.headless.prompt import interact

        sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")
        return interact(session, sys.stdin, sys.stdout)
    finally:
        session.log.close()
