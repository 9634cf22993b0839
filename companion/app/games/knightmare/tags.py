"""Knightmare's RFID reads at the table (optional): a card's tag read on the card screen is that card
drawn, an object's tag read after a won fight is that object taken; a tag read at another moment
changes nothing and says so; an unknown tag gets a clear notice, and on the card screen the next card
kind tapped remembers it (companion/tiles/knightmare_tags.py: the file the table extends).

The reader's events reach the screen on show through the shared TileHub (``on_tile(tag, tile)``); the
shared tile registry's ``tile`` (Fort Boyard's pieces) is not used here."""

from __future__ import annotations

from typing import Any

from companion.tiles.knightmare_tags import CARDS, KnightmareTags, default_tags_path
from companion.tiles.registry import RegistryError, normalise_tag


def tags_of(app: Any) -> KnightmareTags | None:
    """The app's Knightmare tag map, read once (None, with a notice, when the file is damaged)."""
    tags = getattr(app, "km_tags", None)
    if tags is None:
        try:
            tags = KnightmareTags(default_tags_path())
        except RegistryError as exc:
            app.toast(str(exc))
            return None
        app.km_tags = tags
    return tags


def what_words(tr: Any, what: str) -> str:
    return tr(("knightmare.card." if what in CARDS else "knightmare.object.") + what)


def shown_tag(tag: str) -> str:
    """The tag as a person reads it in a notice (a reader's garbage shown quoted and cut short)."""
    try:
        return normalise_tag(tag)
    except ValueError:
        return repr(tag)[:40]


class TagReading:
    """For Knightmare's screens: ``on_tile`` looks the tag up and calls ``tag_read(tag, what)``, which a
    screen overrides for the reads it takes (True: taken); any other read gets a notice."""

    unknown_words = "knightmare.tag.unknown"

    def on_tile(self, tag: str, tile: Any = None) -> None:
        tags = tags_of(self.app)
        if tags is None:
            return
        try:
            what = tags.get(tag)
        except RegistryError as exc:
            self.app.toast(str(exc))
            return
        if what is None:
            self.unknown_tag(tag)
            return
        if not self.tag_read(tag, what):
            self.app.toast(self.tr("knightmare.tag.not_now", what=what_words(self.tr, what)))

    def tag_read(self, tag: str, what: str) -> bool:
        return False

    def unknown_tag(self, tag: str) -> None:
        self.app.toast(self.tr(self.unknown_words, tag=shown_tag(tag)))

    def remember_tag(self, tag: str, what: str) -> None:
        """The card kind tapped after an unknown tag: the tag is that kind from now on."""
        tags = tags_of(self.app)
        if tags is None:
            return
        try:
            tags.add(tag, what)
        except (RegistryError, ValueError) as exc:
            self.app.toast(str(exc))
            return
        self.app.toast(self.tr("knightmare.tag.remembered", what=what_words(self.tr, what)))
