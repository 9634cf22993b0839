"""The five games' tiles and the podium's backdrop (companion/app/look/art/games.py, ceremony.py): one
tile per game id on every profile at the size home lays out, their name band and the whole backdrop
keep every text role at 4.5:1. That the committed files are today's renders is test_design_art's."""

from __future__ import annotations

import pytest

from companion.app.look import palette as P
from companion.app.look.contrast import worst_contrast
from companion.app.look.game_art import ceremony_backdrop, game_tile_art, text_band, tile_size
from companion.app.theme import PROFILES

Image = pytest.importorskip("PIL.Image")

GAME_IDS = ("fort-boyard", "knightmare", "pixies", "forfort", "fort")  # issue 22's ids


@pytest.mark.parametrize("profile", PROFILES.values(), ids=lambda p: p.name)
@pytest.mark.parametrize("game", GAME_IDS)
def test_every_game_has_its_tile_at_the_profiles_size(game, profile):
    png = game_tile_art(game, profile)
    with Image.open(png) as img:
        assert img.size == tile_size(profile)
        assert img.getpixel((0, 0))[3] == 0  # the rounded corner is transparent: the tile is the panel


def test_the_tile_is_two_fifths_of_the_small_screens_width_and_under_half_its_height():
    w, h = tile_size(PROFILES["800x480"])
    assert (w, h) == (320, 216)
    assert round(w / 800, 2) == 0.4 and h / 480 <= 0.45


@pytest.mark.parametrize("profile", PROFILES.values(), ids=lambda p: p.name)
@pytest.mark.parametrize("game", GAME_IDS)
def test_the_name_band_of_every_tile_keeps_every_text_role_readable(game, profile):
    png, band = game_tile_art(game, profile), text_band(profile)
    for text in P.TEXT_ROLES:
        assert worst_contrast(png, [band], P.role(text)) >= 4.5, (png.name, text)


def test_the_tiles_differ_from_one_another():
    """Five pictures, not one picture five times: their mean colours are apart."""
    np = pytest.importorskip("numpy")
    profile = PROFILES["800x480"]
    means = []
    for game in GAME_IDS:
        with Image.open(game_tile_art(game, profile)) as img:
            means.append(np.asarray(img.convert("RGB"), dtype=float).reshape(-1, 3).mean(axis=0))
    for i in range(len(means)):
        for j in range(i + 1, len(means)):
            assert np.abs(means[i] - means[j]).max() > 6, (GAME_IDS[i], GAME_IDS[j])


def test_a_game_without_a_tile_has_none_and_the_screen_draws_a_plain_panel():
    profile = PROFILES["800x480"]
    assert game_tile_art("chess", profile) is None
    assert game_tile_art(None, profile) is None


@pytest.mark.parametrize("profile", PROFILES.values(), ids=lambda p: p.name)
def test_every_text_role_reads_anywhere_on_the_podiums_backdrop(profile):
    png = ceremony_backdrop(profile)
    with Image.open(png) as img:
        assert img.size == (profile.width, profile.height)
    whole = [(0, 0, profile.width, profile.height)]
    for text in P.TEXT_ROLES:
        assert worst_contrast(png, whole, P.role(text)) >= 4.5, (png.name, text)


def test_every_game_of_the_registry_has_its_tile():
    from companion.engine.registry import GAMES

    profile = PROFILES["800x480"]
    assert [g.id for g in GAMES if game_tile_art(g.id, profile) is None] == []
