"""Tiles: the game's keys and Boyard tokens with RFID tags under them (registry, enrolment, treasure count)."""

from companion.tiles.enrolment import Enrolled, Enrolment
from companion.tiles.registry import (
    IN_THE_BOX, KEY_COUNT, TILE_KINDS, RegistryError, Tile, TileRegistry, default_registry_path, normalise_tag,
)
from companion.tiles.treasure import Scanned, TreasureTally

__all__ = [
    "Enrolled", "Enrolment", "IN_THE_BOX", "KEY_COUNT", "TILE_KINDS", "RegistryError", "Tile", "TileRegistry",
    "default_registry_path", "normalise_tag", "Scanned", "TreasureTally",
]
