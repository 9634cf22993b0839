"""The original art (companion/app/look/art): the committed SVG and PNG files are those the drawings
give today, each backdrop keeps every text role at 4.5:1, and ``worst_contrast`` finds the worst pixel."""

from __future__ import annotations

import json
import shutil

import pytest

from companion.app.look import build, palette as P
from companion.app.look.assets import MANIFEST, PNG_DIR, asset, backdrop
from companion.app.look.contrast import worst_contrast
from companion.app.theme import PROFILES

Image = pytest.importorskip("PIL.Image")
np = pytest.importorskip("numpy")


def test_the_committed_svg_and_png_files_are_up_to_date():
    assert build.out_of_date() == []


def test_a_changed_drawing_is_reported_out_of_date(monkeypatch):
    from companion.app.look.art import icons

    monkeypatch.setitem(icons.ICONS, "key", lambda: icons.key().replace("stroke-width=\"6\"", "stroke-width=\"7\""))
    problems = build.out_of_date()
    assert any("icon-key.svg" in p for p in problems)
    assert any("icon-key-48.png: not rendered" in p for p in problems)


@pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="rsvg-convert (librsvg2-bin) is not installed")
def test_rendering_again_gives_the_committed_pixels(tmp_path):
    manifest = json.loads(MANIFEST.read_text("utf-8"))
    for png, entry in sorted(manifest.items()):
        out = tmp_path / png
        build.render(build.SVG_DIR / entry["source"], out, *entry["size"])
        with Image.open(out) as fresh, Image.open(PNG_DIR / png) as kept:
            a = np.asarray(fresh.convert("RGBA"), dtype=np.int16)
            b = np.asarray(kept.convert("RGBA"), dtype=np.int16)
        assert a.shape == b.shape, png
        # Another librsvg may antialias an edge differently by a step or two, never more.
        assert np.abs(a - b).max() <= 8, png


@pytest.mark.parametrize("profile", PROFILES.values(), ids=lambda p: p.name)
@pytest.mark.parametrize("round_number", [None, 1, 2, 3], ids=["shell", "1", "2", "3"])
def test_every_text_role_reads_anywhere_on_each_backdrop(profile, round_number):
    png = backdrop(round_number, profile)
    whole = [(0, 0, profile.width, profile.height)]
    for text in P.TEXT_ROLES:
        assert worst_contrast(png, whole, P.role(text)) >= 4.5, (png.name, text)


@pytest.mark.parametrize("profile", PROFILES.values(), ids=lambda p: p.name)
def test_every_text_role_reads_anywhere_on_pixies_backdrop(profile):
    png = asset("pixies-glade", profile)
    whole = [(0, 0, profile.width, profile.height)]
    for text in P.TEXT_ROLES:
        assert worst_contrast(png, whole, P.role(text)) >= 4.5, (png.name, text)


def test_worst_contrast_finds_the_one_bright_pixel(tmp_path):
    img = Image.new("RGB", (40, 20), (0, 0, 0))
    img.putpixel((30, 10), (255, 255, 255))
    path = tmp_path / "x.png"
    img.save(path)
    assert worst_contrast(path, [(0, 0, 20, 20)], "ffffff") == pytest.approx(21.0)
    assert worst_contrast(path, [(0, 0, 20, 20), (25, 5, 10, 10)], "ffffff") == pytest.approx(1.0)
    with pytest.raises(ValueError, match="outside"):
        worst_contrast(path, [(100, 100, 5, 5)], "ffffff")


def test_every_profile_has_the_icons_of_the_seven_spaces_and_the_riddle_masters_layers():
    from companion.app.look.art.icons import SPACE_ICONS
    from companion.app.look.art.sage import LAYERS

    for profile in PROFILES.values():
        for space in SPACE_ICONS:
            with Image.open(asset(f"icon-{space}-48", profile)) as img:
                assert img.size[0] == round(48 * profile.scale)
        sizes = set()
        for layer in LAYERS:
            with Image.open(asset(f"sage-{layer}", profile)) as img:
                sizes.add(img.size)
        assert len(sizes) == 1  # the layers stack at the same position


def test_an_unknown_asset_is_an_error_naming_it():
    with pytest.raises(FileNotFoundError, match="'icon-unicorn'"):
        asset("icon-unicorn", PROFILES["800x480"])
