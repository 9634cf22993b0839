"""Pixies' sounds, synthesised with numpy like the shared table's cues (companion/sound/table_cues.py): a
card taken (a card slid off the table and laid down), a grid scored (three rising bell notes), the
round's end (a quick run of chimes up to a held, shimmering chord). No sample files: the same sound
every time. ``for_answer`` never raises: a sound that fails costs the game nothing."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from companion.sound.cue_set import CueSet
from companion.sound.cues import _decay, _partials, _place, _smooth, _t

BELL = [1.0, 2.76, 5.4]  # a small bell's partials: bright, inharmonic, the upper ones fading first


def card_taken(rate: int) -> np.ndarray:
    """A card slid off the table (a short rising swish of paper) and laid on the grid (a soft pat)."""
    rng = np.random.default_rng(41)
    out = np.zeros(int(0.45 * rate))
    swish_t = _t(0.14, rate)
    swish = rng.normal(0, 1, len(swish_t)) - _smooth(rng.normal(0, 1, len(swish_t)), 6)  # noise, lows taken out
    _place(out, 0.5 * swish * np.sin(np.pi * swish_t / 0.14) ** 2, 0.0, rate)
    pat_t = _t(0.12, rate)
    pat = _smooth(rng.normal(0, 1, len(pat_t)), 10) * _decay(pat_t, 0.08, attack=0.002)
    pat += 0.5 * np.sin(2 * np.pi * 230.0 * pat_t) * _decay(pat_t, 0.06)
    _place(out, pat, 0.15, rate)
    return out


def grid_scored(rate: int) -> np.ndarray:
    """A grid counted: three bell notes rising (E, G, B of the sixth octave), the last one held."""
    out = np.zeros(int(1.3 * rate))
    for at, f, length in ((0.0, 1318.5, 0.35), (0.13, 1568.0, 0.35), (0.26, 1975.5, 1.0)):
        _place(out, _partials(_t(length, rate), f, BELL, [length, length * 0.5, length * 0.25], [1.0, 0.3, 0.12]),
               at, rate)
    return out


def round_over(rate: int) -> np.ndarray:
    """The round's end: a run of eight chimes up the pentatonic scale, then its chord held and shimmering
    (a slow tremolo), fading."""
    out = np.zeros(int(2.2 * rate))
    run = (784.0, 880.0, 1046.5, 1174.7, 1318.5, 1568.0, 1760.0, 2093.0)
    for k, f in enumerate(run):
        _place(out, 0.7 * _partials(_t(0.4, rate), f, BELL, [0.4, 0.2, 0.1], [1.0, 0.25, 0.1]), k * 0.07, rate)
    t = _t(1.6, rate)
    shimmer = 1 + 0.25 * np.sin(2 * np.pi * 6.0 * t)
    chord = sum(_partials(t, f, [1.0, 2.0], [1.6, 0.8], [1.0, 0.2]) for f in (1046.5, 1318.5, 1568.0))
    _place(out, 0.6 * chord * shimmer, 0.6, rate)
    return out


CUES: dict[str, Callable[[int], np.ndarray]] = {"pixies_card": card_taken, "pixies_grid": grid_scored,
                                                "pixies_round": round_over}
#: An answer's events and the cue each calls for, the loudest news first (one cue an answer).
MOMENTS = (("pixies.round_ended", "pixies_round"), ("pixies.grid_entered", "pixies_grid"),
           ("pixies.grid_filled", "pixies_grid"), ("pixies.card_placed", "pixies_card"))
_CUES = CueSet(CUES, "Pixies", logging.getLogger(__name__))
#: The cue ``name`` at ``rate``, rendered once; an unknown name is an error naming the known ones.
clip = _CUES.clip


def cue_for(events) -> str | None:
    """The one cue an answer's events call for: the round's end over a grid (entered, or full in the
    draft) over a card taken; None when nothing sounds."""
    types = {e.get("type") for e in events if isinstance(e, Mapping)}
    return next((cue for kind, cue in MOMENTS if kind in types), None)


def play(sound: Any, name: str) -> bool:
    """Play a cue on the app's sound (the mixer's "cues" category unless it is off); False when nothing
    played (a failure is logged: the command is already sent and recorded)."""
    return _CUES.play(sound, name)


def for_answer(app: Any, answer: Mapping[str, Any]) -> str | None:
    """The cue of an accepted answer, played; its name (None when the answer calls for none)."""
    name = cue_for(answer.get("events", ()) or ())
    if name is not None:
        play(getattr(app, "sound", None), name)
    return name
