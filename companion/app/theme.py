"""Colours, player palette and display profiles: the sea, the stone and the gold of the fortress."""

from __future__ import annotations

from companion.app.look.contrast import contrast
from companion.app.look.palette import (PLAYER_COLOURS, ROLES, SPACE_COLOURS, hex_rgba,  # noqa: F401 (used as theme.*)
                                        rgba_hex)

# The names the screens use, from the design system's roles (companion/app/look, docs/design.md).
SEA = hex_rgba(ROLES.background)            # background: the Atlantic at dusk
SEA_LIGHT = hex_rgba(ROLES.surface)         # panels and quiet buttons
MERLIN = hex_rgba(ROLES.surface_merlin)     # the wizard's blue (his Chamber's question, the Challenge)
STONE = hex_rgba(ROLES.stone)               # the fortress's limestone: secondary buttons
STONE_DARK = hex_rgba(ROLES.stone_dark)
GOLD = hex_rgba(ROLES.accent)               # the one obvious action, titles
TEXT = hex_rgba(ROLES.text)
TEXT_MUTED = hex_rgba(ROLES.text_muted)
TEXT_DARK = hex_rgba(ROLES.text_on_light)
DANGER = hex_rgba(ROLES.danger)             # destructive actions
OK = hex_rgba(ROLES.success)                # ✓ a success
FAILURE = hex_rgba(ROLES.failure)           # ✗ a failure
WARNING = hex_rgba(ROLES.warning)

# The board's spaces, each with a colour (SPACE_COLOURS, from the palette) and a letter shortcut on a keyboard.
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
    """Dark or light text, whichever contrasts more with ``colour`` (WCAG contrast)."""
    code = rgba_hex(colour)
    return TEXT_DARK if contrast(ROLES.text_on_light, code) > contrast(ROLES.text, code) else TEXT


# The display profiles moved to companion.app.table.profiles (no Kivy there); still importable from here.
from companion.app.table.profiles import DEFAULT_PROFILE, PROFILES, DisplayProfile  # noqa: E402,F401
