"""One finished game told again: the game's chart of its standing over the play (a game that has one:
its package says, companion.app.history_look) with its moments, else the final scores."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import FitLabel, Scale
from companion.app.history_look import history_look
from companion.app.initials import unique_initials
from companion.app.screens.history_charts import Chart, Series
from companion.app.screens.history_kit import HistoryBase, game_colours, winners_text
from companion.app.screens.kit import box_for
from companion.history.timeline import describe, keys_over_game, timeline

LINE = 34  # one line of 18 px text (Andika's line box): headings and events alike


class HistoryGameScreen(HistoryBase):
    """One finished game: its chart and its moments, as its game tells them."""

    game_id: int | None = None

    def body(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=Scale.px(6))
        game = self.shelf.game(self.game_id) if self.game_id is not None else None
        back = self.nav_back(lambda: self.app.go("history"))
        if game is None:
            box.add_widget(FitLabel(text=self.tr("history.empty"), base_font=20))
            box.add_widget(back)
            return box
        box.add_widget(self.title(game.name(self.c.tr.language) + " – " + self.c.tr.date_time(game.started),
                                  base_font=26, height=44))
        look = history_look(game.game)
        # Who won, in words, first: the chart and the moments tell how.
        won = winners_text(self.tr, list(game.winners), look)
        box.add_widget(FitLabel(text=won[:1].upper() + won[1:], base_font=22, bold=True, color=theme.GOLD,
                                size_hint_y=None, height=box_for(22)))
        main = self.split()
        colours = game_colours(game)
        left = BoxLayout(orientation="vertical", spacing=Scale.px(4))
        initials = unique_initials(list(game.players))
        if look.standing_chart:  # the game's standing over the play (its keys...), a step at each change
            chart = keys_over_game(game)
            series = [Series(initials[p], rgba, tuple(chart.series(p))) for p, rgba in zip(game.players, colours)]
            # Every round labelled, the first one at the start too (M1, M2, M3), not only the later ones.
            marks = [(0, self.tr("history.round_mark", round=1))] + [
                (at, self.tr("history.round_mark", round=k + 2)) for k, at in enumerate(chart.rounds)]
            heading, drawn = look.standing_chart, Chart(series, marks, steps=True)
        else:  # each player's final score, a bar each in their colour over their full name
            scores = game.scores
            series = [Series(p, rgba, (scores.get(p, 0),)) for p, rgba in zip(game.players, colours)]
            heading, drawn = "history.scores", Chart(series, bars=True, per_series=True)
        left.add_widget(FitLabel(text=self.tr(heading), base_font=18, color=theme.GOLD, size_hint_y=None,
                                 height=Scale.px(LINE)))
        left.add_widget(drawn)
        if look.standing_chart:  # the lines' tags are initials: the legend says whose
            left.add_widget(self.legend(list(game.players), colours))
        main.add_widget(left)
        if timeline(game):  # its moments beside the chart; without any, the chart has the whole width
            main.add_widget(self.scroll(self.moments(game), line=Scale.px(LINE)))
        box.add_widget(main)
        box.add_widget(back)
        return box

    def moments(self, game) -> GridLayout:
        """The game's moments, its rounds as headings (a game that tells none has its bars only)."""
        rows = GridLayout(cols=1, spacing=0, size_hint_y=None)
        lines = [(describe(m, self.tr), m.kind in ("round", "game_over", "no_winner")) for m in timeline(game)]
        for text, heading in lines:
            line = FitLabel(text=text, base_font=19 if heading else 18, bold=heading,
                            color=theme.GOLD if heading else theme.TEXT, size_hint_y=None, height=Scale.px(LINE))
            line.halign = "center" if heading else "left"
            rows.add_widget(line)
        return rows
