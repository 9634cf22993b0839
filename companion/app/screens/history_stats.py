"""The family leaderboard of one game (tap a player for their page) and each player's score over its
last plays, or, on the All chip, every game at once: plays and wins only (two games' scores do not add
up) and a button to each game's own leaderboard. The columns and words that are one game's come from its
package (companion.app.history_look): a game's figures are never shown for another."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Scale, Swatch, touch_height
from companion.app.history_look import HistoryLook, StatColumn, history_look
from companion.app.initials import unique_initials
from companion.app.screens.back import back_button
from companion.app.screens.history_charts import Chart, Series
from companion.app.screens.kit import box_for
from companion.app.screens.history_kit import ALL, CHART_GAMES, HistoryBase, whole_height
from companion.engine.registry import available_games
from companion.history.games import PlayedGame, load_names
from companion.history.stats import PlayerStats, across_games, kinds, player_stats, ranks, treasure_per_game

NAME_SHARE, FIGURE_SHARE = 0.395, 0.1117  # a row's rank and name, and each figure (six fit at 18 px at 800×480)
SHARED_FIRST = (StatColumn("stats.wins", lambda s: f"{s.wins}/{s.games}"),)
SHARED_LAST = (StatColumn("stats.average", lambda s: str(round(s.average_treasure))),
               StatColumn("stats.best", lambda s: str(s.best_treasure)))


def every_game(percent) -> tuple[StatColumn, ...]:
    """The board across games; ``percent`` writes the share of wins in the table's language ("100 %", "100%")."""
    return (StatColumn("stats.wins", lambda s: f"{s.wins}/{s.games}"),
            StatColumn("stats.share", lambda s: percent(s.win_share)),
            StatColumn("stats.kinds", lambda s: str(s.kinds)))


