"""``decide(state, command) -> events``: the Fort Boyard rulebook as code. Pure: no I/O, no clock.

Each handler checks its command against the state, then emits events into a :class:`_Turn`, which
applies them as it goes so that later decisions (did someone just win their 3rd key?) see the state
those events made.
"""

from __future__ import annotations

import random
import unicodedata
from typing import Any, Callable, Mapping

from companion.engine.core import Decision, Event, Refusal
from companion.games.fort_boyard import codewords
from companion.games.fort_boyard import events as ev
from companion.games.fort_boyard import fields
from companion.games.fort_boyard.apply import apply
from companion.games.fort_boyard.model import (
    BAG,
    CLUES_TO_END_ROUND_2,
    DECKS,
    EXPECTS,
    GAME,
    KEYS_TO_END_ROUND_1,
    SPACES,
    STAKES,
    TOKEN_KINDS,
    TOKEN_VALUES,
    GameState,
    Phase,
    Status,
)

_PHASE_WORDS = {
    Phase.LAND: "the space where {player}'s pawn landed (land)",
    Phase.PASSE_PARTOUT: "the space {player} moves to with the Passe-partout (land)",
    Phase.CHALLENGE: "the outcome of {player}'s challenge (result with success)",
    Phase.DUEL_STAKE: "{player}'s stake for the Duel, Key or Clue (stake)",
    Phase.DUEL_OPPONENT: "the opponent {player} challenges (opponent)",
    Phase.DUEL_RESULT: "the winner of the Duel (result with winner)",
    Phase.ENIGME_STAKE: "{player}'s stake for the riddle, Key or Clue (stake)",
    Phase.ENIGME: "whether {player} solved Père Fouras's riddle (result with success)",
    Phase.SEA: "{player}'s choice after the failed riddle: dive or abandon (sea)",
    Phase.DIVE: "whether diving {player} reached the sunken Key this turn (dive)",
    Phase.PROPOSE: "{player}'s code-word proposal (propose)",
    Phase.PROPOSE_AGAIN: "a new proposal from {player} for one key (propose) or giving up (pass)",
    Phase.DRAW: "{player}'s next handful from the Treasure bag (draw)",
    Phase.DEAL: "the code words the companion deals for Round 2 (deal)",
}


def describe_phase(state: GameState) -> str:
    """What the engine waits for, as words for a person."""
    player = state.players[state.current].name if state.current is not None else "nobody"
    return _PHASE_WORDS.get(state.phase, state.phase).format(player=player)


class _Turn:
    """Collects the events of one command and applies them as they come."""

    def __init__(self, state: GameState, cmd: Mapping[str, Any] | None = None) -> None:
        self.state = state
        self.events: list[Event] = []
        self.cmd: Mapping[str, Any] = cmd or {}
        self.dealt = False

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = apply(self.state, event)

    def name(self, i: int) -> str:
        return self.state.players[i].name


# --- turns and rounds -------------------------------------------------------------------------------


def _next_turn(t: _Turn, start: int) -> None:
    """Give the turn to the first player clockwise from ``start`` who is not serving a Prison turn."""
    i = start
    while t.state.players[i].status == Status.PRISON:
        t.emit(ev.TurnSkipped(t.name(i)))  # serving the sentence frees them for the turn after
        i = t.state.left_of(i)
    t.emit(ev.TurnStarted(t.name(i)))


def _end_turn(t: _Turn) -> None:
    i = t.state.current
    t.emit(ev.TurnEnded(t.name(i)))
    _next_turn(t, t.state.left_of(i))


def _finish(t: _Turn, gainer: int | None) -> None:
    """End the turn, or the round when ``gainer`` just reached 3 keys (Round 1) / 4 clues (Round 2)."""
    s = t.state
    if gainer is not None:
        p = s.players[gainer]
        if s.round == 1 and p.keys >= KEYS_TO_END_ROUND_1:
            return _end_round(t, gainer, "third_key")
        if s.round == 2 and p.clues >= CLUES_TO_END_ROUND_2:
            return _end_round(t, gainer, "fourth_clue")
    _end_turn(t)


