"""Which games the companion knows. A game module exposes ``RULES``; the core never imports one by name."""

from __future__ import annotations

import importlib
from typing import Any

from companion.engine.core import Refusal

# game id -> module that defines RULES. Other games of shared/rules/ add their line here.
_GAMES: dict[str, str] = {
    "fort-boyard": "companion.games.fort_boyard",
}


def available_games() -> list[str]:
    return sorted(_GAMES)


def rules_for(game: Any) -> Any:
    """The rules object of ``game``, or a :class:`Refusal` naming the games that exist."""
    if not isinstance(game, str) or game not in _GAMES:
        raise Refusal(
            "unknown_game",
            f"Unknown game {game!r}; the companion knows: {', '.join(available_games())}.",
        )
    return importlib.import_module(_GAMES[game]).RULES
