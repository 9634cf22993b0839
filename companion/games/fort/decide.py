"""``decide(state, command) -> events``: the leader's turn of Fort, its end and its final scoring. Pure.

The companion conducts; the table plays. It never sees the cards, so it takes the table's word for what
was played, followed and recruited, and keeps what follows from it: who follows next, the park deck's
count, the trigger of the end and who still leads before the start player, the made-up rules' points.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from companion.engine import fields as f
from companion.engine.core import Decision, Refusal
from companion.engine.pure import EventCollector
from companion.games.fort import events as ev
from companion.games.fort import scoring
from companion.games.fort.apply import apply
from companion.games.fort.model import (
    COUNTS, DECLARABLE, END_POINTS, EXPECTS, GAME, HOUSE_RULES, MAX_PLAYERS, MIN_PLAYERS, PARK_DECK, PERKS, RESOURCES, RULES,
    SOURCES, SUITS, TIE_BREAKS, TOP_LEVEL, WILD, GameState, Step,
)

FIELDS: dict[str, tuple[str, ...]] = {
    "new": ("game", "players", "first", "seed", "park_deck", "house_rules"),
    "play": ("suit", "resource", "declared"),
    "follow": ("player", "follows"),
    "recruit": ("from",),
    "points": ("player", "points"),
    "level": ("player", "level"),
    "rule": ("player", "rule"),
    "perk": ("player", "perk"),
    "best_friends": ("player", "count"),
    "end_turn": (),
    "final": ("player", "counts"),
}
MAX_COUNT = 500


class _Turn(EventCollector[GameState]):
    play = staticmethod(apply)

    def trigger(self, why: str, player: int | None) -> None:
        """'The end is triggered when a player reaches 25 points, or fort level 5, or the park deck runs out.'"""
        if not self.state.last_round:
            self.emit(ev.LastRound(why, self.state.name(player)))


def start(cmd: Mapping[str, Any]) -> Decision:
    names = f.player_names(cmd, "Fort", MIN_PLAYERS, MAX_PLAYERS)
    seed = f.seed(cmd)
    park = f.whole(cmd, "park_deck", 0, 200, PARK_DECK)
    rules = cmd.get("house_rules", {})
    if not isinstance(rules, dict) or set(rules) - {*HOUSE_RULES, "tie_break"}:
        raise Refusal("bad_field", "new: field 'house_rules' may hold 'macaroni_points', 'level_points' and "
                      "'tie_break' only.")
    settings = {k: f.whole({"cmd": "new", **rules}, k, low, high, 0) for k, (low, high) in HOUSE_RULES.items()}
    settings["tie_break"] = f.choice({"cmd": "new", **rules}, "tie_break", TIE_BREAKS, "shared")
    first = f.player_index(cmd, "first", names, required=False)
    if first is None:  # 'Random seating and start player': drawn from the game's seed
        first = random.Random(seed).randrange(len(names))
    recorded = f.recorded(cmd, FIELDS["new"])
    recorded.update(game=GAME, players=names, first=names[first], park_deck=park, house_rules=settings)
    return Decision(recorded, [ev.Started(tuple(names), seed, names[first], park, settings)])


def _player(state: GameState, cmd: Mapping[str, Any]) -> int:
    return f.player_index(cmd, "player", [p.name for p in state.players])


def _play(state, cmd, t):
    suit = cmd.get("suit")
    if suit is not None:
        suit = f.choice(cmd, "suit", SUITS)
    resource = cmd.get("resource")
    if resource is not None:
        if suit is None:
            raise Refusal("bad_field", "play: field 'resource': no card was played.")
        resource = f.choice(cmd, "resource", RESOURCES)
    declared = None
    if suit == WILD:  # 'a wild lead: the declared suit': the followers' card is of the suit declared
        declared = f.choice(cmd, "declared", DECLARABLE)
    elif cmd.get("declared") is not None:
        raise Refusal("bad_field", "play: field 'declared': only a coin (wild) card is declared as a suit.")
    t.emit(ev.Played(state.name(state.leader), suit, resource, declared))


def _follow(state, cmd, t):
    i = _player(state, cmd)
    if i != state.follower:
        raise Refusal("not_your_turn", f"follow: it is {state.name(state.follower)}'s answer (in turn from the "
                      f"leader's left), not {state.name(i)}'s.")
    t.emit(ev.Followed(state.name(i), f.boolean(cmd, "follows")))


def _recruit(state, cmd, t):
    source = f.choice(cmd, "from", SOURCES)
    if source == "deck" and state.park_deck == 0:
        raise Refusal("park_deck_empty", "recruit: field 'from': the park deck is empty; recruit from the park "
                      "or a rival's yard.")
    # the park is refilled from the park deck; when it is empty the park is not refilled
    t.emit(ev.Recruited(state.name(state.leader), source, source != "yard" and state.park_deck > 0))
    if state.park_deck > 0 and t.state.park_deck == 0:
        t.trigger("park_deck", state.leader)


def _points(state, cmd, t):
    i = _player(state, cmd)
    n = f.whole(cmd, "points", -100, 100)
    if n == 0:
        raise Refusal("bad_field", "points: field 'points' must not be 0.")
    if state.players[i].points + n < 0:
        raise Refusal("bad_field", f"points: {state.name(i)} has {state.players[i].points} points; they cannot "
                      f"lose {-n}.")
    t.emit(ev.PointsScored(state.name(i), n))
    if t.state.players[i].points >= END_POINTS:
        t.trigger("points", i)


def _level(state, cmd, t):
    i = _player(state, cmd)
    level = f.whole(cmd, "level", 0, TOP_LEVEL)
    p = state.players[i]
    if level == p.level:
        raise Refusal("bad_field", f"level: {p.name}'s fort is at level {level} already.")
    t.emit(ev.LevelReached(p.name, level))
    gained = state.settings.level_points * max(0, level - p.reached)  # each level's points once (a setting)
    if gained:
        t.emit(ev.PointsScored(p.name, gained))
        if t.state.players[i].points >= END_POINTS:
            t.trigger("points", i)
    # 'reaching 1 gives a made-up rule, 2 a perk, 5 the macaroni sculpture (first only)': once each
    if level >= 1 > p.reached:
        t.emit(ev.Ask(p.name, "rule"))
    if level >= 2 > p.reached:
        t.emit(ev.Ask(p.name, "perk"))
    if level == TOP_LEVEL:
        if not any(q.macaroni for q in state.players):
            t.emit(ev.Macaroni(p.name))
        t.trigger("level", i)


def _card(kind: str, ids: tuple[str, ...]):
    field = "rules" if kind == "rule" else "perks"

    def handle(state, cmd, t):
        i = _player(state, cmd)
        card = f.choice(cmd, kind, ids)
        holder = next((q for q in state.players if card in getattr(q, field)), None)
        if holder is not None:  # a made-up rule is secret: its holder is not named
            who = holder.name if kind == "perk" else "another player"
            raise Refusal("card_taken", f"{kind}: {card} is held by {who} already (one card of each).")
        t.emit(ev.RuleTaken(state.name(i), card) if kind == "rule" else ev.PerkTaken(state.name(i), card))
    return handle


def _best_friends(state, cmd, t):
    i = _player(state, cmd)
    t.emit(ev.BestFriends(state.name(i), f.whole(cmd, "count", 0, 2)))


def _end_turn(state, cmd, t):
    n = len(state.players)
    nxt = (state.leader + 1) % n
    # 'The round is finished up to the start player so that everyone has had the same number of turns'
    done = state.last_round and nxt == state.start
    t.emit(ev.TurnEnded(state.name(state.leader), None if done else state.name(nxt)))


def _final(state, cmd, t):
    i = _player(state, cmd)
    counts = cmd.get("counts")
    if not isinstance(counts, dict):
        raise Refusal("bad_field", "final: field 'counts' must be an object of counts.")
    unknown = sorted(set(counts) - set(COUNTS))
    if unknown:
        raise Refusal("bad_field", f"final: counts: unknown count {unknown[0]!r}; known: {', '.join(COUNTS)}.")
    need = scoring.needed(state, i)
    got = {}
    for key in need:
        limit = 6 if key == "suits" else 2 if key == "best_friends" else MAX_COUNT
        got[key] = f.whole({"cmd": "final", **counts}, key, 0, limit)
    p = state.players[i]
    now = {r: scoring.rule_points(r, p, got) for r in p.rules if r != "sleepover"}
    t.emit(ev.FinalScored(p.name, got, now))
    s = t.state
    if all(q.counts is not None for q in s.players):
        finals = scoring.finals(s)
        totals = {j: scoring.total(s, j, finals[j]) for j in finals}
        winners = scoring.winners(s, totals)
        t.emit(ev.GameOver(tuple(s.name(j) for j in winners), {s.name(j): v for j, v in totals.items()},
                           {s.name(j): pts for j, pts in finals.items()}))


_HANDLERS = {
    "play": _play, "follow": _follow, "recruit": _recruit, "points": _points, "level": _level,
    "rule": _card("rule", tuple(RULES)), "perk": _card("perk", PERKS), "best_friends": _best_friends,
    "end_turn": _end_turn, "final": _final,
}


def decide(state: GameState, cmd: Mapping[str, Any]) -> Decision:
    name = cmd.get("cmd")
    if state.step == Step.OVER:
        raise Refusal("game_over", f"{name}: the game is over; start a new one with new.")
    if name not in _HANDLERS:
        raise Refusal("unknown_command", f"Unknown command {name!r} for Fort; known: {', '.join(_HANDLERS)}.")
    if name not in EXPECTS[state.step]:
        raise Refusal("wrong_step", f"{name}: not now; the game waits for {describe(state)}.")
    if name == "final" and state.players[_player(state, cmd)].counts is not None:
        raise Refusal("bad_field", f"final: {cmd.get('player')}'s counts are in already.")
    t = _Turn(state)
    _HANDLERS[name](state, cmd, t)
    recorded = f.recorded(cmd, FIELDS[name])
    if "player" in recorded:
        recorded["player"] = state.name(_player(state, cmd))
    if name == "final":
        recorded["counts"] = dict(t.events[0].counts)
    return Decision(recorded, t.events)


def describe(state: GameState) -> str:
    leader = state.name(state.leader) or "nobody"
    words = {
        Step.PLAY: f"{leader}'s card (play)",
        Step.FOLLOW: f"{state.name(state.follower)}: follow or pass (follow)",
        Step.RECRUIT: f"{leader}'s recruit: park, yard or deck (recruit)",
        Step.END: f"{leader}'s discard and draw (end_turn)",
        Step.FINAL: "each player's counts for the made-up rules (final)",
        Step.OVER: "nothing: the game is over",
    }
    return words.get(state.step, state.step)
