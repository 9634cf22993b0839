"""A game's own settings on the settings screen: which of the configuration's options (companion/config/
table.py) are one game's, and how they read. The settings screen shows every other option as shared
(language, sound, display, hardware...) and each game's under that game's name: a game's ``UI`` may carry
``settings``, a tuple of :class:`GameSetting`. No Kivy here."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from companion.app.game_ui import playable_games
from companion.engine.registry import GameEntry


@dataclass(frozen=True)
class GameSetting:
    """One option of the configuration that belongs to a game."""

    attr: str  # its name on companion.config.Settings
    label: str  # catalogue key of its name on the settings screen
    text: Callable[[Callable[..., str], Any], str] | None = None  # a value in words (None: on / off, the value)
    stepped: bool = False  # − / + steps rather than a choice of segments (a number of seconds)


def game_settings() -> list[tuple[GameEntry, tuple[GameSetting, ...]]]:
    """Each game whose package declares settings, in the registry's order, with them. Imports each game's
    UI module (light: its screens load when one is played), when the settings screen is opened."""
    out = []
    for entry in playable_games():
        ui = getattr(importlib.import_module(entry.ui), "UI", None)
        declared = tuple(s for s in getattr(ui, "settings", ()) if isinstance(s, GameSetting))
        if declared:
            out.append((entry, declared))
    return out
