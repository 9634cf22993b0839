"""``apply(state, event) -> state``: how each event changes a Knightmare game. Pure and total.

Every helmet that moves is taken from one place and put in another (the castle, a knight, a bridge):
the 40 are conserved by construction.
"""

from __future__ import annotations

from companion.engine.core import Event, evolve
from companion.engine.pure import EventHandlers
from companion.games.knightmare import events as ev
from companion.games.knightmare.model import (
    START_HELMETS,
    START_PHASE,
    Fight,
    GameState,
    HouseRules,
    Phase,
    Player,
    Question,
)

_HANDLERS: EventHandlers[GameState] = EventHandlers()
_on = _HANDLERS.on


def apply(state: GameState, event: Event) -> GameState:
    """The state after ``event``; events that only inform leave it as it is."""
    return _HANDLERS.apply(state, event)


def _idx(state: GameState, name: str) -> int:
    i = state.index(name)
    if i is None:  # only a corrupt log gets here: decide() never names an unknown player
        raise ValueError(f"event names unknown player {name!r}")
    return i


def _p(state: GameState, name: str) -> Player:
    return state.players[_idx(state, name)]


def _update(state: GameState, name: str, **changes) -> GameState:
    i = _idx(state, name)
    return state.with_player(i, evolve(state.players[i], **changes))


def _to_castle(state: GameState, name: str, helmets: int) -> GameState:
    """``helmets`` from the knight's hand back to the castle."""
    p = _p(state, name)
    return evolve(_update(state, name, helmets=p.helmets - helmets), castle=state.castle + helmets)


@_on(ev.GameStarted)
def _(s: GameState, e: ev.GameStarted) -> GameState:
    players = tuple(Player(name=n, helmets=START_HELMETS, object=e.objects.get(n)) for n in e.players)
    return GameState(
        players=players,
        seed=e.seed,
        house_rules=HouseRules.from_json(e.house_rules),
        bridge_length=e.bridge,
        language=e.language,
        phase=Phase.TURN,
        castle=s.castle - START_HELMETS * len(players),
    )


@_on(ev.FirstRolls)
def _(s: GameState, e: ev.FirstRolls) -> GameState:
    return evolve(s, dice=s.dice + len(e.rolls))


@_on(ev.FirstPlayer)
def _(s: GameState, e: ev.FirstPlayer) -> GameState:
    return evolve(s, first=_idx(s, e.player))


@_on(ev.TurnStarted)
def _(s: GameState, e: ev.TurnStarted) -> GameState:
    i = _idx(s, e.player)
    phase = START_PHASE[s.players[i].place]
    return evolve(s, current=i, phase=phase, placed=0, answered=0, question=None)


@_on(ev.TurnEnded)
def _(s: GameState, e: ev.TurnEnded) -> GameState:
    return evolve(s, turns=s.turns + 1, placed=0, answered=0, question=None)


@_on(ev.DieRolled)
def _(s: GameState, e: ev.DieRolled) -> GameState:
    return evolve(s, dice=s.dice + 1)


@_on(ev.Moved)
def _(s: GameState, e: ev.Moved) -> GameState:
    # 'The Helmet is then replaced in the right compartment' (of the castle).
    return evolve(_to_castle(s, e.player, e.helmets), phase=Phase.CARD)


@_on(ev.CardDrawn)
def _(s: GameState, e: ev.CardDrawn) -> GameState:
    return evolve(s, phase=Phase.FIGHT) if e.kind == "challenge" else s


@_on(ev.Fought)
def _(s: GameState, e: ev.Fought) -> GameState:
    fight = Fight(e.player, e.roller, e.shield, e.helmets, e.roll, e.opponent_roll, e.strength,
                  e.opponent_strength, e.outcome)
    s = _to_castle(s, e.player, e.spent)
    return evolve(s, fight=fight, phase=Phase.REWARD if e.outcome == "won" else s.phase)


@_on(ev.HelmetWon)
def _(s: GameState, e: ev.HelmetWon) -> GameState:
    return evolve(_update(s, e.player, helmets=_p(s, e.player).helmets + 1), castle=s.castle - 1)


