"""Knightmare (Le Chevalier du Labyrinthe): shared/rules/knightmare-rulebook.txt as a pure rules module.

docs/games/knightmare.md has the rules in short, the readings and the house rules; docs/headless.md
the commands.
"""

from __future__ import annotations

from typing import Any

from companion.engine.pure import PureRules
from companion.games.knightmare import decide as _decide
from companion.games.knightmare.apply import apply as _apply
from companion.games.knightmare.model import GAME, GameState, Phase
from companion.games.knightmare.turn import die_value
from companion.games.knightmare.view import player_view as _player_view
from companion.games.knightmare.view import view as _view


def _over(state: GameState) -> bool:
    return state.phase == Phase.OVER


class KnightmareRules(PureRules[GameState]):
    name = GAME
    session_hooks = "companion.games.knightmare.session_hooks"
    """Merlin's questions drawn from the content pack by the session (the rules never read files)."""

    def __init__(self) -> None:
        super().__init__(initial=GameState, start=_decide.start, decide=_decide.decide, apply=_apply,
                         view=_view, player_view=_player_view, over=_over, describe=_decide.describe_phase)

    def example_new(self, seed: int) -> dict[str, Any]:
        """A valid ``new`` command, for tests and the platform's generic checks."""
        return {"cmd": "new", "game": GAME, "players": ["Ann", "Bob", "Cy"], "seed": seed}

    def summary(self, state: GameState) -> dict[str, Any]:
        """For history once the game is over: the winner, each knight's bridge as score, and the rest."""
        return {
            "winners": list(state.winners),
            "scores": {p.name: p.bridge for p in state.players},
            "helmets": {p.name: p.helmets for p in state.players},
            "objects": {p.name: p.object for p in state.players},
            "bridge_length": state.bridge_length,
            "turns": state.turns,
        }

    def next_dice(self, state: GameState, count: int = 1) -> list[int]:
        """The next ``count`` dice the companion will roll: the screen may show the die rolling before
        the command that records it (a move's helmet choice follows the roll)."""
        return [die_value(state.seed or 0, state.dice + k) for k in range(count)]

    def question_due(self, state: GameState) -> dict[str, Any] | None:
        """What the session needs to draw a question of Merlin now: the knight, their part and the ids
        already asked this game; None when no question is due (docs/games/knightmare.md)."""
        if state.phase not in (Phase.QUESTION, Phase.CONTINUE) or state.question is not None:
            return None
        p = state.players[state.current]
        return {"player": p.name, "part": p.part, "language": state.language, "asked": list(state.questions)}


RULES = KnightmareRules()
