"""The state of a Knightmare game as JSON for clients (the headless protocol, the app)."""

from __future__ import annotations

from typing import Any

from companion.games.knightmare.model import EXPECTS, GAME, HELMETS, Fight, GameState, Phase, Player, Question


def _player(p: Player) -> dict[str, Any]:
    return {"name": p.name, "helmets": p.helmets, "object": p.object, "spells": p.spells, "place": p.place,
            "part": p.part, "bridge": p.bridge}


def _name(state: GameState, i: int | None) -> str | None:
    return None if i is None else state.players[i].name


def _question(q: Question | None, with_answer: bool) -> dict[str, Any] | None:
    if q is None:
        return None
    out: dict[str, Any] = {"id": q.id, "part": q.part, "text": q.text}
    if with_answer:
        out.update(answer=q.answer, accept=list(q.accept))
    return out


def _fight(f: Fight | None) -> dict[str, Any] | None:
    if f is None:
        return None
    return {"player": f.player, "roller": f.roller, "shield": f.shield, "helmets": f.helmets, "roll": f.roll,
            "opponent_roll": f.opponent_roll, "strength": f.strength, "opponent_strength": f.opponent_strength,
            "outcome": f.outcome}


def view(state: GameState) -> dict[str, Any]:
    """The whole state: the headless protocol's, with the question's answer (a program judges it)."""
    if state.phase == Phase.NO_GAME:
        return {"game": None, "phase": Phase.NO_GAME, "current": None, "expects": ["new"], "winners": [],
                "players": [], "castle_helmets": None, "question": None}
    return {
        "game": GAME,
        "phase": state.phase,
        "current": _name(state, state.current),
        "expects": list(EXPECTS[state.phase]),
        "winners": list(state.winners),
        "players": [_player(p) for p in state.players],
        "castle_helmets": state.castle,
        "helmets_total": HELMETS,
        "bridge_length": state.bridge_length,
        "question": _question(state.question, with_answer=True),
        "reader": _name(state, state.reader),
        "placed": state.placed,
        "answered": state.answered,
        "questions_asked": list(state.questions),
        "fight": _fight(state.fight),
        "first": _name(state, state.first),
        "turns": state.turns,
        "dice": state.dice,
        "seed": state.seed,
        "language": state.language,
        "house_rules": state.house_rules.to_json(),
    }


def player_view(state: GameState, name: str) -> dict[str, Any] | None:
    """What the player ``name`` may see on their own screen: every public figure, and the answer to
    Merlin's question only when they are its reader ('The player to your right ... checks your answers').
    None when ``name`` is not a player of the game."""
    i = state.index(name)
    if i is None or state.phase == Phase.NO_GAME:
        return None
    reader = state.reader == i
    return {
        "game": GAME,
        "player": name,
        "my_turn": state.current == i,
        "reader": reader,
        "phase": state.phase,
        "current": _name(state, state.current),
        "players": [_player(p) for p in state.players],
        "castle_helmets": state.castle,
        "bridge_length": state.bridge_length,
        "question": _question(state.question, with_answer=reader),
        "over": state.phase == Phase.OVER,
        "winners": list(state.winners),
    }
