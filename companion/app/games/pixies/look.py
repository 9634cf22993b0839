"""Pixies' card colours and the shape that goes with each, so that a colour-blind player reads a card by
its shape as well (tests/test_app_pixies_look.py holds the colours apart under every colour vision).

The four suits are the real cards' own: blue, green, yellow and a true red (not the orange of Okabe and
Ito's vermillion, which a table read as a fifth colour). The red is deep and the green light and leafy so
that the two differ in lightness as well as in hue: 20 ΔE apart at worst under deuteranopia (all four
20 apart under every colour vision, the look's ``MEANING_DELTA_E``); the ink on each is whichever of the
look's light or dark text reads better on it. No Kivy here."""

from __future__ import annotations

from companion.app.look.contrast import contrast
from companion.app.look.palette import ROLES, hex_rgba

CARD_HEX = {"blue": "1e4fa8", "green": "3aa86a", "yellow": "f0e442", "red": "b01c22"}
"""Each colour's card face."""

SHAPES = {"blue": "drop", "green": "leaf", "yellow": "sun", "red": "heart"}
"""The shape drawn in a card's corners and, large and faint, across its face: one per colour (a water
drop, a leaf, a sun, a heart), so that colour is never the only cue; a multicolour card shows all four."""

BACK_HEX = "3a2f5b"  # a face-down card: the night the pixies come out in
EMPTY_HEX = "1f3347"


def ink_hex(face: str) -> str:
    """The text colour on a card of ``face`` (hex): the look's light or dark text, the one that reads best."""
    light, dark = ROLES.text, ROLES.text_on_light
    return light if contrast(light, face) >= contrast(dark, face) else dark


def card_rgba(colour: str) -> tuple[float, float, float, float]:
    return hex_rgba(CARD_HEX.get(colour, "8a8a8a"))


def ink_rgba(colour: str) -> tuple[float, float, float, float]:
    return hex_rgba(ink_hex(CARD_HEX.get(colour, "8a8a8a")))
