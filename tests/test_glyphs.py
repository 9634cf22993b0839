"""Every character the app can show has a glyph in the app's font (Kivy's Roboto): a missing one is drawn
as an empty box (the "→" of "3 → 2" was one). Checked with Pillow's FreeType on the same font files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.app.table import catalogues

ImageFont = pytest.importorskip("PIL.ImageFont")
kivy = pytest.importorskip("kivy")

ROOT = Path(__file__).resolve().parent.parent
FONTS = ["Roboto-Regular.ttf", "Roboto-Bold.ttf", "Roboto-Italic.ttf"]  # markup [b] and the riddles' [i]


def missing_glyphs(text: str, font_file: str) -> set[str]:
    font = ImageFont.truetype(os.path.join(os.path.dirname(kivy.__file__), "data", "fonts", font_file), 32)

    def drawn(ch: str) -> tuple:
        mask = font.getmask(ch)
        return mask.size, bytes(mask)

    notdef = drawn("\ue000")  # a private-use character: no font here has it, so this is the empty box
    return {ch for ch in set(text) if not ch.isspace() and drawn(ch) == notdef}


def test_the_catalogue_has_no_character_the_font_cannot_draw():
    text = "".join(f for code in catalogues.sources() for forms in catalogues.messages(code).values() for f in forms)
    for font in FONTS:
        assert missing_glyphs(text, font) == set(), font


def test_the_built_in_content_has_no_character_the_font_cannot_draw():
    text = "".join(p.read_text("utf-8") for p in sorted((ROOT / "content").rglob("*.toml")))
    for font in FONTS:
        assert missing_glyphs(text, font) == set(), font


def test_the_check_finds_a_character_without_glyph():
    assert missing_glyphs("3 → 2 ✓", "Roboto-Regular.ttf") == {"→", "✓"}
