"""Game-agnostic core of the rules engine: commands, events, refusals and the game registry.

Everything here is pure: no Kivy, no hardware, no I/O, no clock. A game is a module that provides a
:class:`Rules` object; the core never names a game.
"""

from companion.engine.core import (
    Event,
    EventTable,
    Refusal,
    Rules,
    Decision,
    event_from_json,
    event_to_json,
    events_of,
    register_event,
)
from companion.engine.registry import GAMES, GameEntry, available_games, default_game, game_entry, rules_for

__all__ = [
    "Decision",
    "Event",
    "EventTable",
    "GAMES",
    "GameEntry",
    "Refusal",
    "Rules",
    "available_games",
    "default_game",
    "event_from_json",
    "event_to_json",
    "events_of",
    "game_entry",
    "register_event",
    "rules_for",
]
