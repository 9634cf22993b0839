"""The sounds of the shared table's widgets (the on-screen die, the podium's falling tokens), synthesised
with numpy like the show's cues (companion/sound/cues.py): no sample files, the same sound every time.

    play_cue(app.sound, "die_roll")     # the die tumbling then landing: what the Die widget plays

``play_cue`` takes the app's sound (a :class:`companion.sound.Reactions`, or None when the app has no
sound) and never raises: a sound that fails must not cost the game a roll."""

from __future__ import annotations

import logging
from typing import Any, Callable

import numpy as np

from companion.sound.cue_set import CueSet
from companion.sound.cues import _decay, _partials, _place, _smooth, _t, click

#: The die's tumble lasts this long on screen (companion.app.widgets.die): the landing knock comes then.
DIE_TUMBLE_S = 0.9


def die_roll(rate: int) -> np.ndarray:
    """A die shaken and thrown on wood: a rattle of small clicks thinning out, then it lands (a knock)."""
    rng = np.random.default_rng(21)
    out = np.zeros(int((DIE_TUMBLE_S + 0.35) * rate))
    at, gap, k = 0.0, 0.035, 0
    while at < DIE_TUMBLE_S - 0.08:  # the bounces spread out as it slows down
        level = 0.9 - 0.5 * at / DIE_TUMBLE_S
        _place(out, click(rate, float(rng.uniform(1500, 2600)), 0.03) * level * (0.7 if k % 2 else 1.0), at, rate)
        at += gap * float(rng.uniform(0.8, 1.25))
        gap *= 1.28
        k += 1
    knock = _partials(_t(0.3, rate), 210.0, [1.0, 2.6, 4.1], [0.2, 0.12, 0.06], [1.0, 0.5, 0.25])
    knock += 0.4 * _smooth(rng.normal(0, 1, len(knock)), 3) * _decay(_t(0.3, rate), 0.03)
    _place(out, knock, DIE_TUMBLE_S - 0.04, rate)
    return out


def die_pick(rate: int) -> np.ndarray:
    """A face of the physical die tapped in: one short wooden tick."""
    return _partials(_t(0.18, rate), 520.0, [1.0, 2.4], [0.12, 0.06], [1.0, 0.4])


def tokens_falling(rate: int) -> np.ndarray:
    """The podium's rain of tokens: light clinks scattered over three seconds, fading."""
    rng = np.random.default_rng(22)
    out = np.zeros(int(3.4 * rate))
    for at in np.sort(rng.uniform(0.1, 3.0, 26)):
        level = 0.8 * (1 - at / 3.4)
        part = _partials(_t(0.25, rate), float(rng.uniform(2600, 4800)), [1.0, 1.53, 2.38], [0.25, 0.15, 0.08],
                         [1.0, 0.5, 0.3])
        _place(out, part * level, float(at), rate)
    return out


def soft_tokens_falling(rate: int) -> np.ndarray:
    """Cards, bricks or pizza slices landing: soft pats of dull noise scattered over three seconds, fading."""
    rng = np.random.default_rng(23)
    out = np.zeros(int(3.4 * rate))
    pat_t = _t(0.09, rate)
    for at in np.sort(rng.uniform(0.1, 3.0, 22)):
        level = 0.8 * (1 - at / 3.4)
        pat = _smooth(rng.normal(0, 1, len(pat_t)), 14) * _decay(pat_t, 0.09, attack=0.002)
        pat += 0.3 * np.sin(2 * np.pi * float(rng.uniform(140, 260)) * pat_t) * _decay(pat_t, 0.06)
        _place(out, pat * level, float(at), rate)
    return out


TABLE_CUES: dict[str, Callable[[int], np.ndarray]] = {"die_roll": die_roll, "die_pick": die_pick,
                                                      "tokens_falling": tokens_falling,
                                                      "soft_tokens_falling": soft_tokens_falling}
_CUES = CueSet(TABLE_CUES, "table", logging.getLogger(__name__))
#: The cue ``name`` at ``rate``, rendered once; an unknown name is an error naming the known ones.
clip = _CUES.clip


def play_cue(sound: Any, name: str) -> bool:
    """Play a table cue on the app's sound (its mixer's "cues" category, unless that is off); False when
    nothing played (no sound, cues off, or a failure, which is logged: the roll is already made)."""
    return _CUES.play(sound, name)
