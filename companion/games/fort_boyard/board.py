"""The commands of Rounds 1 and 2, on the Fort's board: the space a pawn landed on, the stake said aloud,
the Duel's opponent and winner, a challenge's or a riddle's outcome, the companion's card for the turn,
the sea after a failed riddle and the dive. Each checks its command against the state, then emits its
events into the :class:`~companion.games.fort_boyard.turns.Turn`."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.engine.core import Refusal
from companion.games.fort_boyard import events as ev
from companion.games.fort_boyard import fields
from companion.games.fort_boyard.model import DECKS, SPACES, STAKES, Phase
from companion.games.fort_boyard.turns import Turn, end_turn, finish, win_from, win_from_stock


def _land(t: Turn, cmd: Mapping[str, Any]) -> None:
    space = fields.choice(cmd, "space", SPACES)
    s = t.state
    via = s.phase == Phase.PASSE_PARTOUT
    if via and space == "passe_partout":
        raise Refusal(
            "bad_field",
            "land: with the Passe-partout the pawn moves to another space: "
            + ", ".join(x for x in SPACES if x != "passe_partout")
            + ".",
        )
    player = t.name(s.current)
    t.emit(ev.Landed(player, space, via))
    if space == "door":
        end_turn(t)
    elif space == "prison":
        t.emit(ev.Imprisoned(player))
        end_turn(t)


def _stake(t: Turn, cmd: Mapping[str, Any]) -> None:
    t.emit(ev.StakeChosen(t.name(t.state.current), fields.choice(cmd, "stake", STAKES)))


def _opponent(t: Turn, cmd: Mapping[str, Any]) -> None:
    s = t.state
    i = fields.player(s, cmd)
    if i == s.current:
        raise Refusal("bad_field", f"opponent: {s.players[i].name} cannot duel themselves; name another player.")
    t.emit(ev.OpponentNamed(t.name(s.current), t.name(i)))


def _result(t: Turn, cmd: Mapping[str, Any]) -> None:
    s = t.state
    me = s.current
    if s.phase == Phase.DUEL_RESULT:
        return _duel_result(t, cmd)
    success = fields.boolean(cmd, "success")
    t.emit(ev.ChallengeResult(t.name(me), s.space, success))
    stake = s.stake or ("key" if s.round == 1 else "clue")  # Concentration/Force: Key, then Clue in Round 2
    if success:
        return finish(t, win_from_stock(t, me, stake, s.space))
    if s.phase == Phase.ENIGME:
        t.emit(ev.RiddleFailed(t.name(me), stake))  # 'Père Fouras throws the Key into the sea'
        return
    end_turn(t)


def _duel_result(t: Turn, cmd: Mapping[str, Any]) -> None:
    s = t.state
    me, them = s.current, s.opponent
    w = fields.player(s, cmd, "winner")
    if w not in (me, them):
        raise Refusal(
            "bad_field",
            f"result: the winner must be {s.players[me].name} or {s.players[them].name}, "
            f"not {s.players[w].name}.",
        )
    buzzers = cmd.get("buzzers")
    if buzzers is not None and not isinstance(buzzers, dict):
        raise Refusal("bad_field", f"result: field 'buzzers' must be an object (the buzzer duel's record), got {buzzers!r}.")
    if buzzers is not None:
        fields.bounded(cmd, "buzzers", buzzers)
    stake = s.stake
    loser = them if w == me else me
    t.emit(ev.DuelResult(t.name(w), t.name(loser), stake, buzzers))
    if w == them and stake == "clue":
        # The rulebook is silent on what the challenged player wins in a Clue duel (docs/rules.md).
        stake = s.house_rules.duel_clue_to_opponent
        if stake == "nothing":
            return end_turn(t)
    finish(t, win_from(t, w, loser, stake, "duel"))


def _card(t: Turn, cmd: Mapping[str, Any]) -> None:
    """The companion's own card for this turn's challenge, Duel or Énigme, recorded so that a resumed
    game shows the same card; a card is never drawn twice in a game."""
    s = t.state
    deck = fields.choice(cmd, "deck", DECKS)
    if s.space != deck:
        raise Refusal("bad_field", f"card: this turn is a {s.space} turn; a {deck} card does not belong to it.")
    card = cmd.get("card")
    if not isinstance(card, str) or not card or len(card) > fields.MAX_ID_LENGTH or fields.clean_text(card) != card:
        raise Refusal("bad_field", f"card: field 'card' must be a card id, got {card!r}.")
    if (deck, card) in s.cards_drawn:
        raise Refusal("card_repeated", f"card: the {deck} card {card!r} was already drawn in this game.")
    t.emit(ev.CardDrawn(t.name(s.current), deck, card))


def _sea(t: Turn, cmd: Mapping[str, Any]) -> None:
    choice = fields.choice(cmd, "choice", ("dive", "abandon"))
    s = t.state
    name = t.name(s.current)
    t.emit(ev.Dived(name, s.stake) if choice == "dive" else ev.Abandoned(name, s.stake))
    end_turn(t)


def _dive(t: Turn, cmd: Mapping[str, Any]) -> None:
    reached = fields.boolean(cmd, "reached")
    s = t.state
    me = s.current
    stake = s.players[me].dive_stake or "key"
    t.emit(ev.DiveProgressed(t.name(me), reached))
    if reached:  # 'you win Père Fouras's Key, without having to give a correct answer'
        return finish(t, win_from_stock(t, me, stake, "sunken_key"))
    end_turn(t)


HANDLERS: dict[str, Callable[[Turn, Mapping[str, Any]], None]] = {
    "land": _land,
    "stake": _stake,
    "opponent": _opponent,
    "result": _result,
    "card": _card,
    "sea": _sea,
    "dive": _dive,
}
