"""Père Fouras's voice: how slowly, how low, and how long he pauses, for each engine."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class VoiceProfile:
    """How a voice is shaped, in terms every engine understands.

    ``speed``: 1.0 is the engine's normal pace, below is slower. ``pitch``: semitones up (+) or down
    (-). ``line_pause``: seconds of silence after each line of a riddle (they are verses).
    ``sentence_pause``: seconds after each sentence within a line. ``variant``: espeak-ng's voice
    variant (its timbre), ignored by the other engines.
    """

    name: str = "plain"
    speed: float = 1.0
    pitch: float = 0.0
    line_pause: float = 0.3
    sentence_pause: float = 0.15
    variant: str = ""

    def __post_init__(self) -> None:
        if not 0.3 <= self.speed <= 3.0:
            raise ValueError(f"voice speed must be between 0.3 and 3, got {self.speed!r}")
        if not -12.0 <= self.pitch <= 12.0:
            raise ValueError(f"voice pitch must be between -12 and +12 semitones, got {self.pitch!r}")
        if self.line_pause < 0 or self.sentence_pause < 0:
            raise ValueError("voice pauses cannot be negative")


#: The old riddle master: slower than normal, a little lower, and he lets each verse sink in.
FOURAS = {
    "piper": VoiceProfile(name="fouras", speed=0.88, pitch=-1.5, line_pause=0.45, sentence_pause=0.3),
    "espeak": VoiceProfile(name="fouras", speed=0.8, pitch=-3.0, line_pause=0.45, sentence_pause=0.25,
                           variant="m3"),
    "silent": VoiceProfile(name="fouras"),
}


def fouras_profile(engine: str) -> VoiceProfile:
    return FOURAS.get(engine, VoiceProfile(name="fouras"))


_SENTENCE_END = re.compile(r"(?<=[^.][.!?])\s+(?=\S)")


def lines_of(text: str) -> list[str]:
    """The text's lines (verses of a riddle), stripped, without the empty ones."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def sentences_of(line: str) -> list[str]:
    """A line cut after each sentence's end mark (an ellipsis stays inside: it is a pause, not an end)."""
    parts = [p.strip() for p in _SENTENCE_END.split(line)]
    return [p for p in parts if p]
