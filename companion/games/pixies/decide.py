"""``decide(state, command) -> events``: the Pixies rules as code (docs/games/pixies.md). Pure.

Each handler checks its command against the state, then emits events into a :class:`_Turn`, which applies
them as it goes, so that what follows (did that pick fill a grid? end the turn? the round?) sees them.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from companion.engine.core import Decision, Refusal
from companion.engine.pure import EventCollector
from companion.games.pixies import events as ev
from companion.games.pixies import fields
from companion.games.pixies.apply import apply
from companion.games.pixies.cards import CARDS, DECK_SIZE
from companion.games.pixies.model import (
    EXPECTS,
    GAME,
    ROUNDS,
    GameState,
    Phase,
    cards_per_turn,
    grid_items,
    is_full,
    placement,
)
from companion.games.pixies.scoring import score_grid


class _Turn(EventCollector[GameState]):
    play = staticmethod(apply)

    def name(self, i: int | None) -> str | None:
        return None if i is None else self.state.players[i].name


def describe_phase(state: GameState) -> str:
    """What the companion waits for, as words for a person."""
    s = state
    if s.phase == Phase.GRIDS:
        waiting = [p.name for p in s.players if not p.entered]
        return f"the grids of round {s.round} still to enter: {', '.join(waiting)} (grid)"
    if s.phase == Phase.REVEAL:
        return f"the {len(s.order)} cards {s.players[s.first].name} reveals for turn {s.turn} (reveal)"
    if s.phase == Phase.PICK:
        last = " — the round's last turn" if any(is_full(p.grid) for p in s.players) else ""
        return f"the card {s.players[s.current].name} takes from the revealed cards (pick){last}"
    return "nothing: the game is over" if s.phase == Phase.OVER else "a new game (new)"


# --- turns and rounds -------------------------------------------------------------------------------


def _start_turn(t: _Turn, first: int) -> None:
    """'The first player reveals as many cards as there are players (2 players: 4); players take one each
    clockwise from the first player (with 2 players: A, B, A, B).'"""
    n = len(t.state.players)
    k = cards_per_turn(n)
    order = tuple(t.name((first + j) % n) for j in range(k))
    t.emit(ev.TurnStarted(t.name(first), k, order))


def _end_turn(t: _Turn, last: int) -> None:
    """'Whoever took the last card of a turn is the first player of the next turn, also across rounds.'
    'A round ends at the end of the turn in which some player has at least one card on each space.'"""
    t.emit(ev.TurnEnded(t.name(last)))
    s = t.state
    full = tuple(p.name for p in s.players if is_full(p.grid))
    if full:
        return _end_round(t, "grid_full", full, next_first=last)
    if DECK_SIZE - len(s.out_of_deck()) < len(s.order):
        # The rules are silent on a deck too short for a turn (docs/games/pixies.md): the round ends.
        return _end_round(t, "deck_short", (), next_first=last)
    _start_turn(t, last)


def _end_round(t: _Turn, reason: str, full: tuple[str, ...], next_first: int | None) -> None:
    s = t.state
    rnd = s.round
    t.emit(ev.RoundEnded(rnd, reason, full))
    for p in s.players:
        score = score_grid(p.grid, rnd, s.house_rules.multicolour)
        t.emit(ev.PlayerScored(rnd, p.name, tuple(grid_items(p.grid)), score.to_json()))
    if rnd < ROUNDS:
        t.emit(ev.RoundStarted(rnd + 1, t.name(next_first)))
        if t.state.mode == "draft":
            _start_turn(t, next_first)
        return
    totals = {p.name: p.total for p in t.state.players}
    best = max(totals.values())
    t.emit(ev.GameOver(tuple(n for n, v in totals.items() if v == best), totals))  # 'ties are shared'


# --- command handlers ------------------------------------------------------------------------------


