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
        """The figures in words (chips.py): the total, and in a draft this round's points; the podium's own."""
        if self.c.view.get("phase") == "over":
            return super().players_strip()
        from companion.app.games.pixies.chips import pixies_strip

        return pixies_strip(self)

    def player(self, name: str | None) -> dict[str, Any] | None:
        return player(self.c.view, name)
