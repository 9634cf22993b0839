"""``companion play``: a game without the touchscreen (JSON lines with --headless, a text prompt without)."""

from __future__ import annotations

import argparse
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


def _open_session(db: Path | None):
    from companion.session import GameSession
    from companion.store import GameLog, LogError, default_db_path

    path = db or default_db_path()
    try:
        return GameSession(GameLog(path))
    except LogError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return None


def run(args: argparse.Namespace) -> int:
    session = _open_session(args.db)
    if session is None:
        return 1
    try:
        if args.headless:
            from companion.headless.jsonlines import serve

            sys.stdout.reconfigure(encoding="utf-8")
            return serve(session, sys.stdin.buffer, sys.stdout)
        from companion.headless.prompt import interact

        return interact(session, sys.stdin, sys.stdout)
    finally:
        session.log.close()