def _grid(t: _Turn, cmd: Mapping[str, Any]) -> dict[str, Any]:
    """Pad mode: a player's grid at the end of the round; scored with the others once every grid is in."""
    s = t.state
    i = fields.player(s, cmd)
    items = fields.grid_items(cmd)
    for n, item in enumerate(items, 1):
        if isinstance(item, dict):
            for j, p in enumerate(s.players):  # a card of number n can only lie face up on space n
                if j != i and p.entered and p.grid[n - 1].up == item["up"]:
                    raise Refusal("card_in_two_grids", f"grid: space {n}: {item['up']} is already face up in "
                                  f"{p.name}'s grid (space {n}); each card is in one grid only.")
    rest_in = all(p.entered for j, p in enumerate(s.players) if j != i)
    this_full = None not in items
    if rest_in and not this_full and not any(is_full(p.grid) for j, p in enumerate(s.players) if j != i):
        raise Refusal("no_full_grid", f"grid: with {s.players[i].name}'s grid every grid of round {s.round} is in, "
                      "but none has a card on all nine spaces, and a round ends only when a player has one on each "
                      "space. Send again the grid of the player who ended the round, then this one.")
    t.emit(ev.GridEntered(s.players[i].name, tuple(items)))
    if rest_in:
        _end_round(t, "grids_in", tuple(p.name for p in t.state.players if is_full(p.grid)), next_first=None)
    return {"player": s.players[i].name, "spaces": items}


def _reveal(t: _Turn, cmd: Mapping[str, Any]) -> dict[str, Any]:
    s = t.state
    k, first = len(s.order), s.players[s.first].name
    raw = cmd.get("cards")
    if not isinstance(raw, list) or len(raw) != k:
        got = f"{len(raw)} cards" if isinstance(raw, list) else repr(raw)[:60]
        raise Refusal("bad_field", f"reveal: field 'cards' must list the {k} cards {first} revealed; got {got}.")
    where = s.out_of_deck()
    cards: list[str] = []
    for j, value in enumerate(raw):
        card = fields.card(cmd, value, f"cards[{j}]")
        if card in cards:
            raise Refusal("bad_field", f"reveal: cards[{j}]: {card} is listed twice; each card is revealed once.")
        if card in where:
            raise Refusal("card_in_play", f"reveal: cards[{j}]: {card} is already out of the deck this round, "
                          f"in {where[card]}.")
        cards.append(card)
    t.emit(ev.CardsRevealed(first, tuple(cards)))
    return {"cards": cards}


def _absent(cmd: Mapping[str, Any], field: str, why: str) -> None:
    if cmd.get(field) is not None:
        raise Refusal("bad_field", f"pick: field '{field}' is not for this card: {why}.")


def _pick(t: _Turn, cmd: Mapping[str, Any]) -> dict[str, Any]:
    s = t.state
    i = fields.player(s, cmd)
    me = s.players[i].name
    if i != s.current:
        raise Refusal("not_your_turn", f"pick: it is {s.players[s.current].name}'s pick, not {me}'s.")
    card = fields.card(cmd, cmd.get("card"), "field 'card'")
    if card not in s.revealed:
        raise Refusal("not_revealed", f"pick: {card} is not among the revealed cards ({', '.join(s.revealed)}).")
    n = CARDS[card].number
    place = placement(s.players[i].grid, n)
    out: dict[str, Any] = {"player": me, "card": card}
    keep = space = None
    if place.kind == "keep":
        keep = cmd.get("keep")
        if keep not in ("new", "old"):
            raise Refusal("bad_field", f"pick: field 'keep' must be 'new' or 'old': space {n} of {me}'s grid holds "
                          f"{s.players[i].grid[n - 1].up} face up, and the two cards are stacked with one face up; "
                          f"got {fields.shown(keep)}.")
        out["keep"] = keep
    else:
        _absent(cmd, "keep", f"space {n} of {me}'s grid does not hold one face-up card alone")
    if place.kind == "down":
        space = cmd.get("space")
        if type(space) is not int or space not in place.spaces:
            listed = ", ".join(str(e) for e in place.spaces)
            raise Refusal("bad_field", f"pick: field 'space' must be an empty space of {me}'s grid ({listed}): "
                          f"space {n} is validated, so {card} goes face down; got {fields.shown(space)}.")
        out["space"] = space
    elif place.kind == "discarded":
        _absent(cmd, "space", f"space {n} of {me}'s grid is validated and no space is empty, so it is discarded")
    else:
        _absent(cmd, "space", f"it goes face up on space {n}")
    full_before = is_full(s.players[i].grid)
    if place.kind == "down":
        t.emit(ev.CardPlaced(me, card, "down", space))
    elif place.kind == "discarded":
        t.emit(ev.CardPlaced(me, card, "discarded", None))
    else:
        t.emit(ev.CardPlaced(me, card, "up", n, validated=place.kind != "up", keep=keep))
    s = t.state
    if not full_before and is_full(s.players[i].grid):
        still = tuple(dict.fromkeys(s.players[j].name for j in s.order[s.picks:]))
        t.emit(ev.GridFilled(me, still))
    if s.picks == len(s.order):
        _end_turn(t, i)
    return out


