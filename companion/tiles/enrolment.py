"""Enrolment: scan the tiles of one kind one after another; the CLI and the settings screen share it."""

from __future__ import annotations

from dataclasses import dataclass

from companion.tiles.registry import IN_THE_BOX, KEY, TILE_KINDS, Tile, TileRegistry, normalise_tag

ENROLLED, ALREADY, FULL, UNDONE = "enrolled", "already", "full", "undone"


@dataclass(frozen=True)
class Enrolled:
    """What one scan (or an undo) did: ``outcome`` is enrolled, already (the tag is a tile: ``tile`` says
    which; nothing changed), full (all 20 keys have tags) or undone."""

    outcome: str
    tag: str
    tile: Tile | None
    count: int  # tiles of the tile's kind (or of the chosen kind) now enrolled
    of: int  # how many the game's box holds


class Enrolment:
    """Tiles of ``kind`` scanned one after another, with the last ones undoable.

    Keys take the lowest free number, so scanning them in order 1, 2, 3... numbers them as printed.

    >>> e = Enrolment(TileRegistry(None), "key")
    >>> [e.scan(t).outcome for t in ("0A0B0C0D0E", "0A0B0C0D0E")], e.registry.get("0A0B0C0D0E").number
    (['enrolled', 'already'], 1)
    """

    def __init__(self, registry: TileRegistry, kind: str = KEY) -> None:
        self.registry = registry
        self.kind = kind
        self.history: list[tuple[str, Tile]] = []

    @property
    def kind(self) -> str:
        return self._kind

    @kind.setter
    def kind(self, kind: str) -> None:
        if kind not in TILE_KINDS:
            raise ValueError(f"a tile is one of {', '.join(TILE_KINDS)}, got {kind!r}")
        self._kind = kind

    def counts(self) -> dict[str, int]:
        return self.registry.counts()

    def scan(self, tag: str) -> Enrolled:
        """A tag was placed on the reader: enrol it as the next tile of the chosen kind."""
        tag = normalise_tag(tag)
        known = self.registry.get(tag)
        if known is not None:
            return Enrolled(ALREADY, tag, known, self.counts()[known.kind], IN_THE_BOX[known.kind])
        if self.kind == KEY:
            number = self.registry.next_key_number()
            if number is None:
                return Enrolled(FULL, tag, None, self.counts()[KEY], IN_THE_BOX[KEY])
            tile = Tile(KEY, number)
        else:
            tile = Tile(self.kind)
        self.registry.add(tag, tile)
        self.history.append((tag, tile))
        return Enrolled(ENROLLED, tag, tile, self.counts()[tile.kind], IN_THE_BOX[tile.kind])

    def undo(self) -> Enrolled | None:
        """Forget the last tile this session enrolled; None when there is none left."""
        while self.history:
            tag, tile = self.history.pop()
            if self.registry.remove(tag) is not None:
                return Enrolled(UNDONE, tag, tile, self.counts()[tile.kind], IN_THE_BOX[tile.kind])
        return None
