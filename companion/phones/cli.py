"""``companion phones --db DB [--host HOST] [--port PORT]``: serve the players' pages of a log's current game.

On start, one JSON line per player ``{"player": NAME, "url": URL}``, then it serves until SIGTERM or
Ctrl-C. It never becomes a second writer: it follows the log read-only and writes a proposal only when no
other program holds the log (docs/phones.md).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "phones",
        help="serve the players' private clue pages of a game log's current game",
        description="Serve each player's private page (their clues, live, and their code-word proposal in "
        "Round 3) for the current game of the log. Prints one JSON line per player with their link, then "
        "serves until stopped (SIGTERM or Ctrl-C). See docs/phones.md.",
    )
    p.add_argument("--db", type=Path, required=True, help="the game log file")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1; 0.0.0.0 for the home network)")
    p.add_argument("--port", type=int, default=8080, help="port to listen on (default 8080; 0 picks a free one)")
    p.set_defaults(func=run)


def _fail(message: str) -> int:
    print(f"companion phones: {message}", file=sys.stderr)
    return 1


def run(args: argparse.Namespace) -> int:
    from companion.phones.feed import LogFeed
    from companion.phones.server import PhoneServer, is_local
    from companion.store import LogError

    if not 0 <= args.port <= 65535:
        return _fail(f"--port: {args.port} is not a port number (0 to 65535).")
    if not is_local(args.host):
        return _fail(f"--host: {args.host!r} is not an address of this machine or of a home network "
                     "(127.0.0.1, 0.0.0.0, 192.168.x.x, 10.x.x.x, ...).")
    stop = _stop_on_signals()  # before the links are printed: whoever reads them may stop it at once
    try:
        feed = LogFeed(args.db)
    except LogError as exc:
        return _fail(str(exc))
    try:
        if not feed.snapshot().tokens:
            return _fail(f"{args.db}: the current game has no phone links: start a game whose code words the "
                         "companion deals (\"code_words\": \"companion\").")
        server = PhoneServer(feed, args.host, args.port)
        try:
            server.start()
        except OSError as exc:
            return _fail(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}")
        try:
            for name, url in server.urls().items():
                print(json.dumps({"player": name, "url": url}, ensure_ascii=False), flush=True)
            while not stop.wait(3600):  # woken by SIGTERM or Ctrl-C; the timeout only bounds the wait
                pass
        finally:
            server.stop()
    finally:
        feed.close()
    return 0


def _stop_on_signals() -> threading.Event:
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    return stop
