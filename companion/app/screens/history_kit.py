"""What the history screens share: the finished games read once (the shelf), each player's colour as at the
table, a scrolling list of whole rows, the buttons under a page, the names legend, and the game chips
(All, then each game played) that choose whose plays a list or a leaderboard shows.

Everything shown is computed from the game log by companion.history; renames are aliases, the games
themselves are never changed. No game is named here: a game's own figures and words come from its
package (companion.app.history_look)."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from kivy.core.text import Label as CoreLabel
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.app.controls import BigButton, FitLabel, Scale, Swatch, colour_rgba, touch_height
from companion.app.history_look import HistoryLook
from companion.app.initials import unique_initials
from companion.app.saved_players import person_colours, saved_colours
from companion.app.screens.back import back_row
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import CHECK, choice_look, gap, text_width
from companion.app.theme import PLAYER_COLOURS, hex_rgba
from companion.engine.registry import available_games
from companion.history.games import GameShelf, PlayedGame, load_names
from companion.history.stats import kinds

CHART_GAMES = 10  # a score chart shows the last games only: a picture, not an archive
ALL = "*"  # the chip of every game
CHIP_FONT = 18


def _palette(i: int) -> tuple[float, float, float, float]:
    return hex_rgba(PLAYER_COLOURS[i % len(PLAYER_COLOURS)][1])


def game_colours(game: PlayedGame) -> list[tuple[float, float, float, float]]:
    """The colours the table chose for the game (recorded with it), else the palette in seating order."""
    chosen = game.table.get("colours", {})
    return [colour_rgba(chosen[p]) if p in chosen else _palette(i) for i, p in enumerate(game.players)]


def player_colours(games: Sequence[PlayedGame], names, keys: list[str],
                   saved: Mapping[str, str] | None = None) -> list[tuple[float, float, float, float]]:
    """Each person's own colour (``keys`` as the stats name them), by the one rule of setup and the podium
    (saved_players.person_colours): ``saved`` (the log's saved_colours, the setup's source) first, else the
    rule over ``games``. Two people who had one colour on different evenings both keep it: their initials
    (on the discs and at the lines' ends) tell them apart, and each is the colour the table knows."""
    newest = sorted(games, key=lambda g: g.id, reverse=True)  # the log's order, as saved_colours reads it
    found = person_colours(((g.players, g.table.get("colours", {})) for g in newest), names.key)
    found.update(saved or {})
    return [colour_rgba(found[k]) if k in found else _palette(0) for k in keys]


def whole_height(label: FitLabel, width: float) -> None:
    """``label`` as high as its text wrapped to ``width`` at its base size needs (the fit's margins
    included): it never shrinks for want of height."""
    room = width - Scale.px(8)  # the fit's side margin (controls.FitMixin)
    if room <= 1:
        return
    core = CoreLabel(text=label.text, font_size=Scale.px(label.base_font), text_size=(room, None),
                     halign="left")
    core.refresh()
    label.height = core.texture.size[1] + Scale.px(4) + 1


def winners_text(tr, winners: list[str], look: HistoryLook) -> str:
    """"gagnant : Zoé" for one winner (not "1 gagnant :", the review's list 13), "2 gagnants : Zoé, Ann"
    for a tie, else the game's words for a play nobody won."""
    if not winners:
        return tr(look.nobody)
    if len(winners) == 1:
        return tr("history.winner_one", players=winners[0])
    return tr("history.winner", n=len(winners), players=", ".join(winners))


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

    def colours_of(self, keys: list[str]) -> list[tuple[float, float, float, float]]:
        """The people of ``keys`` each in their own colour, as setup seats them and the podium shows them."""
        return player_colours(self.shelf.games(), load_names(self.log), keys, saved_colours(self.log))

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
            # Less the rows' spacing: the view ends where its last whole row ends, the next one wholly out.
            view.height = max(line, (holder.height // line) * line - rows.spacing[1])

        holder.bind(size=fit)
        holder.add_widget(view)
        holder.add_widget(Widget())
        return holder

    def nav_back(self, action: Callable[[], None], *others: tuple[str, Any, Callable[[], None]]) -> Widget:
        """The page's bottom row: the shared Back (screens/back.py), then its own buttons."""
        return back_row(self.tr, action, *others)

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
            # The name right beside its chip (a centred name drifted away from it), then the free room.
            cell.add_widget(FitLabel(text=name, base_font=18, wrap=False, size_hint_x=None,
                                     width=text_width(name, 18) + Scale.px(8)))
            cell.add_widget(Widget())
            grid.add_widget(cell)
        return grid

    def game_name(self, games: Sequence[PlayedGame], kind: str) -> str:
        """``kind``'s name in the table's language (the registry's), as the plays of it say."""
        return next(g for g in games if g.game == kind).name(self.c.tr.language)

    def which_game(self, games: list[PlayedGame], kind: str | None = None) -> str:
        """" · GAME": the game a leaderboard or a player's page counts (``kind``, else the one played
        last: they never mix two games); nothing without games."""
        found = kinds(games)
        kind = kind if kind in found else (found[0] if found else None)
        return "" if kind is None else " · " + self.game_name(games, kind)

    def game_chips(self, games: Sequence[PlayedGame], chosen: str | None,
                   on_choose: Callable[[str], None]) -> Widget | None:
        """All, then each game played (in home's order), the chosen one marked: one row that scrolls
        sideways when the names do not hold in the width. None with a single game played (All is it)."""
        played = kinds(games)
        if len(played) < 2:
            return None
        # Home's tile order (the registry's), so a game sits in the same place on both screens; a game the
        # companion no longer holds comes after them.
        order = available_games()
        found = sorted(played, key=lambda k: order.index(k) if k in order else len(order))
        row = BoxLayout(size_hint=(None, 1), spacing=gap())
        row.bind(minimum_width=row.setter("width"))
        for value, text in [(ALL, self.tr("history.all"))] + [(k, self.game_name(games, k)) for k in found]:
            on = value == chosen
            label = (CHECK + text) if on else text
            b = BigButton(text=label, base_font=CHIP_FONT, wrap=False, size_hint_x=None,
                          width=text_width(label, CHIP_FONT) + Scale.px(28), **choice_look(on))
            b.choice = ("game", value)
            b.bind(on_release=lambda _b, v=value: on_choose(v))
            row.add_widget(b)
        view = ScrollView(do_scroll_y=False, bar_width=Scale.px(4), scroll_type=["bars", "content"])
        view.add_widget(row)
        # A touch gap above and below besides the page's spacing: the chips never crowd the buttons round them.
        holder = BoxLayout(size_hint_y=None, height=touch_height() + 2 * gap(), padding=[0, gap()])
        holder.add_widget(view)
        holder.chips = row
        return holder

    def open_game(self, game_id: int) -> None:
        self.app.sm.get_screen("history_game").game_id = game_id
        self.app.go("history_game")

    def open_player(self, key: str, game: str | None = None) -> None:
        page = self.app.sm.get_screen("history_player")
        page.player_key, page.game = key, game
        self.app.go("history_player")
