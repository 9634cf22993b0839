"""Game-agnostic core of the rules engine: commands, events, refusals and the game registry.

Everything here is pure: no Kivy, no hardware, no I/O, no clock. A game is a module that provides a
:class:`Rules` object; the core never names a game.
"""

from companion.engine.core import (
    Event,
    Refusal,
    Rules,
    Decision,
    event_from_json,
    event_to_json,
    register_event,
)
from companion.engine.registry import available_games, rules_for

__all__ = [
    "Decision",
    "Event",
    "Refusal",
    "Rules",
    "available_games",
    "event_from_json",
    "event_to_json",
    "register_event",
    "rules_for",
]
