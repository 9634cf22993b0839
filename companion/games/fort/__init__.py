"""Fort (the kids' deck-builder): the turn, the end and the made-up rules as a pure rules module
(shared/rules/fort-digest.md; the readings in docs/games/fort.md)."""

from __future__ import annotations

from typing import Any

from companion.engine.pure import PureRules
from companion.games.fort import decide as _decide
from companion.games.fort.apply import apply as _apply
from companion.games.fort.model import GAME, GameState, Step
from companion.games.fort.view import player_view as _player_view
from companion.games.fort.view import view as _view


def _over(state: GameState) -> bool:
    return state.step == Step.OVER


class FortRules(PureRules[GameState]):
    name = GAME

    def __init__(self) -> None:
        super().__init__(initial=GameState, start=_decide.start, decide=_decide.decide, apply=_apply,
                         view=_view, player_view=_player_view, over=_over, describe=_decide.describe)

    def example_new(self, seed: int = 1) -> dict[str, Any]:
        return {"cmd": "new", "game": GAME, "players": ["Ana", "Bob", "Chloé"], "first": "Ana", "seed": seed,
                "park_deck": 12}

    def summary(self, state: GameState) -> dict[str, Any] | None:
        if state.step != Step.OVER:
            return None
        from companion.games.fort.scoring import total

        return {"winners": [state.name(i) for i in state.winners],
                "scores": {p.name: total(state, i, p.final or {}) for i, p in enumerate(state.players)}}


RULES = FortRules()
