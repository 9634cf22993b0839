"""Counting a handful of Boyard tokens by scanning them: each token counts once per handful."""

from __future__ import annotations

from dataclasses import dataclass

from companion.tiles.registry import KEY, Tile

ADDED, AGAIN, EARLIER, KEY_TILE, UNKNOWN, BAG_EMPTY = "added", "again", "earlier", "key", "unknown", "bag_empty"


@dataclass(frozen=True)
class Scanned:
    """What a scanned tag does to the handful: ``added`` (count ``token`` once more), ``again`` (already
    counted in this handful), ``earlier`` (counted in the player's handful number ``handful``), ``key``,
    ``unknown`` (not enrolled) or ``bag_empty`` (more of this token than the bag holds)."""

    outcome: str
    tag: str
    token: str | None = None
    handful: int | None = None


class TreasureTally:
    """The tags counted in each of one player's handfuls; a new player (or game) starts afresh.

    A handful is named ``(game, player, n)``, n counting from 0. Starting handful n again (after an undo)
    forgets what was scanned in handful n and after.

    >>> t = TreasureTally(); t.begin(("g", "Zoé", 0))
    >>> [t.scan("0A0B0C0D0E", Tile("boyard-20"), room=5).outcome for _ in range(2)]
    ['added', 'again']
    """

    def __init__(self) -> None:
        self._who: tuple | None = None
        self._n = 0
        self._counted: dict[str, int] = {}  # tag -> the handful it was counted in

    def begin(self, handful: tuple) -> None:
        """Handful ``(game, player, n)`` starts from zero."""
        who, n = handful[:-1], handful[-1]
        if who != self._who:
            self._who, self._counted = who, {}
        self._n = n
        self._counted = {tag: k for tag, k in self._counted.items() if k < n}

    def scan(self, tag: str, tile: Tile | None, room: int) -> Scanned:
        """A tag was placed on the reader; ``room`` is how many more of its token the bag still holds."""
        if tile is None:
            return Scanned(UNKNOWN, tag)
        if tile.kind == KEY:
            return Scanned(KEY_TILE, tag)
        if tag in self._counted:
            k = self._counted[tag]
            return Scanned(AGAIN if k == self._n else EARLIER, tag, tile.token, k)
        if room <= 0:
            return Scanned(BAG_EMPTY, tag, tile.token)
        self._counted[tag] = self._n
        return Scanned(ADDED, tag, tile.token, self._n)

    def in_handful(self) -> int:
        """Tokens scanned into the current handful."""
        return sum(1 for k in self._counted.values() if k == self._n)
