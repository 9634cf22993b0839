"""Rebuild the Display face, fonts/CompanionDisplay.otf: Goudy Bookletter 1911 (public domain) with EB
Garamond 12's tabular lining figures (SIL OFL 1.1) in place of its old-style ones.

Why: Goudy Bookletter has only old-style figures and no ``lnum`` feature, so at 1.5 m its "0" is a
small "o" ("30" read "3o") and its "1" a dotless "ı" (the hourglass's seconds, round numbers). Andika's
figures are lining, but its taller line box shrank the seconds to 64 px inside the ring (the timer asks
96). EB Garamond is a Garamond of the same classic old face as Goudy; its tabular lining figures (one
width, so the seconds do not jiggle as they count down) are scaled to Goudy's capital height and drawn
into Goudy's own digit glyphs, so the face keeps Goudy's letters and line metrics.

Licence: the result holds EB Garamond's glyphs, so the whole font is under the SIL OFL 1.1 (the OFL asks
that of a derivative; Goudy's public-domain letters allow it). EB Garamond declares no Reserved Font
Name; the font is renamed "Companion Display" all the same, as the OFL asks of a modified font.

Run (a tool of its own, not the app's; the app only reads the built file):
    apt-get install fonts-goudybookletter fonts-ebgaramond
    python -m pip install "fonttools>=4.40"  # the "fonts" extra; any Python, the app does not need it
    PYTHONPATH=$PWD python -m companion.app.look.display_font
then run tests/test_glyphs.py and tests/test_display_font.py."""

from __future__ import annotations

import sys
from pathlib import Path

FONTS_DIR = Path(__file__).resolve().parent / "fonts"
GOUDY = Path("/usr/share/fonts/opentype/sortsmill/GoudyBookletter1911.otf")
GARAMOND = Path("/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf")
OUTPUT = FONTS_DIR / "CompanionDisplay.otf"
FAMILY = "Companion Display"
POSTSCRIPT = "CompanionDisplay-Regular"
DIGITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
NOTICE = ("Companion Display: Goudy Bookletter 1911 by Barry Schwartz (public domain) with the tabular "
          "lining figures of EB Garamond 12, Copyright 2010-2013 Georg A. Duffner, 2013 Siva Kalyan. "
          "This Font Software is licensed under the SIL Open Font License, Version 1.1 (OFL-CompanionDisplay.txt).")


def _cap_height(glyphs) -> float:
    from fontTools.pens.boundsPen import BoundsPen

    pen = BoundsPen(glyphs)
    glyphs["H"].draw(pen)
    return pen.bounds[3]


def build(goudy: Path = GOUDY, garamond: Path = GARAMOND, output: Path = OUTPUT) -> Path:
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.ttLib import TTFont

    base, donor = TTFont(goudy, recalcTimestamp=False), TTFont(garamond)  # the same bytes at every build
    donor_glyphs = donor.getGlyphSet()
    scale = _cap_height(base.getGlyphSet()) / _cap_height(donor_glyphs)  # lining = Goudy's capitals' height
    cff = base["CFF "].cff
    top = cff.topDictIndex[0]
    private = top.Private
    for name in DIGITS:
        source = donor_glyphs[f"{name}.tablining"]
        width = round(source.width * scale)
        pen = T2CharStringPen(width, None)
        source.draw(TransformPen(pen, (scale, 0, 0, scale, 0, 0)))
        charstring = pen.getCharString(private=private, globalSubrs=top.GlobalSubrs)
        top.CharStrings[name] = charstring  # the cmap's digits already name these glyphs
        bounds = charstring.calcBounds(top.CharStrings)
        base["hmtx"][name] = (width, round(bounds[0]) if bounds else 0)
    _rename(base, cff)
    base.save(output)
    return output


def _rename(font, cff) -> None:
    names = {1: FAMILY, 3: f"{POSTSCRIPT};modified", 4: FAMILY, 6: POSTSCRIPT, 0: NOTICE,
             13: "SIL Open Font License, Version 1.1", 14: "https://openfontlicense.org"}
    table = font["name"]
    for record in list(table.names):
        if record.nameID in (16, 17, 21, 22):  # typographic names, if any, would still say Goudy
            table.removeNames(nameID=record.nameID)
    for name_id, text in names.items():
        table.setName(text, name_id, 3, 1, 0x409)
        table.setName(text, name_id, 1, 0, 0)
    cff.fontNames = [POSTSCRIPT]
    top = cff.topDictIndex[0]
    top.FullName, top.FamilyName, top.Notice = FAMILY, FAMILY, NOTICE
    top.Copyright = "Public domain (Barry Schwartz); figures Copyright 2010-2013 Georg A. Duffner, 2013 Siva Kalyan"


if __name__ == "__main__":
    print(build(*(Path(a) for a in sys.argv[1:])))
