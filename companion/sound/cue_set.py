"""A named set of short synthesised cues, each rendered once a rate and played on the app's sound: what
the shared table's cues (companion/sound/table_cues.py) and each game's sounds (companion/app/games/*/
sounds.py) have in common, so that the rendering cache and the "never raises" playing live in one place.

    CHIMES = CueSet({"bell": bell}, "Chimes", logging.getLogger(__name__))
    CHIMES.clip("bell", 16000)      # a Clip, rendered on first use
    CHIMES.play(app.sound, "bell")  # False when nothing played

``play`` never raises: a cue is decoration, and the command it follows is already sent and recorded."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from companion.sound.clip import Clip
from companion.sound.cues import PEAK, _normalise


class CueSet:
    """The cues ``cues`` (a name, and what renders it at a rate); ``label`` names the set in the error
    for an unknown name and in the log line of a failed play, ``log`` is the logger of the module that
    owns the set (so a failure is logged where it belongs)."""

    def __init__(self, cues: Mapping[str, Callable[[int], np.ndarray]], label: str,
                 log: logging.Logger | None = None) -> None:
        self.cues = cues
        self.label = label
        self.log = log or logging.getLogger(__name__)
        self._made: dict[tuple[str, int], Clip] = {}

    def clip(self, name: str, rate: int = 48000) -> Clip:
        """The cue ``name`` at ``rate``, rendered once; an unknown name is an error naming the known ones."""
        if name not in self.cues:
            raise KeyError(f"no {self.label} cue named {name!r}; known: {', '.join(sorted(self.cues))}")
        key = (name, rate)
        if key not in self._made:
            self._made[key] = Clip(_normalise(self.cues[name](rate), PEAK), rate)
        return self._made[key]

    def play(self, sound: Any, name: str, delay: float | None = None) -> bool:
        """Play the cue on the app's sound (a :class:`companion.sound.Reactions`, or None when the app has
        no sound) in its mixer's "cues" category, unless that is off, after ``delay`` seconds when one is
        given; the play is added to the sound's history. False when nothing played (no sound, cues off,
        or a failure, which is logged)."""
        if sound is None or getattr(sound, "mixer", None) is None:
            return False
        try:
            if hasattr(sound, "is_on") and not sound.is_on("cues"):
                return False
            # without a delay the mixer is called as it always was (its delay left to its default)
            extra = {} if delay is None else {"delay": delay}
            sound.mixer.play(self.clip(name, sound.mixer.rate), "cues", **extra)
            history = getattr(sound, "history", None)
            if history is not None:
                history.append(("cue", name))
            return True
        except Exception:  # decoration: the command (or roll) is already made and recorded
            self.log.exception("%s cue %s failed", self.label, name)
            return False
