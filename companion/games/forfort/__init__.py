"""Forfort: the help pages of shared/rules/forfort-*.txt as a pure rules module (docs/games/forfort.md)."""

from __future__ import annotations

from typing import Any

from companion.engine.pure import PureRules
from companion.games.forfort import decide as _decide
from companion.games.forfort.apply import apply as _apply
from companion.games.forfort.model import GAME, GameState, Phase
from companion.games.forfort.score import scores
from companion.games.forfort.view import player_view as _player_view
from companion.games.forfort.view import view as _view


def _over(state: GameState) -> bool:
    return state.phase == Phase.OVER


class ForfortRules(PureRules[GameState]):
    name = GAME

    def __init__(self) -> None:
        super().__init__(initial=GameState, start=_decide.start, decide=_decide.decide, apply=_apply,
                         view=_view, player_view=_player_view, over=_over, describe=_decide.describe)

    def example_new(self, seed: int = 1) -> dict[str, Any]:
        """A valid ``new`` command, for tests and the platform's checks over every game."""
        return {"cmd": "new", "game": GAME, "players": ["Ana", "Bob", "Chloé"], "first": "Ana", "seed": seed}

    def summary(self, state: GameState) -> dict[str, Any] | None:
        """History's summary of a finished game: winners, each fort's score, and how it was won."""
        if state.phase != Phase.OVER:
            return None
        return {"winners": [state.players[i].name for i in state.winners], "scores": scores(state),
                "won_by": state.won_by}


RULES = ForfortRules()
