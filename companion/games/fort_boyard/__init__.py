"""Fort Boyard: the rulebook of shared/rules/fort-boyard-rulebook.txt as a pure rules module."""

from __future__ import annotations

from typing import Any

from companion.engine.pure import PureRules
from companion.games.fort_boyard import decide as _decide
from companion.games.fort_boyard.apply import apply as _apply
from companion.games.fort_boyard.model import GAME, GameState, Phase
from companion.games.fort_boyard.view import player_view as _player_view
from companion.games.fort_boyard.view import view as _view


def _over(state: GameState) -> bool:
    return state.phase == Phase.OVER


class FortBoyardRules(PureRules[GameState]):
    name = GAME
    #: What the session adds around these rules (code words from the packs, phones' secrets): a module
    #: path, imported by the session only, so that the rules stay pure (companion/session.py, SessionHooks).
    session_hooks = "companion.games.fort_boyard.session_hooks"
    #: Its words for the text prompt (companion/headless/prompt.py).
    text_prompt = "companion.games.fort_boyard.prompt"
    #: Its figures in the history's statistics, besides wins and Boyards (companion/history/stats.py).
    history_figures = "companion.games.fort_boyard.figures"
    #: Its plays told again, moment by moment (companion/history/timeline.py).
    history_timeline = "companion.games.fort_boyard.timeline"

    def __init__(self) -> None:
        super().__init__(initial=GameState, start=_decide.start, decide=_decide.decide, apply=_apply,
                         view=_view, player_view=_player_view, over=_over, describe=_decide.describe_phase)

    def code_word_of(self, state: GameState, name: str):
        """The code word the companion dealt to ``name`` (a CodeWordCard), or None: for the session's
        answer matcher and dealer, which read content files and so cannot live in the rules."""
        i = state.index(name)
        return None if i is None else state.players[i].code_word

    def example_new(self, seed: int) -> dict[str, Any]:
        """A valid ``new`` command (docs/games/README.md): for the checks that run every game."""
        return {"cmd": "new", "game": GAME, "players": ["Ann", "Bob", "Cy"], "first": "Ann", "seed": seed}


RULES = FortBoyardRules()
