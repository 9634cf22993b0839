"""What every Pixies screen shares: the shell's frame and standing strip, the player lookup."""

from __future__ import annotations

from typing import Any, Mapping

from companion.app.screens.base import BaseScreen


def player(view: Mapping[str, Any], name: str | None) -> dict[str, Any] | None:
    return next((p for p in view.get("players", []) if p["name"] == name), None)


class PixiesScreen(BaseScreen):
    """A Pixies play screen: the shell's top bar and standing strip (``PixiesUI.standing``: the total, and
    this round's grid as it scores now in a draft), the screen's body."""

    compact_chips = True

    def players_strip(self):
        """A draft's chips say their figures in words on two lines (chips.py); the pad's, the shell's."""
        v = self.c.view
        if v.get("mode") == "draft" and v.get("phase") in ("reveal", "pick"):
            from companion.app.games.pixies.chips import draft_strip

            return draft_strip(self)
        return super().players_strip()

    def player(self, name: str | None) -> dict[str, Any] | None:
        return player(self.c.view, name)
