"""Counting a handful of Boyard tokens by scanning them: each token counts once per handful."""

from __future__ import annotations

from collections.abc import Sequence
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
    forgets what was scanned in handful n and after. The tags of a finished handful go into the game log
    with its ``draw`` command; ``begin(..., earlier=...)`` takes them back from there, so that a token of an
    earlier handful is still recognised after the app restarts.

    >>> t = TreasureTally(); t.begin(("g", "Zoé", 0))
    >>> [t.scan("0A0B0C0D0E", Tile("boyard-20"), room=5).outcome for _ in range(2)]
    ['added', 'again']
    >>> t.tags()
    ['0A0B0C0D0E']
    """

    def __init__(self) -> None:
        self._who: tuple | None = None
        self._n = 0
        self._counted: dict[str, int] = {}  # tag -> the handful it was counted in
        self._tokens: dict[str, str] = {}  # tag -> its token, for the tags of the current handful

    def begin(self, handful: tuple, earlier: Sequence[Sequence[str]] | None = None) -> None:
        """Handful ``(game, player, n)`` starts from zero. ``earlier``: the tags of the player's handfuls
        0 to n-1 as the game log has them (None: as this tally saw them)."""
        who, n = handful[:-1], handful[-1]
        if who != self._who:
            self._who, self._counted = who, {}
        self._n = n
        if earlier is not None:
            self._counted = {tag: k for k, tags in enumerate(earlier[:n]) for tag in tags}
        else:
            self._counted = {tag: k for tag, k in self._counted.items() if k < n}
        self._tokens = {}

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
        self._tokens[tag] = tile.token
        return Scanned(ADDED, tag, tile.token, self._n)

    def forget_last(self, token: str) -> str | None:
        """The last tag of ``token`` scanned into this handful is taken out (a stepper's minus): scanning
        it again counts it again. Returns that tag, or None when none of that token was scanned."""
        tags = [tag for tag, t in self._tokens.items() if t == token]
        if not tags:
            return None
        del self._tokens[tags[-1]], self._counted[tags[-1]]
        return tags[-1]

    def in_handful(self, token: str | None = None) -> int:
        """Tokens scanned into the current handful (of ``token`` only, when given)."""
        return sum(1 for t in self._tokens.values() if token is None or t == token)

    def tags(self) -> list[str]:
        """The tags scanned into the current handful, in scan order (for its ``draw`` command)."""
        return list(self._tokens)
