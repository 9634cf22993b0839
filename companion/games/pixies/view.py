"""The state of a Pixies game as JSON for clients (the headless protocol, the app)."""

from __future__ import annotations

from typing import Any

from companion.games.pixies.cards import CARDS, cards_of_number
from companion.games.pixies.model import (
    EXPECTS,
    GAME,
    HIDDEN,
    ROUNDS,
    GameState,
    Phase,
    Player,
    RoundEntry,
    cards_per_turn,
    grid_items,
    is_full,
    placement,
)
from companion.games.pixies.scoring import score_grid

NO_GAME = {"game": None, "round": None, "first": None, "current": None, "revealed": [], "phase": Phase.NO_GAME,
           "expects": ["new"], "winners": [], "players": []}


def _entry(r: RoundEntry) -> dict[str, Any]:
    return {"round": r.round, "grid": list(r.grid), **r.score.to_json()}


def _player(state: GameState, p: Player) -> dict[str, Any]:
    return {
        "name": p.name,
        "grid": grid_items(p.grid),
        "face_down": [s.down if s.down not in (None, HIDDEN) else None for s in p.grid],
        "discarded": list(p.discarded),
        "full": is_full(p.grid),
        "entered": p.entered,
        "score": score_grid(p.grid, state.round, state.house_rules.multicolour).to_json(),
        "rounds": [_entry(r) for r in p.rounds],
        "total": p.total,
    }


def _name(state: GameState, i: int | None) -> str | None:
    return None if i is None else state.players[i].name


def choices(state: GameState) -> dict[str, Any]:
    """Draft, a pick under way: where each revealed card would go in the current player's grid, and what
    the player must say for it (``needs``: "keep", "space" or null)."""
    if state.current is None:
        return {}
    grid = state.players[state.current].grid
    return {c: placement(grid, CARDS[c].number).to_json() for c in state.revealed}


def forced(state: GameState) -> dict[str, Any] | None:
    """Draft: the ``pick`` the current player has no choice about (the last card of the turn, placed without
    'keep' or 'space'), for the screens to send without asking; None when there is a choice."""
    if state.current is None or len(state.revealed) != 1:
        return None
    card = state.revealed[0]
    if placement(state.players[state.current].grid, CARDS[card].number).needs is not None:
        return None
    return {"cmd": "pick", "player": state.players[state.current].name, "card": card}


def picker(state: GameState, name: str, space: int) -> list[str]:
    """Pad: the cards a score pad's picker offers for ``space`` of ``name``'s grid: the cards of that number
    not face up in another grid entered this round."""
    others = {p.grid[space - 1].up for p in state.players if p.name != name and p.entered}
    return [c for c in cards_of_number(space) if c not in others]


def view(state: GameState) -> dict[str, Any]:
    if state.phase == Phase.NO_GAME:
        return dict(NO_GAME)
    draft = state.mode == "draft"
    out_of_deck = state.out_of_deck() if draft else {}
    playing = state.phase in (Phase.REVEAL, Phase.PICK)
    return {
        "game": GAME,
        "phase": state.phase,
        "current": _name(state, state.current),
        "expects": list(EXPECTS[state.phase]),
        "winners": list(state.winners),
        "players": [_player(state, p) for p in state.players],
        "round": state.round,
        "rounds": ROUNDS,
        "first": _name(state, state.first),
        "starter": _name(state, state.starter),
        "revealed": list(state.revealed),
        "mode": state.mode,
        "house_rules": state.house_rules.to_json(),
        "seed": state.seed,
        "turn": state.turn if draft else None,
        "cards_per_turn": cards_per_turn(len(state.players)),
        "still_to_pick": [state.players[i].name for i in state.order[state.picks:]] if playing else [],
        "last_turn": draft and playing and any(is_full(p.grid) for p in state.players),
        "choices": choices(state),
        "forced": forced(state),
        "deck": [c for c in CARDS if c not in out_of_deck] if draft and state.phase != Phase.OVER else None,
        "waiting_grids": [p.name for p in state.players if not p.entered] if state.phase == Phase.GRIDS else [],
    }


def player_view(state: GameState, name: str) -> dict[str, Any] | None:
    """What one player's own screen shows: their grid, their score so far, and their pick when it is theirs.
    Pixies hides nothing (every card taken was revealed to all), so this is a cut of :func:`view`."""
    i = state.index(name)
    if i is None or state.phase == Phase.NO_GAME:
        return None
    mine = state.current == i
    return {
        "game": GAME,
        "player": name,
        "round": state.round,
        "my_pick": mine,
        "revealed": list(state.revealed),
        "choices": choices(state) if mine else {},
        **{k: v for k, v in _player(state, state.players[i]).items() if k != "name"},
        "over": state.phase == Phase.OVER,
    }
