"""The state of a game of Fort as JSON for clients (the headless protocol, the app)."""

from __future__ import annotations

from typing import Any

from companion.games.fort.model import EXPECTS, GAME, GameState, Step
from companion.games.fort.scoring import needed


def _still_to_lead(state: GameState) -> list[str]:
    """In the last round: who still leads before the start player (the current leader first)."""
    if not state.last_round or state.leader is None:
        return []
    n, out, i = len(state.players), [], state.leader
    while True:
        out.append(state.players[i].name)
        i = (i + 1) % n
        if i == state.start:
            return out


def view(state: GameState) -> dict[str, Any]:
    if state.step == Step.NO_GAME:
        return {"game": None, "phase": Step.NO_GAME, "current": None, "expects": ["new"], "winners": [],
                "players": []}
    leader = state.name(state.leader)
    return {
        "game": GAME,
        "phase": state.step,
        "step": state.step,
        "current": leader,
        "leader": leader,
        "expects": list(EXPECTS[state.step]),
        "winners": [state.name(i) for i in state.winners],
        "start_player": state.name(state.start),
        "follower": state.name(state.follower),
        "suit": state.suit,
        "declared": state.declared,
        # the suit a follower discards: the card's, or for a coin (wild) card the suit its leader declared
        "follow_suit": state.declared or state.suit,
        "resource": state.resource,
        "follows": [{"player": state.name(i), "follows": yes} for i, yes in state.follows],
        # 'Cleanup (skipped on a player's own first turn): the yard goes to the discard pile.'
        "cleanup": state.step == Step.PLAY and state.players[state.leader].turns > 0,
        "park_deck": state.park_deck,
        "last_round": state.last_round,
        "trigger": state.trigger,
        "trigger_by": state.trigger_by,
        "still_to_lead": _still_to_lead(state),
        "asks": [{"player": state.name(i), "take": take} for i, take in state.asks],
        "settings": state.settings.to_json(),
        "players": [{
            "name": p.name, "points": p.points, "level": p.level, "turns": p.turns, "rules": list(p.rules),
            "perks": list(p.perks), "macaroni": p.macaroni, "best_friends": p.best_friends,
            "final": dict(p.final) if p.final is not None else None,
            "needs": list(needed(state, i)) if state.step == Step.FINAL and p.counts is None else [],
        } for i, p in enumerate(state.players)],
    }


def player_view(state: GameState, name: str) -> dict[str, Any] | None:
    """A player's made-up rules are secret until the end: their own view shows them, the others' do not."""
    v = view(state)
    if not any(p["name"] == name for p in v["players"]):
        return None
    if state.step != Step.OVER:
        for p in v["players"]:
            if p["name"] != name:
                p["rules"] = [None] * len(p["rules"])
    return v
