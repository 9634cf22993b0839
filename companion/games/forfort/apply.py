"""``apply(state, event) -> state`` for Forfort: pure, and the only place the state changes."""

from __future__ import annotations

from companion.engine.core import Event, evolve
from companion.games.forfort import events as ev
from companion.games.forfort.model import Card, GameState, Phase, Player, Settings


def _seat(state: GameState, name: str) -> int:
    return next(i for i, p in enumerate(state.players) if p.name == name)


def _started(state: GameState, e: ev.Started) -> GameState:
    s = Settings(**e.settings)
    players = []
    for i, n in enumerate(e.players):
        team = (1 if i % 2 == 0 else 2) if s.teams else None
        players.append(Player(n, armies_left=s.armies, camps_left=s.camps, team=team))
    first = e.players.index(e.first)
    return GameState(players=tuple(players), settings=s, seed=e.seed, phase=Phase.SETUP, first=first,
                     current=first)


def _camp(state: GameState, e: ev.CampPlaced) -> GameState:
    i, f = _seat(state, e.player), _seat(state, e.fort)
    state = state.with_player(i, evolve(state.players[i], camps_left=state.players[i].camps_left - 1))
    fort = state.players[f]
    state = state.with_player(f, fort.with_stack(e.space, fort.stack(e.space) + (Card("camp"),)))
    if e.setup:  # the starting camps go round the table from the first player, then the first turn
        nxt = (state.current + 1) % len(state.players)
        state = evolve(state, current=nxt)
    return state


def _played(state: GameState, e: ev.CardPlayed) -> GameState:
    i = _seat(state, e.player)
    p = state.players[i]
    p = evolve(p, hand=p.hand - 1, discard=p.discard + (1 if e.to == "discard" else 0))
    return evolve(state.with_player(i, p), acted=True)


def _covered_token(p: Player, space: str) -> Player:
    """'If the wall containing the drawbridge is destroyed or covered by another wall, retrieve the token.'"""
    return evolve(p, drawbridge=None) if p.drawbridge == space else p


def _built(state: GameState, e: ev.WallBuilt) -> GameState:
    i = _seat(state, e.player)
    p = _covered_token(state.players[i], e.space)
    if e.source == "discard":
        p = evolve(p, discard=p.discard - 1)
    elif e.source == "dungeon":
        p = evolve(p, dungeon=p.dungeon - 1)
    # e.source == "hand": the card left the hand in the CardPlayed event before this one
    wall = Card("wall", protected=e.protected, drawbridge=e.drawbridge)
    p = p.with_stack(e.space, p.stack(e.space) + (wall,))
    return state.with_player(i, p)


def _destroyed(state: GameState, e: ev.SpaceDestroyed) -> GameState:
    f = _seat(state, e.fort)
    owner = state.players[f]
    stack = owner.stack(e.space)
    walls = sum(1 for c in stack if c.kind == "wall")
    owner = _covered_token(owner, e.space)
    owner = evolve(owner.with_stack(e.space, ()), discard=owner.discard + walls)
    state = state.with_player(f, owner)
    for c in stack:  # an army standing there is flipped (its own ArmyDefeated event says so too)
        if c.kind == "army":
            a = state.players[c.owner]
            state = state.with_player(c.owner, evolve(a, armies_defeated=a.armies_defeated + 1))
    return state


def _sieged(state: GameState, e: ev.DungeonSieged) -> GameState:
    f = _seat(state, e.fort)
    p = state.players[f]
    return state.with_player(f, evolve(p, dungeon=p.dungeon - 1, discard=p.discard + 1))


def _army_placed(state: GameState, e: ev.ArmyPlaced) -> GameState:
    o, f = _seat(state, e.owner), _seat(state, e.fort)
    state = state.with_player(o, evolve(state.players[o], armies_left=state.players[o].armies_left - 1))
    fort = state.players[f]
    return state.with_player(f, fort.with_stack(e.space, (Card("army", owner=o, direction=e.direction),)))


def _army_defeated(state: GameState, e: ev.ArmyDefeated) -> GameState:
    o, f = _seat(state, e.owner), _seat(state, e.fort)
    if e.cause == "destroyed":  # counted by the SpaceDestroyed event that took the space
        return state
    fort = state.players[f]
    state = state.with_player(f, fort.with_stack(e.space, ()))
    a = state.players[o]
    return state.with_player(o, evolve(a, armies_defeated=a.armies_defeated + 1))


def _marched(state: GameState, e: ev.ArmyMarched) -> GameState:
    o, f = _seat(state, e.owner), _seat(state, e.fort)
    fort = state.players[f]
    army = fort.top(e.space)
    fort = fort.with_stack(e.space, ())
    if e.to is None:  # 'If an army exits an opponent's fort, its owner retrieves it.'
        state = state.with_player(f, fort)
        a = state.players[o]
        return state.with_player(o, evolve(a, armies_left=a.armies_left + 1))
    # the space entered was emptied by a SpaceDestroyed event just before this one
    return state.with_player(f, fort.with_stack(e.to, (army,)))


def _discarded(state: GameState, e: ev.CardDiscarded) -> GameState:
    i = _seat(state, e.player)
    p = state.players[i]
    return evolve(state.with_player(i, evolve(p, hand=p.hand - 1, discard=p.discard + 1)), acted=True)


def _lowered(state: GameState, e: ev.DrawbridgeLowered) -> GameState:
    i = _seat(state, e.player)
    return evolve(state.with_player(i, evolve(state.players[i], drawbridge=e.space)), extra_turn=True)


def _drawn(state: GameState, e: ev.Drawn) -> GameState:
    i = _seat(state, e.player)
    p = state.players[i]
    return state.with_player(i, evolve(p, hand=p.hand + e.count, dungeon=p.dungeon - e.count))


def _turn(state: GameState, e: ev.TurnStarted) -> GameState:
    i = _seat(state, e.player)
    rnd = state.round + (1 if i == state.first and not e.extra else 0)
    return evolve(state, current=i, round=rnd, acted=False, extra_turn=False, combos=0, garrison_left=0,
                  phase=Phase.ACTION)


def _phase(state: GameState, e: ev.PhaseSet) -> GameState:
    return evolve(state, phase=e.phase, combos=e.combos, garrison_left=e.garrison_left)


def _over(state: GameState, e: ev.GameOver) -> GameState:
    winners = tuple(_seat(state, n) for n in e.winners)
    return evolve(state, phase=Phase.OVER, winners=winners, won_by=e.won_by, current=None)


_HANDLERS = {
    ev.Started: _started, ev.CampPlaced: _camp, ev.CardPlayed: _played, ev.WallBuilt: _built,
    ev.SpaceDestroyed: _destroyed, ev.DungeonSieged: _sieged, ev.ArmyPlaced: _army_placed,
    ev.ArmyDefeated: _army_defeated, ev.ArmyMarched: _marched, ev.CardDiscarded: _discarded,
    ev.DrawbridgeLowered: _lowered, ev.Drawn: _drawn, ev.TurnStarted: _turn, ev.PhaseSet: _phase,
    ev.GameOver: _over,
    ev.Ending: lambda state, e: evolve(state, ending=True),
}


def apply(state: GameState, event: Event) -> GameState:
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise ValueError(f"forfort: unknown event {event.type!r}")
    return handler(state, event)

