"""The die of Knightmare's screens before it is rolled: a blank face with a "?", never a value.

The shared die (companion/app/widgets/die.py) starts on the face 1 (its ``value`` property's default)
and shows it until the first roll: a family reads "1" as already rolled. Until that widget can start
blank (its owner's change), Knightmare's panels put this die in the shared one's place: the same
drawing and tumble, the pips hidden and a "?" on the face until a roll or a tapped face shows one."""

from __future__ import annotations

from typing import Any

from kivy.uix.label import Label

from companion.app.look.tokens import colour
from companion.app.screens.kit import px
from companion.app.widgets.die import Die, DiePanel

UNROLLED = "?"


class UnrolledDie(Die):
    """A :class:`Die` that shows no value until it is rolled or shown one."""

    def __init__(self, **kw: Any) -> None:
        self.blank = True
        self.mark = Label(text=UNROLLED, bold=True, color=colour("text_on_light"), halign="center", valign="middle")
        super().__init__(**kw)
        self.add_widget(self.mark)
        self._layout()

    def show(self, value: int) -> None:
        self._reveal()
        super().show(value)

    def roll(self, value: int | None = None, rng: Any = None) -> int:
        self._reveal()
        return super().roll(value=value, rng=rng)

    def _reveal(self) -> None:
        if self.blank:
            self.blank = False
            self.remove_widget(self.mark)
            self.drawing.face = None  # its pips hidden by hand: the next face is drawn whatever it is

    def _layout(self, *args: Any) -> None:
        super()._layout(*args)
        if not getattr(self, "blank", False):
            return
        for pip in self.drawing.pip_colours.values():  # the ivory face alone: no pip, so no number
            pip.a = 0.0
        cx, cy, side = self.drawing.box
        self.mark.size = (side, side)
        self.mark.pos = (cx - side / 2, cy - side / 2)
        self.mark.text_size = (side, side)
        self.mark.font_size = max(side * 0.62, 1)


def unrolled_panel(tr: Any, **kw: Any) -> DiePanel:
    """The shared :class:`DiePanel` (its "Roll", its faces, its words) with an :class:`UnrolledDie`."""
    panel = DiePanel(tr, **kw)
    old = panel.die
    holder = old.parent
    index = holder.children.index(old)
    die = UnrolledDie(settings=old._settings, sound=old.sound, clock=old.clock, size_hint=old.size_hint,
                      height=old.height)
    die.bind(on_rolled=lambda _w, v: panel._landed(v))
    holder.remove_widget(old)
    holder.add_widget(die, index=index)
    panel.die = die
    panel.die.height = px(SMALL_DIE)
    if panel.orientation == "horizontal":
        _compact(panel)
    return panel


# px at 800×480: the line under the strip that names the chips' figures (strip.py) takes its height from
# the panel. A smaller die (the shared one is 160); in landscape smaller faces, still over the 48 px touch
# target and whole pixels at every profile's scale (1.25, 1⅔), and "Roll" a touch target's height.
SMALL_DIE, LANDSCAPE_FACE, LANDSCAPE_ROLL = 136, 60, 48


def _compact(panel: DiePanel) -> None:
    """The landscape panel a little shorter: its faces and "Roll", and the gaps between them."""
    panel.roll_button.height = px(LANDSCAPE_ROLL)
    panel.roll_button.parent.spacing = px(4)
    for face in panel.faces:
        face.size = (px(LANDSCAPE_FACE), px(LANDSCAPE_FACE))
    grid = panel.faces[0].parent
    grid.height = 2 * px(LANDSCAPE_FACE) + grid.spacing[1]
