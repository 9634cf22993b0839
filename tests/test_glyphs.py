"""Every character the app can show has a glyph in the app's fonts (Andika for text, the Display face
for titles; companion/app/look/fonts): a missing one is drawn as an empty box (the "→" of "3 → 2" was
one). Checked with Pillow's FreeType on the same font files Kivy loads."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.app.look.fonts import FONTS_DIR, font_files
from companion.app.table import catalogues

ImageFont = pytest.importorskip("PIL.ImageFont")

ROOT = Path(__file__).resolve().parent.parent
FONTS = [path for paths in font_files().values() for path in paths]
# What French and English can need beyond ASCII: every accented letter and ligature of French, its
# quotes and apostrophe, the dashes and ellipsis, the no-break spaces of « » and of dates and times
# ("18 h 05" has a narrow one), degrees and the euro.
FRENCH_AND_ENGLISH = ("ÀÂÄÆÇÉÈÊËÎÏÔŒÙÛÜŸàâäæçéèêëîïôœùûüÿ’‘“”«»…–—·\u00a0\u202f°€"
                      + "".join(chr(c) for c in range(0x21, 0x7f)))


def missing_glyphs(text: str, font_file: Path) -> set[str]:
    font = ImageFont.truetype(str(font_file), 32)

    def drawn(ch: str) -> tuple:
        mask = font.getmask(ch)
        return mask.size, bytes(mask)

    notdef = drawn("\ue000")  # a private-use character: no font here has it, so this is the empty box
    # Spaces are checked too (a missing no-break space is a box), only the line breaks are not.
    return {ch for ch in set(text) if ch not in "\n\r\t" and drawn(ch) == notdef}


@pytest.mark.parametrize("font", FONTS, ids=lambda p: p.name)
def test_the_catalogue_has_no_character_the_font_cannot_draw(font):
    text = "".join(f for code in catalogues.sources() for forms in catalogues.messages(code).values() for f in forms)
    assert missing_glyphs(text, font) == set()


@pytest.mark.parametrize("font", FONTS, ids=lambda p: p.name)
def test_the_built_in_content_has_no_character_the_font_cannot_draw(font):
    text = "".join(p.read_text("utf-8") for p in sorted((ROOT / "content").rglob("*.toml")))
    assert missing_glyphs(text, font) == set()


@pytest.mark.parametrize("font", FONTS, ids=lambda p: p.name)
def test_every_french_and_english_character_has_a_glyph(font):
    assert missing_glyphs(FRENCH_AND_ENGLISH, font) == set()


def test_the_check_finds_a_character_without_glyph():
    assert missing_glyphs("3 → 2 ✓ ✗", FONTS_DIR / "Andika-Regular.ttf") == {"✗"}
    assert missing_glyphs("3 → 2", FONTS_DIR / "GoudyBookletter1911.otf") == {"→"}


def test_every_shipped_font_is_registered_and_licensed():
    shipped = {p.name for p in FONTS_DIR.iterdir() if p.suffix in (".ttf", ".otf")}
    assert shipped == {p.name for p in FONTS}
    assert (FONTS_DIR / "OFL-Andika.txt").read_text("utf-8").count("SIL OPEN FONT LICENSE Version 1.1") == 1
    assert "public domain" in (FONTS_DIR / "LICENSE-GoudyBookletter1911.txt").read_text("utf-8")


def test_the_app_draws_with_the_shipped_fonts():
    kivy_text = pytest.importorskip("kivy.core.text")
    from companion.app.look import fonts

    fonts.register()
    regular = kivy_text.LabelBase._fonts[kivy_text.DEFAULT_FONT][0]
    assert Path(regular) == FONTS_DIR / "Andika-Regular.ttf"
