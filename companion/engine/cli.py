"""``companion games``: the games this companion holds, one JSON line each, read from the registry alone
(no game's module is imported: listing five games costs what listing one does)."""

from __future__ import annotations

import argparse
import json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "games",
        help="the games this companion holds (one JSON line each)",
        description='One JSON line per game, in the order home shows them: {"id": ID, "name": {"fr": …, '
        '"en": …}, "players": [MIN, MAX]}. The id is what a new command names in "game".',
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.engine.registry import GAMES

    for entry in GAMES:
        print(json.dumps(entry.to_json(), ensure_ascii=False, separators=(",", ":")))
    return 0
