"""Games registered by tests only (the `tally` fixture), to prove the core holds more than one kind of game."""

from __future__ import annotations

import pytest

from companion.engine import registry
from companion.engine.registry import GameEntry

TALLY = GameEntry("tally", "tests.games.tally", "tests.games.tally", {"fr": "Pointage", "en": "Tally"}, (1, 4))


@pytest.fixture
def tally(monkeypatch):
    """The registry with the test-only game Tally after the real games (until a second real game lands)."""
    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (TALLY,))
    return TALLY
