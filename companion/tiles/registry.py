"""Which tag is under which tile: the 20 keys and the Boyard tokens, kept in the user data directory.

The file is JSON, written whole and atomically after every change, and read again when another program
(``companion tiles enroll`` while the app runs) has changed it."""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import guarded

APP_NAME = "fort-boyard-companion"
KEY = "key"
TILE_KINDS = ("key", "pebble", "boyard-10", "boyard-20", "boyard-50")
KEY_COUNT = 20
# The engine's token kinds (companion.games.fort_boyard.model.TOKEN_KINDS) and the box's contents.
TOKEN_OF = {"pebble": "pebble", "boyard-10": "10", "boyard-20": "20", "boyard-50": "50"}
IN_THE_BOX = {"key": KEY_COUNT, "pebble": 10, "boyard-10": 60, "boyard-20": 20, "boyard-50": 10}
TAG = re.compile(r"^(?:[0-9A-F]{2}){2,16}$")
FORMAT = 1


class RegistryError(ValueError):
    """The tile file cannot be read or written; the message names the file."""


@dataclass(frozen=True)
class Tile:
    """A game piece with a tag under it: a key (numbered 1 to 20) or a Boyard token."""

    kind: str
    number: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in TILE_KINDS:
            raise ValueError(f"a tile is one of {', '.join(TILE_KINDS)}, got {self.kind!r}")
        if self.kind == KEY and (isinstance(self.number, bool) or not isinstance(self.number, int)
                                 or not 1 <= self.number <= KEY_COUNT):
            raise ValueError(f"a key is numbered 1 to {KEY_COUNT}, got {self.number!r}")
        if self.kind != KEY and self.number is not None:
            raise ValueError(f"only keys are numbered, not {self.kind}")

    @property
    def token(self) -> str | None:
        """The engine's token kind (pebble, 10, 20, 50); None for a key."""
        return TOKEN_OF.get(self.kind)

    def __str__(self) -> str:
        return f"key {self.number}" if self.kind == KEY else self.kind


def normalise_tag(tag: str) -> str:
    """A tag id as the registry keeps it: upper-case hex, 2 to 16 bytes."""
    text = tag.strip().upper()
    if not TAG.match(text):
        raise ValueError(f"a tag id is 4 to 32 hex digits, got {tag!r}")
    return text


def default_registry_path() -> Path:
    """Where the tile file lives: the user data directory."""
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME)) / "tiles.json"


class TileRegistry:
    """Tag -> tile, saved to ``path`` after every change (in memory only when ``path`` is None).

    >>> r = TileRegistry(None)
    >>> r.add("0A0B0C0D0E", Tile("boyard-50")); r.get("0a0b0c0d0e")
    Tile(kind='boyard-50', number=None)
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._tiles: dict[str, Tile] = {}
        self._stamp: tuple[int, int] | None = None
        self._reload(force=True)

    # --- reading ---------------------------------------------------------------------------------------

    def get(self, tag: str) -> Tile | None:
        """The tile with this tag, or None for a tag never enrolled (or not a tag id at all)."""
        self._reload()
        try:
            return self._tiles.get(normalise_tag(tag))
        except ValueError:
            return None

    def items(self) -> list[tuple[str, Tile]]:
        self._reload()
        return sorted(self._tiles.items(), key=lambda kv: (TILE_KINDS.index(kv[1].kind), kv[1].number or 0, kv[0]))

    def __len__(self) -> int:
        self._reload()
        return len(self._tiles)

    def counts(self) -> dict[str, int]:
        """How many tiles of each kind are enrolled."""
        self._reload()
        out = {kind: 0 for kind in TILE_KINDS}
        for tile in self._tiles.values():
            out[tile.kind] += 1
        return out

    def next_key_number(self) -> int | None:
        """The lowest key number not enrolled yet; None when all 20 are."""
        self._reload()
        taken = {t.number for t in self._tiles.values() if t.kind == KEY}
        return next((n for n in range(1, KEY_COUNT + 1) if n not in taken), None)

    def tag_of_key(self, number: int) -> str | None:
        self._reload()
        return next((tag for tag, t in self._tiles.items() if t.kind == KEY and t.number == number), None)

    # --- changing --------------------------------------------------------------------------------------

    def add(self, tag: str, tile: Tile) -> None:
        """Enrol ``tag`` as ``tile`` (a tag already enrolled, or a key number taken twice, is refused)."""
        self._reload()
        tag = normalise_tag(tag)
        if tag in self._tiles:
            raise ValueError(f"tag {tag} is already {self._tiles[tag]}")
        if tile.kind == KEY and self.tag_of_key(tile.number) is not None:
            raise ValueError(f"key {tile.number} already has a tag")
        self._tiles[tag] = tile
        self._save()

    def remove(self, tag: str) -> Tile | None:
        """Forget ``tag``; the tile it was, if any."""
        self._reload()
        tile = self._tiles.pop(normalise_tag(tag), None)
        if tile is not None:
            self._save()
        return tile

    # --- the file --------------------------------------------------------------------------------------

    def _reload(self, force: bool = False) -> None:
        if self.path is None:
            return
        stamp = file_stamp(self.path)
        if stamp is None:
            if force or self._stamp is not None:
                self._tiles, self._stamp = {}, None
            return
        if force or stamp != self._stamp:
            self._tiles = _parse(self.path)
            self._stamp = stamp

    def _save(self) -> None:
        if self.path is None:
            return
        data = {"format": FORMAT, "tiles": {
            tag: ({"kind": t.kind, "number": t.number} if t.kind == KEY else {"kind": t.kind})
            for tag, t in self.items()
        }}
        self._stamp = save_json(self.path, data, ".tiles-", "the tiles")


def file_stamp(path: Path) -> tuple[int, int] | None:
    """The file's (mtime_ns, size), to tell a change made from outside; None when there is no file, a
    RegistryError naming it when it cannot be looked at."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise RegistryError(f"{path}: {exc.strerror or exc}") from None
    return (st.st_mtime_ns, st.st_size)


