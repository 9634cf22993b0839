"""The design system's art and sizes for the Kivy screens: the display profile of the window, icons and
backdrops by name, token sizes in window pixels.

One scale for everything: the window is laid out as its display profile (``profile()``), and every size
is the design tokens' ``tokens.px(size, profile)``. ``controls.Scale.factor`` (older screens' ``Scale.px``)
is set to the same profile's scale by the app (main.py). Before, it was the window's own short side / 480,
and a window that is not exactly a profile's size (a desktop window that the screen kept 720 px high, for
the 1280×800 profile) sized its boxes ×1.5 and its tokens' line boxes ×1.667: texts shrank in them."""

from __future__ import annotations

from kivy.core.window import Window

from companion.app.look import tokens
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


def px(size: float) -> int:
    """A token's size (px at 800×480) in this window's pixels, whole: ``tokens.px`` on the window's profile."""
    return tokens.px(size, profile())


def scale() -> float:
    """The factor of every size on this window (1 at 800×480): the tokens' scale of its profile."""
    return tokens.scale(profile())


def icon(name: str, big: bool = False) -> str:
    """The PNG of an icon (``key``, ``door``, ``success``...) for this window."""
    return str(asset(f"icon-{name}-{96 if big else 48}", profile()))


def backdrop_named(name: str) -> str:
    """A full-screen backdrop by its art name (``fort-backyard``) for this window."""
    return str(asset(name, profile()))


def round_backdrop(round_number: int | None) -> str:
    return str(backdrop(round_number, profile()))


def game_backdrop(ui, view) -> str:
    """The backdrop of a chosen game's screens: the one its UI draws for this moment (``backdrop_art(view)``,
    an asset's name), else the shell's own (no game's scenery behind a game that draws none)."""
    chosen = getattr(ui, "backdrop_art", None)
    name = chosen(view) if callable(chosen) else None
    return str(asset(name, profile()) if name else backdrop(None, profile()))
