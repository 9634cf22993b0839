"""Which of Merlin's questions comes next, and which line the old wizard says: pure, the caller passes
the game's questions, the ids asked, the table's history and a seeded ``random.Random`` (the session
records the seed, so a replay draws the same)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from companion.content.knightmare import Line, Question


def last_heard(history: Iterable[tuple[int, str]]) -> dict[str, int]:
    """Question id -> the latest game (a larger game number is a more recent game) it was asked in."""
    last: dict[str, int] = {}
    for game, qid in history:
        last[qid] = max(game, last.get(qid, game))
    return last


def next_question(questions: Sequence[Question], part: int, asked: Iterable[str],
                  history: Iterable[tuple[int, str]], rng: random.Random) -> Question | None:
    """The next question of ``part``: never one of ``asked`` (this game's ids), the ones never heard in
    the table's earlier games first, then the one heard longest ago (``history``: (game, id) of
    earlier games); ``rng`` picks among equals in id order, so a seeded game draws the same. None when
    the part has no question left."""
    done = set(asked)
    candidates = sorted((q for q in questions if q.part == part and q.id not in done), key=lambda q: q.id)
    if not candidates:
        return None
    last = last_heard(history)

    def rank(q: Question) -> tuple[bool, int]:  # never heard first, then the oldest game
        return q.id in last, last.get(q.id, 0)

    best = min(rank(q) for q in candidates)
    return rng.choice([q for q in candidates if rank(q) == best])


def pick_line(lines: Sequence[Line], moment: str, said: Sequence[str], rng: random.Random) -> Line | None:
    """A line for ``moment``, none of the ids ``said`` lately when another is left (the wizard does not
    repeat himself); ``rng`` picks among them in id order."""
    recent = set(said)
    choices = sorted((line for line in lines if line.moment == moment), key=lambda line: line.id)
    fresh = [line for line in choices if line.id not in recent] or choices
    return rng.choice(fresh) if fresh else None


def question_record(q: Question) -> dict[str, Any]:
    """The question as the rules take it (the ``question`` field of a command, recorded in the log)."""
    return {"id": q.id, "part": q.part, "text": q.question, "answer": q.answer, "accept": list(q.accept)}
