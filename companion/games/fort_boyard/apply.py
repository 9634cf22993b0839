"""``apply(state, event) -> state``: how each event changes a Fort Boyard game. Pure and total."""

from __future__ import annotations

from companion.engine.core import Event, evolve
from companion.engine.pure import EventHandlers
from companion.games.fort_boyard import events as ev
from companion.games.fort_boyard.model import (
    TOKEN_KINDS,
    CodeWordCard,
    GameState,
    HouseRules,
    Phase,
    Player,
    Status,
)

_SPACE_PHASE = {
    "concentration": Phase.CHALLENGE,
    "force": Phase.CHALLENGE,
    "passe_partout": Phase.PASSE_PARTOUT,
}

_HANDLERS: EventHandlers[GameState] = EventHandlers()
_on = _HANDLERS.on


def apply(state: GameState, event: Event) -> GameState:
    """The state after ``event``; events that only inform (dice, results) leave it as it is."""
    return _HANDLERS.apply(state, event)


def _idx(state: GameState, name: str) -> int:
    i = state.index(name)
    if i is None:  # only a corrupt log gets here: decide() never names an unknown player
        raise ValueError(f"event names unknown player {name!r}")
    return i


def _update(state: GameState, name: str, **changes) -> GameState:
    i = _idx(state, name)
    return state.with_player(i, evolve(state.players[i], **changes))


@_on(ev.GameStarted)
def _(s: GameState, e: ev.GameStarted) -> GameState:
    return GameState(
        players=tuple(Player(name=n) for n in e.players),
        seed=e.seed,
        house_rules=HouseRules.from_json(e.house_rules),
        phase=Phase.LAND,
    )


@_on(ev.CodeWordsChosen)
def _(s: GameState, e: ev.CodeWordsChosen) -> GameState:
    players = tuple(evolve(p, level=e.levels.get(p.name, "easy")) for p in s.players)
    return evolve(s, code_words=e.source, language=e.language, players=players)


@_on(ev.LevelChosen)
def _(s: GameState, e: ev.LevelChosen) -> GameState:
    return _update(s, e.player, level=e.level)


@_on(ev.CodeWordDealt)
def _(s: GameState, e: ev.CodeWordDealt) -> GameState:
    card = CodeWordCard(e.id, e.word, e.level, tuple(e.clues), tuple(e.accept), tuple(e.reject))
    return _update(s, e.player, code_word=card, level=e.level)


@_on(ev.CodeWordTyped)
def _(s: GameState, e: ev.CodeWordTyped) -> GameState:
    return _update(s, e.player, last_typed=e.typed)


@_on(ev.FirstPlayerChosen)
def _(s: GameState, e: ev.FirstPlayerChosen) -> GameState:
    return evolve(s, first=_idx(s, e.player))


@_on(ev.RoundStarted)
def _(s: GameState, e: ev.RoundStarted) -> GameState:
    s = evolve(s, round=e.round, current=None, space=None, stake=None, opponent=None)
    if e.round == 2 and s.code_words == "companion":
        s = evolve(s, phase=Phase.DEAL)  # the words are dealt before the first clue (Phase.DEAL)
    if e.round == 3:
        s = evolve(s, players=tuple(evolve(p, status=Status.WAITING) for p in s.players))
    return s


@_on(ev.TurnStarted)
def _(s: GameState, e: ev.TurnStarted) -> GameState:
    i = _idx(s, e.player)
    phase = Phase.DIVE if s.players[i].status == Status.DIVING else Phase.LAND
    return evolve(
        s, current=i, phase=phase, space=None, via_passe_partout=False, stake=None, opponent=None, card=None
    )


@_on(ev.TurnSkipped)
def _(s: GameState, e: ev.TurnSkipped) -> GameState:
    return _update(s, e.player, status=Status.PLAYING)


@_on(ev.Landed)
def _(s: GameState, e: ev.Landed) -> GameState:
    if e.space == "duel":
        phase = Phase.DUEL_STAKE if s.round == 2 else Phase.DUEL_OPPONENT
    elif e.space == "enigme":
        phase = Phase.ENIGME_STAKE if s.round == 2 else Phase.ENIGME
    else:
        phase = _SPACE_PHASE.get(e.space, s.phase)
    stake = "key" if s.round == 1 and e.space in ("duel", "enigme") else None
    return evolve(s, space=e.space, via_passe_partout=e.via_passe_partout, phase=phase, stake=stake)


@_on(ev.StakeChosen)
def _(s: GameState, e: ev.StakeChosen) -> GameState:
    phase = Phase.DUEL_OPPONENT if s.space == "duel" else Phase.ENIGME
    return evolve(s, stake=e.stake, phase=phase)


@_on(ev.OpponentNamed)
def _(s: GameState, e: ev.OpponentNamed) -> GameState:
    return evolve(s, opponent=_idx(s, e.opponent), phase=Phase.DUEL_RESULT)


