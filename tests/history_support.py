"""Logs of scripted headless games for the history tests: several families' evenings in one log."""

from __future__ import annotations

import io
import json
from datetime import datetime, timedelta
from pathlib import Path
from unittest import mock

from companion.headless.jsonlines import serve
from companion.session import GameSession
from companion.store import GameLog
from tests.test_headless import SCRIPTED_GAME

# The scripted game's seats: A ends with 0 Boyards (no key for the Treasure Room), B wins with 80, C has 50.
ROLES = ("Ann", "Bob", "Cy")

# Robert finds the code word alone in a two-player game: 3 keys, 3 handfuls, 70 Boyards.
DUO_GAME = [
    {"cmd": "new", "game": "fort-boyard", "players": ["Robert", "Dee"], "first": "Robert", "seed": 3},
    {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True},             # Robert 1 key
    {"cmd": "land", "space": "door"},
    {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True},             # Robert 2
    {"cmd": "land", "space": "door"},
    {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True},             # Robert 3: round 2
    {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True},             # Dee 2 clues
    {"cmd": "land", "space": "door"},
    {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True},             # Dee 3
    {"cmd": "land", "space": "door"},
    {"cmd": "land", "space": "force"}, {"cmd": "result", "success": True},             # Dee 4: round 3, Dee out
    {"cmd": "propose", "player": "Robert", "correct": True},
    {"cmd": "draw", "player": "Robert", "tokens": {"50": 1}},
    {"cmd": "draw", "player": "Robert", "tokens": {"20": 1}},
    {"cmd": "draw", "player": "Robert", "tokens": {"pebble": 1}},
]


def cast(script: list[dict], names: dict[str, str]) -> list[dict]:
    """The same script with other people in the seats (every field that names a player follows)."""
    out = []
    for cmd in script:
        c = dict(cmd)
        if "players" in c:
            c["players"] = [names.get(n, n) for n in c["players"]]
        for field in ("first", "player", "winner"):
            if field in c:
                c[field] = names.get(c[field], c[field]).strip()  # the table strips the names it is given
        out.append(c)
    return out


# Game 1: Ann, Bob, Cy. Game 2: the same family written differently, Zoé in Cy's seat. Game 3: Zoe (no
# accent) in the winner's seat. Game 4: Robert and Dee. Then a game left in progress (never counted).
FAMILY = (
    SCRIPTED_GAME
    + cast(SCRIPTED_GAME, {"Ann": " ANN ", "Bob": "bob", "Cy": "Zoé"})
    + cast(SCRIPTED_GAME, {"Ann": "Cy", "Bob": "Zoe", "Cy": "Ann"})
    + DUO_GAME
    + cast(SCRIPTED_GAME[:6], {"Ann": "Ann", "Bob": "Bob", "Cy": "Cy"})
)


class Clock:
    """The log's clock in these tests: one minute per command from a fixed evening, so that dates and
    durations are known."""

    def __init__(self, start: str = "2026-03-01T18:00:00+00:00", step_s: float = 60) -> None:
        self.now = datetime.fromisoformat(start)
        self.step = timedelta(seconds=step_s)

    def __call__(self) -> str:
        now = self.now
        self.now += self.step
        return now.isoformat(timespec="milliseconds")


def run_headless(db: Path | str, commands: list[dict], clock: Clock | None = None) -> list[dict]:
    """Play ``commands`` through the headless protocol (``companion play --headless`` in this process, so
    that the log's clock can be set); every one must be accepted."""
    lines = "".join(json.dumps(c) + "\n" for c in commands).encode()
    out = io.StringIO()
    with GameLog(db) as log, mock.patch("companion.store.log._now", clock or Clock()):
        serve(GameSession(log), io.BytesIO(lines), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len(commands)
    refused = [(c, a) for c, a in zip(commands, answers) if not a["ok"]]
    assert not refused, refused[:1]
    return answers


def copy_log(db: Path, folder: Path) -> Path:
    """A copy of the log ``db`` in ``folder``, for a test that writes to it (renames)."""
    import sqlite3

    copy = Path(folder) / "games.sqlite3"
    with sqlite3.connect(db) as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    return copy
