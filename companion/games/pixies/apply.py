"""``apply(state, event) -> state``: how each Pixies event changes the game. Pure; replay is resume."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, Callable

from companion.engine.core import Event, evolve
from companion.games.pixies import events as ev
from companion.games.pixies.model import (
    EMPTY_GRID,
    HIDDEN,
    GameState,
    HouseRules,
    Phase,
    Player,
    RoundEntry,
    Score,
    Space,
)

_SCORE_FIELDS = tuple(f.name for f in fields(Score))


def space_of(item: Any) -> Space:
    """A space from its item (null, "down", {"up": ID} or {"up": ID, "validated": true}), already checked."""
    if item is None:
        return Space()
    if item == "down":
        return Space(down=HIDDEN)
    return Space(up=item["up"], down=HIDDEN if item.get("validated") else None)


def _started(s: GameState, e: ev.GameStarted) -> GameState:
    return GameState(players=tuple(Player(n) for n in e.players), seed=e.seed, mode=e.mode,
                     house_rules=HouseRules.from_json(e.house_rules))


def _first(s: GameState, e: ev.FirstPlayerChosen) -> GameState:
    i = s.index(e.player)
    return evolve(s, first=i, starter=i)


def _round(s: GameState, e: ev.RoundStarted) -> GameState:
    players = tuple(evolve(p, grid=EMPTY_GRID, entered=False, discarded=()) for p in s.players)
    return evolve(s, players=players, round=e.round, first=s.index(e.first), revealed=(), order=(), picks=0,
                  turn=0, phase=Phase.GRIDS if s.mode == "pad" else Phase.REVEAL)


def _turn(s: GameState, e: ev.TurnStarted) -> GameState:
    return evolve(s, first=s.index(e.player), order=tuple(s.index(n) for n in e.order), picks=0, revealed=(),
                  turn=s.turn + 1, phase=Phase.REVEAL)


def _revealed(s: GameState, e: ev.CardsRevealed) -> GameState:
    return evolve(s, revealed=tuple(e.cards), phase=Phase.PICK)


def _placed(s: GameState, e: ev.CardPlaced) -> GameState:
    i = s.index(e.player)
    p = s.players[i]
    revealed = tuple(c for c in s.revealed if c != e.card)
    s = evolve(s, revealed=revealed, picks=s.picks + 1)
    if e.face == "discarded":
        return s.with_player(i, evolve(p, discarded=(*p.discarded, e.card)))
    grid = list(p.grid)
    old = grid[e.space - 1]
    if e.face == "down":
        new = Space(down=e.card)
    elif old.up is not None:  # two face-up cards stacked back to back: one stays up
        new = Space(up=e.card, down=old.up) if e.keep == "new" else Space(up=old.up, down=e.card)
    else:
        new = Space(up=e.card, down=old.down)
    grid[e.space - 1] = new
    return s.with_player(i, evolve(p, grid=tuple(grid)))


def _entered(s: GameState, e: ev.GridEntered) -> GameState:
    i = s.index(e.player)
    grid = tuple(space_of(item) for item in e.spaces)
    return s.with_player(i, evolve(s.players[i], grid=grid, entered=True))


def _scored(s: GameState, e: ev.PlayerScored) -> GameState:
    i = s.index(e.player)
    data = {k: e.score[k] for k in _SCORE_FIELDS if k in e.score}
    data["zone_spaces"] = tuple(data.get("zone_spaces", ()))
    entry = RoundEntry(e.round, tuple(e.grid), Score(**data))
    p = s.players[i]
    return s.with_player(i, evolve(p, rounds=(*p.rounds, entry)))


def _over(s: GameState, e: ev.GameOver) -> GameState:
    return evolve(s, phase=Phase.OVER, winners=tuple(e.winners), order=(), picks=0, revealed=())


def _same(s: GameState, e: Event) -> GameState:
    return s  # recorded for the history and the screens; the state moves with the next event


_APPLY: dict[type, Callable[[GameState, Any], GameState]] = {
    ev.GameStarted: _started,
    ev.FirstPlayerChosen: _first,
    ev.RoundStarted: _round,
    ev.TurnStarted: _turn,
    ev.CardsRevealed: _revealed,
    ev.CardPlaced: _placed,
    ev.GridFilled: _same,
    ev.TurnEnded: _same,
    ev.GridEntered: _entered,
    ev.PlayerScored: _scored,
    ev.RoundEnded: _same,
    ev.GameOver: _over,
}


def apply(state: GameState, event: Event) -> GameState:
    try:
        handler = _APPLY[type(event)]
    except KeyError:
        raise ValueError(f"not a Pixies event: {event.type!r}") from None
    return handler(state, event)
