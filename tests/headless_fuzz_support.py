"""The headless fuzzer shared by every game's fuzz module: the strict answer check, the in-process run
and the real-process run. A game's module brings only its own: its line maker (legal, hostile, undo)
and its invariants over a view.

The checks, for every game: every line gets exactly one strict JSON answer (no NaN, no lone
surrogate), an accepted line's answer is the session's view, a refused line changes nothing, the
game's invariants hold after every line, a resumed game equals the one played, and the real
`companion play --headless` process answers the same stream and resumes its last state.
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Callable

from companion.headless.jsonlines import serve
from companion.session import GameSession
from companion.store import GameLog
from tests.conftest import ROOT

#: What a damaged line may have put in it: JSON's forbidden constants, a number too large, a lone surrogate, NUL.
HOSTILE_INSERTS = ("NaN", "Infinity", "-Infinity", "1e999", "\\ud800", "\\u0000")

NextLine = Callable[[random.Random, dict], bytes]
Check = Callable[[dict], None]


def strict(text: str) -> dict:
    text.encode("utf-8")  # no lone surrogate ever goes out
    return json.loads(text, parse_constant=lambda name: (_ for _ in ()).throw(AssertionError(name)))


def mutate(text: str, rng: random.Random, inserts: tuple[str, ...] = HOSTILE_INSERTS, *, reverse: bool = True) -> str:
    """``text`` damaged at one place: cut there, one character changed, one of ``inserts`` put in, or
    (with ``reverse``) its tail reversed."""
    i = rng.randrange(len(text) + 1)
    how = rng.randrange(4 if reverse else 3)
    if how == 0:
        return text[:i]
    if how == 1:
        return text[:i] + rng.choice('{}[]",:\\0-eE+.') + text[i + 1:]
    if how == 2:
        return text[:i] + rng.choice(inserts) + text[i:]
    return text[:i] + text[i:][::-1]


def answer(session: GameSession, line: bytes) -> dict:
    """The answer of the real serving loop to one line: exactly one line out."""
    out = io.StringIO()
    assert serve(session, io.BytesIO(line + b"\n"), out) == 0
    text = out.getvalue()
    assert text.endswith("\n") and text.count("\n") == 1, text[:200]
    return strict(text)


def fuzz_in_process(path: Path, rng: random.Random, next_line: NextLine, check: Check, steps: int, *,
                    opening: bytes | None = None, undo_restores: bool = False) -> None:
    """``steps`` lines of ``next_line`` served to a session on the log at ``path`` (after ``opening``,
    when given); with ``undo_restores``, an accepted undo must give back exactly the state before the
    last command. Ends by resuming the log read-only: it must equal the live session."""
    with GameLog(path, role="headless") as log:
        session = GameSession(log)
        if opening is not None:
            answer(session, opening)
        for _ in range(steps):
            before = session.view()
            line = next_line(rng, before)
            previous = session._states[-2] if len(session._states) >= 2 else None
            reply = answer(session, line)
            if reply["ok"]:
                assert reply["state"] == session.view()
                if undo_restores and line == b'{"cmd":"undo"}':
                    assert session.state == previous
            else:
                assert set(reply) == {"ok", "error"} and reply["error"]["code"] and reply["error"]["message"]
                assert session.view() == before
            check(session.view())
        with GameLog(path, readonly=True) as reader:  # resume equals replay
            resumed = GameSession(reader)
            assert resumed.view() == session.view() and resumed.state == session.state


def fuzz_real_process(env: dict, db: Path, rng: random.Random, next_line: NextLine, check: Check, steps: int, *,
                      opening: bytes | None = None) -> list[dict]:
    """A seeded stream, steered by an in-process shadow session, through the real process; its replies
    are strict, one a line, and the accepted states hold ``check``; a new process on the same log
    answers the last state. Returns the replies, for the game's own counts."""
    shadow = GameSession(GameLog(":memory:"))
    lines = []
    if opening is not None:
        answer(shadow, opening)
        lines.append(opening)
    for _ in range(steps):
        line = next_line(rng, shadow.view())
        answer(shadow, line)  # steers the next valid commands; the real process is checked on its own
        lines.append(line)
    command = [sys.executable, "-m", "companion", "play", "--headless", "--db", str(db)]
    proc = subprocess.run(command, input=b"".join(line + b"\n" for line in lines), capture_output=True, env=env,
                          cwd=ROOT, timeout=300)
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr.decode(errors="replace")
    replies = [strict(text) for text in proc.stdout.decode("utf-8").split("\n")[:-1]]
    assert len(replies) == len(lines)
    last = None
    for r in replies:
        if r["ok"]:
            check(r["state"])
            last = r["state"]
    again = subprocess.run(command, input=b'{"cmd":"state"}\n', capture_output=True, env=env, cwd=ROOT, timeout=60)
    assert strict(again.stdout.decode())["state"] == last
    return replies
