"""The commands of Round 3 and the Treasure room: a code-word proposal (a new one paid with a Key), giving
up, and a handful drawn from the bag (its tokens, and the RFID tags scanned into it)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.engine.core import Refusal
from companion.games.fort_boyard import codewords
from companion.games.fort_boyard import events as ev
from companion.games.fort_boyard import fields
from companion.games.fort_boyard.model import BAG, TOKEN_KINDS, TOKEN_VALUES, Phase
from companion.games.fort_boyard.turns import Turn, next_drawer, next_proposer


def _propose(t: Turn, cmd: Mapping[str, Any]) -> None:
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
    next_proposer(t, t.state.left_of(i))


def _pass(t: Turn, cmd: Mapping[str, Any]) -> None:
    s = t.state
    i = fields.player(s, cmd)
    fields.must_be_current(s, cmd, i)
    t.emit(ev.Eliminated(t.name(i), "passed"))
    next_proposer(t, t.state.left_of(i))


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


def _draw(t: Turn, cmd: Mapping[str, Any]) -> None:
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
        next_drawer(t)


HANDLERS: dict[str, Callable[[Turn, Mapping[str, Any]], None]] = {
    "propose": _propose,
    "pass": _pass,
    "draw": _draw,
}
