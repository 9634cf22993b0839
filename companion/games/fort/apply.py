"""``apply(state, event) -> state`` for Fort: pure, and the only place the state changes."""

from __future__ import annotations

from companion.engine.core import Event, evolve
from companion.games.fort import events as ev
from companion.games.fort.model import GameState, Player, Settings, Step


def _seat(state: GameState, name: str) -> int:
    return next(i for i, p in enumerate(state.players) if p.name == name)


def _started(state: GameState, e: ev.Started) -> GameState:
    start = e.players.index(e.start)
    return GameState(players=tuple(Player(n) for n in e.players), settings=Settings(**e.settings), seed=e.seed,
                     start=start, leader=start, step=Step.PLAY, park_deck=e.park_deck)


def _played(state: GameState, e: ev.Played) -> GameState:
    n = len(state.players)
    if e.suit is None:  # no card: nothing to follow
        return evolve(state, suit=None, declared=None, resource=None, step=Step.RECRUIT, follower=None)
    return evolve(state, suit=e.suit, declared=e.declared, resource=e.resource, step=Step.FOLLOW,
                  follower=(state.leader + 1) % n, follows=())


def _followed(state: GameState, e: ev.Followed) -> GameState:
    i = _seat(state, e.player)
    nxt = (i + 1) % len(state.players)
    follows = state.follows + ((i, e.follows),)
    if nxt == state.leader:
        return evolve(state, follows=follows, follower=None, step=Step.RECRUIT)
    return evolve(state, follows=follows, follower=nxt)


def _recruited(state: GameState, e: ev.Recruited) -> GameState:
    return evolve(state, step=Step.END, park_deck=state.park_deck - (1 if e.from_park_deck else 0))


def _points(state: GameState, e: ev.PointsScored) -> GameState:
    i = _seat(state, e.player)
    return state.with_player(i, points=state.players[i].points + e.points)


def _level(state: GameState, e: ev.LevelReached) -> GameState:
    i = _seat(state, e.player)
    p = state.players[i]
    return state.with_player(i, level=e.level, reached=max(p.reached, e.level))


def _ask(state: GameState, e: ev.Ask) -> GameState:
    return evolve(state, asks=state.asks + ((_seat(state, e.player), e.take),))


def _taken(state: GameState, player: str, take: str, field: str, value: str) -> GameState:
    i = _seat(state, player)
    asks = list(state.asks)
    if (i, take) in asks:
        asks.remove((i, take))
    state = state.with_player(i, **{field: getattr(state.players[i], field) + (value,)})
    return evolve(state, asks=tuple(asks))


_CLEARED = {"suit": None, "declared": None, "resource": None, "follows": (), "follower": None}  # the turn's card


def _turn_ended(state: GameState, e: ev.TurnEnded) -> GameState:
    i = _seat(state, e.leader)
    state = state.with_player(i, turns=state.players[i].turns + 1)
    if e.next is None:
        return evolve(state, leader=None, step=Step.FINAL, **_CLEARED)
    return evolve(state, leader=_seat(state, e.next), step=Step.PLAY, **_CLEARED)


def _final(state: GameState, e: ev.FinalScored) -> GameState:
    return state.with_player(_seat(state, e.player), counts=dict(e.counts), final=dict(e.points))


def _over(state: GameState, e: ev.GameOver) -> GameState:
    for name, pts in e.finals.items():
        state = state.with_player(_seat(state, name), final=dict(pts))
    return evolve(state, step=Step.OVER, winners=tuple(_seat(state, n) for n in e.winners))


_HANDLERS = {
    ev.Started: _started, ev.Played: _played, ev.Followed: _followed, ev.Recruited: _recruited,
    ev.PointsScored: _points, ev.LevelReached: _level, ev.Ask: _ask,
    ev.Macaroni: lambda s, e: s.with_player(_seat(s, e.player), macaroni=True),
    ev.RuleTaken: lambda s, e: _taken(s, e.player, "rule", "rules", e.rule),
    ev.PerkTaken: lambda s, e: _taken(s, e.player, "perk", "perks", e.perk),
    ev.BestFriends: lambda s, e: s.with_player(_seat(s, e.player), best_friends=e.count),
    ev.LastRound: lambda s, e: evolve(s, last_round=True, trigger=e.trigger, trigger_by=e.player),
    ev.TurnEnded: _turn_ended, ev.FinalScored: _final, ev.GameOver: _over,
}


def apply(state: GameState, event: Event) -> GameState:
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise ValueError(f"fort: unknown event {event.type!r}")
    return handler(state, event)
