"""A player's nine-space grid (1 top left, 9 bottom right) of :class:`CardView`, as large as its box
allows and square; the scoring zone's cards framed (a light frame, apart from the gold of a choice and of the validated seal); a tap on a space calls ``on_space(n)``."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app.games.pixies.card import CardFace, CardView
from companion.app.look.tokens import SPACE
from companion.app.screens.kit import px


def item_parts(item: Any) -> tuple[str | None, bool]:
    """A grid item of the state (null, "down", {"up": ID}, {"up": ID, "validated": true}) as (card, validated)."""
    if item == "down":
        return "down", False
    if isinstance(item, dict) and isinstance(item.get("up"), str):
        return item["up"], bool(item.get("validated"))
    return None, False


class GridView(Widget):
    """The 3×3 grid, square, centred in its box. ``items``: the nine grid items; ``zone``: the spaces
    (1-9) outlined; ``chosen``: spaces also outlined (where a card may go face down); with ``on_space``,
    the spaces of ``tappable`` take a tap (all nine when None), the others are drawn only."""

    def __init__(self, items: Sequence[Any], zone: Sequence[int] = (), chosen: Sequence[int] = (),
                 on_space: Callable[[int], None] | None = None, font: float = 40,
                 tappable: Sequence[int] | None = None, **kw) -> None:
        super().__init__(**kw)
        self.grid = GridLayout(cols=3, spacing=px(SPACE.xs) + px(2))  # 2: rounding keeps 8 px
        self.spaces: list[CardView] = []
        for n in range(1, 10):
            card, validated = item_parts(items[n - 1] if n - 1 < len(items) else None)
            taps = on_space is not None and (tappable is None or n in tappable)
            view = (CardView if taps else CardFace)(card, validated, number=n, outline=n in chosen,
                                                     font=font, zone=n in zone)
            view.space, view.tappable = n, taps
            if taps:
                view.bind(on_release=lambda _v, n=n: on_space(n))
            self.spaces.append(view)
            self.grid.add_widget(view)
        self.add_widget(self.grid)
        self.bind(size=self._place, pos=self._place)

    def _place(self, *_):
        # Square spaces: a card (taller than wide) is drawn centred in its space, and the whole space takes the
        # tap, so that a space stays a 48 px target where the grid is only as high as a small screen leaves.
        w = min(self.width, self.height)
        h = min(self.height, w)
        self.grid.size = (w, h)
        self.grid.pos = (self.x + (self.width - w) / 2, self.y + (self.height - h) / 2)
