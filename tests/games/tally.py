"""Tally: a test-only game, the smallest a rules module can be. Each player in turn scores 0 to 6 points
(a die); after ``rounds`` rounds the highest total wins. Pure: no I/O, no clock; its events in their own
:class:`EventTable` (its ``game_over`` is not Fort Boyard's)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Mapping

from companion.engine.core import Decision, Event, EventTable, Refusal, evolve

GAME = "tally"
EVENTS = EventTable()


@EVENTS.register
@dataclass(frozen=True)
class Started(Event):
    type = "game_started"
    players: tuple[str, ...]
    rounds: int
    seed: int


@EVENTS.register
@dataclass(frozen=True)
class Scored(Event):
    type = "scored"
    player: str
    points: int


@EVENTS.register
@dataclass(frozen=True)
class Over(Event):
    type = "game_over"
    winners: tuple[str, ...]
    scores: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class State:
    players: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    rounds: int = 0
    turn: int = 0  # turns played
    winners: tuple[str, ...] = ()
    over: bool = False


class TallyRules:
    name = GAME
    event_from_json = staticmethod(EVENTS.from_json)

    def initial(self) -> State:
        return State()

    def example_new(self, seed: int) -> dict[str, Any]:
        return {"cmd": "new", "game": GAME, "players": ["Ann", "Bob"], "rounds": 2, "seed": seed}

    def start(self, command: Mapping[str, Any]) -> Decision:
        players = command.get("players")
        if not isinstance(players, list) or not 1 <= len(players) <= 4 or not all(isinstance(p, str) and p for p in players):
            raise Refusal("bad_field", "new: players must be 1 to 4 names.")
        rounds = command.get("rounds", 2)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 5:
            raise Refusal("bad_field", "new: rounds must be 1 to 5.")
        recorded = {"cmd": "new", "game": GAME, "players": list(players), "rounds": rounds, "seed": command["seed"]}
        return Decision(recorded, [Started(tuple(players), rounds, command["seed"])])

    def decide(self, state: State, command: Mapping[str, Any]) -> Decision:
        if state.over:
            raise Refusal("game_over", f"{command['cmd']}: the game is over.")
        if command["cmd"] != "score":
            raise Refusal("unknown_command", f"Unknown command {command['cmd']!r}; expected score.")
        points = command.get("points")
        if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= 6:
            raise Refusal("bad_field", "score: points must be 0 to 6.")
        me = state.players[state.turn % len(state.players)]
        events: list[Event] = [Scored(me, points)]
        if state.turn + 1 == state.rounds * len(state.players):
            totals = dict(zip(state.players, state.scores))
            totals[me] += points
            best = max(totals.values())
            events.append(Over(tuple(p for p in state.players if totals[p] == best), totals))
        return Decision({"cmd": "score", "points": points}, events)

    def apply(self, state: State, event: Event) -> State:
        if isinstance(event, Started):
            return State(event.players, tuple(0 for _ in event.players), event.rounds)
        if isinstance(event, Scored):
            i = state.players.index(event.player)
            scores = tuple(s + event.points * (j == i) for j, s in enumerate(state.scores))
            return evolve(state, scores=scores, turn=state.turn + 1)
        if isinstance(event, Over):
            return evolve(state, winners=event.winners, over=True)
        raise ValueError(f"tally: unexpected event {event.type!r}")

    def view(self, state: State) -> dict[str, Any]:
        current = None if state.over or not state.players else state.players[state.turn % len(state.players)]
        return {"game": GAME, "phase": "over" if state.over else "score", "current": current,
                "expects": [] if state.over else ["score"], "winners": list(state.winners),
                "players": [{"name": p, "score": s} for p, s in zip(state.players, state.scores)]}

    def summary(self, state: State) -> dict[str, Any]:
        return {"winners": list(state.winners), "scores": dict(zip(state.players, state.scores)),
                "rounds": state.rounds}

    def is_over(self, state: State) -> bool:
        return state.over

    def describe(self, state: State) -> str:
        return f"{self.view(state)['current']}'s points (score)"

    def autoplay(self, view: Mapping[str, Any], rng: random.Random) -> dict[str, Any] | None:
        return None if view["phase"] == "over" else {"cmd": "score", "points": rng.randint(0, 6)}


RULES = TallyRules()
