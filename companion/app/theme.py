"""Colours, player palette and display profiles: the sea, the stone and the gold of the Fort."""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.look.contrast import contrast
from companion.app.look.palette import (PLAYER_COLOURS, ROLES, SPACE_COLOURS, hex_rgba,  # noqa: F401 (used as theme.*)
                                        rgba_hex)

# The names the screens use, from the design system's roles (companion/app/look, docs/design.md).
SEA = hex_rgba(ROLES.background)            # background: the Atlantic at dusk
SEA_LIGHT = hex_rgba(ROLES.surface)         # panels and quiet buttons
STONE = hex_rgba(ROLES.stone)               # the Fort's limestone: secondary buttons
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


@dataclass(frozen=True)
class DisplayProfile:
    """A screen the companion is laid out for."""

    name: str
    width: int
    height: int
    label: str

    @property
    def portrait(self) -> bool:
        return self.height > self.width

    @property
    def scale(self) -> float:
        """Sizes are designed for the 480 px short side of the official 7" display."""
        return min(self.width, self.height) / 480


PROFILES: dict[str, DisplayProfile] = {
    p.name: p
    for p in (
        DisplayProfile("800x480", 800, 480, 'Raspberry Pi 7" (800×480)'),
        DisplayProfile("720x1280", 720, 1280, "Touch Display 2 (720×1280)"),
        DisplayProfile("1024x600", 1024, 600, '7" HDMI (1024×600)'),
        DisplayProfile("1280x800", 1280, 800, '10" (1280×800)'),
    )
}
DEFAULT_PROFILE = "800x480"
