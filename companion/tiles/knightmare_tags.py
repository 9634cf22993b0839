"""Knightmare's cards and Merlin's objects with RFID tags under them: which tag is which kind of card
(challenge, spell, present, trap, imprisonment, other) or which object (book, wand, ring, crown).

The map is a JSON file in the user data directory that the table extends: by hand, or at the table
(an unknown tag read on the card screen, then the card's kind tapped, is remembered). It is never
required: one tap on the screen does what a read does. The file is written whole and atomically, and
read again when another program changed it; a damaged file is refused naming the file and the entry.

    {"format": 1, "tags": {"04A1B2C3": "challenge", "04D5E6F7": "ring"}}
"""

from __future__ import annotations

from pathlib import Path

from companion.tiles.registry import APP_NAME, RegistryError, file_stamp, load_tag_file, normalise_tag, save_json

CARDS = ("challenge", "spell", "present", "trap", "imprisonment", "other")
OBJECTS = ("book", "wand", "ring", "crown")
KINDS = CARDS + OBJECTS
FORMAT = 1
FILE_NAME = "knightmare-tags.json"


def default_tags_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME)) / FILE_NAME


class KnightmareTags:
    """Tag -> a card kind or an object, saved to ``path`` after every change (memory only when None).

    >>> t = KnightmareTags(None)
    >>> t.add("04a1b2c3", "ring"); t.get("04A1B2C3"), t.get("FFFF")
    ('ring', None)
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._tags: dict[str, str] = {}
        self._stamp: tuple[int, int] | None = None
        self._reload(force=True)

    def get(self, tag: str) -> str | None:
        """What the tag is under, or None for a tag not in the map (or not a tag id at all)."""
        self._reload()
        try:
            return self._tags.get(normalise_tag(tag))
        except ValueError:
            return None

    def items(self) -> list[tuple[str, str]]:
        self._reload()
        return sorted(self._tags.items())

    def add(self, tag: str, what: str) -> None:
        """Map ``tag`` to ``what``; a tag already mapped to something else is refused (remove it first)."""
        if what not in KINDS:
            raise ValueError(f"a Knightmare tag is one of {', '.join(KINDS)}, got {what!r}")
        self._reload()
        tag = normalise_tag(tag)
        if self._tags.get(tag) not in (None, what):
            raise ValueError(f"tag {tag} is already {self._tags[tag]}")
        self._tags[tag] = what
        self._save()

    def remove(self, tag: str) -> str | None:
        self._reload()
        what = self._tags.pop(normalise_tag(tag), None)
        if what is not None:
            self._save()
        return what

    def _reload(self, force: bool = False) -> None:
        if self.path is None:
            return
        stamp = file_stamp(self.path)
        if stamp is None:
            self._tags, self._stamp = {}, None
            return
        if force or stamp != self._stamp:
            self._tags = _parse(self.path)
            self._stamp = stamp

    def _save(self) -> None:
        if self.path is None:
            return
        data = {"format": FORMAT, "tags": dict(sorted(self._tags.items()))}
        self._stamp = save_json(self.path, data, ".km-tags-", "the Knightmare tags")


def _parse(path: Path) -> dict[str, str]:
    tags: dict[str, str] = {}
    for tag, what in load_tag_file(path, "tags", FORMAT).items():
        try:
            key = normalise_tag(tag)
        except ValueError as exc:
            raise RegistryError(f"{path}: tags: {exc}") from None
        if what not in KINDS:
            raise RegistryError(f"{path}: tag {key}: {what!r} is not one of {', '.join(KINDS)}")
        if key in tags:
            raise RegistryError(f"{path}: tag {key} appears twice")
        tags[key] = what
    return tags
