"""The state of a Fort Boyard game as JSON for clients (the headless protocol, the app)."""

from __future__ import annotations

from typing import Any

from companion.games.fort_boyard.model import BAG, EXPECTS, GAME, TOKEN_KINDS, GameState, Phase, Player


def _player(p: Player) -> dict[str, Any]:
    drawn = {kind: sum(h[k] for h in p.handfuls) for k, kind in enumerate(TOKEN_KINDS)}
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
    return {
        "game": GAME,
        "round": state.round,
        "current": _name(state, state.current),
        "stock_keys": state.stock_keys,
        "phase": state.phase,
        "expects": list(EXPECTS[state.phase]),
        "winners": list(state.winners),
        "players": [_player(p) for p in state.players],
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
    }
