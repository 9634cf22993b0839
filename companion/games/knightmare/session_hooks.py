"""What the session does for Knightmare around its pure rules: Merlin's questions drawn from the content
pack (content/knightmare/) when one is due, put into the command whose outcome asks it. The rules never
read a file (docs/games/knightmare.md, "Merlin's questions"); this module does, for them.

One command is one log row: the question rides on the command (``chamber``, a right ``answer``, the end
of a turn that brings the next knight to the Chamber), so an undo takes back both, and a replay or a
resumed game reads the question from the log, without the pack. The draw is seeded by the game's seed
and the number of questions already asked: after an undo the same question comes again.

The session finds this module through ``RULES.session_hooks`` (companion/session.py, :class:`SessionHooks`).
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.session import SessionHooks

GAME = "knightmare"


def _read_questions() -> dict[str, tuple[Any, ...]]:
    """The pack's valid questions by language; an unreadable pack gives none (the table then reads from
    its own Book of Riddles: the rules wait for an answer all the same). ``companion content check``
    names the pack's problems; a game never stops for them."""
    from companion.content.knightmare import read_pack

    try:
        pack, _problems = read_pack()
    except (OSError, ValueError):
        return {}
    return dict(pack.questions) if pack is not None else {}


class Hooks(SessionHooks):
    def __init__(self, words: Any = None, questions: Callable[[], Mapping[str, Sequence[Any]]] | None = None) -> None:
        super().__init__(words)
        self._load = questions or (lambda: _read_questions())  # looked up when first used (tests replace it)
        self._questions: Mapping[str, Sequence[Any]] | None = None  # read on first use

    def questions(self, language: str) -> Sequence[Any]:
        if self._questions is None:
            self._questions = self._load()
        return self._questions.get(language, ())

    def draw(self, session: Any, state: Any, due: Mapping[str, Any]) -> dict[str, Any] | None:
        """The question for ``due`` (``RULES.question_due``), as the rules take it, or None when the
        part has none left in the game's language: never one asked this game, those the table heard
        longest ago first."""
        from companion.content.knightmare_draw import next_question, question_record

        part = due.get("part")
        if not isinstance(part, int):
            return None
        try:
            history = session.log.asked_questions(GAME, before_game=session.game_id)
        except (sqlite3.Error, AttributeError):  # an unreadable history only loses the order, never the game
            history = []
        asked = list(due.get("asked", ()))
        rng = random.Random(f"{state.seed}:merlin:{len(asked)}")
        q = next_question(self.questions(str(due.get("language"))), part, asked, history, rng)
        return None if q is None else question_record(q)

    def judged(self, session: Any, command: Mapping[str, Any]) -> tuple[Mapping[str, Any], None]:
        """A ``question`` command without its question (the reader asks for another one): drawn here."""
        if command.get("cmd") != "question" or command.get("id") is not None:
            return command, None
        due = self._due(session, session.state, asking_again=True)
        drawn = self.draw(session, session.state, due) if due else None
        return ({**command, **drawn} if drawn else command), None

    def decided(self, session: Any, decision: Any) -> Any:
        """When the decision's outcome asks a question of Merlin and the command brings none, the same
        command again with the question drawn from the pack."""
        if decision.command.get("cmd") == "question" or decision.command.get("question") is not None:
            return decision
        state = session.state
        for e in decision.events:
            state = session.rules.apply(state, e)
        due = self._due(session, state)
        drawn = self.draw(session, state, due) if due else None
        if drawn is None:
            return decision
        return session.rules.decide(session.state, {**decision.command, "question": drawn})

    @staticmethod
    def _due(session: Any, state: Any, asking_again: bool = False) -> dict[str, Any] | None:
        due = getattr(session.rules, "question_due", None)
        if due is None:
            return None
        found = due(state)
        if found is None and asking_again and getattr(state, "phase", None) in ("question", "continue"):
            # another question replaces the one asked and not answered: the same knight and part
            p = state.players[state.current]
            found = {"player": p.name, "part": p.part, "language": state.language, "asked": list(state.questions)}
        return found