_HANDLERS: dict[str, Callable[[_Turn, Mapping[str, Any]], dict[str, Any]]] = {
    "grid": _grid,
    "reveal": _reveal,
    "pick": _pick,
}


def decide(state: GameState, cmd: Mapping[str, Any]) -> Decision:
    """The events of ``cmd`` in ``state``; raises :class:`Refusal` (and changes nothing) otherwise."""
    name = cmd["cmd"]
    handler = _HANDLERS.get(name)
    if handler is None:
        raise Refusal("unknown_command", f"Unknown command {name!r}; Pixies takes grid (pad mode), reveal and pick (draft).")
    if state.phase == Phase.NO_GAME:
        raise Refusal("no_game", "No game in progress: start one with new.")
    if state.phase == Phase.OVER:
        raise Refusal("game_over", "The game is over; start a new one with new.")
    if name not in EXPECTS[state.phase]:
        wanted = "pad" if name == "grid" else "draft"
        hint = f" ({name} is for a game in {wanted} mode; this one is in {state.mode} mode)" if state.mode != wanted else ""
        raise Refusal("wrong_phase", f"{name}: not now{hint}; the companion waits for {describe_phase(state)}.")
    t = _Turn(state)
    fields_ = handler(t, cmd)
    return Decision({"cmd": name, **fields_}, tuple(t.events))


# --- a new game -------------------------------------------------------------------------------------


def start(cmd: Mapping[str, Any]) -> Decision:
    """The events that open a game: players seated, the first player named or drawn, round 1."""
    game = cmd.get("game", GAME)
    if game != GAME:
        raise Refusal("bad_field", f"new: field 'game' is {game!r}; these are the rules of {GAME}.")
    names = fields.players(cmd)
    seed = fields.seed(cmd)
    mode = fields.mode(cmd)
    rules = fields.house_rules(cmd)
    first = fields.first(cmd, names)
    t = _Turn(GameState())
    t.emit(ev.GameStarted(GAME, tuple(names), seed, mode, rules.to_json()))
    if first is None:  # 'The first player of the game is chosen at random': from the recorded seed
        t.emit(ev.FirstPlayerChosen(random.Random(seed).choice(names), "seed"))
    else:
        t.emit(ev.FirstPlayerChosen(first, "players"))
    t.emit(ev.RoundStarted(1, t.name(t.state.starter)))
    if mode == "draft":
        _start_turn(t, t.state.starter)
    recorded = {**fields.recorded(cmd, fields.FIELDS["new"]), "game": GAME, "players": names, "seed": seed,
                "mode": mode, "house_rules": rules.to_json()}
    if first is not None:
        recorded["first"] = first
    return Decision(recorded, tuple(t.events))
