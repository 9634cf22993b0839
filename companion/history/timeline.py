"""A finished game told again: its moments, as its game tells them. Every game's moments have one shape
(:class:`Moment`); which events make a moment, and their sentences, are the game's own, in the module its
rules name in ``history_timeline`` (docs/games/README.md). A game without one tells no moment (its
plays are still listed, counted and exported)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from companion.engine import Refusal, rules_for
from companion.history.games import PlayedGame


@dataclass(frozen=True)
class Moment:
    """Something worth telling: ``kind`` names it (its sentence is the game's ``timeline.<kind>``)."""

    seq: int  # the command it came from
    at: str
    round: int
    kind: str
    player: str | None = None
    other: str | None = None  # the duel's loser, whose key was taken, ...
    detail: str = ""  # a space, a stake, a reason
    value: int | None = None  # a score, a count
    keys: dict[str, int] = field(default_factory=dict)  # every player's standing after this moment (keys...)
    clues: dict[str, int] = field(default_factory=dict)

    def describe(self, tr: Callable[..., str]) -> str:
        return tr("timeline." + self.kind, player=self.player or "", other=self.other or "", detail=self.detail,
                  value=self.value if self.value is not None else "", n=self.value or 0)


@dataclass(frozen=True)
class KeysOverGame:
    """Each player's standing (keys...) after every command that moved it (the first point is the start)."""

    players: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]
    rounds: tuple[int, ...]  # the point where each round after the first begins

    def series(self, player: str) -> list[int]:
        i = self.players.index(player)
        return [point[i] for point in self.points]


def told_by(game: PlayedGame) -> Any:
    """The module that tells ``game``'s plays (its rules' ``history_timeline``), or None."""
    try:
        path = getattr(rules_for(game.game), "history_timeline", None)
    except Refusal:  # a game this companion no longer holds
        return None
    return importlib.import_module(path) if path else None


def timeline(game: PlayedGame) -> list[Moment]:
    """The game's moments in order, as its game tells them (none for a game without a timeline)."""
    told = told_by(game)
    return told.timeline(game) if told else []


def keys_over_game(game: PlayedGame) -> KeysOverGame:
    """The players' standing over the game, for its chart; flat for a game without a timeline."""
    told = told_by(game)
    if told and hasattr(told, "keys_over_game"):
        return told.keys_over_game(game)
    return KeysOverGame(game.players, (tuple(0 for _ in game.players),), ())


def describe(moment: Moment, tr: Callable[..., str]) -> str:
    """The moment as a sentence in the translator's language."""
    return moment.describe(tr)
