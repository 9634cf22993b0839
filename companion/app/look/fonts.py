"""The shipped typefaces (see fonts/README.md), registered with Kivy: Andika as the app's default font
(every Label without a ``font_name``), and the ``Display`` face for titles."""

from __future__ import annotations

from pathlib import Path

FONTS_DIR = Path(__file__).resolve().parent / "fonts"
TEXT_FAMILY = "Andika"
DISPLAY_FAMILY = "Display"
TEXT_FILES = {  # markup's [b] and the riddles' [i] need all four
    "regular": "Andika-Regular.ttf",
    "italic": "Andika-Italic.ttf",
    "bold": "Andika-Bold.ttf",
    "bolditalic": "Andika-BoldItalic.ttf",
}
DISPLAY_FILE = "CompanionDisplay.otf"  # Goudy Bookletter 1911 with lining figures (display_font.py)
# The messages drawn in the Display face (a key, or a prefix ending in "."): Goudy has no arrows and no
# ✓, so only these must avoid them (tests/test_glyphs.py checks this list against every use of the face).
DISPLAY_KEYS = ("app.title", "dice.title", "moment.winner", "duel.outcome.winner", "common.round",
                "common.round_name.")


def drawn_in_display(key: str) -> bool:
    return any(key == k or (k.endswith(".") and key.startswith(k)) for k in DISPLAY_KEYS)


def font_files() -> dict[str, list[Path]]:
    """Each registered family with its files (the glyph test checks them all)."""
    return {TEXT_FAMILY: [FONTS_DIR / f for f in TEXT_FILES.values()], DISPLAY_FAMILY: [FONTS_DIR / DISPLAY_FILE]}


def register() -> None:
    """Register the families and make Andika Kivy's default font. Safe to call more than once."""
    from kivy.core.text import DEFAULT_FONT, LabelBase

    text = {f"fn_{style}": str(FONTS_DIR / name) for style, name in TEXT_FILES.items()}
    for family in (TEXT_FAMILY, DEFAULT_FONT):  # DEFAULT_FONT ("Roboto") is what an unnamed Label uses
        LabelBase.register(family, **text)
    LabelBase.register(DISPLAY_FAMILY, str(FONTS_DIR / DISPLAY_FILE))