def _end_round(t: _Turn, winner: int, reason: str) -> None:
    rnd = t.state.round
    t.emit(ev.RoundEnded(rnd, t.name(winner), reason))
    if rnd == 1:
        first = t.state.left_of(winner)
        t.emit(ev.RoundStarted(2, t.name(first)))
        _open_round_2(t, first)
    else:
        t.emit(ev.RoundStarted(3, t.name(winner)))
        for i in t.state.clockwise_from(winner):
            if t.state.players[i].keys == 0:
                t.emit(ev.PlayerOut(t.name(i)))
        _next_proposer(t, winner)


def _open_round_2(t: _Turn, first: int) -> None:
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
    _next_turn(t, first)


def _deal(t: _Turn, cmd: Mapping[str, Any]) -> None:
    if cmd.get("deal") is None:
        raise Refusal("bad_field", "deal: field 'deal' must give a code word to each player.")
    _open_round_2(t, t.state.left_of(t.state.round_winner))


def _level(t: _Turn, cmd: Mapping[str, Any]) -> None:
    t.emit(codewords.level_event(t.state, cmd, fields.player(t.state, cmd)))
    if t.state.phase == Phase.DEAL and cmd.get("deal") is not None:  # the words come with it: deal them
        _open_round_2(t, t.state.left_of(t.state.round_winner))


def _next_proposer(t: _Turn, start: int) -> None:
    for i in t.state.clockwise_from(start):
        if t.state.players[i].status == Status.WAITING:
            t.emit(ev.ProposalTurn(t.name(i)))
            return
    _next_drawer(t)


def _next_drawer(t: _Turn) -> None:
    s = t.state
    for i in s.clockwise_from(s.round_winner):
        p = s.players[i]
        if p.status == Status.TREASURE and not p.handfuls:
            t.emit(ev.DrawTurn(p.name, p.keys))
            return
    _game_over(t)


def _game_over(t: _Turn) -> None:
    s = t.state
    in_treasure = [p for p in s.players if p.status == Status.TREASURE]
    best = max((p.boyards for p in in_treasure), default=None)
    winners = tuple(p.name for p in in_treasure if p.boyards == best)
    t.emit(ev.GameOver(winners, {p.name: p.boyards for p in s.players}))


# --- winnings --------------------------------------------------------------------------------------


def _win_from_stock(t: _Turn, i: int, stake: str, reason: str) -> int:
    if stake == "clue":
        t.emit(ev.ClueWon(t.name(i), reason))
    elif t.state.stock_keys > 0:
        t.emit(ev.KeyWon(t.name(i), "stock", reason))
    else:
        t.emit(ev.KeyUnavailable(t.name(i), reason))
    return i


def _win_from(t: _Turn, winner: int, loser: int, stake: str, reason: str) -> int:
    """'Take one of their Keys ... If the player you challenged had no Keys, take one from the stock.'"""
    if stake == "key" and t.state.players[loser].keys > 0:
        t.emit(ev.KeyWon(t.name(winner), t.name(loser), reason))
        return winner
    return _win_from_stock(t, winner, stake, reason)


# --- command handlers ------------------------------------------------------------------------------


def _land(t: _Turn, cmd: Mapping[str, Any]) -> None:
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
        _end_turn(t)
    elif space == "prison":
        t.emit(ev.Imprisoned(player))
        _end_turn(t)


def _stake(t: _Turn, cmd: Mapping[str, Any]) -> None:
    t.emit(ev.StakeChosen(t.name(t.state.current), fields.choice(cmd, "stake", STAKES)))


def _opponent(t: _Turn, cmd: Mapping[str, Any]) -> None:
    s = t.state
    i = fields.player(s, cmd)
    if i == s.current:
        raise Refusal("bad_field", f"opponent: {s.players[i].name} cannot duel themselves; name another player.")
    t.emit(ev.OpponentNamed(t.name(s.current), t.name(i)))


def _result(t: _Turn, cmd: Mapping[str, Any]) -> None:
    s = t.state
    me = s.current
    if s.phase == Phase.DUEL_RESULT:
        return _duel_result(t, cmd)
    success = fields.boolean(cmd, "success")
    t.emit(ev.ChallengeResult(t.name(me), s.space, success))
    stake = s.stake or ("key" if s.round == 1 else "clue")  # Concentration/Force: Key, then Clue in Round 2
    if success:
        return _finish(t, _win_from_stock(t, me, stake, s.space))
    if s.phase == Phase.ENIGME:
        t.emit(ev.RiddleFailed(t.name(me), stake))  # 'Père Fouras throws the Key into the sea'
        return
    _end_turn(t)


