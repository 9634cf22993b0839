"""Fort Boyard: the rulebook of shared/rules/fort-boyard-rulebook.txt as a pure rules module."""

from __future__ import annotations

from typing import Any, Mapping

from companion.engine.core import Decision, Event
from companion.games.fort_boyard import decide as _decide
from companion.games.fort_boyard.apply import apply as _apply
from companion.games.fort_boyard.model import GAME, GameState, Phase
from companion.games.fort_boyard.view import player_view as _player_view
from companion.games.fort_boyard.view import view as _view


class FortBoyardRules:
    name = GAME

    def initial(self) -> GameState:
        return GameState()

    def start(self, command: Mapping[str, Any]) -> Decision:
        return _decide.start(command)

    def decide(self, state: GameState, command: Mapping[str, Any]) -> Decision:
        return _decide.decide(state, command)

    def apply(self, state: GameState, event: Event) -> GameState:
        return _apply(state, event)

    def view(self, state: GameState) -> dict[str, Any]:
        return _view(state)

    def player_view(self, state: GameState, name: str) -> dict[str, Any] | None:
        """What one player may see of the game (companion/games/fort_boyard/view.py)."""
        return _player_view(state, name)

    def code_word_of(self, state: GameState, name: str):
        """The code word the companion dealt to ``name`` (a CodeWordCard), or None: for the session's
        answer matcher and dealer, which read content files and so cannot live in the rules."""
        i = state.index(name)
        return None if i is None else state.players[i].code_word

    def is_over(self, state: GameState) -> bool:
        return state.phase == Phase.OVER

    def describe(self, state: GameState) -> str:
        return _decide.describe_phase(state)


RULES = FortBoyardRules()
