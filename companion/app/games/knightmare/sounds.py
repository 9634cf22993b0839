"""Knightmare's sounds, synthesised with numpy like the shared table's cues (companion/sound/table_cues.py):
a sword clash for a fight, the Dungeon's door, a helmet set down on the bridge, a fanfare at the Throne.
No sample files: the same sound every time. ``play`` never raises: a sound that fails costs nothing."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import numpy as np

from companion.sound.cue_set import CueSet
from companion.sound.cues import _decay, _partials, _place, _smooth, _t


def sword_clash(rate: int) -> np.ndarray:
    """Two blades meeting: a bright inharmonic ring over a burst of scrape, then a second, softer hit."""
    rng = np.random.default_rng(31)
    out = np.zeros(int(1.2 * rate))
    for at, level in ((0.0, 1.0), (0.22, 0.55)):
        t = _t(0.9, rate)
        ring = _partials(t, 1180.0 * (1 + at), [1.0, 1.47, 2.09, 2.76, 3.9], [0.8, 0.6, 0.45, 0.3, 0.2],
                         [1.0, 0.7, 0.5, 0.35, 0.2])
        scrape = _smooth(rng.normal(0, 1, len(t)), 2) * _decay(t, 0.08, attack=0.001)
        _place(out, (ring + 0.8 * scrape) * level, at, rate)
    return out


def dungeon_door(rate: int) -> np.ndarray:
    """A heavy door swung shut: a low creak rising, then the thud and the bolt."""
    rng = np.random.default_rng(32)
    out = np.zeros(int(1.6 * rate))
    t = _t(0.6, rate)
    creak = np.sin(2 * np.pi * (90 + 140 * t) * t) * np.clip(t / 0.1, 0, 1) * (1 - t / 0.6) * 0.35
    _place(out, creak * (1 + 0.3 * np.sin(2 * np.pi * 23 * t)), 0.0, rate)
    thud_t = _t(0.7, rate)
    thud = _partials(thud_t, 58.0, [1.0, 1.9, 3.1], [0.5, 0.3, 0.15], [1.0, 0.5, 0.2])
    thud += 0.5 * _smooth(rng.normal(0, 1, len(thud_t)), 20) * _decay(thud_t, 0.12)
    _place(out, thud, 0.58, rate)
    _place(out, _partials(_t(0.15, rate), 1400.0, [1.0, 2.3], [0.1, 0.06], [0.5, 0.3]), 0.95, rate)
    return out


def helmet_placed(rate: int) -> np.ndarray:
    """A metal helmet set down on stone: a short hollow clank."""
    t = _t(0.5, rate)
    return _partials(t, 640.0, [1.0, 1.62, 2.31, 3.4], [0.35, 0.25, 0.18, 0.1], [1.0, 0.6, 0.4, 0.2])


def fanfare(rate: int) -> np.ndarray:
    """Brass at the Throne of Merlin: four notes rising, the last held (harmonics for the brass)."""
    out = np.zeros(int(2.2 * rate))
    for at, freq, length in ((0.0, 392.0, 0.22), (0.24, 523.25, 0.22), (0.48, 659.25, 0.22), (0.72, 783.99, 1.3)):
        t = _t(length, rate)
        envelope = np.clip(t / 0.03, 0, 1) * np.clip((length - t) / 0.12, 0, 1)
        note = sum(a * np.sin(2 * np.pi * freq * k * t) for k, a in ((1, 1.0), (2, 0.55), (3, 0.35), (4, 0.2)))
        _place(out, note * envelope, at, rate)
    return out


CUES: dict[str, Callable[[int], np.ndarray]] = {"km_sword": sword_clash, "km_door": dungeon_door,
                                                "km_helmet": helmet_placed, "km_fanfare": fanfare}
_CUES = CueSet(CUES, "Knightmare", logging.getLogger(__name__))
#: The cue ``name`` at ``rate``, rendered once; an unknown name is an error naming the known ones.
clip = _CUES.clip


def play(sound: Any, name: str, delay: float = 0.0) -> bool:
    """Play a cue on the app's sound ("cues" category, unless that is off) after ``delay`` seconds;
    False when nothing played (a failure is logged: the command is already recorded)."""
    return _CUES.play(sound, name, delay=delay)
