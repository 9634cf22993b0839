"""The way back on every shared screen (history, statistics, a player's page, a game told again, settings,
the hardware check): one button, bottom left, of one size and one word, so a hand finds it where it found
it on the last screen (the family review of issue 22 saw it in five places)."""

from __future__ import annotations

from typing import Any, Callable

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, Scale, touch_height
from companion.app.look.tokens import TYPE
from companion.app.screens.kit import gap

BACK_WIDTH = 210  # the settings' column of sections: the same width there as everywhere
BACK_FONT = TYPE.button  # the labels of touch targets: as big as the settings' sections beside it


def back_button(tr: Callable[..., str], action: Callable[[], None]) -> BigButton:
    """The Back button: stone, "Retour" / "Back", BACK_WIDTH wide and a touch high."""
    b = BigButton(text=tr("settings.back"), bg=theme.STONE, base_font=BACK_FONT, size_hint=(None, None),
                  width=Scale.px(BACK_WIDTH), height=touch_height())
    b.back = True  # tests and the shots find it by this mark, not by its words
    b.bind(on_release=lambda *_: action())
    return b


def back_row(tr: Callable[..., str], action: Callable[[], None],
             *others: tuple[str, Any, Callable[[], None]]) -> Widget:
    """The bottom row of a page: Back at the left, then the page's own buttons sharing the rest."""
    row = BoxLayout(size_hint_y=None, height=touch_height(), spacing=gap())
    row.add_widget(back_button(tr, action))
    if not others:
        row.add_widget(Widget())
    for text, colour, do in others:
        b = BigButton(text=text, bg=colour, base_font=BACK_FONT)
        b.bind(on_release=lambda _b, a=do: a())
        row.add_widget(b)
    return row
