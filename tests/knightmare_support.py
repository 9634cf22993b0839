"""Drive the pure Knightmare rules with no log and no I/O: ``k = Knights(); k.do("move", roll=3)``."""

from __future__ import annotations

from typing import Any

from companion.games.knightmare import RULES
from tests.support import RulesTable


class Knights(RulesTable):
    """A Knightmare game at the table, through the pure rules only."""

    rules = RULES
    prefix = "knightmare."

    def __init__(self, players=("Ann", "Bob", "Cy"), first: str | None = "Ann", seed: int = 1, **new: Any):
        cmd: dict[str, Any] = {"cmd": "new", "game": "knightmare", "players": list(players), "seed": seed, **new}
        if first is not None:
            cmd["first"] = first
        super().__init__(cmd)

    @property
    def castle(self) -> int:
        return self.view["castle_helmets"]

    # --- shortcuts -------------------------------------------------------------------------------

    def pass_turn(self) -> None:
        """The current knight moves and draws an 'other' card: nothing changes but whose turn it is."""
        self.do("move", roll=3)
        self.do("card", kind="other")

    def turn_of(self, name: str) -> None:
        while self.current != name:
            self.pass_turn()

    def give(self, name: str, helmets: int) -> None:
        self.do("adjust", player=name, helmets=helmets)

    def ask(self, qid: str = "q1", text: str = "What is the capital of Wales?", answer: str = "Cardiff") -> None:
        part = self.p(self.current)["part"]
        self.do("question", id=qid, part=part, text=text, answer=answer, accept=["Caerdydd"])

    def enter_chamber(self, name: str = "Ann", helmets: int = 5) -> None:
        """``name`` (holding their starting object) enters the Chamber of Merlin with ``helmets``."""
        self.turn_of(name)
        self.give(name, helmets)
        self.do("chamber")
