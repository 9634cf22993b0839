"""The base of Knightmare's play screens: the shell's frame with the shell's standing strip
(companion/app/screens/chips.py), which draws ``KnightmareUI.standing``: helmets in hand, the object held
(faint: none) and where the knight is, or their bridge in the Chamber; behind it the castle where the
knight whose turn it is stands (``KnightmareUI.backdrop_art``), not the sea fortress.

Under the strip a line says what the chips' figures count, in their order: the icons alone (a helmet and
a number, a book, a door) left a family guessing which was the object and which the place."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import FitLabel
from companion.app.look.tokens import TYPE, line_box
from companion.app.screens.base import BaseScreen
from companion.app.widgets import art

LEGEND_FONT = TYPE.body - 2  # 20 px at 800×480: body text's least; the strip's line must not cost more


def legend_words(tr, players: list[dict]) -> str:
    """What the chips show, left to right: helmets, then the object and the place in the labyrinth (or
    the Dungeon), the bridge in the Chamber, each named once."""
    places = {p.get("place", "labyrinth") for p in players}
    words = [tr("knightmare.legend.helmets")]
    if places - {"chamber", "throne"}:
        words += [tr("knightmare.legend.object"), tr("knightmare.legend.place")]
    if places & {"chamber", "throne"}:
        words.append(tr("knightmare.legend.bridge"))
    return tr("knightmare.legend", figures=" · ".join(words))


class KnightmareScreen(BaseScreen):
    """A Knightmare play screen: the shared frame and strip (the game's figures come from its UI)."""

    def players_strip(self) -> Widget:
        """The shared strip, and under it the line that names its figures."""
        strip = super().players_strip()
        legend = FitLabel(text=legend_words(self.tr, self.c.view["players"]), base_font=LEGEND_FONT,
                          color=theme.TEXT_MUTED, size_hint_y=None, height=line_box(LEGEND_FONT, 1, art.profile()))
        legend.role = "legend"
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=art.px(2),
                        height=strip.height + legend.height + art.px(2))
        box.add_widget(strip)
        box.add_widget(legend)
        return box

    def game_key(self) -> tuple:
        """The game on screen, for what a screen remembers between rebuilds (a roll, a fight half entered):
        its session (the object itself: held, its id is never another's) and its id in that session's log.
        A fresh log numbers its first game 1 again, and a new game with the same seed replays the same turns
        and dice: keyed by turn and dice alone, a new game opened on the last one's roll."""
        return self.c.session, self.c.view.get("game_id")
