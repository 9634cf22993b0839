"""Fort's sounds: the shared table cues (companion/sound/table_cues.py) — soft tokens falling when points
are scored, the full rain of tokens for the macaroni sculpture and the last round. Never raises: a sound
is decoration."""

from __future__ import annotations

from typing import Any, Mapping

CUES = {"fort.macaroni": "tokens_falling", "fort.last_round": "tokens_falling", "fort.points": "soft_tokens_falling"}


def cue_for(events) -> str | None:
    """The one cue an answer's events call for (the loudest first), or None."""
    types = [e.get("type") for e in events]
    for kind in CUES:
        if kind in types:
            return CUES[kind]
    return None


def for_answer(app: Any, answer: Mapping[str, Any]) -> None:
    from companion.sound.table_cues import play_cue

    name = cue_for(answer.get("events", ()))
    if name is not None:
        play_cue(getattr(app, "sound", None), name)
