"""The state of a Fort Boyard game as JSON for clients (the headless protocol, the app)."""

from __future__ import annotations

from typing import Any

from companion.games.fort_boyard.model import BAG, EXPECTS, GAME, TOKEN_KINDS, GameState, Phase, Player


def _player(p: Player, companion_words: bool) -> dict[str, Any]:
    drawn = {kind: sum(h[k] for h in p.handfuls) for k, kind in enumerate(TOKEN_KINDS)}
    words = {}
    if companion_words:  # the table's view: the touchscreen hides these behind the private reveal
        words = {
            "level": p.level,
            "code_word": p.code_word.word if p.code_word else None,
            "clue_texts": list(p.clue_texts),
            "last_typed": p.last_typed,
        }
    return {
        "name": p.name,
        "keys": p.keys,
        "clues": p.clues,
        "boyards": p.boyards,
        "status": p.status,
        "dive_stake": p.dive_stake,
        "proposals": p.proposals,
        "draws_left": p.draws_left,
        "handfuls": [dict(zip(TOKEN_KINDS, h)) for h in p.handfuls],
        "bag_left": {kind: BAG[kind] - drawn[kind] for kind in TOKEN_KINDS},
        **words,
    }


def _name(state: GameState, i: int | None) -> str | None:
    return None if i is None else state.players[i].name


def view(state: GameState) -> dict[str, Any]:
    if state.phase == Phase.NO_GAME:
        return {
            "game": None,
            "round": None,
            "current": None,
            "stock_keys": None,
            "phase": Phase.NO_GAME,
            "expects": ["new"],
            "winners": [],
            "players": [],
        }
    companion_words = state.code_words == "companion"
    words = {"code_words": state.code_words, "language": state.language} if companion_words else {}
    return {
        "game": GAME,
        "round": state.round,
        "current": _name(state, state.current),
        "stock_keys": state.stock_keys,
        "phase": state.phase,
        "expects": list(EXPECTS[state.phase]),
        "winners": list(state.winners),
        "players": [_player(p, companion_words) for p in state.players],
        "space": state.space,
        "via_passe_partout": state.via_passe_partout,
        "stake": state.stake,
        "opponent": _name(state, state.opponent),
        "first": _name(state, state.first),
        "round_winner": _name(state, state.round_winner),
        "turns": state.turns,
        "card": {"deck": state.card[0], "id": state.card[1]} if state.card else None,
        "cards_drawn": [list(c) for c in state.cards_drawn],
        "seed": state.seed,
        "house_rules": state.house_rules.to_json(),
        **words,
    }


def player_view(state: GameState, name: str) -> dict[str, Any] | None:
    """What the player ``name`` may see on their own screen (their phone, the private reveal): their level,
    the clues they have won, whether it is their turn to propose and how their last proposal went.

    Built from that player's record and a few public facts only, never from another player's: a page
    made from it cannot tell another player's word or clues. Not their own word either (they are
    guessing it). None when ``name`` is not a player of the game."""
    i = state.index(name)
    if i is None or state.phase == Phase.NO_GAME:
        return None
    p = state.players[i]
    proposing = state.phase in (Phase.PROPOSE, Phase.PROPOSE_AGAIN) and state.current == i
    return {
        "game": GAME,
        "player": p.name,
        "code_words": state.code_words,
        "language": state.language,
        "level": p.level,
        "round": state.round,
        "clues": list(p.clue_texts),
        "status": p.status,
        "keys": p.keys,
        "my_turn_to_propose": proposing,
        "again": proposing and state.phase == Phase.PROPOSE_AGAIN,
        "last_proposal": None if p.last_verdict is None else {"typed": p.last_typed, "correct": p.last_verdict},
        "over": state.phase == Phase.OVER,
    }