def save_json(path: Path, data: Any, prefix: str, what: str) -> tuple[int, int]:
    """``data`` written to ``path`` atomically (a temporary file beside it, fsynced, renamed over it): a
    pulled plug leaves the old file or the new, never half of one. The file's (mtime_ns, size) stamp, to
    tell a change made from outside; a RegistryError naming the file and ``what`` when it cannot be saved."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=".json", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        raise RegistryError(f"{path}: cannot save {what}: {exc.strerror or exc}") from None
    st = path.stat()
    return (st.st_mtime_ns, st.st_size)


def load_tag_file(path: Path, field: str, version: int) -> dict[str, Any]:
    """The ``field`` object of the tag file at ``path`` (``{"format": version, field: {...}}``), read with
    the guarded reader (a file too large or too deep is refused); a RegistryError naming the file when it
    cannot be read, is not JSON, has no such object, or is of another format. What the entries hold is
    the caller's to check."""
    try:
        data = guarded.load_json(path, guarded.TILES)
    except guarded.Damaged as exc:
        raise RegistryError(str(exc)) from None
    except OSError as exc:
        raise RegistryError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise RegistryError(f"{path}: line {exc.lineno}: not valid JSON ({exc.msg})") from None
    if not isinstance(data, dict) or not isinstance(data.get(field), dict):
        raise RegistryError(f"{path}: expected an object with a \"{field}\" object")
    if data.get("format") != version:
        raise RegistryError(f"{path}: format {data.get('format')!r} is not one this companion reads ({version})")
    return data[field]


def _parse(path: Path) -> dict[str, Tile]:
    tiles: dict[str, Tile] = {}
    numbers: dict[int, str] = {}
    for tag, entry in load_tag_file(path, "tiles", FORMAT).items():
        try:
            key = normalise_tag(tag)
            if not isinstance(entry, dict) or set(entry) - {"kind", "number"}:
                raise ValueError("expected {\"kind\": ..., \"number\": ...}")
            tile = Tile(entry.get("kind"), entry.get("number"))
        except (ValueError, TypeError) as exc:
            raise RegistryError(f"{path}: tile {tag!r}: {exc}") from None
        if key in tiles:
            raise RegistryError(f"{path}: tag {key} is listed twice")
        if tile.kind == KEY:
            if tile.number in numbers:
                raise RegistryError(f"{path}: key {tile.number} has two tags ({numbers[tile.number]} and {key})")
            numbers[tile.number] = key
        tiles[key] = tile
    return tiles
