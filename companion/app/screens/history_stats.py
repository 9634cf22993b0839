"""The family leaderboard of one game (tap a player for their page) and each player's score over its
last plays, or, on the All chip, every game at once: plays and wins only (two games' scores do not add
up) and a button to each game's own leaderboard. The columns and words that are one game's come from its
package (companion.app.history_look): a game's figures are never shown for another.

Read at 1.5 m, it is two pages a tap apart (the button beside Back), each with the whole width: the
table (headers in full words at 20 px, the figures at 28, what they count in words under the rows) and
the chart with its key (on the All chip: each game's button)."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Scale, Swatch, touch_height
from companion.app.history_look import HistoryLook, StatColumn, history_look
from companion.app.initials import unique_initials
from companion.app.screens.history_charts import Chart, KeySample, Series
from companion.app.screens.kit import box_for, text_width
from companion.app.screens.history_kit import ALL, CHART_GAMES, HistoryBase, whole_height
from companion.engine.registry import available_games
from companion.history.games import PlayedGame, load_names
from companion.history.stats import PlayerStats, across_games, kinds, player_stats, ranks, treasure_per_game

TEXT, NAME, FIGURE = 20, 22, 28  # px at 800×480, read at 1.5 m: headers and legend, names, the figures
# A player's row (a figure's line at 28 px; five rows in sight at 800×480), the header's line at 20 px,
# the disc, the gap between rows.
ROW, HEAD, DISC, GAP = 50, 40, 44, 10
NAME_SHARE = 0.31  # of a landscape row: the disc, rank and name; the figures share the rest
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
    page: str = "table"  # or "side": the chart (every game's buttons on the All chip)

    def chosen(self, games: list[PlayedGame]) -> str | None:
        """The game shown: the one chosen when it was played, else the one played last (None: no games)."""
        found = kinds(games)
        if self.game == ALL and len(found) > 1:
            return ALL
        return self.game if self.game in found else (found[0] if found else None)

    def body(self) -> Widget:
        # Two pages, one at a time, each with the whole width: the table (full-word headers at 20 px, the
        # figures at 28, the legend under the rows) and the chart (or, on the All chip, each game's button).
        box = BoxLayout(orientation="vertical", spacing=Scale.px(4), padding=[0, Scale.px(2)])
        games = self.shelf.games()
        names = load_names(self.log)
        kind = self.chosen(games)
        every = kind == ALL
        board = across_games(games, names) if every else player_stats(games, names, game=kind)
        look = HistoryLook() if every else history_look(kind) if kind else HistoryLook()
        self.columns = every_game(self.c.tr.percent) if every else SHARED_FIRST + look.columns + SHARED_LAST
        # The chart's page is titled as a chart (how the scores went), the table's as the leaderboard.
        head = "stats.chart_title" if self.page != "table" and not every else "stats.title"
        title = self.tr(head) + ("" if every else self.which_game(games, kind).replace(" ·", "\u00a0·"))
        box.add_widget(self.title(title, base_font=28, height=48))
        chips = self.game_chips(games, kind, self.choose)
        if chips is not None:
            box.add_widget(chips)
        back = lambda: self.app.go("history")  # noqa: E731
        if not board:
            box.add_widget(FitLabel(text=self.tr("stats.empty"), base_font=TEXT))
            box.add_widget(self.nav_back(back))
            return box
        # Each player's disc (their colour and initial) starts their row: the chart's key.
        colours = self.colours_of([s.key for s in board])
        self._initials = unique_initials([s.name for s in board])  # two players' "M" told apart, as at the table
        if self.page == "table":
            box.add_widget(self._table(board, colours, None if every else kind,
                                       self.tr("stats.legend_all" if every else look.legend)))
        elif every:
            box.add_widget(self._games(games))
        else:
            box.add_widget(self._score_chart(games, names, kind, look, board[:len(theme.PLAYER_COLOURS)], colours))
        # Back in its shared place, the other page beside it.
        other = "stats.page_table" if self.page != "table" else "stats.page_games" if every else "stats.page_chart"
        flip = "side" if self.page == "table" else "table"
        box.add_widget(self.nav_back(back, (self.tr(other), theme.GOLD, lambda: self.show_page(flip))))
        return box

    def show_page(self, page: str) -> None:
        self.page = page
        self.rebuild()

    def _table(self, board: list[PlayerStats], colours: list, game: str | None, legend_text: str) -> Widget:
        """The header, then a row a player (rank, name, figures) that scroll with the legend under them."""
        table = BoxLayout(orientation="vertical", spacing=Scale.px(2))
        table.add_widget(self._row([self.tr("stats.player")] + [self.tr(c.header) for c in self.columns], header=True))
        rows = GridLayout(cols=1, spacing=Scale.px(GAP), size_hint_y=None, padding=[0, 0, Scale.px(12), 0])
        for rank, s, rgba in zip(ranks(board), board, colours):
            rows.add_widget(self._row(self._cells(rank, s), key=s.key, colour=rgba, game=game))
        # What the figures count, in words: "·" ends a line, never starts one.
        legend = FitLabel(text="\u00a0· ".join(legend_text.split(" · ")), base_font=TEXT, color=theme.TEXT_MUTED,
                          size_hint_y=None)
        legend.halign = "left"
        legend.bind(width=whole_height)
        rows.add_widget(legend)
        # Whole rows in sight: the last one seen is never cut against the buttons under the table.
        table.add_widget(self.scroll(rows, line=self.row_height()))
        return table

    def choose(self, game: str) -> None:
        self.game, self.page = game, "table"  # another game's board: its table first
        self.rebuild()

    def _cells(self, rank: int, s: PlayerStats) -> list[str]:
        return [f"{rank}. {s.name}"] + [c.cell(s) for c in self.columns]

    def per_line(self) -> int:
        """Figures a line: all in landscape; three in portrait when there are more than four (six full
        words at 20 px do not hold in 720 px)."""
        n = len(self.columns)
        return 3 if self.app.portrait and n > 4 else n

    def row_height(self) -> float:
        """A player's whole row, its spacing besides: the list shows whole rows only."""
        lines = -(-len(self.columns) // self.per_line())
        tall = ROW * (1 + lines) + 2 * lines if self.app.portrait else ROW
        return Scale.px(tall + GAP)

    def _row(self, cells: list[str], header: bool = False, key: str | None = None, colour=None,
             game: str | None = None) -> Widget:
        """A line of the table: the player's disc, their rank and name (a button to their page), the figures
        at 28 px; the header's full words at 20 px. On a portrait screen the name takes its own line over
        the figures."""
        height = Scale.px(HEAD if header else ROW)
        size, colour_text = (TEXT, theme.GOLD) if header else (FIGURE, theme.TEXT)
        step = self.per_line()
        lines = []
        for at in range(0, len(cells) - 1, step):
            line = BoxLayout(size_hint_y=None, height=height, spacing=Scale.px(2))
            for text in cells[1 + at:1 + at + step]:
                line.add_widget(FitLabel(text=text, base_font=size, wrap=False, bold=not header, color=colour_text))
            lines.append(line)
        if self.app.portrait:
            pair = BoxLayout(orientation="vertical", size_hint_y=None, spacing=Scale.px(2))
            if not header:
                pair.add_widget(self._name(cells[0], key, colour, Scale.px(ROW), 1, game))
            for line in lines:
                pair.add_widget(line)
            pair.height = sum(w.height for w in pair.children) + Scale.px(2) * (len(pair.children) - 1)
            return pair
        row = BoxLayout(size_hint_y=None, height=height, spacing=Scale.px(2))
        row.add_widget(self._name(cells[0], key, colour, height, NAME_SHARE, game))
        lines[0].size_hint_x = 1 - NAME_SHARE
        row.add_widget(lines[0])
        return row

    def _name(self, text: str, key: str | None, colour, height: float, weight: float, game: str | None) -> Widget:
        """The disc (an empty place in the header) and the rank and name: a button to the player's page."""
        cell = BoxLayout(size_hint_x=weight, size_hint_y=None, height=height, spacing=Scale.px(4))
        name = text.split(". ", 1)[-1]
        disc = Swatch(initial=self._initials.get(name) or name[:1].upper(), rgba=colour) if colour else Widget()
        disc.size_hint_x, disc.width = None, Scale.px(DISC)
        cell.add_widget(disc)
        cell.person = key  # whose disc: tests compare a person's colour across the screens
        if key is None:
            cell.add_widget(FitLabel(text=text, base_font=TEXT, wrap=False, bold=True, color=theme.GOLD))
        else:
            b = BigButton(text=text, base_font=NAME, bg=theme.SEA_LIGHT, wrap=False)
            b.bind(on_release=lambda _b, k=key: self.open_player(k, game))
            cell.add_widget(b)
        return cell

    def _score_chart(self, games: list[PlayedGame], names, kind: str, look: HistoryLook,
                     shown: list[PlayerStats], colours: list) -> Widget:
        """The score of the first six of the board per play (its day under it), each line in the player's
        colour with their name at its end; beside it (under it in portrait) the key: disc and full name.
        Two people who share a colour (a person keeps theirs across evenings) are told apart by the
        markers of their lines, round and square, and the key shows each line's marker."""
        last = treasure_per_game(games, names, game=kind)[-CHART_GAMES:]
        seen: set = set()
        markers = []
        for rgba in colours[:len(shown)]:
            markers.append("square" if tuple(rgba) in seen else "round")
            seen.add(tuple(rgba))
        series = [Series(s.name, rgba, tuple(g.treasure.get(s.key) for g in last), marker)
                  for rgba, s, marker in zip(colours, shown, markers)]
        started = {g.id: g.started for g in games}
        days = [self.c.tr.day_month(started[g.game_id]) for g in last]
        main = self.split()
        chart = BoxLayout(orientation="vertical", spacing=Scale.px(4))  # its heading over it, the key beside
        chart.add_widget(FitLabel(text=self.tr(look.score_chart), base_font=NAME, color=theme.GOLD, bold=True,
                                  size_hint_y=None, height=box_for(NAME)))
        chart.add_widget(Chart(series, x_labels=days, font=TEXT, thick=2.6))
        main.add_widget(chart)
        key = GridLayout(cols=1, spacing=Scale.px(4), size_hint_y=None,
                         row_force_default=True, row_default_height=Scale.px(DISC))
        key.bind(minimum_height=key.setter("height"))
        for s, rgba, marker in zip(shown, colours, markers):
            cell = BoxLayout(spacing=Scale.px(6))
            cell.add_widget(Swatch(initial=self._initials.get(s.name, s.name[:1]), rgba=rgba, size_hint_x=None,
                                   width=Scale.px(DISC)))
            cell.add_widget(KeySample(rgba, marker, size_hint_x=None, width=Scale.px(30)))
            # The name beside its disc, not centred away from it.
            cell.add_widget(FitLabel(text=s.name, base_font=TEXT, wrap=False, size_hint_x=None,
                                     width=text_width(s.name, TEXT) + Scale.px(10)))
            cell.add_widget(Widget())
            cell.person = s.key
            key.add_widget(cell)
        holder = BoxLayout(orientation="vertical", size_hint_x=None if not self.app.portrait else 1,
                           width=Scale.px(250), size_hint_y=1 if not self.app.portrait else 0.45)
        if self.app.portrait:  # as high as the key's rows: the chart takes the rest, never under the key
            holder.size_hint_y = None
            key.bind(height=lambda _k, h: setattr(holder, "height", h))
        holder.add_widget(key)
        holder.add_widget(Widget())
        main.add_widget(holder)
        return main

    def _games(self, games: list[PlayedGame]) -> Widget:
        """Every game played, with its count of finished plays: a tap opens its own leaderboard."""
        box = BoxLayout(orientation="vertical", spacing=Scale.px(2))
        order = available_games()  # home's order, as the chips
        found = sorted(kinds(games), key=lambda k: order.index(k) if k in order else len(order))
        cols = 1 if self.app.portrait else 2  # a page of their own: two a row in landscape
        grid = GridLayout(cols=cols, spacing=Scale.px(8), size_hint_y=None, row_force_default=True,
                          row_default_height=touch_height())
        for kind in found:
            n = sum(1 for g in games if g.game == kind and g.status == "finished")
            b = BigButton(text=self.tr("stats.kind_games", game=self.game_name(games, kind), n=n), base_font=TEXT,
                          bg=theme.SEA_LIGHT)
            b.choice = ("game", kind)
            b.bind(on_release=lambda _b, k=kind: self.choose(k))
            grid.add_widget(b)
        # Under the title, the chips and above Back: more games than hold in the height scroll.
        box.add_widget(self.scroll(grid, line=touch_height() + Scale.px(8)))
        return box

