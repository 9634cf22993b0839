"""Software debounce on edge timestamps: arcade switches chatter for a few milliseconds."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Change:
    """A clean change of a button: pressed or released at ``at`` (seconds)."""

    at: float
    pressed: bool


class Debouncer:
    """Leading-edge debounce of one button from its edges' timestamps, never from when they are seen.

    A change counts at once, stamped with its own edge time (so the press is timed by its first contact,
    not by the end of the chatter); the line is then ignored for ``window_s``. A change the window
    swallowed but that stuck (a tap shorter than the window) is reported by :meth:`settle` or by the
    next edge, with the time it really happened.

    >>> d = Debouncer(0.010)
    >>> [c.at for c in d.feed(1.000, True) + d.feed(1.001, False) + d.feed(1.002, True)]
    [1.0]
    """

    def __init__(self, window_s: float, *, pressed: bool = False) -> None:
        if window_s < 0:
            raise ValueError(f"the debounce window cannot be negative, got {window_s!r}")
        self.window_s = window_s
        self.pressed = pressed  # the clean state
        self._raw = pressed
        self._raw_at = float("-inf")
        self._changed_at = float("-inf")

    def feed(self, at: float, pressed: bool) -> list[Change]:
        """One edge of the line; the clean changes it makes (none while chattering)."""
        out = self.settle(at)
        self._raw, self._raw_at = pressed, at
        if pressed != self.pressed and at - self._changed_at >= self.window_s:
            out.append(self._change(at, pressed))
        return out

    def settle(self, now: float) -> list[Change]:
        """The change that a swallowed edge left pending, once the window after the last change is over."""
        if self._raw != self.pressed and now - self._changed_at >= self.window_s:
            return [self._change(self._raw_at, self._raw)]
        return []

    @property
    def pending_at(self) -> float | None:
        """When :meth:`settle` will report a swallowed change; None when the line agrees with the state."""
        return self._changed_at + self.window_s if self._raw != self.pressed else None

    def _change(self, at: float, pressed: bool) -> Change:
        self.pressed, self._changed_at = pressed, at
        return Change(at, pressed)
