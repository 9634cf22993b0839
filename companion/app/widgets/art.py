"""The design system's art and sizes for the Kivy screens: the display profile of the window, icons and
backdrops by name, token sizes in window pixels."""

from __future__ import annotations

from kivy.core.window import Window

from companion.app.controls import Scale
from companion.app.look.assets import asset, backdrop
from companion.app.table.profiles import PROFILES, DisplayProfile


def profile() -> DisplayProfile:
    """The profile whose art fits the window: the one of its size, or the nearest by scale and shape."""
    w, h = int(Window.width), int(Window.height)
    for p in PROFILES.values():
        if (p.width, p.height) == (w, h):
            return p
    portrait = h > w
    scale = min(w, h) / 480
    same_shape = [p for p in PROFILES.values() if p.portrait == portrait] or list(PROFILES.values())
    return min(same_shape, key=lambda p: abs(p.scale - scale))


def px(size: float) -> float:
    """A token's size (px at 800×480) in this window's pixels, whole."""
    return round(size * Scale.factor)


def icon(name: str, big: bool = False) -> str:
    """The PNG of an icon (``key``, ``door``, ``success``...) for this window."""
    return str(asset(f"icon-{name}-{96 if big else 48}", profile()))


def round_backdrop(round_number: int | None) -> str:
    return str(backdrop(round_number, profile()))
