"""``decide(state, command) -> events``: the Knightmare rulebook as code. Pure: no I/O, no clock.

The handlers live beside their part of the rulebook (labyrinth.py: I-III, chamber.py: IV-V); this
module dispatches, starts a game, and handles what any phase accepts (spells, corrections, end_turn).
"""

from __future__ import annotations

import unicodedata
from typing import Any, Callable, Mapping

from companion.engine.core import Decision, Refusal
from companion.games.knightmare import chamber, labyrinth
from companion.games.knightmare import events as ev
from companion.games.knightmare import fields
from companion.games.knightmare.model import (
    DEFAULT_BRIDGE,
    EXPECTS,
    GAME,
    HELMETS,
    PLACES,
    GameState,
    Phase,
)
from companion.games.knightmare.turn import Turn, die_value

_PHASE_WORDS = {
    Phase.TURN: "{player}'s move in the labyrinth (move; blocked when the room is taken and no helmet is "
                "left; dungeon; chamber with an object)",
    Phase.CARD: "the card {player} drew on entering the room (card)",
    Phase.FIGHT: "{player}'s fight against the room's occupant (fight with the shield)",
    Phase.REWARD: "{player}'s reward for the won fight, a helmet or the room's object (reward)",
    Phase.ESCAPE: "{player}'s roll to get out of the Dungeon (escape)",
    Phase.QUESTION: "{player}'s answer to Merlin's question, read by {reader} (answer), or giving up the "
                    "Challenge (abandon)",
    Phase.CONTINUE: "{player}'s choice: the next question of Merlin (answer) or stop, keeping the bridge (stop)",
}


def describe_phase(state: GameState) -> str:
    """What the engine waits for, as words for a person."""
    if state.phase == Phase.NO_GAME:
        return "a new game (new)"
    if state.phase == Phase.OVER:
        return "nothing: the game is over"
    player = state.players[state.current].name
    reader = state.players[state.reader].name if state.reader is not None else "nobody"
    return _PHASE_WORDS[state.phase].format(player=player, reader=reader)


# --- what every phase accepts ------------------------------------------------------------------------


def _cast(t: Turn, cmd: Mapping[str, Any]) -> None:
    """'You may cast a spell at any time during your turn. Certain spells may be used during another
    player's turn.' The companion does not know the 8 spells: their effects come as ``adjust``."""
    i = t.state.current if cmd.get("player") is None else fields.player(t.state, cmd)
    p = t.state.players[i]
    if p.spells == 0:
        raise Refusal("no_spell", f"cast: {p.name} holds no spell.")
    t.filled["player"] = p.name
    t.emit(ev.SpellCast(p.name, t.name()))


def _adjust(t: Turn, cmd: Mapping[str, Any]) -> None:
    """The table sets figures the rules cannot see change (a spell's effect, a present, a mistake)."""
    s = t.state
    i = fields.player(s, cmd)
    p = s.players[i]
    t.filled["player"] = p.name
    changes: dict[str, Any] = {}
    if cmd.get("helmets") is not None:
        n = fields.integer(cmd, "helmets", 0, HELMETS)
        if n - p.helmets > s.castle:
            raise Refusal("not_enough_helmets", f"adjust: {p.name} cannot have {n} helmets: the castle holds "
                          f"{s.castle}, and {p.name} has {p.helmets}.")
        changes["helmets"] = n
    if "object" in cmd:
        changes["object"] = fields.an_object(cmd, "object", cmd["object"])
    if cmd.get("place") is not None:
        place = fields.choice(cmd, "place", PLACES[:3])
        if place == "chamber" and p.part is None:
            raise Refusal("bad_field", f"adjust: {p.name} has not entered the Chamber of Merlin yet; the knight "
                          "enters it with chamber, which gives their part of the Book of Riddles.")
        changes["place"] = place
    if not changes:
        raise Refusal("bad_field", "adjust: give at least one of the fields 'helmets', 'object', 'place'.")
    t.emit(ev.Adjusted(p.name, changes))
    if p.place == "chamber" and changes.get("place", "chamber") != "chamber" and p.bridge:
        t.emit(ev.BridgeCleared(p.name, p.bridge, "left_chamber"))


def _end_turn(t: Turn, cmd: Mapping[str, Any]) -> None:
    """For what the table settles itself; in the Chamber it keeps the bridge as it stands (as stop)."""
    t.end_turn("table")


_HANDLERS: dict[str, Callable[[Turn, Mapping[str, Any]], None]] = {
    "move": labyrinth.move,
    "blocked": labyrinth.blocked,
    "card": labyrinth.card,
    "fight": labyrinth.fight,
    "reward": labyrinth.reward,
    "dungeon": labyrinth.dungeon,
    "escape": labyrinth.escape,
    "chamber": chamber.chamber,
    "question": chamber.question,
    "answer": chamber.answer,
    "stop": chamber.stop,
    "abandon": chamber.abandon,
    "cast": _cast,
    "adjust": _adjust,
    "end_turn": _end_turn,
}


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
    if name not in EXPECTS[state.phase]:
        raise Refusal("wrong_phase", f"{name}: not now; the companion waits for {describe_phase(state)}.")
    t = Turn(state, cmd)
    handler(t, cmd)
    recorded = {**fields.recorded(cmd), **t.filled}
    if name != "question" and cmd.get("question") is not None:
        recorded["question"] = chamber.attach_question(t, cmd["question"])
    return Decision(recorded, tuple(t.events))


# --- a new game -------------------------------------------------------------------------------------


def start(cmd: Mapping[str, Any]) -> Decision:
    """Setting Up: the knights seated with 2 helmets and an object each, the first player rolled for."""
    names = fields.players(cmd)
    seed = fields.seed(cmd)
    bridge = fields.bridge(cmd, DEFAULT_BRIDGE)
    language = fields.language(cmd)
    objects = fields.objects(cmd, names)
    rules = fields.house_rules(cmd)
    fields.table(cmd)
    t = Turn(GameState())
    t.emit(ev.GameStarted(GAME, tuple(names), seed, bridge, language, objects, rules.to_json()))
    first = cmd.get("first")
    if first is not None:
        i = t.state.index(unicodedata.normalize("NFC", first.strip())) if isinstance(first, str) else None
        if i is None:
            raise Refusal("unknown_player", f"new: field 'first': {first!r} is not one of the players.")
        t.emit(ev.FirstPlayer(names[i], "players"))
    else:
        # 'The players roll the die. The player who obtains the highest number begins the game.' Ties re-roll.
        contenders = names
        while len(contenders) > 1:
            rolls = {n: die_value(seed, t.state.dice + k) for k, n in enumerate(contenders)}
            t.emit(ev.FirstRolls(rolls))
            top = max(rolls.values())
            contenders = [n for n in contenders if rolls[n] == top]
        t.emit(ev.FirstPlayer(contenders[0], "dice"))
    t.emit(ev.TurnStarted(names[t.state.first]))
    recorded = {**fields.recorded(cmd), "game": GAME, "players": names, "seed": seed, "bridge": bridge,
                "language": language, "objects": objects, "house_rules": rules.to_json()}
    if isinstance(first, str):
        recorded["first"] = names[t.state.first]
    return Decision(recorded, tuple(t.events))
