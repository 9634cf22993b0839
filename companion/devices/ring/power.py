"""Brightness cap and current budget: scale a frame so the LEDs never draw more than the supply allows."""

from __future__ import annotations

from dataclasses import dataclass

from .colors import Frame

_SAFETY = 1.0 - 1e-9  # keeps float rounding from landing a hair above the budget


@dataclass(frozen=True)
class PowerLimit:
    """How bright the LEDs may be, and how much current they may draw together.

    Each LED draws ``quiescent_ma`` when dark plus ``ma_per_led`` at full white, shared evenly by its
    three channels and proportional to each channel's value (WS2812 datasheets' model).

    >>> PowerLimit(brightness=1.0, ma_per_led=60, budget_ma=60).apply([(255, 255, 255)] * 2)
    [(127, 127, 127), (127, 127, 127)]
    """

    brightness: float = 1.0  # cap, 0..1, applied to every channel
    ma_per_led: float = 60.0
    budget_ma: float | None = None  # None: no limit besides the cap
    quiescent_ma: float = 0.0

    def current_ma(self, frame: Frame) -> float:
        """The current a frame draws, in mA."""
        total = sum(r + g + b for r, g, b in frame)
        return len(frame) * self.quiescent_ma + total * self.ma_per_led / 765.0

    def factor(self, frame: Frame) -> float:
        """The scale (0..brightness) that keeps ``frame`` within the cap and the budget."""
        k = self.brightness
        if self.budget_ma is None:
            return k
        total = sum(r + g + b for r, g, b in frame)
        if total == 0:
            return k
        spare = self.budget_ma - len(frame) * self.quiescent_ma
        allowed = max(spare, 0.0) * 765.0 / (self.ma_per_led * total)
        return min(k, allowed * _SAFETY)

    def apply(self, frame: Frame) -> Frame:
        """``frame`` scaled by :meth:`factor`, rounded down so the sum stays within the budget."""
        k = self.factor(frame)
        if k >= 1.0:
            return list(frame)
        return [(int(r * k), int(g * k), int(b * k)) for r, g, b in frame]
