"""Colour-vision deficiency: how far apart two colours look to someone with deuteranopia, protanopia or
tritanopia, and to everyone else.

The simulation is Machado, Oliveira & Fernandes (2009) at full severity, through ``colorspacious``; the
distance is ΔE in CAM02-UCS, a space where equal distances look equally different. ΔE of about 1 is the
smallest difference seen side by side in good light; the thresholds below are for telling two colours
apart at a glance, from across a table, on a small panel, when they are not side by side:

- ``MEANING_DELTA_E = 20``: success/failure, the players' colours, duel/passe-partout and the other
  meaning pairs. About the distance between two neighbouring hues of a good categorical palette
  (Okabe–Ito's orange and vermillion are 10 apart under deuteranopia: the collision the December
  review saw).
- ``SPACE_DELTA_E = 15``: the seven spaces among themselves. Seven colours that must also carry
  dark or light text cannot all be 20 apart under all three deficiencies (the best found is 17); each
  space always shows its icon and word too, so its colour is a second cue, not the only one.
- ``GOLD_DELTA_E = 15`` (and ``MEANING_DELTA_E`` in normal vision): a player's colour from the main
  action's gold. Six player colours light enough for the dark backgrounds, 20 apart from each other under
  every vision, leave no room for a seventh at 20 (a search over a grid of candidates, hill-climbing
  from 60 starts, found 19.96 at best): a player's colour is a disc with initials, the main action a button with words, so under a
  deficiency the shape is a second cue; in normal vision, where the family review saw gold for two
  meanings, the full 20 holds.
- ``PLAYER_SPACE_DELTA_E = 28`` (normal vision): a board space's colour from every player's colour and
  from the main action's gold. A space button must not read as a player's button or as the main action:
  the family review took the old Duel (6.9 from coral), Passe-partout (5.2 from gold) and Énigme (26.4
  from violet: the same hue, only darker) for them, so the line is above 26.4, a different hue.

Only the tests and the docs import this module (colorspacious is a test dependency; the Pi does not
need it).
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable

DEFICIENCIES = ("deuteranomaly", "protanomaly", "tritanomaly")  # at severity 100: -anopia
MEANING_DELTA_E = 20.0
SPACE_DELTA_E = 15.0
GOLD_DELTA_E = 15.0
PLAYER_SPACE_DELTA_E = 28.0


def _rgb(code: str):
    import numpy as np

    code = code.lstrip("#")
    return np.array([int(code[i:i + 2], 16) / 255 for i in (0, 2, 4)])


def simulate(code: str, deficiency: str | None):
    """The sRGB (0..1) that ``code`` looks like with ``deficiency`` (None: normal vision)."""
    import numpy as np
    from colorspacious import cspace_convert

    rgb = _rgb(code)
    if deficiency is None:
        return rgb
    space = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
    return np.clip(cspace_convert(rgb, space, "sRGB1"), 0, 1)


def delta_e(a: str, b: str, deficiency: str | None = None) -> float:
    """CAM02-UCS distance of two colours as seen with ``deficiency``."""
    from colorspacious import deltaE

    return float(deltaE(simulate(a, deficiency), simulate(b, deficiency), input_space="sRGB1",
                        uniform_space="CAM02-UCS"))


def worst_pairs(named: dict[str, str], pairs: Iterable[tuple[str, str]] | None = None,
                ) -> list[tuple[float, str, str, str]]:
    """Every pair (all of ``named`` when ``pairs`` is None) under every vision, closest first:
    (ΔE, vision, name a, name b)."""
    pairs = list(pairs) if pairs is not None else list(combinations(named, 2))
    found = []
    for a, b in pairs:
        for deficiency in (None, *DEFICIENCIES):
            found.append((delta_e(named[a], named[b], deficiency), deficiency or "normal", a, b))
    return sorted(found)
