"""The parts every step of the new game's setup shares: the step bar along the bottom (Back at the bottom
left, the way forward at the bottom right, the two of one size on every step, so that a finger finds them
where it found them on the step before), and what the games' option pages build on: a caption, a caption
beside or over its control, and "who starts"."""

from __future__ import annotations

from typing import Any, Callable

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import box_for, choice_look, gap, left_label, px, text_width


def bar_button_width(tr: Callable[..., str]) -> float:
    """One width for Back, Next and Start on every step: the longest of their words at the button's size,
    with its padding (never under 180 px at 800×480)."""
    words = (tr("new.back"), tr("new.next"), tr("new.start"))
    return max(px(180), max(text_width(w, TYPE.button, True) for w in words) + px(2 * SPACE.m))


def step_bar(screen: Any, back: Callable[[], None], forward_text: str, forward: Callable[[], None],
             middle: Widget | None = None) -> BoxLayout:
    """The setup's bottom row: Back (left), ``middle`` (a step's title or its other way on), the way forward
    in gold (right). Both ends have ``step_end`` ("back" / "forward"): tests and the shots find them."""
    width = bar_button_width(screen.tr)
    bar = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=gap())
    back_button = BigButton(text=screen.tr("new.back"), bg=theme.STONE, base_font=TYPE.button, size_hint_x=None,
                            width=width)
    back_button.step_end = "back"
    back_button.bind(on_release=lambda *_: back())
    bar.add_widget(back_button)
    bar.add_widget(middle if middle is not None else Widget())
    ahead = BigButton(text=forward_text, bg=theme.GOLD, base_font=TYPE.button, bold=True, size_hint_x=None,
                      width=width)
    ahead.step_end = "forward"
    ahead.bind(on_release=lambda *_: forward())
    bar.add_widget(ahead)
    return bar


def bar_title(screen: Any, key: str) -> FitLabel:
    """A step's title between Back and the way forward (landscape: the height is what the pages lack): after
    the game's name when the two fit at the button's size, else the step alone ("2. Options")."""
    from kivy.core.window import Window

    text = screen.step_title(key)
    room = Window.width - 2 * bar_button_width(screen.tr) - 4 * gap() - px(2 * SPACE.s)
    if text_width(text, TYPE.button, True) > room:
        text = screen.tr(key)
    return FitLabel(text=text, base_font=TYPE.heading, bold=True, color=theme.GOLD, wrap=False)


class GamePages:
    """What the games' option pages use of the setup screen (a mixin of NewGameScreen)."""

    def caption(self, text: str) -> Widget:
        return left_label(text, TYPE.body, theme.GOLD, bold=True, size_hint_y=None, height=box_for(TYPE.body))

    def labelled(self, column: Widget, label: str, control: Widget, beside: bool) -> None:
        """A caption over its control, or beside it (portrait: the width is there, the height is not)."""
        if not beside:
            column.add_widget(self.caption(label))
            column.add_widget(control)
            return
        row = BoxLayout(spacing=px(SPACE.s), size_hint_y=None, height=max(control.height, box_for(TYPE.body, 2)))
        row.add_widget(left_label(label, TYPE.body, theme.GOLD, bold=True, size_hint_x=0.45))  # on two lines
        control.size_hint_x = 0.55
        row.add_widget(control)
        column.add_widget(row)

    def first_choices(self, column: Widget, portrait: bool, chance: str = "new.roll", roomy: bool = False) -> None:
        """Who starts, under its caption in ``column``: the companion's draw (``chance``: the key of its words,
        the die's by default; a game with no die says "at random"), or one of the names. ``roomy``: a page
        with the height for two names a row in portrait (a long name keeps the body's size)."""
        column.add_widget(self.caption(self.tr("new.first")))
        choices = [(None, self.tr(chance))] + [(n, n) for n in self.names()]
        # Portrait, four players or more: the die on a row of its own, the names three a row (a row less
        # than two a row, for the step's title; the die's words keep the width they need)
        die_alone = portrait and len(choices) > 4 and not roomy
        cols, in_grid = (3, len(choices) - 1) if die_alone else (2, len(choices))
        height = px(TOUCH.minimum)
        first = GridLayout(cols=cols, spacing=gap(), size_hint_y=None,
                           height=-(-in_grid // cols) * (height + gap()) - gap())
        for value, text in choices:
            on = self.first == value
            b = BigButton(text=("✓ " + text) if on else text, base_font=TYPE.body, size_hint_y=None, height=height,
                          **choice_look(on))
            b.choice = ("first", value)
            b.bind(on_release=lambda _b, v=value: self.choose_first(v))
            (column if die_alone and value is None else first).add_widget(b)
        column.add_widget(first)

    def choose_first(self, value: str | None) -> None:
        self.first = value
        self.rebuild()
