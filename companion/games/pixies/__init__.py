"""Pixies: the rules of shared/rules/pixies-digest.md as a pure rules module (docs/games/pixies.md).

Two ways to play: 'pad' (the table enters each grid at the end of a round, the companion checks and scores
them) and 'draft' (every reveal and pick recorded; the companion keeps the grids and scores at once).
"""

from __future__ import annotations

from typing import Any

from companion.engine.pure import PureRules
from companion.games.pixies import decide as _decide
from companion.games.pixies.apply import apply as _apply
from companion.games.pixies.model import GAME, GameState, Phase
from companion.games.pixies.view import picker as _picker
from companion.games.pixies.view import player_view as _player_view
from companion.games.pixies.view import view as _view


def _over(state: GameState) -> bool:
    return state.phase == Phase.OVER


class PixiesRules(PureRules[GameState]):
    name = GAME

    def __init__(self) -> None:
        super().__init__(initial=GameState, start=_decide.start, decide=_decide.decide, apply=_apply,
                         view=_view, player_view=_player_view, over=_over, describe=_decide.describe_phase)

    def picker(self, state: GameState, name: str, space: int) -> list[str]:
        """Pad: the cards to offer for ``space`` (1-9) of ``name``'s grid (companion/games/pixies/view.py)."""
        return _picker(state, name, space)

    def example_new(self, seed: int = 1) -> dict[str, Any]:
        """A valid ``new`` command, for tests and the platform's generic checks."""
        return {"cmd": "new", "game": GAME, "players": ["Ann", "Bob", "Cy"], "seed": seed, "mode": "draft"}

    def summary(self, state: GameState) -> dict[str, Any] | None:
        """The finished game for history: winners, totals, and each player's score round by round (None
        while the game goes on)."""
        if state.phase != Phase.OVER:
            return None
        return {
            "winners": list(state.winners),
            "scores": {p.name: p.total for p in state.players},
            "rounds": {p.name: [r.score.total for r in p.rounds] for p in state.players},
            "mode": state.mode,
            "house_rules": state.house_rules.to_json(),
        }


RULES = PixiesRules()