class StatsScreen(HistoryBase):
    """The family leaderboard of the chosen game (the one played last until a chip chooses)."""

    game: str | None = None  # None: the game played last; ALL: every game
    _initials: dict[str, str] = {}  # each player's initial on the board, unique among them (body sets it)
    columns: tuple[StatColumn, ...] = ()  # the figures of the board shown (body sets them)

    def chosen(self, games: list[PlayedGame]) -> str | None:
        """The game shown: the one chosen when it was played, else the one played last (None: no games)."""
        found = kinds(games)
        if self.game == ALL and len(found) > 1:
            return ALL
        return self.game if self.game in found else (found[0] if found else None)

    def body(self) -> Widget:
        # No side margin of its own (the screen's is there): the table and the chart need the whole width
        # on a 1280×800 screen (1.6 times as wide as 800×480, its text 1.67 times as big).
        # Tight margins: the title, six players and Back with the legend's two lines hold in 480 px.
        box = BoxLayout(orientation="vertical", spacing=Scale.px(2), padding=[0, Scale.px(2)])
        games = self.shelf.games()
        names = load_names(self.log)
        kind = self.chosen(games)
        every = kind == ALL
        board = across_games(games, names) if every else player_stats(games, names, game=kind)
        look = HistoryLook() if every else history_look(kind) if kind else HistoryLook()
        self.columns = every_game(self.c.tr.percent) if every else SHARED_FIRST + look.columns + SHARED_LAST
        title = self.tr("stats.title") + ("" if every else self.which_game(games, kind).replace(" ·", "\u00a0·"))
        # Back beside the title (the shared Back's size and word): under the table it took the sixth
        # player's row at 800×480.
        # In portrait the title beside Back has two lines' height (on one it was 24 px at 720×1280).
        high = box_for(20, 2) if self.app.portrait else 0
        top = BoxLayout(size_hint_y=None, height=max(touch_height(), high), spacing=Scale.px(8))
        top.add_widget(back_button(self.tr, lambda: self.app.go("history")))
        top.add_widget(FitLabel(text=title, base_font=30, bold=True))
        box.add_widget(top)
        chips = self.game_chips(games, kind, self.choose)
        if chips is not None:
            box.add_widget(chips)
        if not board:
            box.add_widget(FitLabel(text=self.tr("stats.empty"), base_font=20))
            return box
        main = self.split()
        # Each player's disc (their colour and initial) starts their row: the chart's key, at 18 px.
        colours = self.colours_of([s.key for s in board])
        self._initials = unique_initials([s.name for s in board])  # two players' "M" told apart, as at the table
        table = BoxLayout(orientation="vertical", spacing=Scale.px(2))
        table.add_widget(self._row([self.tr("stats.player")] + [self.tr(c.header) for c in self.columns], header=True))
        rows = GridLayout(cols=1, spacing=Scale.px(8), size_hint_y=None)
        for rank, s, rgba in zip(ranks(board), board, colours):
            rows.add_widget(self._row(self._cells(rank, s), key=s.key, colour=rgba, game=None if every else kind))
        line = Scale.px(48 + 2 + 34 if self.app.portrait else 48) + Scale.px(8)
        table.add_widget(self.scroll(rows, line=line))
        main.add_widget(table)
        if every:
            side = self._games(games)
        else:
            side = self._score_chart(games, names, kind, look, board[:len(theme.PLAYER_COLOURS)], colours)
        # What the short headers stand for, under the chart, as high as its lines at 18 px need (beside
        # Back it took the sixth player's row at 800×480).
        words = self.tr("stats.legend_all" if every else look.legend).split(" · ")
        legend = FitLabel(text="\u00a0· ".join(words), base_font=18,  # a "·" ends a line, never starts one
                          color=theme.TEXT_MUTED, size_hint_y=None)
        legend.halign = "left"
        legend.bind(width=whole_height)
        side.add_widget(legend)
        if self.app.portrait:
            table.size_hint_y = 2.4  # six players in sight, the chart under them
        else:
            # As wide as its widest row at 18 px needs (disc, "1. Marie-Christine", six figures) scaled like
            # its text, the chart taking the rest: a share of the width left a 1280×800 screen (wider by
            # 1.6, its text by 1.67) too narrow a column for "Duels".
            # Every game's board has three figures, not six: the games' buttons beside it get the room.
            table.size_hint_x, table.width = None, Scale.px(450 if every else 563)
        main.add_widget(side)
        box.add_widget(main)
        return box

    def choose(self, game: str) -> None:
        self.game = game
        self.rebuild()

    def _cells(self, rank: int, s: PlayerStats) -> list[str]:
        return [f"{rank}. {s.name}"] + [c.cell(s) for c in self.columns]

    def _row(self, cells: list[str], header: bool = False, key: str | None = None, colour=None,
             game: str | None = None) -> Widget:
        """A line of the table: the player's disc, their rank and name (a button to their page), the figures.
        On a portrait screen the name takes its own line over the figures: seven columns at 27 px do not
        fit 720 px."""
        height = Scale.px(34) if header else Scale.px(48)
        if self.app.portrait:
            pair = BoxLayout(orientation="vertical", size_hint_y=None, spacing=Scale.px(2),
                             height=(0 if header else height + Scale.px(2)) + Scale.px(34))
            if not header:
                pair.add_widget(self._name(cells[0], key, colour, height, 1, game))
            figures = BoxLayout(size_hint_y=None, height=Scale.px(34), spacing=Scale.px(2))
            for text in cells[1:]:
                figures.add_widget(FitLabel(text=text, base_font=18, wrap=False, bold=header,
                                            color=theme.GOLD if header else theme.TEXT))
            pair.add_widget(figures)
            return pair
        row = BoxLayout(size_hint_y=None, height=height, spacing=Scale.px(2))
        row.add_widget(self._name(cells[0], key, colour, height, NAME_SHARE, game))
        for text in cells[1:]:
            row.add_widget(FitLabel(text=text, base_font=18, size_hint_x=FIGURE_SHARE, wrap=False, bold=header,
                                    color=theme.GOLD if header else theme.TEXT))
        return row

    def _name(self, text: str, key: str | None, colour, height: float, weight: float, game: str | None) -> Widget:
        """The disc (an empty place in the header) and the rank and name: a button to the player's page."""
        cell = BoxLayout(size_hint_x=weight, size_hint_y=None, height=height, spacing=Scale.px(2))
        name = text.split(". ", 1)[-1]
        disc = Swatch(initial=self._initials.get(name) or name[:1].upper(), rgba=colour) if colour else Widget()
        disc.size_hint_x, disc.width = None, Scale.px(34)
        cell.add_widget(disc)
        cell.person = key  # whose disc: tests compare a person's colour across the screens
        if key is None:
            cell.add_widget(FitLabel(text=text, base_font=18, wrap=False, bold=True, color=theme.GOLD))
        else:
            b = BigButton(text=text, base_font=18, bg=theme.SEA_LIGHT, wrap=False)
            b.bind(on_release=lambda _b, k=key: self.open_player(k, game))
            cell.add_widget(b)
        return cell

    def _score_chart(self, games: list[PlayedGame], names, kind: str, look: HistoryLook,
                     shown: list[PlayerStats], colours: list) -> Widget:
        """The score of the first six of the board per play, each line in the player's colour with their
        initial (the table's discs say whose)."""
        last = treasure_per_game(games, names, game=kind)[-CHART_GAMES:]
        series = [Series(self._initials.get(s.name) or s.name[:1].upper(), rgba,
                         tuple(g.treasure.get(s.key) for g in last))
                  for rgba, s in zip(colours, shown)]
        box = BoxLayout(orientation="vertical", spacing=Scale.px(4))
        box.add_widget(FitLabel(text=self.tr(look.score_chart), base_font=18, color=theme.GOLD,
                                size_hint_y=None, height=Scale.px(34)))
        box.add_widget(Chart(series, x_labels=[f"#{g.game_id}" for g in last]))
        return box

    def _games(self, games: list[PlayedGame]) -> Widget:
        """Every game played, with its count of finished plays: a tap opens its own leaderboard."""
        box = BoxLayout(orientation="vertical", spacing=Scale.px(2))  # the buttons, then the legend under them
        order = available_games()  # home's order, as the chips
        found = sorted(kinds(games), key=lambda k: order.index(k) if k in order else len(order))
        cols = 2 if self.app.portrait else 1  # one a row beside the table (each name on one line), two under it
        grid = GridLayout(cols=cols, spacing=Scale.px(8), size_hint_y=None, row_force_default=True,
                          row_default_height=touch_height())
        for kind in found:
            n = sum(1 for g in games if g.game == kind and g.status == "finished")
            b = BigButton(text=self.tr("stats.kind_games", game=self.game_name(games, kind), n=n), base_font=18,
                          bg=theme.SEA_LIGHT)
            b.choice = ("game", kind)
            b.bind(on_release=lambda _b, k=kind: self.choose(k))
            grid.add_widget(b)
        # Under the title, the chips and above Back: more games than hold in the height scroll.
        box.add_widget(self.scroll(grid, line=touch_height() + Scale.px(8)))
        return box

