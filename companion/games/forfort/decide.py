"""``decide(state, command) -> events``: the Forfort help pages as code. Pure: no I/O, no clock.

Each handler checks its command against the state and emits events into a :class:`_Turn`, which applies
them as it goes, so that what follows (a dungeon just emptied, a fort just completed) sees the state
those events made. The start of a turn (the armies' march) and its end (the draw, the next player, the
end of the game) are written once, in :mod:`companion.games.forfort.turns`.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from companion.engine import fields as f
from companion.engine.core import Decision, Refusal
from companion.games.forfort import events as ev
from companion.games.forfort.model import (
    ARMIES, CAMPS, COMBO_COMMANDS, DIRECTIONS, EFFECTS, EXPECTS, GAME, LINES_RULES, MARCH_RULES, MAX_PLAYERS,
    MIN_PLAYERS, NO_ACTION_RULES, SPACES, GameState, Phase, directions_from, effect_for, line_of,
)
from companion.games.forfort.score import complete, winners_by_fort
from companion.games.forfort.turns import Turn, begin_turn, end_turn, march_one

FIELDS: dict[str, tuple[str, ...]] = {
    "new": ("game", "players", "teams", "first", "seed", "armies", "camps", "house_rules", "table"),
    "camp": ("space", "fort"),
    "build": ("space", "protected", "drawbridge", "from"),
    "destroy": ("fort", "space", "double", "effect"),
    "siege": ("fort", "double"),
    "army": ("fort", "space", "direction"),
    "defeat": ("fort", "space"),
    "discard": (),
    "drawbridge": ("space",),
    "end_turn": (),
    "march": ("fort", "space"),
    "decline": (),
}


def expects(state: GameState) -> tuple[str, ...]:
    """The commands accepted now: in ``end``, a combination's double effects right after a build; in
    ``action`` with an empty hand (an empty dungeon stops the draws), only ``end_turn``."""
    if state.phase == Phase.ACTION and state.players[state.current].hand == 0:
        return ("end_turn",)
    if state.phase == Phase.END:
        combos = COMBO_COMMANDS + ("decline",) if state.combos or state.garrison_left else ()
        if state.garrison_left and not state.combos:
            combos = ("army", "defeat", "decline")
        later = ("end_turn",) if state.extra_turn else ("drawbridge", "end_turn")
        return combos + later
    return EXPECTS[state.phase]


# --- a new game ---------------------------------------------------------------------------------------


def start(cmd: Mapping[str, Any]) -> Decision:
    names = f.player_names(cmd, "Forfort", MIN_PLAYERS, MAX_PLAYERS)
    seed = f.seed(cmd)
    teams = f.boolean(cmd, "teams", False)
    if teams and len(names) != 4:
        raise Refusal("bad_field", f"new: field 'teams': the team game is for 4 players, got {len(names)}.")
    armies = f.whole(cmd, "armies", 0, 8, ARMIES)
    camps = f.whole(cmd, "camps", 1, 8, CAMPS)  # the starting camp is one of them
    table = cmd.get("table")  # the app's own options (the players' colours): kept with the command, unread here
    if table is not None and not isinstance(table, dict):
        raise Refusal("bad_field", "new: field 'table' must be an object (the app's options, such as colours).")
    rules = cmd.get("house_rules", {})
    if not isinstance(rules, dict):
        raise Refusal("bad_field", "new: field 'house_rules' must be an object.")
    known = {"march": MARCH_RULES, "no_action": NO_ACTION_RULES, "lines": LINES_RULES}
    for key in rules:
        if key not in known:
            raise Refusal("bad_field", f"new: house_rules: unknown rule {key!r}; known: {', '.join(known)}.")
    march = f.choice({"cmd": "new", **rules}, "march", MARCH_RULES, "each")
    no_action = f.choice({"cmd": "new", **rules}, "no_action", NO_ACTION_RULES, "go_on")
    lines = f.choice({"cmd": "new", **rules}, "lines", LINES_RULES, "seats")
    first_i = f.player_index(cmd, "first", names, required=False)
    if first_i is None:
        # 'The player who most recently visited a castle takes the first player token': when the table
        # does not say, the companion draws one (seeded: a replay draws the same).
        first_i = random.Random(seed).randrange(len(names))
    settings = {"teams": teams, "armies": armies, "camps": camps, "march": march, "no_action": no_action,
                "lines": lines}
    recorded = f.recorded(cmd, FIELDS["new"])
    recorded.update(game=GAME, players=names, first=names[first_i], teams=teams, armies=armies, camps=camps,
                    house_rules={"march": march, "no_action": no_action, "lines": lines})
    return Decision(recorded, [ev.Started(tuple(names), seed, names[first_i], settings)])


# --- play ---------------------------------------------------------------------------------------------


def _space(cmd: Mapping[str, Any], field: str = "space") -> str:
    return f.choice(cmd, field, SPACES)


def _fort(state: GameState, cmd: Mapping[str, Any], default: int | None = None) -> int:
    if cmd.get("fort") is None and default is not None:
        return default
    return f.player_index(cmd, "fort", [p.name for p in state.players])


def _opponent(state: GameState, cmd: Mapping[str, Any]) -> int:
    i = _fort(state, cmd)
    me = state.current
    if i == me or state.partners(me, i):
        whose = "your own fort" if i == me else f"{state.players[i].name}'s fort: a teammate's"
        raise Refusal("not_an_opponent", f"{cmd['cmd']}: field 'fort': {whose}; name an opponent's fort.")
    return i


def _combo(state: GameState, cmd: Mapping[str, Any], t: Turn, double: bool) -> bool:
    """Whether ``cmd`` is a combination's double effect (no card) or the turn's action (one card)."""
    if state.phase == Phase.ACTION:
        if double:
            raise Refusal("bad_field", f"{cmd['cmd']}: field 'double': a double effect comes right after the "
                          "build that made the pair; play the action first.")
        return False
    if state.combos == 0 and not (state.garrison_left and cmd["cmd"] in ("army", "defeat")):
        raise Refusal("wrong_phase", f"{cmd['cmd']}: this turn's action is made; a double effect comes right "
                      "after the build that made the pair (drawbridge or end_turn now).")
    return True


def _after_effect(t: Turn, combo: bool, garrison: bool = False) -> None:
    """The phase after an effect: the combination used up (one of at most two), or the action made."""
    s = t.state
    if combo:
        if garrison and s.garrison_left:  # the pair's second resolution
            t.emit(ev.PhaseSet(Phase.END, s.combos, 0))
        else:
            t.emit(ev.PhaseSet(Phase.END, s.combos - 1, 1 if garrison else 0))
    else:
        t.emit(ev.PhaseSet(Phase.END, 0, 0))


def _camp(state: GameState, cmd: Mapping[str, Any], t: Turn) -> None:
    me = state.current
    space = _space(cmd)
    if state.phase == Phase.SETUP:
        fort = _fort(state, cmd, me)
        if fort != me:
            raise Refusal("bad_field", "camp: field 'fort': the starting camp goes in your own fort.")
    else:
        fort = _fort(state, cmd, me)
        if fort != me and not state.partners(me, fort):
            raise Refusal("bad_field", f"camp: field 'fort': a camp goes in your own fort"
                          f"{' or your teammate’s' if state.settings.teams else ''}, not "
                          f"{state.players[fort].name}'s.")
    if state.players[me].camps_left == 0:
        raise Refusal("no_camp_left", f"camp: {state.players[me].name} has no camp card left.")
    if state.players[fort].stack(space):
        raise Refusal("space_taken", f"camp: field 'space': {space} of {state.players[fort].name}'s fort is not "
                      "empty; 'A camp can be placed in any empty space.'")
    if state.phase == Phase.SETUP:
        t.emit(ev.CampPlaced(t.name(me), t.name(fort), space, True))
        if t.state.current == state.first:  # every starting camp is down: the first turn
            begin_turn(t, state.first, extra=False)
        return
    t.emit(ev.CardPlayed(t.name(me), "discard"))  # 'Discard 1 card from your hand ... then place a camp'
    t.emit(ev.CampPlaced(t.name(me), t.name(fort), space, False))
    t.emit(ev.PhaseSet(Phase.END))


def _build(state: GameState, cmd: Mapping[str, Any], t: Turn) -> None:
    me = state.current
    space = _space(cmd)
    source = f.choice(cmd, "from", ("hand", "discard", "dungeon"), "hand")
    protected = f.boolean(cmd, "protected", False)
    drawbridge = f.boolean(cmd, "drawbridge", False)
    p = state.players[me]
    combo = state.phase == Phase.END
    if combo:
        _combo(state, cmd, t, double=False)
        if source == "hand":
            raise Refusal("bad_field", "build: field 'from': a double Mason builds from the discard pile or "
                          "the dungeon (no card from hand); the turn's action is made.")
    elif source == "dungeon":
        raise Refusal("bad_field", "build: field 'from': 'dungeon' is the double Mason's, right after the "
                      "build that made the pair.")
    top = p.top(space)
    if top is not None and top.kind == "army":
        raise Refusal("space_taken", f"build: field 'space': an army stands on {space}: 'An army prevents "
                      "construction in its occupied space.'")
    if source == "discard" and p.discard == 0:
        raise Refusal("empty_pile", f"build: field 'from': {p.name}'s discard pile is empty.")
    if source == "dungeon" and p.dungeon == 0:
        raise Refusal("empty_pile", f"build: field 'from': {p.name}'s dungeon is empty.")
    if not combo:
        # A wall from hand goes onto the fort; a Mason goes to the discard pile once its wall is built
        # ('After resolving the effect, place the card in your personal discard pile').
        t.emit(ev.CardPlayed(t.name(me), "fort" if source == "hand" else "discard"))
    t.emit(ev.WallBuilt(t.name(me), space, source, protected, drawbridge, combo))
    t.check_ending()
    if complete(t.state.players[me]):
        t.game_over(winners_by_fort(t.state, me), "fort")
        return
    # 'When constructing a wall, you may create a pair ... If a single placement creates two pairs, both
    # effects may be activated': the companion cannot see the symbols, so up to two double effects may follow.
    t.emit(ev.PhaseSet(Phase.END, 2, 0))


def _destroy(state: GameState, cmd: Mapping[str, Any], t: Turn) -> str:
    """Battering Ram or Trebuchet: the effect named (or, unnamed, the one that reaches the space's line) on
    a space of its line as seated (readings file, point 8; ``lines: "any"``: any space). Returns the
    effect, for the recorded command."""
    me = state.current
    fort, space = _opponent(state, cmd), _space(cmd)
    double = f.boolean(cmd, "double", False)
    line = line_of(len(state.players), me, fort, space)
    effect = f.choice(cmd, "effect", EFFECTS, effect_for(line))
    combo = _combo(state, cmd, t, double)
    target = state.players[fort]
    if state.settings.lines == "seats" and effect != effect_for(line):
        said = "the front line" if line == 1 else ("the 2nd line" if line == 2 else "the 3rd line")
        rule = ("'Battering Ram: Destroy all cards in one space of an opponent's front line'" if effect == "ram"
                else "'Trebuchet: Destroy all cards in one space of an opponent's second or third line'")
        raise Refusal("wrong_line", f"destroy: {space} of {target.name}'s fort is {said} as you are seated: {rule}.")
    top = target.top(space)
    if top is None:
        raise Refusal("nothing_there", f"destroy: field 'space': {space} of {target.name}'s fort is empty.")
    if top.kind == "wall" and top.protected and not double:
        raise Refusal("protected_wall", f"destroy: {space} of {target.name}'s fort is a protected wall: 'Cannot "
                      "destroy protected walls' (only the double Battering Ram or Trebuchet can).")
    if not combo:
        t.emit(ev.CardPlayed(t.name(me), "discard"))
    t.destroy(fort, space, me, effect)
    _after_effect(t, combo)
    return effect


def _siege(state: GameState, cmd: Mapping[str, Any], t: Turn) -> None:
    me = state.current
    fort = _opponent(state, cmd)
    double = f.boolean(cmd, "double", False)
    combo = _combo(state, cmd, t, double)
    if state.players[fort].dungeon == 0:
        raise Refusal("empty_pile", f"siege: field 'fort': {state.players[fort].name}'s dungeon is empty.")
    if not combo:
        t.emit(ev.CardPlayed(t.name(me), "discard"))
    for _ in range(2 if double else 1):  # 'Siege Tower + Siege Tower: Resolve the effect twice.'
        if t.state.players[fort].dungeon:
            t.emit(ev.DungeonSieged(t.name(fort), t.name(me), combo))
    t.check_ending()
    _after_effect(t, combo)


def _army(state: GameState, cmd: Mapping[str, Any], t: Turn) -> None:
    me = state.current
    fort, space = _opponent(state, cmd), _space(cmd)
    direction = f.choice(cmd, "direction", DIRECTIONS)
    combo = _combo(state, cmd, t, False)
    if state.players[me].armies_left == 0:
        raise Refusal("no_army_left", f"army: {state.players[me].name} has no army card left.")
    if state.players[fort].stack(space):
        raise Refusal("space_taken", f"army: field 'space': {space} of {state.players[fort].name}'s fort is "
                      "not empty; 'Place an army card on an empty space of an opponent's fort'.")
    allowed = directions_from(space)
    if direction not in allowed:
        raise Refusal("bad_field", f"army: field 'direction': from {space} an army heads {' or '.join(allowed)} "
                      "(along the fort's edge), not " + direction + ".")
    if not combo:
        t.emit(ev.CardPlayed(t.name(me), "discard"))
    t.emit(ev.ArmyPlaced(t.name(me), t.name(fort), space, direction, combo))
    _after_effect(t, combo, garrison=True)


def _defeat(state: GameState, cmd: Mapping[str, Any], t: Turn) -> None:
    me = state.current
    fort, space = _fort(state, cmd), _space(cmd)
    if fort != me and not state.partners(me, fort):
        raise Refusal("bad_field", f"defeat: field 'fort': a Garrison defeats an army invading your own fort"
                      f"{' or your teammate’s' if state.settings.teams else ''}.")
    combo = _combo(state, cmd, t, False)
    top = state.players[fort].top(space)
    if top is None or top.kind != "army":
        raise Refusal("nothing_there", f"defeat: field 'space': no army on {space} of "
                      f"{state.players[fort].name}'s fort.")
    if not combo:
        t.emit(ev.CardPlayed(t.name(me), "discard"))
    t.emit(ev.ArmyDefeated(t.name(top.owner), t.name(fort), space, "garrison"))
    _after_effect(t, combo, garrison=True)


def _discard(state: GameState, cmd: Mapping[str, Any], t: Turn) -> None:
    me = state.current
    t.emit(ev.CardDiscarded(t.name(me)))
    if state.settings.no_action == "pass":  # 'passer votre tour en défaussant une carte'
        end_turn(t)
    else:
        t.emit(ev.PhaseSet(Phase.END))


def _drawbridge(state: GameState, cmd: Mapping[str, Any], t: Turn) -> None:
    me = state.current
    space = _space(cmd)
    p = state.players[me]
    if state.extra_turn:
        raise Refusal("wrong_phase", "drawbridge: it is lowered already this turn; end_turn.")
    if p.drawbridge is not None:
        raise Refusal("token_in_use", f"drawbridge: {p.name}'s token is on the wall at {p.drawbridge}; it comes "
                      "back when that wall is destroyed or covered.")
    top = p.top(space)
    if top is None or top.kind != "wall" or not top.drawbridge:
        raise Refusal("bad_field", f"drawbridge: field 'space': {space} of {p.name}'s fort is not a wall bearing "
                      "the drawbridge symbol.")
    t.emit(ev.DrawbridgeLowered(t.name(me), space))
    if p.dungeon:  # 'When activated, draw 1 card and immediately take an extra turn.'
        t.emit(ev.Drawn(t.name(me), 1))
    t.check_ending()
    t.emit(ev.PhaseSet(Phase.END))


def _march(state: GameState, cmd: Mapping[str, Any], t: Turn) -> None:
    fort, space = _fort(state, cmd), _space(cmd)
    top = state.players[fort].top(space)
    if top is None or top.kind != "army" or top.owner != state.current:
        raise Refusal("bad_field", f"march: no army of {state.players[state.current].name} on {space} of "
                      f"{state.players[fort].name}'s fort.")
    march_one(t, fort, space)
    t.emit(ev.PhaseSet(Phase.ACTION))


def _decline(state: GameState, cmd: Mapping[str, Any], t: Turn) -> None:
    """'you may immediately activate their combined effect': the table lets the pair go (no double
    effect, or no second Garrison); the drawbridge and the end of the turn follow."""
    t.emit(ev.PhaseSet(Phase.END, 0, 0))


_HANDLERS = {
    "camp": _camp, "build": _build, "destroy": _destroy, "siege": _siege, "army": _army, "defeat": _defeat,
    "discard": _discard, "drawbridge": _drawbridge, "end_turn": lambda s, c, t: end_turn(t), "march": _march,
    "decline": _decline,
}


def decide(state: GameState, cmd: Mapping[str, Any]) -> Decision:
    name = cmd.get("cmd")
    if state.phase == Phase.OVER:
        raise Refusal("game_over", f"{name}: the game is over; start a new one with new.")
    if name not in _HANDLERS:
        raise Refusal("unknown_command", f"Unknown command {name!r} for Forfort; known: {', '.join(_HANDLERS)}.")
    allowed = expects(state)
    if name not in allowed:
        raise Refusal("wrong_phase", f"{name}: not now; the game waits for {describe(state)}.")
    t = Turn(state)
    said = _HANDLERS[name](state, cmd, t)
    recorded = f.recorded(cmd, FIELDS[name])
    if name == "destroy":  # the effect as decided (named, or the one that reaches the space's line)
        recorded["effect"] = said
    for field in ("fort",):  # the names as seated, whatever case the client typed
        if isinstance(recorded.get(field), str):
            recorded[field] = state.players[_fort(state, cmd)].name
    return Decision(recorded, t.events)


_WORDS = {
    Phase.SETUP: "{p} to place the starting camp (camp)",
    Phase.MARCH: "{p} to choose which army advances (march)",
    Phase.ACTION: "{p}'s action: build, destroy, siege, army, defeat, camp or discard",
    Phase.END: "{p}'s drawbridge or the end of the turn (drawbridge, end_turn)",
    Phase.OVER: "nothing: the game is over",
}


def describe(state: GameState) -> str:
    p = state.name(state.current) or "nobody"
    if state.phase == Phase.ACTION and state.current is not None and state.players[state.current].hand == 0:
        return f"the end of {p}'s turn: no card in hand (end_turn)"
    if state.phase == Phase.END and (state.combos or state.garrison_left):
        return f"{p}'s double effect (or decline), the drawbridge or the end of the turn"
    return _WORDS.get(state.phase, state.phase).format(p=p)

