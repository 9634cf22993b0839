"""Which games the companion knows: one line per game in :data:`GAMES`. The core never imports one by name.

A line says what the shell needs before the game is chosen (its id, its names, its player range) and
where its modules are: the pure rules (a module exposing ``RULES``) and, for the app, its screens (a
module exposing ``UI``). Neither is imported until a game of that kind is started, resumed or shown,
so that five games cost the app's start nothing (``benchmarks.app_start``).

Adding a game is one line here (and its package): see docs/games/README.md.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Mapping

from companion.engine.core import Refusal


@dataclass(frozen=True)
class GameEntry:
    """One game the companion holds."""

    id: str  # stable: stored in the game log, typed in commands (`"game": "pixies"`)
    rules: str  # module that defines RULES (pure: no Kivy, no I/O, no clock)
    ui: str  # module that defines UI, the game's screens for the app (companion/app/games/<game>/)
    name: Mapping[str, str]  # the game's name per language, as on its box
    players: tuple[int, int]  # the box's player range, inclusive
    bgg: int | None = None  # its BoardGameGeek id, for BG Stats exports: only one confirmed (docs/history.md)

    def to_json(self) -> dict[str, Any]:
        """The line ``companion games`` prints for this game."""
        return {"id": self.id, "name": dict(self.name), "players": list(self.players)}


#: Every game of the companion, in the order home shows them. One line per game.
GAMES: tuple[GameEntry, ...] = (
    GameEntry("fort-boyard", "companion.games.fort_boyard", "companion.app.games.fort_boyard",
              {"fr": "Fort Boyard", "en": "Fort Boyard"}, (2, 6)),
    GameEntry("knightmare", "companion.games.knightmare", "companion.app.games.knightmare",
              {"fr": "Le Chevalier du Labyrinthe", "en": "Knightmare"}, (2, 4)),
    GameEntry("pixies", "companion.games.pixies", "companion.app.games.pixies",
              {"fr": "Pixies", "en": "Pixies"}, (2, 5)),
    GameEntry("forfort", "companion.games.forfort", "companion.app.games.forfort",
              {"fr": "Forfort", "en": "Forfort"}, (2, 4)),
    GameEntry("fort", "companion.games.fort", "companion.app.games.fort",
              {"fr": "Fort", "en": "Fort"}, (2, 4)),
)


def available_games() -> list[str]:
    return [g.id for g in GAMES]


def default_game() -> str:
    """The game a ``new`` command without ``game`` starts: the registry's first (the protocol's first game)."""
    return GAMES[0].id


def game_entry(game: Any) -> GameEntry:
    """The registry line of ``game``, or a :class:`Refusal` naming the games that exist."""
    # Looked up in GAMES on each call (five lines): a test may register a game of its own by patching GAMES.
    found = next((g for g in GAMES if g.id == game), None) if isinstance(game, str) else None
    if found is None:
        shown = repr(game) if not isinstance(game, str) or len(game) <= 40 else repr(game[:40] + "…")
        raise Refusal(
            "unknown_game",
            f"Unknown game {shown}; the companion knows: {', '.join(available_games())}.",
        )
    return found


def rules_for(game: Any) -> Any:
    """The rules object of ``game`` (its module imported now, once), or a :class:`Refusal`."""
    return importlib.import_module(game_entry(game).rules).RULES
