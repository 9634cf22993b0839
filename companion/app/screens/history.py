"""History: the finished games (newest first), each line naming its game, with chips to show one game's
plays only. The other history screens: one game told again (history_game.py), the family leaderboard
(history_stats.py), one player's page (history_player.py); what they share: history_kit.py."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import escape_markup, get_hex_from_color

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Scale
from companion.app.history_look import history_look
from companion.app.screens.history_game import HistoryGameScreen  # noqa: F401 (the app's screen list)
from companion.app.screens.history_kit import ALL, HistoryBase, player_colours, winners_text  # noqa: F401
from companion.app.screens.history_player import PlayerScreen  # noqa: F401 (the app's screen list)
from companion.app.screens.history_stats import StatsScreen  # noqa: F401 (the app's screen list)
from companion.app.screens.kit import box_for, gap
from companion.history.games import load_names
from companion.history.stats import player_stats

ROW_FONT = 20  # body text read at 1.5 m
ROW_GAP = 10  # between two plays' rows: four whole ones in sight at 800×480
SHOWN = 100  # the newest plays listed: a list to scroll through, not an archive


class HistoryScreen(HistoryBase):
    """Finished games, newest first: the game, date, duration, winner, everyone's score. Tap one to replay
    it; a chip shows one game's plays only (All by default)."""

    game: str = ALL

    def body(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=gap(), padding=Scale.px(6))
        box.add_widget(self.title(self.tr("history.title"), height=56))
        every = self.shelf.games()
        chips = self.game_chips(every, self.game, self.choose)
        if chips is not None:
            box.add_widget(chips)
        games = [g for g in every if self.game in (ALL, g.game)]
        rows = GridLayout(cols=1, spacing=Scale.px(ROW_GAP), size_hint_y=None)  # rows apart: each read as one
        if not games:
            rows.add_widget(FitLabel(text=self.tr("history.empty"), base_font=20, size_hint_y=None, height=Scale.px(60)))
        names = load_names(self.log)
        spelled: dict[str, dict[str, str]] = {}  # per game kind: each person's name as the board writes it
        for g in games[:SHOWN]:
            if g.game not in spelled:
                spelled[g.game] = {st.key: st.name for st in player_stats(every, names, game=g.game)}

            def say(name: str, kind: str = g.game) -> str:  # "zoe" written as the person's name, "Zoé"
                return spelled[kind].get(names.key(name), name)

            # Each line starts with its game: five games share this list (issue 22 item 6).
            head = g.name(self.c.tr.language) + " · " + self.tr(
                "history.line", date=self.c.tr.date_time(g.started), duration=self.duration(g.duration_s),
                winners=winners_text(self.tr, [say(w) for w in g.winners], history_look(g.game)))
            won = {names.key(w) for w in g.winners}
            scores = " · ".join(self.score_text(say(p), self.c.tr.number(v), names.key(p) in won)
                                for p, v in sorted(g.scores.items(), key=lambda kv: -kv[1]))
            # Two lines of 20 px (body text at 1.5 m); a portrait screen (fewer px per line of its text)
            # four: the head and the scores may each wrap once, and no line shrinks.
            b = BigButton(text=escape_markup(head) + "\n" + scores, markup=True, base_font=ROW_FONT,
                          bg=theme.SEA_LIGHT, size_hint_y=None, height=box_for(ROW_FONT, 4 if self.app.portrait else 2))
            b.game = g.game
            b.bind(on_release=lambda _b, gid=g.id: self.open_game(gid))
            rows.add_widget(self.with_chevron(b))
        # Whole rows only: the last one seen is never cut off against the buttons under the list.
        box.add_widget(self.scroll(rows, line=box_for(ROW_FONT, 4 if self.app.portrait else 2) + Scale.px(ROW_GAP)))
        box.add_widget(self.nav_back(lambda: self.app.go("home"),
                                     (self.tr("history.stats"), theme.GOLD, self.open_stats)))
        return box

    @staticmethod
    def with_chevron(button: BigButton) -> Widget:
        """The row with a "›" at its right: it opens its game (a plain block of text did not say so). The
        row's text keeps clear of it (the button's right padding)."""
        holder = FloatLayout(size_hint_y=None, height=button.height)
        button.size_hint, button.pos_hint = (1, 1), {"x": 0, "y": 0}
        button.padding = [Scale.px(12), 0, Scale.px(44), 0]
        holder.add_widget(button)
        holder.add_widget(Label(text="\u203a", font_size=Scale.px(40), bold=True, color=theme.GOLD,
                                size_hint=(None, 1), width=Scale.px(40), pos_hint={"right": 1, "y": 0}))
        return holder

    def duration(self, seconds: float) -> str:
        """"41 min"; a play shorter than a minute "< 1 min" in both languages (the short form keeps a row's
        first line at its size), never "0 min"."""
        minutes = round(seconds / 60)
        return self.tr("history.minutes", n=minutes) if minutes >= 1 else self.tr("history.under_a_minute")

    @staticmethod
    def score_text(name: str, score: str, winner: bool) -> str:
        """One player's name and score on a row; the winner's in bold gold, so who won is seen at a glance
        and not by colour alone (the font has no crown or star to add)."""
        text = escape_markup(f"{name}\u00a0{score}")
        if not winner:
            return text
        return f"[b][color={get_hex_from_color(theme.GOLD)}]{text}[/color][/b]"

    def choose(self, game: str) -> None:
        self.game = game
        self.rebuild()

    def open_stats(self) -> None:
        """The leaderboard of the game chosen here (the one played last when All is)."""
        stats = self.app.sm.get_screen("history_stats")
        stats.page = "table"  # the leaderboard's table first, the chart one tap away
        if self.game != ALL:
            stats.game = self.game
        self.app.go("history_stats")
