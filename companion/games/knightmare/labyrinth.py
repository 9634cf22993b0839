"""The labyrinth and the Dungeon (rulebook I, II, III): moving, the cards, fights, rewards, escapes."""

from __future__ import annotations

from typing import Any, Mapping

from companion.engine.core import Refusal
from companion.games.knightmare import events as ev
from companion.games.knightmare import fields
from companion.games.knightmare.model import (
    BASE_STRENGTH,
    CARD_KINDS,
    ESCAPE_AT,
    HELMETS,
    MAX_SHIELD,
    SENT_TO_DUNGEON,
)
from companion.games.knightmare.turn import Turn


def _helmets(t: Turn, cmd: Mapping[str, Any], high: int, why: str) -> int:
    """The ``helmets`` a knight plays: at most ``high`` (``why`` says so) and at most what they hold."""
    k = fields.integer(cmd, "helmets", 0, HELMETS, default=0)
    if k > high:
        raise Refusal("bad_field", f"{cmd['cmd']}: field 'helmets': {why}; got {k}.")
    held = t.me.helmets
    if k > held:
        raise Refusal("not_enough_helmets", f"{cmd['cmd']}: {t.me.name} has {held} helmet"
                      f"{'s' if held != 1 else ''}, so cannot play {k}.")
    t.filled["helmets"] = k
    return k


def move(t: Turn, cmd: Mapping[str, Any]) -> None:
    """'To move, roll the die ... you may modify the number obtained on the die by playing one or more
    Helmet tokens ... one point per Helmet'; then 'When you enter a new room, you draw a card'."""
    k = _helmets(t, cmd, 5, "no face of the die is more than 5 from another")
    fields.die(cmd, "roll")  # checked before the companion rolls anything
    roll = t.die("roll", t.name(), "move")
    t.emit(ev.Moved(t.name(), roll, k))


def blocked(t: Turn, cmd: Mapping[str, Any]) -> None:
    """'If the room indicated by the die roll is occupied, you must play a Helmet token to modify the
    number obtained. If you have none, you lose your turn.'"""
    if t.me.helmets > 0:
        raise Refusal("must_play_helmet", f"blocked: {t.me.name} has {t.me.helmets} helmet"
                      f"{'s' if t.me.helmets != 1 else ''} and must play one to change the roll (move with helmets).")
    roll = t.die("roll", t.name(), "blocked")
    t.emit(ev.Blocked(t.name(), roll))
    t.end_turn("blocked")


def card(t: Turn, cmd: Mapping[str, Any]) -> None:
    kind = fields.choice(cmd, "kind", CARD_KINDS)
    obeyed = None
    if kind == "present":
        obeyed = fields.boolean(cmd, "obeyed")  # 'you cannot obey the instructions of a PRESENT card'
    elif cmd.get("obeyed") is not None:
        raise Refusal("bad_field", f"card: field 'obeyed' is for a present card only, not a {kind} card.")
    me = t.state.current
    t.emit(ev.CardDrawn(t.name(), kind, obeyed))
    if kind == "challenge":
        return  # 'you must immediately fight the occupant of the room': phase fight
    if kind == "spell":
        # 'you immediately receive a Helmet, but you may not cast your spell before the next turn'
        t.emit(ev.SpellReceived(t.name()))
        t.helmet_from_castle(me, "spell")
    elif kind in SENT_TO_DUNGEON and not obeyed:
        t.to_dungeon(me, kind)
    t.end_turn(f"card_{kind}")


def fight(t: Turn, cmd: Mapping[str, Any]) -> None:
    """'your strength is "3", increased by the number of points obtained with your die roll, plus possibly
    1 point per Helmet played before rolling the die ... The strength of the character you are fighting
    is equal to the number written in the yellow shield, increased by the number obtained by the die
    roll of the player to your left.'"""
    shield = fields.integer(cmd, "shield", 0, MAX_SHIELD)
    k = _helmets(t, cmd, HELMETS, f"at most {HELMETS}")
    fields.die(cmd, "roll")
    fields.die(cmd, "opponent_roll")
    s = t.state
    me, roller = s.current, s.left_of(s.current)
    roll = t.die("roll", t.name(me), "fight")
    opponent_roll = t.die("opponent_roll", t.name(roller), "opponent")
    strength, opponent = BASE_STRENGTH + k + roll, shield + opponent_roll
    outcome = "won" if strength > opponent else "lost" if strength < opponent else "tie"
    kept = outcome == "won" and s.house_rules.fight_helmets == "returned_on_win"
    t.emit(ev.Fought(t.name(me), t.name(roller), shield, k, roll, opponent_roll, strength, opponent,
                     outcome, 0 if kept else k))
    if outcome == "lost":
        t.to_dungeon(me, "fight")  # 'if you lose, you are sent to the Dungeon'
        t.end_turn("fight_lost")
    elif outcome == "tie":
        t.end_turn("fight_tie")  # 'you may not take either a Helmet or an object'


def reward(t: Turn, cmd: Mapping[str, Any]) -> None:
    """'if you win, you may take either a Helmet or the object which is in the room'."""
    take = fields.choice(cmd, "take", ("helmet", "object"))
    me = t.state.current
    if take == "helmet":
        if cmd.get("object") is not None:
            raise Refusal("bad_field", "reward: field 'object' is for take object only.")
        t.helmet_from_castle(me, "fight")
    else:
        obj = fields.an_object(cmd, "object", cmd.get("object"))
        if obj is None:
            raise Refusal("bad_field", "reward: field 'object' must name the room's object: book, wand, ring or crown.")
        t.emit(ev.ObjectTaken(t.name(me), obj, t.me.object))
    t.end_turn("reward")


def dungeon(t: Turn, cmd: Mapping[str, Any]) -> None:
    """'If you go to the Dungeon voluntarily, you keep your objects but you may not draw a card.'"""
    t.emit(ev.WentToDungeon(t.name()))
    t.end_turn("dungeon")


def escape(t: Turn, cmd: Mapping[str, Any]) -> None:
    """'To leave the Dungeon, you must obtain 4 or more on the die. You may also use your Helmets to
    increase your score.'"""
    k = _helmets(t, cmd, ESCAPE_AT - 1, f"{ESCAPE_AT - 1} helmets already get a knight out on any roll")
    fields.die(cmd, "roll")
    roll = t.die("roll", t.name(), "escape")
    t.emit(ev.EscapeTried(t.name(), roll, k, roll + k >= ESCAPE_AT))
    t.end_turn("escape")