@_on(ev.ObjectTaken)
def _(s: GameState, e: ev.ObjectTaken) -> GameState:
    return _update(s, e.player, object=e.object)


@_on(ev.SpellReceived)
def _(s: GameState, e: ev.SpellReceived) -> GameState:
    return _update(s, e.player, spells=_p(s, e.player).spells + 1)


@_on(ev.SpellCast)
def _(s: GameState, e: ev.SpellCast) -> GameState:
    return _update(s, e.player, spells=_p(s, e.player).spells - 1)


@_on(ev.SentToDungeon)
def _(s: GameState, e: ev.SentToDungeon) -> GameState:
    return _update(s, e.player, place="dungeon", object=None)


@_on(ev.WentToDungeon)
def _(s: GameState, e: ev.WentToDungeon) -> GameState:
    return _update(s, e.player, place="dungeon")


@_on(ev.EscapeTried)
def _(s: GameState, e: ev.EscapeTried) -> GameState:
    s = _to_castle(s, e.player, e.helmets)
    return _update(s, e.player, place="labyrinth") if e.out else s


@_on(ev.Adjusted)
def _(s: GameState, e: ev.Adjusted) -> GameState:
    p = _p(s, e.player)
    changes = dict(e.changes)
    if "helmets" in changes:
        s = evolve(s, castle=s.castle - (changes["helmets"] - p.helmets))
    s = _update(s, e.player, **{k: v for k, v in changes.items() if k in ("helmets", "object", "place")})
    moved = changes.get("place", p.place) != p.place
    if moved and s.current == _idx(s, e.player) and s.phase != Phase.OVER:
        # The current knight's turn goes on from where the table put them (a spell cast on them).
        s = evolve(s, phase=START_PHASE[changes["place"]], question=None, placed=0, answered=0)
    return s


@_on(ev.BridgeCleared)
def _(s: GameState, e: ev.BridgeCleared) -> GameState:
    return evolve(_update(s, e.player, bridge=_p(s, e.player).bridge - e.helmets), castle=s.castle + e.helmets)


@_on(ev.ChamberEntered)
def _(s: GameState, e: ev.ChamberEntered) -> GameState:
    return evolve(_update(s, e.player, place="chamber", part=e.part), phase=Phase.QUESTION)


@_on(ev.QuestionAsked)
def _(s: GameState, e: ev.QuestionAsked) -> GameState:
    q = Question(e.id, e.part, e.text, e.answer, tuple(e.accept))
    return evolve(s, question=q, questions=s.questions + (e.id,))


@_on(ev.Answered)
def _(s: GameState, e: ev.Answered) -> GameState:
    return evolve(s, question=None, answered=s.answered + 1)


@_on(ev.HelmetPlaced)
def _(s: GameState, e: ev.HelmetPlaced) -> GameState:
    p = _p(s, e.player)
    s = _update(s, e.player, helmets=p.helmets - 1, bridge=p.bridge + 1)
    return evolve(s, placed=s.placed + 1, phase=Phase.CONTINUE)


@_on(ev.BridgeFell)
def _(s: GameState, e: ev.BridgeFell) -> GameState:
    p = _p(s, e.player)
    return evolve(_update(s, e.player, bridge=p.bridge - e.helmets), castle=s.castle + e.helmets, placed=0)


@_on(ev.ChallengeAbandoned)
def _(s: GameState, e: ev.ChallengeAbandoned) -> GameState:
    s = evolve(s, castle=s.castle + e.helmets + e.bridge, question=None, phase=Phase.CARD, placed=0)
    return _update(s, e.player, helmets=0, object=None, bridge=0, place="labyrinth")


@_on(ev.ThroneReached)
def _(s: GameState, e: ev.ThroneReached) -> GameState:
    return _update(s, e.player, place="throne")


@_on(ev.GameOver)
def _(s: GameState, e: ev.GameOver) -> GameState:
    return evolve(s, phase=Phase.OVER, current=None, question=None, winners=tuple(e.winners))
