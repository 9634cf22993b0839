"""The Display face's figures are lining: at 1.5 m an old-style "0" reads as an "o" ("30" as "3o") and
an old-style "1" as a dotless "ı" (the hourglass's seconds and the round numbers are in this face)."""

from __future__ import annotations

import pytest

from companion.app.look.fonts import DISPLAY_FILE, FONTS_DIR

ImageFont = pytest.importorskip("PIL.ImageFont")


def _height(font, text: str) -> int:
    left, top, right, bottom = font.getbbox(text, anchor="ls")  # from the baseline
    return -top


def test_every_figure_of_the_display_face_stands_as_tall_as_a_capital():
    font = ImageFont.truetype(str(FONTS_DIR / DISPLAY_FILE), 200)
    capital = _height(font, "H")
    assert {d: _height(font, d) >= 0.9 * capital for d in "0123456789"} == {d: True for d in "0123456789"}


def test_the_display_face_figures_share_one_width_so_the_seconds_do_not_jiggle():
    font = ImageFont.truetype(str(FONTS_DIR / DISPLAY_FILE), 200)
    assert len({font.getlength(d) for d in "0123456789"}) == 1
