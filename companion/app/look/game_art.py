"""The rendered art that every game shares: its tile on home's game chooser, the podium's backdrop.

    game_tile_art("pixies", profile)      # Path of png/<profile>/game-pixies.png, or None
    tile_size(profile)                    # (w, h) in px that the PNG has on that profile
    ceremony_backdrop(profile)            # the podium's spotlight, full screen

The tiles are ``art.tiles.WIDTH``×``HEIGHT`` at 800×480 (40% of the width, 45% of the height: two
across and a third peeking, so home's row scrolls) and scale with the profile's short side, as every size of the
design does; their lower ``TEXT_BAND`` is kept dark for the game's name (docs/design.md, "Games")."""

from __future__ import annotations

import math
from pathlib import Path

from companion.app.look.art.games import GAME_TILES
from companion.app.look.art.tiles import CORNER, HEIGHT, TEXT_BAND, WIDTH
from companion.app.look.assets import asset

__all__ = ["TEXT_BAND", "ceremony_backdrop", "game_tile_art", "text_band", "tile_size"]


def tile_size(profile) -> tuple[int, int]:
    """The tile's size in px on ``profile`` (a DisplayProfile): 320×216 at 800×480."""
    return round(WIDTH * profile.scale), round(HEIGHT * profile.scale)


def text_band(profile) -> tuple[int, int, int, int]:
    """The box (x, y from the top, w, h in px of the tile's PNG) where the name reads at 4.5:1: the
    lower band, less the rounded corners at its two ends (a name keeps a panel's padding anyway)."""
    w, h = tile_size(profile)
    top, corner = math.ceil(h * (1 - TEXT_BAND)), round(CORNER * profile.scale)  # the first whole row of it
    return corner, top, w - 2 * corner, h - top - 1


def game_tile_art(game_id: str, profile) -> Path | None:
    """The PNG of ``game_id``'s tile for ``profile``, or None for a game that has no tile (yet): the
    screen then draws a plain panel. A known game whose file is missing is an error naming it."""
    if not isinstance(game_id, str) or game_id not in GAME_TILES:
        return None
    return asset(f"game-{game_id}", profile)


def ceremony_backdrop(profile, art: str = "ceremony") -> Path:
    """The podium ceremony's backdrop for ``profile``: the screen's own size (``art``: a game's own
    backdrop in place of the spotlit stage, ``GameUI.ceremony_art``)."""
    return asset(art, profile)
