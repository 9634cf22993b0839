"""Helpers for the Pixies tests: a game driven through the pure rules (``Pixies``), grids written as the
Interfaces write them, and a space as the rules hold it."""

from __future__ import annotations

from typing import Any

from companion.engine.core import evolve
from companion.games.pixies import RULES
from companion.games.pixies.apply import space_of
from companion.games.pixies.model import GameState, Space
from tests.support import RulesTable


def up(card: str) -> dict:
    return {"up": card}


def val(card: str) -> dict:
    return {"up": card, "validated": True}


WORKED_EXAMPLE = [up("blue-1-6s"), val("yellow-2-star"), val("multi-3-none"), "down", val("yellow-5-2x"),
                  up("yellow-6-none"), val("green-7-2x"), up("green-8-2x"), val("blue-9-1x")]
"""The digest's worked example (round 2: 41 points)."""


def grid_of(items: list[Any]) -> tuple[Space, ...]:
    return tuple(space_of(item) for item in items)


class Pixies(RulesTable):
    """A Pixies game at the table, driven through the pure rules: ``g.do("pick", player="Ann", card=...)``."""

    rules = RULES
    state: GameState

    def __init__(self, players=("Ann", "Bob", "Cy"), first: str | None = "Ann", seed: int = 1, mode: str = "draft",
                 **house_rules: Any) -> None:
        cmd: dict[str, Any] = {"cmd": "new", "game": "pixies", "players": list(players), "seed": seed, "mode": mode}
        if first is not None:
            cmd["first"] = first
        if house_rules:
            cmd["house_rules"] = house_rules
        super().__init__(cmd)

    def set_grid(self, name: str, items: list[Any]) -> None:
        """Give ``name`` this grid mid-round (a test's shortcut to a position many picks away)."""
        i = self.state.index(name)
        self.state = self.state.with_player(i, evolve(self.state.players[i], grid=grid_of(items)))

    def reveal(self, *cards: str) -> None:
        self.do("reveal", cards=list(cards))
