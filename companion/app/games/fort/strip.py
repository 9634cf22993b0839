"""Fort's part of the shell's standing strip (companion/app/screens/chips.py): its figures
(``FortUI.standing``: points, fort level, the macaroni sculpture, who still leads in the last round) are
Fort's drawn glyphs (companion/app/games/fort/icons.py), not the look's icons; one tap on a chip opens that
player's sheet (``FortScreen.chip_tapped``)."""

from __future__ import annotations

from typing import Any

from companion.app import theme

GLYPHS = {"star": "points"}  # the look's icon names (the shell's podium) as Fort's drawn glyphs


def figure_icon(name: str, colour: Any) -> Any:
    """Fort's glyph for a figure's icon ``name`` in ``colour`` (the last round's "still to lead" in the
    warning colour), or None for an icon that is the look's."""
    from companion.app.games.fort.icons import KINDS, Glyph

    kind = GLYPHS.get(name, name)
    if kind not in KINDS:
        return None
    return Glyph(kind, ink=theme.WARNING if name == "lead" else colour)
