"""Forfort's sounds, synthesised with numpy like the show's cues (companion/sound/cues.py): a wall set
down (stone on stone), a ram's blow (a heavy thud and crumbling), an army's march (drum beats and
steps), a fort completed (a brass fanfare). ``play(app, name)`` never raises: a sound is decoration."""

from __future__ import annotations

import logging
from typing import Any, Callable, Mapping

import numpy as np

from companion.sound.cue_set import CueSet
from companion.sound.cues import _decay, _partials, _place, _smooth, _t


def wall_built(rate: int) -> np.ndarray:
    """Two stones laid: a dull knock, a scrape of grit, a second knock."""
    rng = np.random.default_rng(31)
    out = np.zeros(int(0.7 * rate))
    for at, f in ((0.0, 180.0), (0.28, 150.0)):
        knock = _partials(_t(0.25, rate), f, [1.0, 2.2, 3.7], [0.12, 0.07, 0.04], [1.0, 0.5, 0.2])
        _place(out, knock, at, rate)
    grit_t = _t(0.2, rate)
    _place(out, 0.3 * _smooth(rng.normal(0, 1, len(grit_t)), 4) * _decay(grit_t, 0.08), 0.08, rate)
    return out


def ram_blow(rate: int) -> np.ndarray:
    """A beam against a gate: a low thud, then stones crumbling."""
    rng = np.random.default_rng(32)
    out = np.zeros(int(1.2 * rate))
    _place(out, _partials(_t(0.5, rate), 70.0, [1.0, 1.9, 3.1], [0.3, 0.15, 0.08], [1.0, 0.6, 0.3]), 0.0, rate)
    for at in np.sort(rng.uniform(0.1, 0.9, 12)):
        t = _t(0.08, rate)
        _place(out, 0.35 * _smooth(rng.normal(0, 1, len(t)), 6) * _decay(t, 0.05), float(at), rate)
    return out


def army_march(rate: int) -> np.ndarray:
    """Four drum beats, the last one louder: an army advancing one space."""
    out = np.zeros(int(1.3 * rate))
    for k, at in enumerate((0.0, 0.3, 0.6, 0.9)):
        drum = _partials(_t(0.25, rate), 110.0, [1.0, 1.6, 2.3], [0.15, 0.08, 0.05], [1.0, 0.4, 0.2])
        _place(out, drum * (1.0 if k == 3 else 0.6), at, rate)
    return out


def fort_completed(rate: int) -> np.ndarray:
    """A short brass fanfare: three rising notes and a held chord."""
    out = np.zeros(int(1.8 * rate))
    for at, f, length in ((0.0, 392.0, 0.22), (0.22, 523.25, 0.22), (0.44, 659.25, 1.2)):
        note = _partials(_t(length, rate), f, [1.0, 2.0, 3.0, 4.0], [length, length * 0.8, length * 0.6, length * 0.4],
                         [1.0, 0.6, 0.4, 0.2])
        _place(out, note, at, rate)
    _place(out, 0.6 * _partials(_t(1.2, rate), 523.25, [1.0, 2.0], [1.2, 0.9], [1.0, 0.4]), 0.44, rate)
    return out


CUES: dict[str, Callable[[int], np.ndarray]] = {"wall_built": wall_built, "ram_blow": ram_blow,
                                                "army_march": army_march, "fort_completed": fort_completed}
_CUES = CueSet(CUES, "Forfort", logging.getLogger(__name__))
#: The cue ``name`` at ``rate``, rendered once; an unknown name is an error naming the known ones.
clip = _CUES.clip


def play(app: Any, name: str) -> bool:
    """Play a cue on the app's sound (the mixer's "cues" category unless it is off); False when nothing
    played (a failure is logged: the command is sent and recorded whatever the sound does)."""
    return _CUES.play(getattr(app, "sound", None), name)


def for_answer(app: Any, answer: Mapping[str, Any]) -> str | None:
    """The cue of an accepted answer's events (one, the loudest news first); None when there is none."""
    types = [e.get("type") for e in answer.get("events", ())]
    over = next((e for e in answer.get("events", ()) if e.get("type") == "forfort.game_over"), None)
    for name, hit in (("fort_completed", over is not None and over.get("won_by") == "fort"),
                      ("army_march", "forfort.army_marched" in types),
                      ("ram_blow", "forfort.space_destroyed" in types),
                      ("wall_built", "forfort.wall_built" in types)):
        if hit:
            play(app, name)
            return name
    return None

