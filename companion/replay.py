"""Replaying a game's line from the log as far as it reads and applies: the log is read as hostile input
(an SD card fails row by row), so a row that does not read, events the rules cannot fold and a state the
rules cannot show all stop the replay there, said, never raised. What the session does with a game that
stopped short (resume before the row, or keep it aside) is :class:`companion.session.GameSession`'s.
"""

from __future__ import annotations

from typing import Any

from companion.engine import events_of
from companion.store import DamagedRow, GameLog


def showable(rules: Any, state: Any) -> bool:
    """Whether the rules can show ``state`` (what the table and the protocol read after every command)."""
    try:
        rules.view(state)
        if not rules.is_over(state):
            rules.describe(state)
        return True
    except Exception:  # noqa: BLE001 - the rules on a state built from the log's events: damage, said by resume
        return False


def replayed(log: GameLog, rules: Any, game_id: int) -> tuple[list, list, list[int], str | None]:
    """The states, commands and row ids of the game's line up to its last command that reads and
    applies, and what stopped the replay before the end (None when nothing did). Only the reading of
    the log's rows and the rules' folding of its events are caught here: those are where damage shows."""
    event = events_of(rules)
    state = rules.initial()
    states: list[Any] = []
    commands: list[dict] = []
    ids: list[int] = []
    problem = None
    rows = log.active_commands(game_id)
    while problem is None:
        try:
            stored = next(rows, None)
        except DamagedRow as exc:
            problem = f"command {exc.row_id}: {exc.what}"
            if exc.whole_game:
                return [], [], [], problem
            break
        if stored is None:
            break
        try:
            for e in stored.events:
                state = rules.apply(state, event(e))
        except Exception as exc:  # noqa: BLE001 - any failure of the rules on stored events is damage
            problem = f"command {stored.id}: its events do not apply ({type(exc).__name__}: {exc})"
            break
        states.append(state)
        commands.append(stored.command)
        ids.append(stored.id)
    while states and not showable(rules, states[-1]):  # a state only a damaged log can make
        problem = problem or f"the state after seq {len(states)} cannot be shown"
        states.pop()
        commands.pop()
        ids.pop()
    return states, commands, ids, problem
