"""``start(new command) -> events``: a Fort Boyard game opened (players seated, the house rules and the
code-word settings, the first player chosen or rolled for, Round 1's first turn). Pure: the dice come
from the command's seed."""

from __future__ import annotations

import random
import unicodedata
from typing import Any, Mapping

from companion.engine.core import Decision, Refusal
from companion.games.fort_boyard import codewords
from companion.games.fort_boyard import events as ev
from companion.games.fort_boyard import fields
from companion.games.fort_boyard.model import GAME, GameState
from companion.games.fort_boyard.turns import Turn


def start(cmd: Mapping[str, Any]) -> Decision:
    """The events that open a game: players seated, first player chosen or rolled for, Round 1."""
    names = fields.players(cmd)
    seed = cmd.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise Refusal("bad_field", f"new: field 'seed' must be a whole number, got {seed!r}.")
    rules = fields.house_rules(cmd)
    words = codewords.settings_events(cmd, names)
    t = Turn(GameState())
    t.emit(ev.GameStarted(GAME, tuple(names), seed, rules.to_json()))
    for e in words:
        t.emit(e)
    first = cmd.get("first")
    if first is not None:
        i = t.state.index(unicodedata.normalize("NFC", first.strip())) if isinstance(first, str) else None
        if i is None:
            raise Refusal("unknown_player", f"new: field 'first': {first!r} is not one of the players.")
        t.emit(ev.FirstPlayerChosen(names[i], "players"))
    else:
        # 'Each player rolls the die. The player who rolls the highest number goes first.' Ties re-roll.
        rng = random.Random(seed)
        contenders = names
        while len(contenders) > 1:
            rolls = {n: rng.randint(1, 6) for n in contenders}
            t.emit(ev.DiceRolled(rolls))
            top = max(rolls.values())
            contenders = [n for n in contenders if rolls[n] == top]
        t.emit(ev.FirstPlayerChosen(contenders[0], "dice"))
    t.emit(ev.RoundStarted(1, t.name(t.state.first)))
    t.emit(ev.TurnStarted(t.name(t.state.first)))
    table = cmd.get("table")
    if table is not None and not isinstance(table, dict):
        raise Refusal("bad_field", "new: field 'table' must be an object (the app's table options).")
    if table is not None:
        fields.bounded(cmd, "table", table)
    recorded = {**fields.recorded(cmd, fields.FIELDS["new"]), "players": names, "seed": seed}
    return Decision(recorded, tuple(t.events))