@_on(ev.CardDrawn)
def _(s: GameState, e: ev.CardDrawn) -> GameState:
    return evolve(s, card=(e.deck, e.card), cards_drawn=s.cards_drawn + ((e.deck, e.card),))


@_on(ev.KeyWon)
def _(s: GameState, e: ev.KeyWon) -> GameState:
    if e.source == "stock":
        s = evolve(s, stock_keys=s.stock_keys - 1)
    else:
        giver = s.players[_idx(s, e.source)]
        s = _update(s, e.source, keys=giver.keys - 1)
    winner = s.players[_idx(s, e.player)]
    return _update(s, e.player, keys=winner.keys + 1)


@_on(ev.ClueWon)
def _(s: GameState, e: ev.ClueWon) -> GameState:
    return _update(s, e.player, clues=s.players[_idx(s, e.player)].clues + 1)


@_on(ev.RiddleFailed)
def _(s: GameState, e: ev.RiddleFailed) -> GameState:
    return evolve(s, phase=Phase.SEA)


@_on(ev.Dived)
def _(s: GameState, e: ev.Dived) -> GameState:
    return _update(s, e.player, status=Status.DIVING, dive_stake=e.stake)


@_on(ev.DiveProgressed)
def _(s: GameState, e: ev.DiveProgressed) -> GameState:
    if not e.reached:
        return s
    return _update(s, e.player, status=Status.PLAYING, dive_stake=None)


@_on(ev.Imprisoned)
def _(s: GameState, e: ev.Imprisoned) -> GameState:
    return _update(s, e.player, status=Status.PRISON)


@_on(ev.TurnEnded)
def _(s: GameState, e: ev.TurnEnded) -> GameState:
    return evolve(
        s, space=None, via_passe_partout=False, stake=None, opponent=None, card=None, turns=s.turns + 1
    )


@_on(ev.RoundEnded)
def _(s: GameState, e: ev.RoundEnded) -> GameState:
    # 'Place each player's pawn back on the DÉPART space': divers lose what they swam for.
    def reset(p: Player) -> Player:
        keep_prison = p.status == Status.PRISON and s.house_rules.prison_carries_over
        return evolve(p, status=Status.PRISON if keep_prison else Status.PLAYING, dive_stake=None)

    return evolve(
        s,
        players=tuple(reset(p) for p in s.players),
        round_winner=_idx(s, e.player),
        current=None,
        space=None,
        via_passe_partout=False,
        stake=None,
        opponent=None,
        card=None,
    )


@_on(ev.PlayerOut)
def _(s: GameState, e: ev.PlayerOut) -> GameState:
    return _update(s, e.player, status=Status.OUT)


@_on(ev.ProposalTurn)
def _(s: GameState, e: ev.ProposalTurn) -> GameState:
    return evolve(s, current=_idx(s, e.player), phase=Phase.PROPOSE)


@_on(ev.KeyPaid)
def _(s: GameState, e: ev.KeyPaid) -> GameState:
    p = s.players[_idx(s, e.player)]
    return evolve(_update(s, e.player, keys=p.keys - 1), stock_keys=s.stock_keys + 1)


@_on(ev.CodeWordProposed)
def _(s: GameState, e: ev.CodeWordProposed) -> GameState:
    return _update(s, e.player, proposals=s.players[_idx(s, e.player)].proposals + 1, last_verdict=e.correct)


@_on(ev.MayProposeAgain)
def _(s: GameState, e: ev.MayProposeAgain) -> GameState:
    return evolve(s, phase=Phase.PROPOSE_AGAIN)


@_on(ev.Eliminated)
def _(s: GameState, e: ev.Eliminated) -> GameState:
    return _update(s, e.player, status=Status.ELIMINATED)


@_on(ev.CodeWordFound)
def _(s: GameState, e: ev.CodeWordFound) -> GameState:
    return _update(s, e.player, status=Status.TREASURE)


@_on(ev.DrawTurn)
def _(s: GameState, e: ev.DrawTurn) -> GameState:
    s = _update(s, e.player, draws_left=e.draws)
    return evolve(s, current=_idx(s, e.player), phase=Phase.DRAW)


@_on(ev.HandfulDrawn)
def _(s: GameState, e: ev.HandfulDrawn) -> GameState:
    p = s.players[_idx(s, e.player)]
    handful = tuple(int(e.tokens.get(k, 0)) for k in TOKEN_KINDS)
    return _update(
        s,
        e.player,
        boyards=p.boyards + e.value,
        draws_left=p.draws_left - 1,
        handfuls=p.handfuls + (handful,),
    )


@_on(ev.GameOver)
def _(s: GameState, e: ev.GameOver) -> GameState:
    return evolve(s, phase=Phase.OVER, current=None, winners=tuple(e.winners))
