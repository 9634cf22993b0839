"""A Fort Boyard game told again: its moments (rounds, keys, clues, duels, the Treasure Room) and the keys
each player held along the way. Pure functions of a :class:`~companion.history.games.PlayedGame`; the
history finds this module through ``RULES.history_timeline`` (companion/history/timeline.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from companion.history.games import PlayedGame
from companion.history.timeline import KeysOverGame, Moment


@dataclass(frozen=True)
class FortBoyardMoment(Moment):
    """A moment of a Fort Boyard game: its sentence is ``timeline.<kind>`` in the catalog."""

    def describe(self, tr: Callable[..., str]) -> str:
        return describe(self, tr)


def _moment(e: dict[str, Any]) -> dict[str, Any] | None:
    """The moment of one event (its kind and fields), or None for an event not worth a line."""
    t = e.get("type")
    p = e.get("player")
    if t == "round_started":
        return {"kind": "round", "player": e.get("first"), "value": e["round"]}
    if t == "key_won":
        if e["source"] == "stock":
            return {"kind": "key", "player": p, "detail": e.get("reason", "")}
        return {"kind": "key_taken", "player": p, "other": e["source"], "detail": e.get("reason", "")}
    if t == "clue_won":
        return None if e.get("reason") == "first_clue" else {"kind": "clue", "player": p, "detail": e.get("reason", "")}
    if t == "key_unavailable":
        return {"kind": "key_unavailable", "player": p}
    if t == "challenge_result" and not e["success"] and e["space"] != "enigme":  # a riddle: see riddle_failed
        return {"kind": "failed", "player": p, "detail": e["space"]}
    if t == "duel_result":
        return {"kind": "duel", "player": e["winner"], "other": e["loser"], "detail": e.get("stake") or ""}
    if t == "riddle_failed":
        return {"kind": "sea", "player": p, "detail": e["stake"]}
    if t == "dived":
        return {"kind": "dived", "player": p, "detail": e.get("stake") or ""}
    if t == "imprisoned":
        return {"kind": "prison", "player": p}
    if t == "round_ended":
        return {"kind": "round_won", "player": p, "value": e["round"]}
    if t == "player_out":
        return {"kind": "out", "player": p}
    if t == "key_paid":
        return {"kind": "key_paid", "player": p}
    if t == "code_word_proposed" and not e["correct"]:
        return {"kind": "wrong_word", "player": p}
    if t == "code_word_found":
        return {"kind": "word_found", "player": p}
    if t == "eliminated":
        return {"kind": "eliminated", "player": p, "detail": e.get("reason", "")}
    if t == "handful_drawn":
        return {"kind": "handful", "player": p, "value": e["value"]}
    if t == "game_over":
        winners = list(e.get("winners", []))
        best = max((e["scores"].get(w, 0) for w in winners), default=0)
        return {"kind": "game_over" if winners else "no_winner", "player": ", ".join(winners), "value": best}
    return None


def timeline(game: PlayedGame) -> list[Moment]:
    """The game's moments in order, each with every player's keys and clues after it."""
    keys = {p: 0 for p in game.players}
    clues = {p: 0 for p in game.players}
    rnd = 1
    moments: list[Moment] = []
    for step in game.steps:
        for e in step.events:
            _count(e, keys, clues)
            if e.get("type") == "round_started":
                rnd = e["round"]
            found = _moment(e)
            if found is not None:
                moments.append(FortBoyardMoment(step.seq, step.at, rnd, keys=dict(keys), clues=dict(clues), **found))
    return moments


def _count(e: dict[str, Any], keys: dict[str, int], clues: dict[str, int]) -> None:
    """Keys and clues move only through these events (see the apply module of the game's rules)."""
    t = e.get("type")
    if t == "key_won":
        keys[e["player"]] = keys.get(e["player"], 0) + 1
        if e["source"] != "stock":
            keys[e["source"]] = keys.get(e["source"], 0) - 1
    elif t == "key_paid":
        keys[e["player"]] = keys.get(e["player"], 0) - 1
    elif t == "clue_won":
        clues[e["player"]] = clues.get(e["player"], 0) + 1


def keys_over_game(game: PlayedGame) -> KeysOverGame:
    players = game.players
    keys = {p: 0 for p in players}
    clues: dict[str, int] = {}
    points = [tuple(0 for _ in players)]
    rounds: list[int] = []
    for step in game.steps:
        started = False
        for e in step.events:
            _count(e, keys, clues)
            started = started or (e.get("type") == "round_started" and e["round"] > 1)
        now = tuple(keys[p] for p in players)
        if now != points[-1]:
            points.append(now)
        if started:  # the round begins after what its last command did (the third key, the fourth clue)
            rounds.append(len(points) - 1)
    return KeysOverGame(players, tuple(points), tuple(rounds))


SPACES = ("door", "concentration", "force", "duel", "enigme", "prison", "passe_partout")


def describe(moment: Moment, tr: Callable[..., str]) -> str:
    """The moment as a sentence in the translator's language."""
    detail = moment.detail
    if detail in SPACES:
        detail = tr("space." + detail)
    elif detail:
        detail = tr("timeline.reason." + detail)
    return tr("timeline." + moment.kind, player=moment.player or "", other=moment.other or "", detail=detail,
              value=moment.value if moment.value is not None else "", n=moment.value or 0)


def comments(game: PlayedGame, shown: dict[str, str]) -> list[str]:
    """What a BG Stats play's comments say of a Fort Boyard game (companion/history/export.py): the keys
    each player took into the Treasure Room, who found the code word."""
    keys = timeline(game)[-1].keys if game.steps else {}
    found = [shown[e["player"]] for e in game.events() if e.get("type") == "code_word_found"]
    parts = []
    if keys:
        parts.append("Keys for the Treasure Room: " + ", ".join(f"{shown[p]} {keys.get(p, 0)}" for p in game.players) + ".")
    parts.append("Code word found by " + ", ".join(found) + "." if found else "Nobody found the code word.")
    return parts
