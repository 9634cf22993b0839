"""The board's seven spaces as the turn screen's tiles: each space's icon over its word, on the space's
own colour of the Fort at dusk (look/palette.py: distinct under every colour vision, none loud)."""

from __future__ import annotations

from kivy.core.image import Image as CoreImage
from kivy.graphics import Color, Rectangle

from companion.app.controls import BigButton
from companion.app.look.tokens import TYPE, line_box, space_colour
from companion.app.widgets import art


class SpaceTile(BigButton):
    """A space to tap: the icon above the word, so that the word keeps the tile's whole width and every
    space's word is shown at the button's size (beside an icon, "Concentration" and "Passe-partout"
    shrank to 20 px while "Porte" kept 26)."""

    def __init__(self, space: str, text: str, icon_px: float, **kw):
        kw.setdefault("base_font", TYPE.button)
        super().__init__(text=text, bg=space_colour(space), **kw)
        self.space = space
        self._icon_px = icon_px
        with self.canvas.after:
            self._icon_colour = Color(*self.color)
            self._icon_rect = Rectangle(texture=CoreImage(art.icon(space)).texture)
        self.bind(pos=self._place_icon, size=self._place_icon, texture_size=self._place_icon,
                  color=self._place_icon)
        self._place_icon()

    def _place_icon(self, *_):
        if not self.text:
            return  # a word taken away (the contrast check's second picture) leaves its icon where it was
        gap = art.px(6)
        # The word's line first: the icon goes above it when the tile leaves it room, else beside it (a
        # wide, low tile: three columns of the Passe-partout's six spaces).
        room = self.height - line_box(TYPE.button, 1, art.profile()) - gap - art.px(8)
        self._icon_colour.rgba = self.color
        if room >= art.px(28):
            side = min(self._icon_px, room)
            self.inset, self.inset_top = 0, side + gap
            # The label's texture (the free band above the word, then the word) is centred in the tile.
            top = self.center_y + self.texture_size[1] / 2
            pos = (self.center_x - side / 2, top - side)
        else:
            side = min(self._icon_px, self.height - art.px(8))
            self.inset, self.inset_top = side + gap, 0
            pos = (self.x + gap * 2, self.center_y - side / 2)
        self._icon_rect.size = (side, side)
        self._icon_rect.pos = pos
