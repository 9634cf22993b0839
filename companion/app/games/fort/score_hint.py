"""Where the points and fort levels are changed, said on the turn screen: the chips open each player's
sheet, and nothing on the screen told a family so (the review found scoring "hidden")."""

from __future__ import annotations

from typing import Any

from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import FitLabel
from companion.app.look.tokens import TYPE
from companion.app.screens.kit import box_for


def score_hint(screen: Any) -> Widget:
    lines = 2 if screen.app.portrait else 1  # narrow: two lines rather than a smaller one
    label = FitLabel(text=screen.tr("fort.sheet.chips"), base_font=TYPE.body, color=theme.GOLD, size_hint_y=None,
                     height=box_for(TYPE.body, lines), wrap=lines > 1)
    label.score_hint = True  # what tests find it by
    return label
