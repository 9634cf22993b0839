"""The Challenge of Merlin (rulebook IV) and the Winner (V): the Chamber, the questions, the bridge."""

from __future__ import annotations

from typing import Any, Mapping

from companion.engine.core import Refusal
from companion.games.knightmare import events as ev
from companion.games.knightmare import fields
from companion.games.knightmare.turn import Turn


def chamber(t: Turn, cmd: Mapping[str, Any]) -> None:
    """'When you are in possession of one of the 4 objects ... you may attempt the Challenge of Merlin.
    At the start of your turn, you place yourself in the corner of the Chamber of Merlin bearing the
    corresponding object.' 'The first player to reach the Chamber of Merlin answers the questions of
    Part 1, the 2nd player the questions of Part 2, and so on.'"""
    s, p = t.state, t.me
    if p.object is None:
        raise Refusal("no_object", f"chamber: {p.name} holds none of Merlin's objects (book, wand, ring, "
                      "crown); the Challenge of Merlin needs one.")
    need = s.bridge_length if s.house_rules.chamber_entry == "whole_bridge" else 1
    if p.helmets < need:
        what = f"the whole bridge ({need})" if need > 1 else "one to place on the bridge"
        raise Refusal("not_enough_helmets", f"chamber: {p.name} has {p.helmets} helmet"
                      f"{'s' if p.helmets != 1 else ''}; the Challenge needs {what}.")
    part = p.part if p.part is not None else 1 + sum(q.part is not None for q in s.players)
    t.emit(ev.ChamberEntered(p.name, p.object, part))


def question(t: Turn, cmd: Mapping[str, Any]) -> None:
    """The question the reader asks: the companion's (drawn by the session from its packs) or a
    program's own. It replaces one asked and not answered yet; no question is asked twice in a game."""
    q = fields.question(cmd, cmd, "", t.me.part)
    _ask(t, q)
    t.filled.update(fields.question_record(q))  # recorded as checked: stripped, NFC


def _ask(t: Turn, q) -> None:
    s = t.state
    if q.id in s.questions:
        raise Refusal("question_repeated", f"{t.cmd['cmd']}: the question {q.id!r} was already asked in this game.")
    t.emit(ev.QuestionAsked(t.name(), t.name(s.right_of(s.current)), q.id, q.part, q.text, q.answer, q.accept))


def attach_question(t: Turn, raw: Any) -> dict[str, Any]:
    """A command's ``question`` field: the question asked next, when its outcome asks one (the session
    fills it from the packs, so that one command is one log row and an undo takes back both)."""
    name = t.cmd["cmd"]
    if not t.asks_question():
        raise Refusal("bad_field", f"{name}: field 'question': no question of Merlin is due after this command.")
    if not isinstance(raw, Mapping):
        raise Refusal("bad_field", f"{name}: field 'question' must be an object with id, part, text, answer, accept.")
    q = fields.question(t.cmd, raw, "question.", t.me.part)
    _ask(t, q)
    return fields.question_record(q)


def answer(t: Turn, cmd: Mapping[str, Any]) -> None:
    """'If you answer the first question correctly, you place your first Helmet. You may then choose to
    answer a new question or to stop there for this turn. As long as you answer correctly, you may
    continue to play until you have reached the Throne.' 'If you do not answer correctly, your turn is
    over. You lose all the Helmets placed on the board during this turn.'"""
    correct = fields.boolean(cmd, "correct")
    s, p = t.state, t.me
    if p.helmets == 0:
        raise Refusal("not_enough_helmets", f"answer: {p.name} has no helmet left to place on the bridge; "
                      "abandon the Challenge (abandon, at the start of a turn) or end the turn (end_turn).")
    q = s.question
    t.emit(ev.Answered(p.name, correct, q.id if q else None, q.part if q else p.part))
    if not correct:
        if s.placed:
            t.emit(ev.BridgeFell(p.name, s.placed))
        return t.end_turn("wrong_answer")
    t.emit(ev.HelmetPlaced(p.name, p.bridge + 1))
    if t.me.bridge >= t.state.bridge_length:
        return _throne(t)
    if t.me.helmets == 0:
        t.end_turn("no_helmet_left")  # nothing left to place: the turn's outcome is settled


def _throne(t: Turn) -> None:
    """'The first player to reach the Throne of Merlin wins the game.'"""
    name = t.name()
    t.emit(ev.ThroneReached(name))
    t.emit(ev.GameOver((name,), {p.name: p.bridge for p in t.state.players}))


def stop(t: Turn, cmd: Mapping[str, Any]) -> None:
    """'You may then choose to answer a new question or to stop there for this turn.'"""
    t.end_turn("stop")


def abandon(t: Turn, cmd: Mapping[str, Any]) -> None:
    """'you may announce at the start of a turn that you abandon the Challenge. You then return
    immediately to one of the Rooms of Iselle and draw a card. You lose all your Helmets as well as the
    object you possessed ... The Helmets already placed on the board are removed from the board.'"""
    p = t.me
    t.emit(ev.ChallengeAbandoned(p.name, p.helmets, p.object, p.bridge))
