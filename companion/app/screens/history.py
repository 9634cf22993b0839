"""History: finished games (newest first), one game told again with its keys chart, the family
leaderboard with the treasure per game, and one player's page (statistics, rename, merge, separate).

Everything shown is computed from the game log by companion.history; renames are aliases, the games
themselves are never changed."""

from __future__ import annotations

from typing import Any, Callable

from kivy.core.text import Label as CoreLabel
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.initials import unique_initials
from companion.app.controls import BigButton, FitLabel, Scale, Swatch, colour_rgba, touch_height
from companion.app.screens.base import BaseScreen
from companion.app.screens.history_charts import Chart, Series
from companion.app.screens.kit import box_for, gap
from companion.app.theme import PLAYER_COLOURS, hex_rgba
from companion.history.games import GameShelf, PlayedGame, load_names, rename_player, undo_rename
from companion.history.names import RenameError, name_key
from companion.history.stats import PlayerStats, player_stats, ranks, treasure_per_game
from companion.history.timeline import describe, keys_over_game, timeline

CHART_GAMES = 10  # the treasure chart shows the last games only: a picture, not an archive


def _palette(i: int) -> tuple[float, float, float, float]:
    return hex_rgba(PLAYER_COLOURS[i % len(PLAYER_COLOURS)][1])


def _game_colours(game: PlayedGame) -> list[tuple[float, float, float, float]]:
    """The colours the table chose for the game (recorded with it), else the palette in seating order."""
    chosen = game.table.get("colours", {})
    return [colour_rgba(chosen[p]) if p in chosen else _palette(i) for i, p in enumerate(game.players)]


def player_colours(games: list[PlayedGame], names, keys: list[str]) -> list[tuple[float, float, float, float]]:
    """Each player's own colour (``keys`` as the stats name them): the one chosen in their latest game, as
    in play, so a player is the same colour on the charts as on the table. One with no recorded colour, or
    whose colour another player shown already has, takes the first colour nobody shown has."""
    latest: dict[str, str] = {}
    for game in sorted(games, key=lambda g: (g.created_at, g.id)):
        for i, name in enumerate(game.players):
            chosen = game.table.get("colours", {}).get(name) or PLAYER_COLOURS[i % len(PLAYER_COLOURS)][0]
            latest[names.key(name)] = chosen
    wanted = [colour_rgba(latest[k]) if k in latest else None for k in keys]
    out: list = []
    for rgba in wanted:
        out.append(rgba if rgba is not None and rgba not in out else None)
    free = iter(c for c in (_palette(i) for i in range(len(PLAYER_COLOURS))) if c not in out)
    return [rgba if rgba is not None else next(free, _palette(0)) for rgba in out]


def _whole_height(label: FitLabel, width: float) -> None:
    """``label`` as high as its text wrapped to ``width`` at its base size needs (the fit's margins
    included): it never shrinks for want of height."""
    room = width - Scale.px(8)  # the fit's side margin (controls.FitMixin)
    if room <= 1:
        return
    core = CoreLabel(text=label.text, font_size=Scale.px(label.base_font), text_size=(room, None),
                     halign="left")
    core.refresh()
    label.height = core.texture.size[1] + Scale.px(4) + 1


