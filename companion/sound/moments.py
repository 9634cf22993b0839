"""What the companion plays and says for an answer's events: a pure plan, tested on event lists.

Every event has its cue (or is deliberately quiet: choices being made, bookkeeping). Père Fouras
says at most two lines per answer, the most important ones, and reads the card that was drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Events that only record a choice or a step: the cue of what follows says it all.
QUIET = frozenset({"first_player_chosen", "stake_chosen", "opponent_named", "turn_ended", "proposal_turn",
                   "may_propose_again", "draw_turn",
                   # Companion code words: the clue_won and code_word_proposed that follow make the sound.
                   "code_words_chosen", "level_chosen", "code_word_dealt", "code_word_typed"})
FIXED_CUES = {
    "game_started": "gong", "dice_rolled": "dice", "round_started": "fanfare", "turn_started": "turn",
    "turn_skipped": "prison_door", "key_won": "key_won", "key_unavailable": "key_lost", "clue_won": "clue",
    "riddle_failed": "splash", "dived": "splash", "abandoned": "key_lost", "imprisoned": "prison_door",
    "round_ended": "gong", "player_out": "key_lost", "key_paid": "key_lost", "code_word_found": "passe_partout",
    "eliminated": "prison_door", "game_over": "victory", "card_drawn": "door", "undone": "undo",
}
ROUND_MOMENTS = {1: "round_keys", 2: "round_clues", 3: "round_treasure"}
MAX_LINES = 2
#: Lines that a more specific line of the same answer makes redundant.
GENERIC = {"success", "failure"}
SPECIFIC = {"key_won", "clue_won", "sea", "prison", "dive", "key_lost"}


@dataclass(frozen=True)
class Cue:
    name: str  # a CueBank name, or "buzzer" / "coins" with ``arg``
    arg: int = 0


@dataclass(frozen=True)
class Line:
    moment: str
    player: str = ""
    priority: int = 0


@dataclass(frozen=True)
class Plan:
    cues: tuple[Cue, ...] = ()
    lines: tuple[Line, ...] = ()
    card: tuple[str, str] | None = None  # (deck, content id)
    interrupt: bool = False  # stop what Père Fouras is saying first
    stop_hourglass: bool = False

    @property
    def speaks(self) -> bool:
        return bool(self.lines or self.card)


def cue_for(event: dict[str, Any], players: list[str]) -> Cue | None:
    kind = event.get("type")
    if kind in QUIET:
        return None
    if kind == "landed":
        space = event.get("space")
        if space == "prison":
            return None  # "imprisoned" follows with the door
        return Cue("passe_partout" if space == "passe_partout" or event.get("via_passe_partout") else "door")
    if kind in ("challenge_result", "code_word_proposed"):
        ok = event.get("success", event.get("correct"))
        return Cue("success" if ok else "failure")
    if kind == "dive_progressed":
        return Cue("success" if event.get("reached") else "splash")
    if kind == "duel_result":
        winner = event.get("winner")
        return Cue("buzzer", players.index(winner) if winner in players else 0)
    if kind == "handful_drawn":
        return Cue("coins", int(event.get("value", 1)))
    if kind in FIXED_CUES:
        return Cue(FIXED_CUES[kind])
    return None


def lines_for(event: dict[str, Any]) -> list[Line]:
    kind, player = event.get("type"), event.get("player", "")
    if kind == "game_started":
        return [Line("welcome", "", 9)]
    if kind == "round_started" and event.get("round") in ROUND_MOMENTS:
        return [Line(ROUND_MOMENTS[event["round"]], "", 9)]
    if kind == "turn_started":
        return [Line("turn", player, 3)]
    if kind == "challenge_result":
        return [Line("success" if event.get("success") else "failure", player, 4)]
    if kind == "key_won":
        found = [Line("key_won", player, 6)]
        if event.get("source") not in (None, "stock"):
            found.append(Line("key_lost", event["source"], 5))
        return found
    simple = {"clue_won": ("clue_won", 6), "riddle_failed": ("sea", 7), "imprisoned": ("prison", 7),
              "draw_turn": ("treasure", 6)}
    if kind in simple:
        moment, priority = simple[kind]
        return [Line(moment, player, priority)]
    if kind == "dive_progressed" and event.get("reached"):
        return [Line("dive", player, 7)]
    if kind == "game_over":
        return [Line("victory", " & ".join(event.get("winners", ())), 10)]
    return []


def plan(answer: dict[str, Any]) -> Plan:
    """The cues, lines and card reading for one answer of the controller."""
    if not answer.get("ok", False):
        return Plan()
    events = answer.get("events", [])
    players = [p["name"] for p in (answer.get("state") or {}).get("players", []) if "name" in p]
    cues: list[Cue] = []
    lines: list[Line] = []
    card = None
    for event in events:
        cue = cue_for(event, players)
        if cue is not None and cue not in cues:
            cues.append(cue)
        lines.extend(lines_for(event))
        if event.get("type") == "card_drawn":
            card = (event.get("deck", ""), event.get("card", ""))
    if any(line.moment in SPECIFIC for line in lines):
        lines = [line for line in lines if line.moment not in GENERIC]
    keep = sorted(range(len(lines)), key=lambda i: -lines[i].priority)[:MAX_LINES]
    chosen = tuple(lines[i] for i in sorted(keep))
    types = {e.get("type") for e in events}
    undone = "undone" in types
    return Plan(cues=tuple(cues), lines=chosen, card=card,
                interrupt=undone or bool(chosen) or card is not None,
                stop_hourglass=undone or bool(types & {"challenge_result", "turn_ended", "duel_result",
                                                       "riddle_failed", "clue_won", "key_won"}))
