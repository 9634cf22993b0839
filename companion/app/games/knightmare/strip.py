"""The base of Knightmare's play screens: the shell's frame with the shell's standing strip
(companion/app/screens/chips.py), which draws ``KnightmareUI.standing``: helmets in hand, the object held
(faint: none) and where the knight is, or their bridge in the Chamber; behind it the castle where the
knight whose turn it is stands (``KnightmareUI.backdrop_art``), not the sea fortress."""

from __future__ import annotations

from companion.app.screens.base import BaseScreen


class KnightmareScreen(BaseScreen):
    """A Knightmare play screen: the shared frame and strip (the game's figures come from its UI)."""