class HistoryBase(BaseScreen):
    in_game = False

    @property
    def log(self):
        return self.c.session.log

    @property
    def shelf(self) -> GameShelf:
        """The finished games, read once and shared by the history screens of this log."""
        shelf = getattr(self.app, "history_shelf", None)
        if shelf is None or shelf.log is not self.log:
            shelf = self.app.history_shelf = GameShelf(self.log)
        return shelf

    def scroll(self, rows: GridLayout, line: float | None = None) -> Widget:
        """A list that scrolls; with ``line`` (the height of a row and its spacing), the view shows whole
        rows only: the last one seen is never cut in the middle of its line."""
        rows.bind(minimum_height=rows.setter("height"))
        view = ScrollView(do_scroll_x=False, bar_width=Scale.px(8), scroll_type=["bars", "content"])
        view.add_widget(rows)
        if line is None:
            return view
        holder = BoxLayout(orientation="vertical")
        view.size_hint_y = None

        def fit(*_):
            view.height = max(line, (holder.height // line) * line)

        holder.bind(size=fit)
        holder.add_widget(view)
        holder.add_widget(Widget())
        return holder

    def nav(self, *specs: tuple[str, Any, Callable[[], None]]) -> Widget:
        row = BoxLayout(size_hint_y=None, height=touch_height(), spacing=gap())  # 8 px after rounding too
        for text, colour, action in specs:
            b = BigButton(text=text, bg=colour, base_font=20)
            b.bind(on_release=lambda _b, a=action: a())
            row.add_widget(b)
        return row

    def split(self) -> BoxLayout:
        """Side by side on a landscape screen, one above the other in portrait."""
        return BoxLayout(orientation="vertical" if self.app.portrait else "horizontal", spacing=Scale.px(8))

    def legend(self, names: list[str], colours: list) -> Widget:
        cols = min(2, max(len(names), 1))  # two to a line: every name at a readable size
        initials = unique_initials(names)  # the table's rule: "Ma" and "Mx", never "M" twice
        rows = -(-len(names) // cols)
        grid = GridLayout(cols=cols, size_hint_y=None, height=Scale.px(36) * rows, spacing=Scale.px(2))
        for name, rgba in zip(names, colours):
            cell = BoxLayout(spacing=Scale.px(4))
            cell.add_widget(Swatch(initial=initials[name], rgba=rgba, size_hint_x=None, width=Scale.px(34)))
            label = FitLabel(text=name, base_font=18, wrap=False)
            label.halign = "left"
            cell.add_widget(label)
            grid.add_widget(cell)
        return grid

    def open_game(self, game_id: int) -> None:
        self.app.sm.get_screen("history_game").game_id = game_id
        self.app.go("history_game")

    def open_player(self, key: str) -> None:
        self.app.sm.get_screen("history_player").player_key = key
        self.app.go("history_player")


class HistoryScreen(HistoryBase):
    """Finished games, newest first: date, duration, winner, everyone's treasure. Tap one to replay it."""

    def body(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=Scale.px(6))
        box.add_widget(self.title(self.tr("history.title"), height=56))
        games = self.shelf.games()
        rows = GridLayout(cols=1, spacing=Scale.px(10), size_hint_y=None)
        if not games:
            rows.add_widget(FitLabel(text=self.tr("history.empty"), base_font=20, size_hint_y=None, height=Scale.px(60)))
        for g in games[:100]:
            winners = ", ".join(g.winners)
            head = self.tr("history.line", date=self.c.tr.date_time(g.started), minutes=round(g.duration_s / 60),
                           winners=self.tr("history.winner", n=len(g.winners), players=winners) if winners else self.tr("history.nobody"))
            treasure = " · ".join(f"{p}\u00a0{self.c.tr.number(v)}" for p, v in sorted(g.scores.items(), key=lambda kv: -kv[1]))
            # Two lines of 18 px; a portrait screen (fewer px per line of its text) four: the head and the
            # treasure may each wrap once, and no line shrinks.
            b = BigButton(text=head + "\n" + treasure, base_font=18, bg=theme.SEA_LIGHT, size_hint_y=None,
                          height=box_for(18, 4 if self.app.portrait else 2))
            b.bind(on_release=lambda _b, gid=g.id: self.open_game(gid))
            rows.add_widget(b)
        box.add_widget(self.scroll(rows))
        box.add_widget(self.nav((self.tr("settings.back"), theme.STONE, lambda: self.app.go("home")),
                                (self.tr("history.stats"), theme.GOLD, lambda: self.app.go("history_stats"))))
        return box


class HistoryGameScreen(HistoryBase):
    """One finished game told again: the keys each player held along the way, and its moments."""

    game_id: int | None = None

    def body(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=Scale.px(6))
        game = self.shelf.game(self.game_id) if self.game_id is not None else None
        back = self.nav((self.tr("settings.back"), theme.STONE, lambda: self.app.go("history")))
        if game is None:
            box.add_widget(FitLabel(text=self.tr("history.empty"), base_font=20))
            box.add_widget(back)
            return box
        box.add_widget(self.title(self.tr("history.game_title", id=game.id, date=self.c.tr.date_time(game.started)), base_font=26, height=44))
        main = self.split()
        colours = _game_colours(game)
        chart = keys_over_game(game)
        left = BoxLayout(orientation="vertical", spacing=Scale.px(4))
        left.add_widget(FitLabel(text=self.tr("history.keys_chart"), base_font=18, color=theme.GOLD,
                                 size_hint_y=None, height=Scale.px(34)))
        initials = unique_initials(list(game.players))
        series = [Series(initials[p], rgba, tuple(chart.series(p))) for p, rgba in zip(game.players, colours)]
        marks = [(at, self.tr("history.round_mark", round=k + 2)) for k, at in enumerate(chart.rounds)]
        left.add_widget(Chart(series, marks, steps=True))
        left.add_widget(self.legend(list(game.players), colours))
        main.add_widget(left)
        rows = GridLayout(cols=1, spacing=0, size_hint_y=None)
        line_height = Scale.px(34)  # one line of 18 px text (Andika's line box): headings and events alike
        for m in timeline(game):
            heading = m.kind in ("round", "game_over", "no_winner")
            line = FitLabel(text=describe(m, self.tr), base_font=19 if heading else 18, bold=heading,
                            color=theme.GOLD if heading else theme.TEXT, size_hint_y=None, height=line_height)
            line.halign = "center" if heading else "left"
            rows.add_widget(line)
        main.add_widget(self.scroll(rows, line=line_height))
        box.add_widget(main)
        box.add_widget(back)
        return box


class StatsScreen(HistoryBase):
    """The family leaderboard (tap a player for their page) and the treasure of the last games."""

    COLUMNS = (("stats.player", 0.395), ("stats.wins", 0.1117), ("stats.keys", 0.1117), ("stats.riddles", 0.1117),
               ("stats.duels", 0.1117), ("stats.average", 0.1117), ("stats.best", 0.1117))
    _initials: dict[str, str] = {}  # each player's initial on the board, unique among them (body sets it)

    def body(self) -> Widget:
        # No side margin of its own (the screen's is there): the table and the chart need the whole width
        # on a 1280×800 screen (1.6 times as wide as 800×480, its text 1.67 times as big).
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=[0, Scale.px(6)])
        games = self.shelf.games()
        names = load_names(self.log)
        board = player_stats(games, names)
        # The way back beside the title: the table gets the height for six players without scrolling.
        top = BoxLayout(size_hint_y=None, height=touch_height(), spacing=Scale.px(8))
        back = BigButton(text=self.tr("settings.back"), bg=theme.STONE, base_font=20, size_hint_x=0.25)
        back.bind(on_release=lambda *_: self.app.go("history"))
        top.add_widget(back)
        top.add_widget(FitLabel(text=self.tr("stats.title"), base_font=30, bold=True))
        box.add_widget(top)
        if not board:
            box.add_widget(FitLabel(text=self.tr("stats.empty"), base_font=20))
            return box
        main = self.split()
        # Each player's disc (their colour and initial) starts their row: the chart's key, at 18 px.
        colours = player_colours(games, names, [s.key for s in board])
        self._initials = unique_initials([s.name for s in board])  # two players' "M" told apart, as at the table
        table = BoxLayout(orientation="vertical", spacing=Scale.px(2))
        table.add_widget(self._row([self.tr(key) for key, _ in self.COLUMNS], header=True))
        rows = GridLayout(cols=1, spacing=Scale.px(8), size_hint_y=None)
        for rank, s, rgba in zip(ranks(board), board, colours):
            rows.add_widget(self._row(self._cells(rank, s), key=s.key, colour=rgba))
        line = Scale.px(48 + 2 + 34 if self.app.portrait else 48) + Scale.px(8)
        table.add_widget(self.scroll(rows, line=line))
        main.add_widget(table)
        chart = self._treasure_chart(games, names, board[:len(PLAYER_COLOURS)], colours)
        # What the short headers stand for, under the chart: as high as its lines at 18 px need in the width
        # it gets (six lines at 800×480, eight on 1280×800's narrower column), the chart taking the rest.
        legend = FitLabel(text=self.tr("stats.legend"), base_font=18, color=theme.TEXT_MUTED, size_hint_y=None)
        legend.halign = "left"
        legend.bind(width=_whole_height)
        chart.add_widget(legend)
        if self.app.portrait:
            table.size_hint_y = 2.4  # six players in sight, the chart under them
        else:
            # As wide as its widest row at 18 px needs (disc, "1. Marie-Christine", six figures) scaled like
            # its text, the chart taking the rest: a share of the width left a 1280×800 screen (wider by
            # 1.6, its text by 1.67) too narrow a column for "Duels".
            table.size_hint_x, table.width = None, Scale.px(563)
        main.add_widget(chart)
        box.add_widget(main)
        return box

    def _cells(self, rank: int, s: PlayerStats) -> list[str]:
        share = f"{s.riddles_solved}/{s.riddles}" if s.riddles else "–"  # as the wins: solved of asked
        return [f"{rank}. {s.name}", f"{s.wins}/{s.games}", str(s.keys_won), share, f"{s.duels_won}–{s.duels_lost}",
                str(round(s.average_treasure)), str(s.best_treasure)]

    def _row(self, cells: list[str], header: bool = False, key: str | None = None, colour=None) -> Widget:
        """A line of the table: the player's disc, their rank and name (a button to their page), six figures.
        On a portrait screen the name takes its own line over the figures: seven columns at 27 px do not
        fit 720 px."""
        height = Scale.px(34) if header else Scale.px(48)
        if self.app.portrait:
            pair = BoxLayout(orientation="vertical", size_hint_y=None, spacing=Scale.px(2),
                             height=(0 if header else height + Scale.px(2)) + Scale.px(34))
            if not header:
                pair.add_widget(self._name(cells[0], key, colour, height, weight=1))
            figures = BoxLayout(size_hint_y=None, height=Scale.px(34), spacing=Scale.px(2))
            for text in cells[1:]:
                figures.add_widget(FitLabel(text=text, base_font=18, wrap=False, bold=header,
                                            color=theme.GOLD if header else theme.TEXT))
            pair.add_widget(figures)
            return pair
        row = BoxLayout(size_hint_y=None, height=height, spacing=Scale.px(2))
        for column, ((_, weight), text) in enumerate(zip(self.COLUMNS, cells)):
            if column == 0:
                row.add_widget(self._name(text, key, colour, height, weight))
            else:
                row.add_widget(FitLabel(text=text, base_font=18, size_hint_x=weight, wrap=False, bold=header,
                                        color=theme.GOLD if header else theme.TEXT))
        return row

    def _name(self, text: str, key: str | None, colour, height: float, weight: float) -> Widget:
        """The disc (an empty place in the header) and the rank and name: a button to the player's page."""
        cell = BoxLayout(size_hint_x=weight, size_hint_y=None, height=height, spacing=Scale.px(2))
        name = text.split(". ", 1)[-1]
        disc = Swatch(initial=self._initials.get(name) or name[:1].upper(), rgba=colour) if colour else Widget()
        disc.size_hint_x, disc.width = None, Scale.px(34)
        cell.add_widget(disc)
        if key is None:
            cell.add_widget(FitLabel(text=text, base_font=18, wrap=False, bold=True, color=theme.GOLD))
        else:
            b = BigButton(text=text, base_font=18, bg=theme.SEA_LIGHT, wrap=False)
            b.bind(on_release=lambda _b, k=key: self.open_player(k))
            cell.add_widget(b)
        return cell

    def _treasure_chart(self, games: list[PlayedGame], names, shown: list[PlayerStats], colours: list) -> Widget:
        """The treasure of the first six of the board per game, each line in the player's colour with their
        initial (the table's discs say whose)."""
        last = treasure_per_game(games, names)[-CHART_GAMES:]
        series = [Series(self._initials.get(s.name) or s.name[:1].upper(), rgba,
                         tuple(g.treasure.get(s.key) for g in last))
                  for rgba, s in zip(colours, shown)]
        box = BoxLayout(orientation="vertical", spacing=Scale.px(4))
        box.add_widget(FitLabel(text=self.tr("stats.treasure_chart"), base_font=18, color=theme.GOLD,
                                size_hint_y=None, height=Scale.px(34)))
        box.add_widget(Chart(series, x_labels=[f"#{g.game_id}" for g in last]))
        return box


class PlayerScreen(HistoryBase):
    """One player across games: their statistics, their treasure per game, and renaming them, merging
    them with another spelling, or separating a merged spelling again (each asked first)."""

    player_key: str | None = None

    def body(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=Scale.px(6))
        games, names = self.shelf.games(), load_names(self.log)
        board = player_stats(games, names)
        me = next((s for s in board if s.key == self.player_key), None)
        back = self.nav((self.tr("settings.back"), theme.STONE, lambda: self.app.go("history_stats")))
        if me is None:
            box.add_widget(FitLabel(text=self.tr("stats.empty"), base_font=20))
            box.add_widget(back)
            return box
        box.add_widget(self.title(me.name, base_font=30, colour=theme.GOLD, height=48))
        main = self.split()
        main.add_widget(self._figures(me, player_colours(games, names, [me.key])[0]))
        if not me.key.startswith("="):  # a name kept apart from its twin at one table is not renamed here
            main.add_widget(self._changes(me, board))
        box.add_widget(main)
        box.add_widget(back)
        return box

    def _figures(self, me: PlayerStats, colour) -> Widget:
        tr = self.tr
        lines = [tr("player.games", n=me.games), tr("player.wins", n=me.wins), tr("player.keys", n=me.keys_won),
                 tr("player.riddles", solved=me.riddles_solved, total=me.riddles, share=round((me.riddle_share or 0) * 100))
                 if me.riddles else tr("player.riddles_none"),
                 tr("player.duels", won=tr("player.duels_won", n=me.duels_won), lost=tr("player.duels_lost", n=me.duels_lost)),
                 tr("player.average", value=round(me.average_treasure)), tr("player.best", value=me.best_treasure)]
        others = sorted(me.spellings - {me.name})
        if others:
            lines.append(tr("player.also", names=", ".join(others)))
        box = BoxLayout(orientation="vertical", spacing=Scale.px(4))
        # Every row a whole line box of 18 px, the spacing besides: a spacing taken from the rows shrank them.
        rows, spacing = -(-len(lines) // 2), Scale.px(2)
        grid = GridLayout(cols=2, size_hint_y=None, height=box_for(18) * rows + spacing * (rows - 1), spacing=spacing)
        for line in lines:
            grid.add_widget(FitLabel(text=line, base_font=18))
        box.add_widget(grid)
        box.add_widget(FitLabel(text=self.tr("stats.treasure_chart"), base_font=18, color=theme.GOLD,
                                size_hint_y=None, height=Scale.px(34)))
        box.add_widget(Chart([Series(me.name[:1].upper(), colour, tuple(me.treasures[-CHART_GAMES:]))], bars=True,
                             x_labels=[f"#{i}" for i in me.game_ids[-CHART_GAMES:]]))
        return box

    def _changes(self, me: PlayerStats, board: list[PlayerStats]) -> Widget:
        # Beside the figures: 0.7 of their width leaves "Duels : 0 gagné, 0 perdu" its size on 1280×800.
        box = BoxLayout(orientation="vertical", spacing=Scale.px(10), size_hint_x=0.7 if not self.app.portrait else 1)
        row = BoxLayout(size_hint_y=None, height=touch_height(), spacing=Scale.px(10))
        entry = TextInput(hint_text=self.tr("player.new_name"), multiline=False, font_size=Scale.px(20),
                          size_hint_x=0.6, padding=[Scale.px(8), Scale.px(12)])
        rename = BigButton(text=self.tr("player.rename"), bg=theme.GOLD, base_font=18, size_hint_x=0.4)
        rename.bind(on_release=lambda *_: self.ask_rename(me, entry.text, board))
        entry.bind(on_text_validate=lambda *_: self.ask_rename(me, entry.text, board))
        self.name_entry = entry
        row.add_widget(entry)
        row.add_widget(rename)
        box.add_widget(row)
        together = self._played_with(me)
        others = [s for s in board if s.key != me.key and s.key not in together and not s.key.startswith("=")]
        if others:
            box.add_widget(FitLabel(text=self.tr("player.same_as"), base_font=18, size_hint_y=None, height=Scale.px(34)))
            rows = -(-min(len(others), 4) // 2)
            grid = GridLayout(cols=2, spacing=Scale.px(10), size_hint_y=None,
                              height=Scale.px(48) * rows + Scale.px(10) * (rows - 1))
            for other in others[:4]:
                b = BigButton(text=other.name, bg=theme.SEA_LIGHT, base_font=18)
                b.bind(on_release=lambda _b, o=other: self.ask_rename(me, o.name, board))
                grid.add_widget(b)
            box.add_widget(grid)
        for spelling in self._merged_spellings(me):
            b = BigButton(text=self.tr("player.separate", name=spelling), bg=theme.STONE_DARK, base_font=18,
                          size_hint_y=None, height=Scale.px(48))
            b.bind(on_release=lambda _b, sp=spelling: self.ask_separate(sp))
            box.add_widget(b)
        box.add_widget(Widget())
        return box

    def _played_with(self, me: PlayerStats) -> set[str]:
        names = load_names(self.log)
        keys: set[str] = set()
        for g in self.shelf.games():
            seats = names.seat_keys(g.players)
            if me.key in seats:
                keys.update(seats)
        return keys

    def _merged_spellings(self, me: PlayerStats) -> list[str]:
        """The spellings of this player that count here because of a rename (they can be separated)."""
        merged = set(load_names(self.log).merged_into(me.key))
        return sorted(sp for sp in me.spellings if name_key(sp) in merged)

    # --- asking, then doing -----------------------------------------------------------------------

    def ask_rename(self, me: PlayerStats, new: str, board: list[PlayerStats]) -> None:
        new = " ".join(new.split())
        if not new:
            self.app.toast(self.tr("player.refused.empty"))
            return
        target = load_names(self.log).key(new)
        merging = any(s.key == target and s.key != me.key for s in board)
        key = "player.confirm_merge" if merging else "player.confirm_rename"
        self.app.confirm(self.tr(key, old=me.name, new=new), lambda: self.rename(me.name, new))

    def rename(self, old: str, new: str) -> None:
        try:
            rename_player(self.log, old, new)
        except RenameError as exc:
            self.app.toast(self.tr("player.refused." + exc.code, **exc.values))
            return
        self.player_key = load_names(self.log).key(new)
        self.app.toast(self.tr("player.done", old=old, new=new))
        self.rebuild()

    def ask_separate(self, spelling: str) -> None:
        self.app.confirm(self.tr("player.confirm_separate", name=spelling), lambda: self.separate(spelling))

    def separate(self, spelling: str) -> None:
        undo_rename(self.log, spelling)
        self.rebuild()
