"""From tag sightings to tile events: a held tag is one event, however often the reader repeats it."""

from __future__ import annotations

from dataclasses import dataclass

PLACED, REMOVED = "placed", "removed"


@dataclass(frozen=True)
class TagEvent:
    """A tag came onto the reader (``placed``) or left it (``removed``) at ``at`` seconds (monotonic)."""

    event: str
    tag: str
    at: float


class TagDebouncer:
    """Same-tag window on sighting timestamps, never on when they are handled.

    A tag is *placed* when it is seen and was not on the reader; it stays on the reader as long as it is
    seen again within ``window_s``; once ``window_s`` pass without a sighting it has left, and with
    ``report_removed`` that is a *removed* event. A reader that reports a tag once (ID-12LA) then counts
    a tag presented twice within the window once: the double read its users complain about.

    >>> d = TagDebouncer(0.5)
    >>> [e.event for e in d.seen("A1", 0.0) + d.seen("A1", 0.3) + d.expire(0.7) + d.seen("A1", 1.4)]
    ['placed', 'removed', 'placed']
    """

    def __init__(self, window_s: float, *, report_removed: bool = True) -> None:
        if not window_s > 0:
            raise ValueError(f"the same-tag window must be positive, got {window_s!r}")
        self.window_s = window_s
        self.report_removed = report_removed
        self._last_seen: dict[str, float] = {}

    @property
    def present(self) -> list[str]:
        """Tags on the reader now, in the order they came."""
        return list(self._last_seen)

    def seen(self, tag: str, at: float) -> list[TagEvent]:
        """The reader read ``tag`` at ``at``; the events that makes (tags gone meanwhile come first)."""
        events = self.expire(at)
        if tag not in self._last_seen:
            events.append(TagEvent(PLACED, tag, at))
        self._last_seen[tag] = max(at, self._last_seen.get(tag, at))
        return events

    def expire(self, now: float) -> list[TagEvent]:
        """Tags not seen for the whole window are gone."""
        gone = [(t, last) for t, last in self._last_seen.items() if now - last >= self.window_s]
        for tag, _ in gone:
            del self._last_seen[tag]
        if not self.report_removed:
            return []
        return [TagEvent(REMOVED, tag, last + self.window_s) for tag, last in sorted(gone, key=lambda g: g[1])]

    def deadline(self) -> float | None:
        """When the next tag leaves if it is not seen again."""
        return min(self._last_seen.values()) + self.window_s if self._last_seen else None

    def clear(self, now: float) -> list[TagEvent]:
        """Every tag leaves now (the reader is closed)."""
        events = [TagEvent(REMOVED, tag, now) for tag in self._last_seen] if self.report_removed else []
        self._last_seen.clear()
        return events
