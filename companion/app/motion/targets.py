"""Where an animation goes: the widgets that screens register as targets (a player's chip, the treasure
counter), looked up by kind and keys when an animation plays.

    register_target(chip, "chip", player="Ann")     # in the chip's constructor
    find_target("chip", player="Ann")                 # the chip on screen now, or None

Weak references only: a screen rebuilt drops its old widgets and the registry forgets them by itself.
Only a widget that is on the window now is found (the chip of a screen not shown is not)."""

from __future__ import annotations

import weakref
from typing import Any

_TARGETS: dict[tuple, list[weakref.ref]] = {}


def _key(kind: str, keys: dict[str, Any]) -> tuple:
    return (kind, tuple(sorted(keys.items())))


def register_target(widget: Any, kind: str, **keys: Any) -> None:
    """``widget`` is where animations of ``kind`` (with these keys) go while it is on screen."""
    refs = [r for r in _TARGETS.get(_key(kind, keys), []) if r() is not None and r() is not widget]
    refs.append(weakref.ref(widget))
    _TARGETS[_key(kind, keys)] = refs


def find_target(kind: str, **keys: Any) -> Any | None:
    """The last registered widget of ``kind`` with these keys that is on the window, else None."""
    refs = _TARGETS.get(_key(kind, keys), [])
    alive = [r for r in refs if r() is not None]
    if len(alive) != len(refs):
        _TARGETS[_key(kind, keys)] = alive
    for ref in reversed(alive):
        widget = ref()
        if widget is not None and widget.get_root_window() is not None:
            return widget
    return None


def target_centre(kind: str, **keys: Any) -> tuple[float, float] | None:
    """The window coordinates of the target's centre, or None when it is not on screen."""
    widget = find_target(kind, **keys)
    if widget is None or widget.width <= 1 or widget.height <= 1:
        return None
    return widget.to_window(*widget.center)
