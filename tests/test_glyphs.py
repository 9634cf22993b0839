"""Every character the app can show has a glyph in the app's fonts (Andika for text, the Display face
for titles; companion/app/look/fonts): a missing one is drawn as an empty box (the "→" of "3 → 2" was
one). Checked with Pillow's FreeType on the same font files Kivy loads."""

from __future__ import annotations

from pathlib import Path

import pytest

import re

from companion.app.look.fonts import DISPLAY_FAMILY, FONTS_DIR, drawn_in_display, font_files
from companion.app.table import catalogues

ImageFont = pytest.importorskip("PIL.ImageFont")

ROOT = Path(__file__).resolve().parent.parent
FONTS = [path for paths in font_files().values() for path in paths]
TEXT_FONTS = [path for family, paths in font_files().items() if family != DISPLAY_FAMILY for path in paths]
DISPLAY_FONTS = font_files()[DISPLAY_FAMILY]
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


def catalogue_text(keep=lambda key: True) -> str:
    return "".join(f for code in catalogues.sources() for key, forms in catalogues.messages(code).items()
                   if keep(key) for f in forms)


@pytest.mark.parametrize("font", TEXT_FONTS, ids=lambda p: p.name)
def test_the_catalogue_has_no_character_the_text_face_cannot_draw(font):
    assert missing_glyphs(catalogue_text(), font) == set()


@pytest.mark.parametrize("font", DISPLAY_FONTS, ids=lambda p: p.name)
def test_the_messages_drawn_in_the_display_face_have_no_character_it_cannot_draw(font):
    text = catalogue_text(drawn_in_display)
    assert len(text) > 20  # the list names real keys
    assert missing_glyphs(text, font) == set()


def test_every_use_of_the_display_face_draws_a_listed_message():
    # A label in the Display face names the face within a few lines of its text: every message key read
    # there must be in fonts.DISPLAY_KEYS, or the glyph check above would not cover it.
    unlisted = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        lines = path.read_text("utf-8").splitlines()
        for n, line in enumerate(lines):
            if 'font_name="Display"' not in line:
                continue
            window = "\n".join(lines[max(0, n - 2):n + 1])
            unlisted += [f"{path.name}:{n + 1} {key}" for key in re.findall(r'tr\("([\w.]+)"', window)
                         if not drawn_in_display(key)]
    assert unlisted == []


@pytest.mark.parametrize("font", FONTS, ids=lambda p: p.name)
def test_the_built_in_content_has_no_character_the_font_cannot_draw(font):
    text = "".join(p.read_text("utf-8") for p in sorted((ROOT / "content").rglob("*.toml")))
    assert missing_glyphs(text, font) == set()


@pytest.mark.parametrize("font", FONTS, ids=lambda p: p.name)
def test_every_french_and_english_character_has_a_glyph(font):
    assert missing_glyphs(FRENCH_AND_ENGLISH, font) == set()


def test_the_check_finds_a_character_without_glyph():
    assert missing_glyphs("3 → 2 ✓ ✗", FONTS_DIR / "Andika-Regular.ttf") == {"✗"}
    assert missing_glyphs("3 → 2", FONTS_DIR / "CompanionDisplay.otf") == {"→"}


def test_every_shipped_font_is_registered_and_licensed():
    shipped = {p.name for p in FONTS_DIR.iterdir() if p.suffix in (".ttf", ".otf")}
    assert shipped == {p.name for p in FONTS}
    assert (FONTS_DIR / "OFL-Andika.txt").read_text("utf-8").count("SIL OPEN FONT LICENSE Version 1.1") == 1
    display = (FONTS_DIR / "OFL-CompanionDisplay.txt").read_text("utf-8")  # Goudy's notice and the OFL's text
    assert "public domain" in display and display.count("SIL OPEN FONT LICENSE Version 1.1") == 1


def test_the_app_draws_with_the_shipped_fonts():
    kivy_text = pytest.importorskip("kivy.core.text")
    from companion.app.look import fonts

    fonts.register()
    regular = kivy_text.LabelBase._fonts[kivy_text.DEFAULT_FONT][0]
    assert Path(regular) == FONTS_DIR / "Andika-Regular.ttf"
