"""``decide(state, command) -> events``: the Fort Boyard rulebook as code. Pure: no I/O, no clock.

Each handler checks its command against the state, then emits events into a
:class:`~companion.games.fort_boyard.turns.Turn`, which applies them as it goes so that later decisions
(did someone just win their 3rd key?) see the state those events made. The handlers: Rounds 1 and 2 on
the board (board.py), Round 3 and the Treasure room (treasure.py), the code words dealt and their
levels (here); a new game: start.py (``start``, importable from here as before).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.engine.core import Decision, Refusal
from companion.games.fort_boyard import board, codewords, fields, treasure
from companion.games.fort_boyard.model import EXPECTS, GameState, Phase
from companion.games.fort_boyard.start import start
from companion.games.fort_boyard.turns import Turn, open_round_2

__all__ = ["decide", "describe_phase", "start"]

_PHASE_WORDS = {
    Phase.LAND: "the space where {player}'s pawn landed (land)",
    Phase.PASSE_PARTOUT: "the space {player} moves to with the Passe-partout (land)",
    Phase.CHALLENGE: "the outcome of {player}'s challenge (result with success)",
    Phase.DUEL_STAKE: "{player}'s stake for the Duel, Key or Clue (stake)",
    Phase.DUEL_OPPONENT: "the opponent {player} challenges (opponent)",
    Phase.DUEL_RESULT: "the winner of the Duel (result with winner)",
    Phase.ENIGME_STAKE: "{player}'s stake for the riddle, Key or Clue (stake)",
    Phase.ENIGME: "whether {player} solved Père Fouras's riddle (result with success)",
    Phase.SEA: "{player}'s choice after the failed riddle: dive or abandon (sea)",
    Phase.DIVE: "whether diving {player} reached the sunken Key this turn (dive)",
    Phase.PROPOSE: "{player}'s code-word proposal (propose)",
    Phase.PROPOSE_AGAIN: "a new proposal from {player} for one key (propose) or giving up (pass)",
    Phase.DRAW: "{player}'s next handful from the Treasure bag (draw)",
    Phase.DEAL: "the code words the companion deals for Round 2 (deal)",
}


def describe_phase(state: GameState) -> str:
    """What the engine waits for, as words for a person."""
    player = state.players[state.current].name if state.current is not None else "nobody"
    return _PHASE_WORDS.get(state.phase, state.phase).format(player=player)


# --- the code words: dealt when Round 2 opens, their levels ---------------------------------------


def _deal(t: Turn, cmd: Mapping[str, Any]) -> None:
    if cmd.get("deal") is None:
        raise Refusal("bad_field", "deal: field 'deal' must give a code word to each player.")
    open_round_2(t, t.state.left_of(t.state.round_winner))


def _level(t: Turn, cmd: Mapping[str, Any]) -> None:
    t.emit(codewords.level_event(t.state, cmd, fields.player(t.state, cmd)))
    if t.state.phase == Phase.DEAL and cmd.get("deal") is not None:  # the words come with it: deal them
        open_round_2(t, t.state.left_of(t.state.round_winner))


_HANDLERS: dict[str, Callable[[Turn, Mapping[str, Any]], None]] = {
    **board.HANDLERS,
    **treasure.HANDLERS,
    "deal": _deal,
    "level": _level,
}

_ANY_PHASE = ("level",)
"""Commands that do not wait for a phase: a level may change at any moment before the first clue."""


def decide(state: GameState, cmd: Mapping[str, Any]) -> Decision:
    """The events of ``cmd`` in ``state``; raises :class:`Refusal` (and changes nothing) otherwise."""
    name = cmd["cmd"]
    handler = _HANDLERS.get(name)
    if handler is None:
        raise Refusal("unknown_command", f"Unknown command {name!r}.")
    if state.phase == Phase.NO_GAME:
        raise Refusal("no_game", "No game in progress: start one with new.")
    if state.phase == Phase.OVER:
        raise Refusal("game_over", "The game is over; start a new one with new.")
    if name not in EXPECTS[state.phase] and name not in _ANY_PHASE:
        raise Refusal("wrong_phase", f"{name}: not now; the companion waits for {describe_phase(state)}.")
    t = Turn(state, cmd)
    handler(t, cmd)
    if cmd.get("deal") is not None and not t.dealt:
        raise Refusal("bad_field", f"{name}: field 'deal': no code words are dealt now (only when Round 2 "
                                   "starts with the companion's code words).")
    recorded = fields.recorded(cmd, fields.recorded_fields(name, state))
    if t.dealt:
        recorded["deal"] = cmd["deal"]  # the words dealt, so that replay never reads the packs
    return Decision(recorded, tuple(t.events))

