"""New game: the steps of the setup and the start (the players: newgame_players.py; the parts the steps
share, the step bar along the bottom among them: newgame_parts.py; the die that picks the first player:
dice.py). The game's options are its ``options_form`` (companion.app.game_ui): the pages after the players
are the game's, inside this screen, above the same step bar.

Built on the design system (docs/design.md, docs/app.md): "same players as last time" in one tap, the
box's defaults one tap from the players (Start), two-state segmented toggles for the options."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.app.controller import PlayerSetup
from companion.app.game_ui import games_in_progress
from companion.app.lineup import COLOUR_IDS, last_lineup
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import gap, paint_game_backdrop
from companion.app.screens.newgame_parts import GamePages, bar_title, step_bar
from companion.app.screens.newgame_players import PlayersStep

MAX_PLAYERS = 6

from companion.app.screens.dice import DiceScreen  # noqa: E402,F401 (the app's screen list imports it from here)


class NewGameScreen(PlayersStep, GamePages, BaseScreen):
    in_game = False

    def __init__(self, app, **kw):
        super().__init__(app, **kw)
        self.picker: ModalView | None = None
        self.reset_form()

    #: the game being set up (home's tile chose it); its options form is made when it is chosen
    game: str | None = None

    def reset_form(self, game: str | None = None) -> None:
        """An empty form for ``game`` (default: the game chosen last, else the one on the table)."""
        if game is not None:
            self.game = game
        self.rows: list[dict] = [{"name": "", "colour": COLOUR_IDS[i]} for i in range(2)]
        self.removed = None
        self.step = 1
        self.first: str | None = None  # None: the companion rolls
        kept = getattr(self, "_form", None)
        if kept is not None and kept[0] == self.game_id(lazy=True):  # the same game: its form, at the defaults
            kept[1].reset()
        else:
            self._form = None  # (game, its options form), made when first shown
        self.message = ""

    def game_id(self, lazy: bool = False) -> str | None:
        """The game being set up; ``lazy``: None rather than look for one (the app's start)."""
        if lazy and self.game is None:
            return None
        return self.game or self.app.chosen_game()

    def step_title(self, key: str, sep: str = " · ") -> str:
        """A setup step's title after the game's name ("GAME · 2. Options"): five games share
        these steps, and each says which one is being set up. The name is the registry's; ``sep`` "\n" puts
        it on a line of its own (a narrow title)."""
        from companion.app.screens.home import game_name
        from companion.engine.registry import game_entry

        return game_name(game_entry(self.game_id()), self.c.tr.language) + sep + self.tr(key)

    @property
    def form(self):
        """The chosen game's options (its module imported only now: not at the app's start)."""
        game = self.game_id()
        if self._form is None or self._form[0] != game:
            self._form = (game, self.c.ui(game).options_form(self))
        return self._form[1]

    def body(self) -> Widget:
        paint_game_backdrop(self, self.c.ui(self.game_id()), {})  # the chosen game's scenery from here on
        if self.step == 1:
            return self.players_step()
        n, form = self.step - 1, self.form
        page = BoxLayout(orientation="vertical", spacing=gap())
        page.add_widget(form.page(n))
        page.add_widget(self.options_step_bar(n, form.pages))
        return page

    def options_step_bar(self, n: int, pages: int) -> Widget:
        """A game's page ``n`` of ``pages``: Back to the page before (the players before the first), Next to
        the next page, Start on the last; the step's title between them in landscape (portrait: the page
        has it at its top, where the height is)."""
        last = n >= pages
        title = None if self.app.portrait else bar_title(self, self.page_title_key(n))
        return step_bar(self, self.previous_page if n > 1 else self.back_to_players,
                        self.tr("new.start" if last else "new.next"), self.start if last else self.next_page, title)

    def page_title_key(self, n: int) -> str:
        """The message of page ``n``'s title ("2. Options"): the form's own when it names its pages."""
        named = getattr(self.form, "page_title", None)
        return named(n) if named is not None else "new.step_options"

    def last_lineup(self):
        """The players of the newest game in the log (finished or not), read from its ``new`` command."""
        return last_lineup(self.c.session.log, self.game_id())

    def is_lineup(self, lineup) -> bool:
        """The form already holds the last table: the same names in the same seats and colours, the same
        cards (then "same players as last time" would change nothing)."""
        rows = [{"name": p.name, "colour": p.colour} for p in lineup.players]
        return ([{"name": r["name"].strip(), "colour": r["colour"]} for r in self.rows] == rows
                and self.form.matches(lineup.options))

    def use_lineup(self, lineup) -> None:
        """The last table in one tap: names in their seats, their colours, the cards they chose."""
        self.rows = [{"name": p.name, "colour": p.colour} for p in lineup.players]
        self.removed = None
        self.form.use(lineup.options)
        self.message = ""
        self.rebuild()

    def names(self) -> list[str]:
        return [r["name"].strip() for r in self.rows]

    def player_range(self) -> tuple[int, int]:
        """The chosen game's player range (its box's), within the six colours of the table."""
        from companion.engine.registry import game_entry

        low, high = game_entry(self.game_id()).players
        return max(1, low), min(high, MAX_PLAYERS)

    def names_ready(self) -> bool:
        """Names for the game's player range, none empty, no two alike (else the page says so). A typed
        name that is a saved player's takes the saved spelling ("zoe" becomes "Zoé")."""
        from companion.app.saved_players import as_saved, saved_players
        from companion.history.names import name_key

        saved = saved_players(self.c.session.log, limit=200)
        for r in self.rows:
            if r["name"].strip():
                r["name"] = as_saved(r["name"].strip(), saved)
        names = self.names()
        low, high = self.player_range()
        if not low <= len(names) <= high or any(not n for n in names) or len({name_key(n) for n in names}) != len(names):
            self.message = self.tr("new.names_needed_range", min=low, max=high)  # the chosen game's range
            self.rebuild()
            return False
        self.message = ""
        return True

    def next_step(self) -> None:
        if not self.names_ready():
            return
        self.step = 2
        if self.first not in self.names():
            self.first = None
        self.rebuild()

    def quick_start(self) -> None:
        """Start now with the options as they are (the box's defaults unless changed), the die for who starts."""
        if not self.names_ready():
            return
        if self.first not in self.names():
            self.first = None
        self.start()

    # --- the game's pages: who starts is shared, the rest the game's form -------------------------------

    def next_page(self) -> None:
        self.step += 1
        self.rebuild()

    def previous_page(self) -> None:
        self.step -= 1
        self.rebuild()

    def back_to_players(self) -> None:
        self.step = 1
        self.rebuild()

    def start(self) -> None:
        players = [PlayerSetup(r["name"].strip(), r["colour"]) for r in self.rows]

        def go():
            answer = self.c.start_game(self.game_id(), players, self.form.options(), first=self.first)
            if answer["ok"]:
                self.reset_form()
                self.app.after_new_game(answer)
            else:
                self.message = answer["error"]["message"]
                self.step = 1
                self.rebuild()

        if any(g.get("game") == self.game_id() for g in games_in_progress(self.c)):  # only its own kind's
            self.app.confirm(self.tr("new.confirm_replace"), go)
        else:
            go()
