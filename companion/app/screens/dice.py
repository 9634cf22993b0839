"""The companion's die picks the first player: each roll-off a row of cards, the name over the roll,
the one who starts in gold."""

from __future__ import annotations

import random

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel, Scale, colour_rgba
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import box_for, gap, paint_game_backdrop, px
from companion.app.widgets.die import FaceView


class DiceScreen(BaseScreen):
    """The companion's die rolls for the first player, revealed one roll-off at a time: each player's
    name over their roll's face in pips, every name of a row at one size, the one who starts in gold; the
    chosen game's backdrop behind (BaseScreen.backdrop_source)."""

    in_game = False
    rolls: list[dict] = []
    first: str = ""
    instant = False  # no tumbling: every roll-off at once (screenshots)

    def body(self) -> Widget:
        paint_game_backdrop(self, self.c.ui(), self.c.view)  # the game just set up: its scenery, as setup's
        box = BoxLayout(orientation="vertical", spacing=gap(), padding=px(SPACE.xs))
        # The title line says who starts once the die has spoken: the rolls get its line's height, the
        # faces in two rows of three twice the size they had under a title and a result line (review).
        self.result = FitLabel(text=self.tr("dice.title"), base_font=TYPE.step, font_name="Display",
                               color=theme.GOLD, size_hint_y=None, height=box_for(TYPE.step))
        self.result.role = "step"
        box.add_widget(self.result)
        self.lines = BoxLayout(orientation="vertical", spacing=gap())
        box.add_widget(self.lines)
        go = BigButton(text=self.tr("dice.go"), bg=theme.GOLD, base_font=TYPE.button, bold=True, size_hint_y=None,
                       height=px(TOUCH.primary))
        go.bind(on_release=lambda *_: self.app.show_phase())
        box.add_widget(go)
        self.step = 0
        # A rebuild (language, resize) starts the reveal again: the earlier one's callbacks stop.
        self.generation = getattr(self, "generation", 0) + 1
        Clock.schedule_once(lambda *_, g=self.generation: self.reveal(generation=g), 0 if self.instant else 0.1)
        return box

    def name_font(self, names: list[str], cols: int) -> float | None:
        """One font for every name of a row, the largest at which the longest fits its cell on one line
        (never a name broken inside, never one name smaller than its neighbours); None when even the
        smallest text of the table does not hold the longest name."""
        from kivy.core.text import Label as CoreLabel

        from kivy.core.window import Window

        cell = (Window.width - px(SPACE.xs) * (cols + 3)) / cols - px(SPACE.s)  # the screen may not be laid out yet
        size = px(TYPE.button)
        while size > px(TYPE.caption):
            widest = max(CoreLabel(text=n, font_size=size, bold=True).get_extents(n)[0] for n in names)
            if widest <= cell:
                return size / Scale.factor
            size *= 0.92
        return None

    def reveal(self, *_, generation: int | None = None):
        """Each roll-off tumbles for a moment (faces flicker), then shows the real rolls."""
        generation = self.generation if generation is None else generation
        if generation != self.generation:
            return
        if self.step >= len(self.rolls):
            self.result.text = self.tr("dice.first", player=self.first)
            return
        rolls = self.rolls[self.step]
        last = self.step == len(self.rolls) - 1
        # One line of rolls; on the portrait display, three to a line (six names side by side would be tiny).
        # One line of rolls when the names hold in it; else (six long names, the portrait display) two lines.
        cols = min(3, len(rolls)) if self.app.portrait else len(rolls)
        font = self.name_font(list(rolls), cols)
        if font is None:  # two lines (landscape) or two to a line (portrait, where height is plenty)
            cols = 2 if self.app.portrait else -(-len(rolls) // 2)
            font = self.name_font(list(rolls), cols) or TYPE.caption
        grid = GridLayout(cols=cols, spacing=gap())
        values = {}
        for name in rolls:
            winner = last and name == self.first
            cell = Panel(orientation="vertical", padding=px(4))
            # The one who starts in their own colour (ink reads on all six): gold is the main action only.
            cell.bg = colour_rgba(self.c.colour_of(name)) if winner else theme.SEA_LIGHT
            ink = theme.TEXT_DARK if winner else theme.TEXT
            cell.add_widget(FitLabel(text=name, base_font=font, bold=True, wrap=False, color=ink,
                                     size_hint_y=None, height=box_for(font)))
            values[name] = FaceView()  # pips, like the die on the table
            cell.add_widget(values[name])
            cell.winner = winner
            grid.add_widget(cell)
        self.lines.add_widget(grid)
        tumble = random.Random(self.step)  # only the animation: the rolls come from the game log

        def frame(n: int) -> None:
            if generation != self.generation:
                return
            for name, label in values.items():
                label.value = int(rolls[name] if n == 0 else tumble.randint(1, 6))
            if n:
                Clock.schedule_once(lambda *_: frame(n - 1), 0.07)
            else:
                if not last:
                    self.lines.add_widget(FitLabel(text=self.tr("dice.tie"), base_font=TYPE.body,
                                                   color=theme.STONE, size_hint_y=None, height=box_for(TYPE.body)))
                self.step += 1
                if self.instant:
                    self.reveal(generation=generation)
                else:
                    Clock.schedule_once(lambda *_: self.reveal(generation=generation), 0.5)

        frame(0 if self.instant else 8)
