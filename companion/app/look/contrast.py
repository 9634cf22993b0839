"""WCAG 2.x contrast: between two colours, and of a text colour over the worst pixels of an image."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Sequence

Colour = str | Sequence[float]  # "f2c14e", or (r, g, b[, a]) in 0..1


def _rgb(colour: Colour) -> tuple[float, float, float]:
    if isinstance(colour, str):
        code = colour.lstrip("#")
        return tuple(int(code[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]
    return (float(colour[0]), float(colour[1]), float(colour[2]))


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: Colour) -> float:
    """WCAG relative luminance, 0 (black) to 1 (white)."""
    r, g, b = (_linear(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: Colour, bg: Colour) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21 (AA text needs 4.5, large text and shapes 3)."""
    a, b = sorted((luminance(fg), luminance(bg)))
    return (b + 0.05) / (a + 0.05)


def worst_contrast(png: str | Path, boxes: Iterable[tuple[int, int, int, int]], text_colour: Colour) -> float:
    """The lowest contrast of ``text_colour`` against any pixel inside ``boxes`` of the image ``png``.

    A box is (x, y, width, height) in the image's pixels, y from the top (as a screenshot is read).
    Every pixel counts, not an average: a bright wave crest behind one letter is where it cannot be
    read. Box parts outside the image are ignored; a box wholly outside is an error (a wrong box would
    otherwise pass by checking nothing)."""
    import numpy as np
    from PIL import Image

    with Image.open(png) as img:
        rgb = np.asarray(img.convert("RGB"), dtype=np.float64) / 255
    lin = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    lum = lin @ np.array([0.2126, 0.7152, 0.0722])
    text = luminance(text_colour)
    worst = float("inf")
    for x, y, w, h in boxes:
        part = lum[max(y, 0):max(y + h, 0), max(x, 0):max(x + w, 0)]
        if part.size == 0:
            raise ValueError(f"box {(x, y, w, h)} is outside the {lum.shape[1]}×{lum.shape[0]} image {png}")
        lo, hi = float(part.min()), float(part.max())
        for pixel in (lo, hi):  # the ratio is monotonic in the pixel's luminance: its ends are the worst
            a, b = sorted((pixel, text))
            worst = min(worst, (b + 0.05) / (a + 0.05))
    return worst


def letters_contrast(shown: str | Path, hidden: str | Path, box: tuple[int, int, int, int],
                     text_colour: Colour) -> float | None:
    """The lowest contrast of ``text_colour`` against what is drawn behind its letters: the letters are
    the pixels where the screenshot ``shown`` differs from ``hidden`` (the same screen with its texts
    taken away) inside ``box`` (x, y, width, height, y from the top), grown by one pixel for their
    antialiased edges; the background is ``hidden`` there. None when no letter was drawn in the box."""
    import numpy as np
    from PIL import Image

    x, y, w, h = box
    with Image.open(shown) as a, Image.open(hidden) as b:
        top = np.asarray(a.convert("RGB"), dtype=np.int16)[max(y, 0):y + h, max(x, 0):x + w]
        under = np.asarray(b.convert("RGB"), dtype=np.float64)[max(y, 0):y + h, max(x, 0):x + w] / 255
    letters = np.abs(top - (under * 255).round().astype(np.int16)).max(axis=2) > 24
    if not letters.any():
        return None
    grown = letters.copy()
    grown[1:, :] |= letters[:-1, :]
    grown[:-1, :] |= letters[1:, :]
    grown[:, 1:] |= letters[:, :-1]
    grown[:, :-1] |= letters[:, 1:]
    lin = np.where(under <= 0.04045, under / 12.92, ((under + 0.055) / 1.055) ** 2.4)
    lum = (lin @ np.array([0.2126, 0.7152, 0.0722]))[grown]
    text = luminance(text_colour)
    return min((max(p, text) + 0.05) / (min(p, text) + 0.05) for p in (float(lum.min()), float(lum.max())))
