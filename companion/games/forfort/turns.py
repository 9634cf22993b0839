"""The start and the end of a Forfort turn, and what any command may set off: the armies' march, a
space destroyed, a dungeon running out, the end of the game."""

from __future__ import annotations

from companion.engine.pure import EventCollector
from companion.games.forfort import events as ev
from companion.games.forfort.apply import apply
from companion.games.forfort.model import SPACES, GameState, Phase, next_space
from companion.games.forfort.score import scores, winners_by_score


class Turn(EventCollector[GameState]):
    play = staticmethod(apply)

    def name(self, i: int | None) -> str:
        return self.state.players[i].name

    def destroy(self, fort: int, space: str, by: int, cause: str) -> None:
        """'Destroy all cards in one space': an army standing there is defeated with it."""
        top = self.state.players[fort].top(space)
        self.emit(ev.SpaceDestroyed(self.name(fort), space, self.name(by), cause))
        if top is not None and top.kind == "army":
            self.emit(ev.ArmyDefeated(self.name(top.owner), self.name(fort), space, "destroyed"))

    def check_ending(self) -> None:
        """'If any player's dungeon runs out of cards, the end of the game is triggered.'"""
        if self.state.ending or self.state.phase == Phase.OVER:
            return
        empty = next((p for p in self.state.players if p.dungeon == 0), None)
        if empty is not None:
            self.emit(ev.Ending(empty.name))

    def game_over(self, winners: tuple[int, ...], won_by: str) -> None:
        self.emit(ev.GameOver(tuple(self.name(i) for i in winners), scores(self.state), won_by))


def armies_of(state: GameState, owner: int) -> list[tuple[int, str]]:
    """(fort, space) of every active army of ``owner``, in seating order then the fort's reading order:
    the order they march in when each army advances."""
    return [(j, s) for j, p in enumerate(state.players) if j != owner
            for s in SPACES if (c := p.top(s)) is not None and c.kind == "army" and c.owner == owner]


def march_one(t: Turn, fort: int, space: str) -> str | None:
    """'Each army advances 1 space in a straight line, following its designated direction. An army destroys
    all cards in the space it enters. An army is automatically defeated when it enters a protected wall.
    If an army exits an opponent's fort, its owner retrieves it.'"""
    army = t.state.players[fort].top(space)
    owner = army.owner
    to = next_space(space, army.direction)
    if to is None:
        t.emit(ev.ArmyMarched(t.name(owner), t.name(fort), space, None))
        return None
    top = t.state.players[fort].top(to)
    if top is not None and top.kind == "wall" and top.protected:
        # the army falls where it stood; 'the wall it hit stands'
        t.emit(ev.ArmyDefeated(t.name(owner), t.name(fort), space, "protected_wall"))
        return None
    if top is not None:
        t.destroy(fort, to, owner, "army")
    t.emit(ev.ArmyMarched(t.name(owner), t.name(fort), space, to))
    return to


def begin_turn(t: Turn, player: int, extra: bool) -> None:
    """A turn starts: 'Advance each of your army cards by 1 space, if possible' (or one army, by the
    table's choice: docs/games/forfort.md), then the action."""
    t.emit(ev.TurnStarted(t.name(player), extra))
    armies = armies_of(t.state, player)
    if t.state.settings.march == "one" and len(armies) > 1:
        t.emit(ev.PhaseSet(Phase.MARCH))
        return
    arrived: set[tuple[int, str]] = set()  # where this turn's armies stand now: each advances once
    for fort, space in armies:
        c = t.state.players[fort].top(space)
        if (fort, space) in arrived or c is None or c.kind != "army" or c.owner != player:
            continue  # defeated by an earlier army's march, or an army that has already advanced
        to = march_one(t, fort, space)
        if to is not None:
            arrived.add((fort, to))


def end_turn(t: Turn) -> None:
    """'Draw 1 wall card from your dungeon', then the next player — the same one after the drawbridge —
    or, once a dungeon is empty and every player has had as many turns, the score."""
    s = t.state
    me = s.current
    if s.players[me].dungeon:
        t.emit(ev.Drawn(t.name(me), 1))
    t.check_ending()
    s = t.state
    if s.extra_turn:
        begin_turn(t, me, extra=True)
        return
    nxt = (me + 1) % len(s.players)
    if s.ending and nxt == s.first:
        # 'Continue playing until every player has taken the same number of turns': the round ends with
        # the player before the first; a drawbridge's extra turn belongs to the turn that earned it.
        t.game_over(winners_by_score(s), "score")
        return
    begin_turn(t, nxt, extra=False)
