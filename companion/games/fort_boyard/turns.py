"""A Fort Boyard command's events as they are decided: :class:`Turn` applies each as it goes, so that
later decisions (did someone just win their 3rd key?) see the state those events made. And what any
command may set off after them: the next turn, a round's end and the next round's start, Round 3's next
proposer and the Treasure room's next drawer, the game's end; and what a player wins, from the stock or
from an opponent."""

from __future__ import annotations

from typing import Any, Mapping

from companion.engine.pure import EventCollector
from companion.games.fort_boyard import codewords
from companion.games.fort_boyard import events as ev
from companion.games.fort_boyard.apply import apply
from companion.games.fort_boyard.model import CLUES_TO_END_ROUND_2, KEYS_TO_END_ROUND_1, GameState, Phase, Status


class Turn(EventCollector[GameState]):
    play = staticmethod(apply)

    def __init__(self, state: GameState, cmd: Mapping[str, Any] | None = None) -> None:
        super().__init__(state)
        self.cmd: Mapping[str, Any] = cmd or {}
        self.dealt = False

    def name(self, i: int) -> str:
        return self.state.players[i].name


# --- turns and rounds -------------------------------------------------------------------------------


def next_turn(t: Turn, start: int) -> None:
    """Give the turn to the first player clockwise from ``start`` who is not serving a Prison turn."""
    i = start
    while t.state.players[i].status == Status.PRISON:
        t.emit(ev.TurnSkipped(t.name(i)))  # serving the sentence frees them for the turn after
        i = t.state.left_of(i)
    t.emit(ev.TurnStarted(t.name(i)))


def end_turn(t: Turn) -> None:
    i = t.state.current
    t.emit(ev.TurnEnded(t.name(i)))
    next_turn(t, t.state.left_of(i))


def finish(t: Turn, gainer: int | None) -> None:
    """End the turn, or the round when ``gainer`` just reached 3 keys (Round 1) / 4 clues (Round 2)."""
    s = t.state
    if gainer is not None:
        p = s.players[gainer]
        if s.round == 1 and p.keys >= KEYS_TO_END_ROUND_1:
            return end_round(t, gainer, "third_key")
        if s.round == 2 and p.clues >= CLUES_TO_END_ROUND_2:
            return end_round(t, gainer, "fourth_clue")
    end_turn(t)


def end_round(t: Turn, winner: int, reason: str) -> None:
    rnd = t.state.round
    t.emit(ev.RoundEnded(rnd, t.name(winner), reason))
    if rnd == 1:
        first = t.state.left_of(winner)
        t.emit(ev.RoundStarted(2, t.name(first)))
        open_round_2(t, first)
    else:
        t.emit(ev.RoundStarted(3, t.name(winner)))
        for i in t.state.clockwise_from(winner):
            if t.state.players[i].keys == 0:
                t.emit(ev.PlayerOut(t.name(i)))
        next_proposer(t, winner)


def open_round_2(t: Turn, first: int) -> None:
    """The first Clue for everyone, then the first turn; with companion code words, the words are dealt
    first, from the command's ``deal`` field (else the game waits in Phase.DEAL for a ``deal`` command)."""
    if t.state.phase == Phase.DEAL:
        raw = t.cmd.get("deal")
        if raw is None:
            return
        for e in codewords.dealt_events(t.state, raw):
            t.emit(e)
        t.dealt = True
    for i in t.state.clockwise_from(first):
        t.emit(ev.ClueWon(t.name(i), "first_clue"))
    next_turn(t, first)


def next_proposer(t: Turn, start: int) -> None:
    for i in t.state.clockwise_from(start):
        if t.state.players[i].status == Status.WAITING:
            t.emit(ev.ProposalTurn(t.name(i)))
            return
    next_drawer(t)


def next_drawer(t: Turn) -> None:
    s = t.state
    for i in s.clockwise_from(s.round_winner):
        p = s.players[i]
        if p.status == Status.TREASURE and not p.handfuls:
            t.emit(ev.DrawTurn(p.name, p.keys))
            return
    game_over(t)


def game_over(t: Turn) -> None:
    s = t.state
    in_treasure = [p for p in s.players if p.status == Status.TREASURE]
    best = max((p.boyards for p in in_treasure), default=None)
    winners = tuple(p.name for p in in_treasure if p.boyards == best)
    t.emit(ev.GameOver(winners, {p.name: p.boyards for p in s.players}))


# --- winnings --------------------------------------------------------------------------------------


def win_from_stock(t: Turn, i: int, stake: str, reason: str) -> int:
    if stake == "clue":
        t.emit(ev.ClueWon(t.name(i), reason))
    elif t.state.stock_keys > 0:
        t.emit(ev.KeyWon(t.name(i), "stock", reason))
    else:
        t.emit(ev.KeyUnavailable(t.name(i), reason))
    return i


def win_from(t: Turn, winner: int, loser: int, stake: str, reason: str) -> int:
    """'Take one of their Keys ... If the player you challenged had no Keys, take one from the stock.'"""
    if stake == "key" and t.state.players[loser].keys > 0:
        t.emit(ev.KeyWon(t.name(winner), t.name(loser), reason))
        return winner
    return win_from_stock(t, winner, stake, reason)

