"""One player across the plays of one game: what every game counts (plays, wins, the score's average and
best) and the game's own lines (from its package, companion.app.history_look), their score per play,
and renaming them, merging them with another spelling, or separating a merged spelling again (each
asked first)."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Scale, touch_height
from companion.app.history_look import HistoryLook, history_look
from companion.app.initials import unique_initials
from companion.app.screens.history_charts import Chart, Series
from companion.app.screens.history_kit import ALL, CHART_GAMES, HistoryBase
from companion.app.screens.kit import box_for
from companion.history.games import load_names, rename_player, undo_rename
from companion.history.names import RenameError, name_key
from companion.history.stats import PlayerStats, kinds, player_stats


TEXT = 20  # px at 800×480: every line of the page, read at 1.5 m


class PlayerScreen(HistoryBase):
    """A player's page: their figures in one game (``game``; else the game they played last)."""

    player_key: str | None = None
    game: str | None = None

    def board(self) -> tuple[str | None, list[PlayerStats]]:
        """The game shown and its leaderboard: the chosen game when the player played it, else the one
        they played last."""
        games, names = self.shelf.games(), load_names(self.log)
        found = kinds(games)
        order = ([self.game] if self.game in found and self.game != ALL else []) + found
        for kind in order:
            board = player_stats(games, names, game=kind)
            if any(s.key == self.player_key for s in board):
                return kind, board
        return None, []

    def body(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=Scale.px(6))
        games, names = self.shelf.games(), load_names(self.log)
        kind, board = self.board()
        me = next((s for s in board if s.key == self.player_key), None)
        back = self.nav_back(lambda: self.app.go("history_stats"))
        if me is None:
            box.add_widget(FitLabel(text=self.tr("stats.empty"), base_font=20))
            box.add_widget(back)
            return box
        box.add_widget(self.title(me.name + self.which_game(games, kind), base_font=30, colour=theme.GOLD, height=48))
        main = self.split()
        main.add_widget(self._figures(me, self.colours_of([me.key])[0], history_look(kind)))
        if not me.key.startswith("="):  # a name kept apart from its twin at one table is not renamed here
            main.add_widget(self._changes(me, board))
        box.add_widget(main)
        box.add_widget(back)
        return box

    def _figures(self, me: PlayerStats, colour, look: HistoryLook) -> Widget:
        tr = self.tr
        lines = ([tr("player.games", n=me.games), tr("player.wins", n=me.wins)] + look.lines(tr, me)
                 + [tr(look.average, value=round(me.average_treasure)), tr(look.best, value=me.best_treasure)])
        others = sorted(me.spellings - {me.name})
        if others:
            lines.append(tr("player.also", names=", ".join(others)))
        box = BoxLayout(orientation="vertical", spacing=Scale.px(4))
        # Every row a whole line box of 20 px, the spacing besides: a spacing taken from the rows shrank them.
        rows, spacing = -(-len(lines) // 2), Scale.px(2)
        grid = GridLayout(cols=2, size_hint_y=None, height=box_for(TEXT) * rows + spacing * (rows - 1), spacing=spacing)
        for line in lines:
            grid.add_widget(FitLabel(text=line, base_font=TEXT))
        box.add_widget(grid)
        box.add_widget(FitLabel(text=self.tr(look.score_chart), base_font=TEXT, color=theme.GOLD,
                                size_hint_y=None, height=box_for(TEXT)))
        started = {g.id: g.started for g in self.shelf.games()}  # each bar over its play's day, in words
        days = [self.c.tr.day_month(started[i]) if i in started else "" for i in me.game_ids[-CHART_GAMES:]]
        box.add_widget(Chart([Series(unique_initials([me.name])[me.name], colour, tuple(me.treasures[-CHART_GAMES:]))],
                             bars=True, x_labels=days, font=TEXT))
        return box

    def _changes(self, me: PlayerStats, board: list[PlayerStats]) -> Widget:
        # Beside the figures: 0.7 of their width leaves "Duels : 0 gagné, 0 perdu" its size on 1280×800.
        box = BoxLayout(orientation="vertical", spacing=Scale.px(10), size_hint_x=0.7 if not self.app.portrait else 1)
        row = BoxLayout(size_hint_y=None, height=touch_height(), spacing=Scale.px(10))
        entry = TextInput(hint_text=self.tr("player.new_name"), multiline=False, font_size=Scale.px(20),
                          size_hint_x=0.6, padding=[Scale.px(8), Scale.px(12)])
        rename = BigButton(text=self.tr("player.rename"), bg=theme.GOLD, base_font=TEXT, size_hint_x=0.4)
        rename.bind(on_release=lambda *_: self.ask_rename(me, entry.text, board))
        entry.bind(on_text_validate=lambda *_: self.ask_rename(me, entry.text, board))
        self.name_entry = entry
        row.add_widget(entry)
        row.add_widget(rename)
        box.add_widget(row)
        together = self._played_with(me)
        others = [s for s in board if s.key != me.key and s.key not in together and not s.key.startswith("=")]
        if others:
            box.add_widget(FitLabel(text=self.tr("player.same_as"), base_font=TEXT, size_hint_y=None, height=box_for(TEXT)))
            rows = -(-min(len(others), 4) // 2)
            grid = GridLayout(cols=2, spacing=Scale.px(10), size_hint_y=None,
                              height=Scale.px(48) * rows + Scale.px(10) * (rows - 1))
            for other in others[:4]:
                b = BigButton(text=other.name, bg=theme.SEA_LIGHT, base_font=TEXT)
                b.bind(on_release=lambda _b, o=other: self.ask_rename(me, o.name, board))
                grid.add_widget(b)
            box.add_widget(grid)
        for spelling in self._merged_spellings(me):
            b = BigButton(text=self.tr("player.separate", name=spelling), bg=theme.STONE_DARK, base_font=TEXT,
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
