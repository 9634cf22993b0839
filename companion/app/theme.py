"""Colours, player palette and display profiles: the sea, the stone and the gold of the Fort."""

from __future__ import annotations


def hex_rgba(code: str, alpha: float = 1.0) -> tuple[float, float, float, float]:
    code = code.lstrip("#")
    return (int(code[0:2], 16) / 255, int(code[2:4], 16) / 255, int(code[4:6], 16) / 255, alpha)


SEA = hex_rgba("0b2e4a")          # background: deep Atlantic
SEA_LIGHT = hex_rgba("14466b")
STONE = hex_rgba("c9b79c")        # the Fort's limestone
STONE_DARK = hex_rgba("6d5f4b")
GOLD = hex_rgba("e8b923")
TEXT = hex_rgba("f5f1e8")
TEXT_DARK = hex_rgba("1d1a16")
DANGER = hex_rgba("b8412c")
OK = hex_rgba("2f8f5b")

# Okabe & Ito's palette, safe for the common colour-vision deficiencies; names and initials always go
# with the colour, so colour is never the only cue.
PLAYER_COLOURS: tuple[tuple[str, str], ...] = (
    ("orange", "e69f00"),
    ("sky", "56b4e9"),
    ("green", "009e73"),
    ("yellow", "f0e442"),
    ("vermillion", "d55e00"),
    ("purple", "cc79a7"),
)

# The board's spaces, each with a colour and a letter shortcut on a keyboard.
SPACE_COLOURS = {
    "door": "8a7a63",
    "concentration": "2c6fb7",
    "force": "b8412c",
    "duel": "d9822b",
    "enigme": "6b4c9a",
    "prison": "3d3d3d",
    "passe_partout": "c9a227",
}
SPACE_KEYS = {
    "door": "d",
    "concentration": "c",
    "force": "f",
    "duel": "u",
    "enigme": "e",
    "prison": "p",
    "passe_partout": "m",
}


def readable_on(colour: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Dark or light text, whichever contrasts more with ``colour``."""
    r, g, b, _ = colour
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return TEXT_DARK if luminance > 0.5 else TEXT


# The display profiles moved to companion.app.table.profiles (no Kivy there); still importable from here.
from companion.app.table.profiles import DEFAULT_PROFILE, PROFILES, DisplayProfile  # noqa: E402,F401