def _duel_result(t: _Turn, cmd: Mapping[str, Any]) -> None:
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
            return _end_turn(t)
    _finish(t, _win_from(t, w, loser, stake, "duel"))


def _card(t: _Turn, cmd: Mapping[str, Any]) -> None:
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


def _sea(t: _Turn, cmd: Mapping[str, Any]) -> None:
    choice = fields.choice(cmd, "choice", ("dive", "abandon"))
    s = t.state
    name = t.name(s.current)
    t.emit(ev.Dived(name, s.stake) if choice == "dive" else ev.Abandoned(name, s.stake))
    _end_turn(t)


def _dive(t: _Turn, cmd: Mapping[str, Any]) -> None:
    reached = fields.boolean(cmd, "reached")
    s = t.state
    me = s.current
    stake = s.players[me].dive_stake or "key"
    t.emit(ev.DiveProgressed(t.name(me), reached))
    if reached:  # 'you win Père Fouras's Key, without having to give a correct answer'
        return _finish(t, _win_from_stock(t, me, stake, "sunken_key"))
    _end_turn(t)


def _propose(t: _Turn, cmd: Mapping[str, Any]) -> None:
    s = t.state
    i = fields.player(s, cmd)
    fields.must_be_current(s, cmd, i)
    correct, typed = codewords.typed_proposal(s, cmd, i)
    name = t.name(i)
    if s.phase == Phase.PROPOSE_AGAIN:
        t.emit(ev.KeyPaid(name))  # 'a new proposal in exchange for one of your Keys'
    if typed is not None:
        t.emit(typed)
    t.emit(ev.CodeWordProposed(name, correct))
    if correct:
        t.emit(ev.CodeWordFound(name))
    elif t.state.players[i].keys >= 2:
        t.emit(ev.MayProposeAgain(name))
        return
    else:
        t.emit(ev.Eliminated(name, "wrong_code_word"))
    _next_proposer(t, t.state.left_of(i))


def _pass(t: _Turn, cmd: Mapping[str, Any]) -> None:
    s = t.state
    i = fields.player(s, cmd)
    fields.must_be_current(s, cmd, i)
    t.emit(ev.Eliminated(t.name(i), "passed"))
    _next_proposer(t, t.state.left_of(i))


def _tokens(cmd: Mapping[str, Any]) -> dict[str, int]:
    raw = cmd.get("tokens")
    if not isinstance(raw, dict):
        raise Refusal("bad_field", "draw: field 'tokens' must be an object such as {\"pebble\": 1, \"10\": 2}.")
    for kind, n in raw.items():
        if kind not in TOKEN_KINDS:
            raise Refusal("bad_field", f"draw: tokens: unknown token kind {kind!r}; use {', '.join(TOKEN_KINDS)}.")
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise Refusal("bad_field", f"draw: tokens: '{kind}' must be a whole number of at least 0, got {n!r}.")
    return {k: raw.get(k, 0) for k in TOKEN_KINDS}


def _tags(cmd: Mapping[str, Any], drawn: int) -> tuple[str, ...]:
    """The optional ``tags`` of a draw: the distinct RFID tags scanned into the handful, at most one per token."""
    tags = cmd.get("tags", [])
    if not isinstance(tags, list) or not all(
        isinstance(tag, str) and tag and len(tag) <= fields.MAX_ID_LENGTH and fields.clean_text(tag) == tag for tag in tags
    ):
        raise Refusal("bad_field", f"draw: field 'tags' must be a list of tag ids (text), got {tags!r}.")
    if len(set(tags)) != len(tags):
        twice = next(tag for tag in tags if tags.count(tag) > 1)
        raise Refusal("bad_field", f"draw: tags: {twice!r} is listed twice; a token counts once per handful.")
    if len(tags) > drawn:
        raise Refusal("bad_field", f"draw: tags: {len(tags)} scanned tokens, but the handful holds {drawn}.")
    return tuple(tags)


