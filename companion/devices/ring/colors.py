"""Colours of the ring: RGB triples of 0-255 ints and the few operations the effects need."""

from __future__ import annotations

import re
from typing import Sequence

RGB = tuple[int, int, int]
Frame = list[RGB]

OFF: RGB = (0, 0, 0)
GOLD: RGB = (255, 170, 0)  # a full hourglass, and a key
RED: RGB = (255, 0, 0)  # the last grains, and time up
EMBER: RGB = (60, 0, 0)  # after the time-up flash: the sand has run out
BEAM: RGB = (255, 230, 180)  # the lighthouse's lamp
SEA: RGB = (0, 8, 24)  # the night sea behind the lighthouse beam

_HEX = re.compile(r"#?([0-9a-fA-F]{6})")


def scale(color: RGB, k: float) -> RGB:
    """``color`` times ``k`` (0..1), rounded half up."""
    r, g, b = color
    return (int(r * k + 0.5), int(g * k + 0.5), int(b * k + 0.5))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0..1), rounded half up."""
    return (
        int(a[0] + (b[0] - a[0]) * t + 0.5),
        int(a[1] + (b[1] - a[1]) * t + 0.5),
        int(a[2] + (b[2] - a[2]) * t + 0.5),
    )


def parse_color(value: object) -> RGB:
    """An RGB triple from ``"#rrggbb"`` or a sequence of three 0-255 ints; ValueError otherwise."""
    if isinstance(value, str):
        match = _HEX.fullmatch(value.strip())
        if not match:
            raise ValueError(f"expected a colour like '#ff8800', got {value!r}")
        n = int(match.group(1), 16)
        return (n >> 16, (n >> 8) & 0xFF, n & 0xFF)
    if isinstance(value, Sequence) and len(value) == 3:
        if all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in value):
            return (value[0], value[1], value[2])
    raise ValueError(f"expected a colour: '#rrggbb' or three whole numbers 0-255, got {value!r}")
