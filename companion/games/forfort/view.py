"""The state of a Forfort game as JSON for clients (the headless protocol, the app)."""

from __future__ import annotations

from typing import Any

from companion.games.forfort.decide import expects
from companion.games.forfort.model import GAME, SPACES, GameState, Phase, Player, line_of
from companion.games.forfort.score import parts, score, team_scores


def _player(state: GameState, i: int, p: Player) -> dict[str, Any]:
    names = tuple(q.name for q in state.players)
    return {
        "name": p.name,
        "fort": {s: (st[-1].to_json(names, len(st) - 1) if (st := p.stack(s)) else None) for s in SPACES},
        "hand": p.hand,
        "dungeon": p.dungeon,
        "discard": p.discard,
        "armies_left": p.armies_left,
        "armies_defeated": p.armies_defeated,
        "camps_left": p.camps_left,
        "drawbridge": p.drawbridge,
        "score": score(state, i),
        "score_parts": parts(state, i),
        "team": p.team,
    }


def _lines(state: GameState) -> dict[str, dict[str, int]]:
    """Each opponent's fort as the current player is seated: its spaces' lines (1 front, 2, 3), for the
    screen to offer the Ram on the front line and the Trebuchet behind it (readings file, point 8)."""
    me = state.current
    if me is None:
        return {}
    return {p.name: {s: line_of(len(state.players), me, j, s) for s in SPACES}
            for j, p in enumerate(state.players) if j != me and not state.partners(me, j)}


def view(state: GameState) -> dict[str, Any]:
    if state.phase == Phase.NO_GAME:
        return {"game": None, "phase": Phase.NO_GAME, "current": None, "expects": ["new"], "winners": [],
                "players": []}
    out = {
        "game": GAME,
        "phase": state.phase,
        "current": state.name(state.current),
        "expects": list(expects(state)) if state.phase != Phase.OVER else [],
        "winners": [state.players[i].name for i in state.winners],
        "players": [_player(state, i, p) for i, p in enumerate(state.players)],
        "first": state.name(state.first),
        "round": state.round,
        "ending": state.ending,
        "combos": state.combos,
        "garrison_left": state.garrison_left,
        "extra_turn": state.extra_turn,
        "won_by": state.won_by,
        "settings": state.settings.to_json(),
        "lines": _lines(state),
    }
    if state.settings.teams:
        out["team_scores"] = {str(k): v for k, v in team_scores(state).items()}
    return out


def player_view(state: GameState, name: str) -> dict[str, Any] | None:
    """Nothing of Forfort is secret to the companion (it never knows the cards in a hand): a player's view
    is the table's, or None for someone not at the table."""
    if not any(p.name == name for p in state.players):
        return None
    return view(state)
