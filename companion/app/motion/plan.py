"""Which animations an answer of the game calls for: a pure function of its events, tested alone.

Animations only explain what already happened: the game's state has changed before any of them plays,
and an undone command plays nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Shot:
    """One animation to play: ``kind`` is "key", "clue", "splash", "coins", "title" or "celebration"."""

    kind: str
    player: str = ""
    source: str = ""      # "key": "stock" or the player the key comes from
    stake: str = ""       # "splash": "key" or "clue"
    count: int = 0        # "coins": how many Boyards the handful is worth
    round: int = 0        # "title": the round that starts
    winners: tuple[str, ...] = ()


def shots_for(answer: dict[str, Any]) -> list[Shot]:
    """The animations for one answer of the controller (none for a refusal or an undo)."""
    if not answer.get("ok", False):
        return []
    events = answer.get("events", [])
    if any(e.get("type") == "undone" for e in events):
        return []
    shots: list[Shot] = []
    for e in events:
        kind, player = e.get("type"), str(e.get("player", ""))
        if kind == "key_won":
            shots.append(Shot("key", player, source=str(e.get("source", "stock"))))
        elif kind == "clue_won":
            shots.append(Shot("clue", player))
        elif kind in ("riddle_failed", "abandoned"):  # Père Fouras throws the stake into the sea
            shots.append(Shot("splash", player, stake=str(e.get("stake", "key"))))
        elif kind == "handful_drawn":
            shots.append(Shot("coins", player, count=max(0, int(e.get("value", 0) or 0))))
        elif kind == "round_started":
            shots.append(Shot("title", round=int(e.get("round", 1) or 1)))
        elif kind == "game_over":
            shots.append(Shot("celebration", winners=tuple(e.get("winners", ()))))
    return shots