def _draw(t: _Turn, cmd: Mapping[str, Any]) -> None:
    s = t.state
    i = fields.player(s, cmd)
    fields.must_be_current(s, cmd, i)
    tokens = _tokens(cmd)
    p = s.players[i]
    for k, kind in enumerate(TOKEN_KINDS):
        held = sum(h[k] for h in p.handfuls) + tokens[kind]
        if held > BAG[kind]:
            raise Refusal(
                "bag_exceeded",
                f"draw: {p.name}'s handfuls would hold {held} '{kind}' tokens, "
                f"but the bag has only {BAG[kind]}.",
            )
    value = sum(TOKEN_VALUES[kind] * n for kind, n in tokens.items())
    t.emit(ev.HandfulDrawn(p.name, tokens, value, _tags(cmd, sum(tokens.values()))))
    if t.state.players[i].draws_left == 0:
        _next_drawer(t)


_HANDLERS: dict[str, Callable[[_Turn, Mapping[str, Any]], None]] = {
    "land": _land,
    "stake": _stake,
    "opponent": _opponent,
    "result": _result,
    "card": _card,
    "sea": _sea,
    "dive": _dive,
    "propose": _propose,
    "pass": _pass,
    "draw": _draw,
    "deal": _deal,
    "level": _level,
}

_ANY_PHASE = ("level",)
"""Commands that do not wait for a phase: a level may change at any moment before the first clue."""


def decide(state: GameState, cmd: Mapping[str, Any]) -> Decision:
    """The events of ``cmd`` in ``state``; raises :class:`Refusal` (and changes nothing) otherwise."""
    name = cmd["cmd"]
    handler = _HANDLERS.get(name)
    if handler is None:
        raise Refusal("unknown_command", f"Unknown command {name!r}.")
    if state.phase == Phase.NO_GAME:
        raise Refusal("no_game", "No game in progress: start one with new.")
    if state.phase == Phase.OVER:
        raise Refusal("game_over", "The game is over; start a new one with new.")
    if name not in EXPECTS[state.phase] and name not in _ANY_PHASE:
        raise Refusal("wrong_phase", f"{name}: not now; the companion waits for {describe_phase(state)}.")
    t = _Turn(state, cmd)
    handler(t, cmd)
    if cmd.get("deal") is not None and not t.dealt:
        raise Refusal("bad_field", f"{name}: field 'deal': no code words are dealt now (only when Round 2 "
                                   "starts with the companion's code words).")
    recorded = fields.recorded(cmd, fields.recorded_fields(name, state))
    if t.dealt:
        recorded["deal"] = cmd["deal"]  # the words dealt, so that replay never reads the packs
    return Decision(recorded, tuple(t.events))


# --- a new game -------------------------------------------------------------------------------------


def start(cmd: Mapping[str, Any]) -> Decision:
    """The events that open a game: players seated, first player chosen or rolled for, Round 1."""
    names = fields.players(cmd)
    seed = cmd.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise Refusal("bad_field", f"new: field 'seed' must be a whole number, got {seed!r}.")
    rules = fields.house_rules(cmd)
    words = codewords.settings_events(cmd, names)
    t = _Turn(GameState())
    t.emit(ev.GameStarted(GAME, tuple(names), seed, rules.to_json()))
    for e in words:
        t.emit(e)
    first = cmd.get("first")
    if first is not None:
        i = t.state.index(unicodedata.normalize("NFC", first.strip())) if isinstance(first, str) else None
        if i is None:
            raise Refusal("unknown_player", f"new: field 'first': {first!r} is not one of the players.")
        t.emit(ev.FirstPlayerChosen(names[i], "players"))
    else:
        # 'Each player rolls the die. The player who rolls the highest number goes first.' Ties re-roll.
        rng = random.Random(seed)
        contenders = names
        while len(contenders) > 1:
            rolls = {n: rng.randint(1, 6) for n in contenders}
            t.emit(ev.DiceRolled(rolls))
            top = max(rolls.values())
            contenders = [n for n in contenders if rolls[n] == top]
        t.emit(ev.FirstPlayerChosen(contenders[0], "dice"))
    t.emit(ev.RoundStarted(1, t.name(t.state.first)))
    t.emit(ev.TurnStarted(t.name(t.state.first)))
    table = cmd.get("table")
    if table is not None and not isinstance(table, dict):
        raise Refusal("bad_field", "new: field 'table' must be an object (the app's table options).")
    if table is not None:
        fields.bounded(cmd, "table", table)
    recorded = {**fields.recorded(cmd, fields.FIELDS["new"]), "players": names, "seed": seed}
    return Decision(recorded, tuple(t.events))
