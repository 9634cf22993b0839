"""New game (players, colours, seating, who starts, then the chosen game's options; the die that picks the
first player: dice.py). The game's options are its ``options_form`` (companion.app.game_ui): the pages
after the players are the game's, inside this screen.

Built on the design system (docs/design.md, docs/app.md): icon buttons of 56 px to move and remove a
player, a colour picker (each of the six colours once at the table), initials that differ at the table,
"same players as last time" in one tap, two-state segmented toggles for the options."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controller import PlayerSetup
from companion.app.game_ui import games_in_progress
from companion.app.controls import BigButton, FitLabel, colour_rgba
from companion.app.initials import unique_initials
from companion.app.lineup import COLOUR_IDS, last_lineup
from companion.app.look.palette import PLAYER_NAMES
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import IconButton, Segmented, choice_look, box_for, gap, icon, left_label, paint_game_backdrop, px

MAX_PLAYERS = 6

from companion.app.screens.dice import DiceScreen  # noqa: E402,F401 (the app's screen list imports it from here)


class NewGameScreen(BaseScreen):
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
        return self.players_step() if self.step == 1 else self.form.page(self.step - 1)

    # --- step 1: players ---------------------------------------------------------------------------

    def players_step(self) -> Widget:
        portrait = self.app.portrait
        page = BoxLayout(orientation="vertical", spacing=gap())
        title = self.message or self.step_title("new.step_players") + " – " + self.tr("new.players")
        page.add_widget(left_label(title, TYPE.heading, theme.GOLD, bold=True, size_hint_y=None,
                                   height=box_for(TYPE.heading, 2 if portrait else 1)))
        box = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(SPACE.s))
        initials = unique_initials([r["name"].strip() or str(i + 1) for i, r in enumerate(self.rows)])
        row_height = px(TOUCH.icon_button) * ((1.25 if len(self.rows) < 5 else 1.0) if portrait else 1)
        rows = BoxLayout(orientation="vertical", spacing=gap(), size_hint_y=None,
                         height=len(self.rows) * (row_height + px(SPACE.xs)))
        for i, row in enumerate(self.rows):
            rows.add_widget(self.player_row(i, row, initials[row["name"].strip() or str(i + 1)], row_height))
        left = BoxLayout(orientation="vertical", spacing=gap())
        left.add_widget(rows)
        picks = self.saved_picks(portrait)
        if picks is not None:
            left.add_widget(picks)
        if portrait:  # the rows keep their own height above the buttons: never drawn up over the title
            left.size_hint_y = None
            left.height = rows.height + (picks.height + gap() if picks is not None else 0)
            box.add_widget(left)
            box.add_widget(Widget())
        else:
            left.add_widget(Widget())
            box.add_widget(left)
        box.add_widget(self.players_actions(portrait))
        page.add_widget(box)
        return page

    def players_actions(self, portrait: bool) -> Widget:
        """Back, add a player, the last table again, next: a rail on the right (a row of two columns in
        portrait), the next step the biggest, in gold."""
        lineup = self.last_lineup()
        specs = [(self.tr("new.back"), theme.STONE, lambda: self.app.go("home"), True, 1)]
        if lineup is not None and not self.is_lineup(lineup):  # offered only when it would change something
            specs.append((self.tr("new.same_players"), theme.SEA_LIGHT, lambda: self.use_lineup(lineup), True, 2))
        most = self.player_range()[1]
        room = len(self.rows) < most  # full: the button says why it cannot add one
        # A quick start with the box's defaults (the die picks who starts), the game's options one step away.
        gone = (self.removed[1]["name"].strip() or self.tr("new.player_n", n=self.removed[0] + 1)) \
            if self.removed is not None and room else None
        if gone is not None:  # the player just removed, back in one tap (in the place of "+ Player")
            specs.append((self.tr("new.put_back", player=gone), theme.SEA_LIGHT, self.put_back, True, 1))
        else:
            specs.append((self.tr("new.add") if room else self.tr("new.max_players", n=most), theme.SEA_LIGHT,
                          self.add_row, room, 1))
        specs += [
                  (self.tr("new.more_options"), theme.SEA_LIGHT, self.next_step, True, 1),
                  (self.tr("new.start"), theme.GOLD, self.quick_start, True, 1)]
        if portrait:
            rail = GridLayout(cols=2, spacing=gap(), size_hint_y=None)
            rail.bind(minimum_height=rail.setter("height"))
        else:
            rail = BoxLayout(orientation="vertical", spacing=gap(), size_hint_x=None, width=px(250))
            rail.add_widget(Widget())
        for text, colour, action, enabled, lines in specs:
            height = max(px(TOUCH.primary), box_for(TYPE.button, lines))
            b = BigButton(text=text, bg=colour, base_font=TYPE.button, disabled=not enabled, size_hint_y=None,
                          height=height * (1.3 if portrait else 1))
            b.bind(on_release=lambda _b, a=action: a())
            rail.add_widget(b)
        return rail

    def saved_names(self) -> list[str]:
        """The log's players not at the table yet (companion.app.saved_players)."""
        from companion.app.saved_players import saved_players
        from companion.history.names import name_key

        seated = {name_key(n) for n in self.names() if n}
        return [n for n in saved_players(self.c.session.log) if name_key(n) not in seated]

    def saved_picks(self, portrait: bool) -> Widget | None:
        """The saved players as buttons under the rows: a tap seats one (in the first empty row, else a
        new one), spelled as saved, so that "zoe" and "Zoé" never become two people."""
        names = self.saved_names()
        if not names or len(self.rows) > 3:  # a fuller table keeps its room for the rows
            return None
        cols = 2  # two a row: a long name keeps the body's size
        names = names[:cols * (2 if len(self.rows) <= 2 else 1)]
        rows = -(-len(names) // cols)
        grid = GridLayout(cols=cols, spacing=gap(), size_hint_y=None,
                          height=rows * px(TOUCH.minimum) + (rows - 1) * gap())
        # Said what they are, so that "+ Zoé" never reads as "+ Player" again: the people who played here.
        caption = left_label(self.tr("new.saved_players"), TYPE.body, theme.GOLD, bold=True, size_hint_y=None,
                             height=box_for(TYPE.body))
        part = BoxLayout(orientation="vertical", spacing=px(SPACE.xs), size_hint_y=None,
                         height=caption.height + px(SPACE.xs) + grid.height)
        part.add_widget(caption)
        part.add_widget(grid)
        for name in names:
            b = BigButton(text="+ " + name, bg=theme.SEA_LIGHT, base_font=TYPE.body, outline=theme.TEXT_MUTED)
            b.saved_player = name
            b.bind(on_release=lambda _b, n=name: self.seat_saved(n))
            grid.add_widget(b)
        for _ in range(rows * cols - len(names)):
            grid.add_widget(Widget())
        return part

    def seat_saved(self, name: str) -> None:
        empty = next((r for r in self.rows if not r["name"].strip()), None)
        if empty is None:
            if len(self.rows) >= self.player_range()[1]:
                return
            self.add_row()
            empty = self.rows[-1]
        empty["name"] = name
        self.give_saved_colour(empty)
        self.message = ""
        self.rebuild()

    def give_saved_colour(self, row: dict) -> None:
        """A saved player seated in their own colour (their newest game's), when nobody else at the table
        has it: one person, one colour in setup, play, podium and history."""
        from companion.app.saved_players import saved_colours
        from companion.history.names import Names

        try:
            key = Names(self.c.session.log.player_aliases()).resolve(row["name"].strip()).key
        except Exception:  # noqa: BLE001 (a log in use: the seat's colour stays)
            return
        colour = saved_colours(self.c.session.log).get(key)
        if colour in COLOUR_IDS and all(r["colour"] != colour for r in self.rows if r is not row):
            row["colour"] = colour

    def player_row(self, i: int, row: dict, initial: str, height: float) -> Widget:
        line = BoxLayout(spacing=gap(), size_hint_y=None, height=height)
        disc = BigButton(text=initial, bg=colour_rgba(row["colour"]), base_font=TYPE.button, bold=True,
                         size_hint_x=None, width=px(TOUCH.icon_button))
        disc.colour_of = i  # tests find the disc that opens the picker
        disc.bind(on_release=lambda *_: self.open_picker(i))
        line.add_widget(disc)
        font = px(TYPE.body if self.app.portrait else TYPE.button)  # portrait: a narrower field
        name = TextInput(text=row["name"], hint_text=self.tr("new.player_n", n=i + 1), multiline=False,
                         font_size=font, write_tab=False, padding=[px(SPACE.xs), (height - font * 1.6) / 2])
        name.bind(text=lambda _w, value, r=row: r.__setitem__("name", value))
        name.bind(focus=lambda _w, focused: None if focused else self.refresh_initials())
        line.add_widget(name)
        for shape, action, enabled in (("up", lambda: self.move(i, -1), i > 0),
                                       ("down", lambda: self.move(i, 1), i < len(self.rows) - 1),
                                       ("remove", lambda: self.remove(i), len(self.rows) > 2)):
            side = px(TOUCH.icon_button)
            b = IconButton(shape, bg=theme.DANGER if shape == "remove" else theme.STONE, disabled=not enabled,
                           size=(side, height))
            b.row = i
            b.bind(on_release=lambda _b, a=action: a())
            line.add_widget(b)
        return line

    def refresh_initials(self) -> None:
        """A name typed: the discs' initials follow (two players starting with M get Ma and Mx)."""
        Clock.schedule_once(lambda *_: self.rebuild() if self.step == 1 and self.picker is None else None, 0)

    # --- the colour picker ---------------------------------------------------------------------------

    def open_picker(self, i: int) -> None:
        """The six colours, each with its name; one another player has is shown with their initial and
        cannot be taken (each colour once at the table)."""
        tr, language = self.tr, self.c.tr.language
        initials = unique_initials([r["name"].strip() or str(k + 1) for k, r in enumerate(self.rows)])
        owners = {r["colour"]: initials[r["name"].strip() or str(k + 1)] for k, r in enumerate(self.rows) if k != i}
        view = ModalView(size_hint=(0.9, 0.85), auto_dismiss=True, background_color=(0, 0, 0, 0.8))
        box = BoxLayout(orientation="vertical", padding=px(SPACE.s), spacing=gap())
        who = self.rows[i]["name"].strip() or tr("new.player_n", n=i + 1)
        box.add_widget(FitLabel(text=tr("new.colour_of", player=who), base_font=TYPE.heading, bold=True,
                                color=theme.GOLD, size_hint_y=None, height=box_for(TYPE.heading)))
        grid = GridLayout(cols=2 if self.app.portrait else 3, spacing=px(SPACE.s))
        for colour in COLOUR_IDS:
            name = PLAYER_NAMES[colour].get(language, PLAYER_NAMES[colour]["en"])
            owner = owners.get(colour)
            text = name if owner is None else name + "\n" + tr("new.colour_taken", player=owner)
            if colour == self.rows[i]["colour"]:
                text = "✓ " + name
            b = BigButton(text=text, bg=colour_rgba(colour), base_font=TYPE.button, disabled=owner is not None,
                          outline=theme.TEXT if colour == self.rows[i]["colour"] else [0, 0, 0, 0])
            b.colour_choice = colour
            b.bind(on_release=lambda _b, c=colour: self.choose_colour(i, c))
            grid.add_widget(b)
        box.add_widget(grid)
        back = BigButton(text=tr("new.back"), bg=theme.STONE, size_hint_y=None, height=px(TOUCH.primary),
                         base_font=TYPE.button)
        back.bind(on_release=lambda *_: self.close_picker())
        box.add_widget(back)
        view.add_widget(box)
        view.bind(on_dismiss=lambda *_: setattr(self, "picker", None))
        self.picker = view
        view.open(animation=False)

    def close_picker(self) -> None:
        if self.picker is not None:
            self.picker.dismiss(animation=False)
            self.picker = None

    def choose_colour(self, i: int, colour: str) -> bool:
        """Give player ``i`` the colour; refused (False) when another player has it."""
        if colour not in COLOUR_IDS or any(r["colour"] == colour for k, r in enumerate(self.rows) if k != i):
            return False
        self.rows[i]["colour"] = colour
        self.close_picker()
        self.rebuild()
        return True

    # --- rows ------------------------------------------------------------------------------------------

    def move(self, i: int, delta: int) -> None:
        self.removed = None
        j = i + delta
        self.rows[i], self.rows[j] = self.rows[j], self.rows[i]
        self.rebuild()

    #: the row removed last and its seat, until the next change: "Put Zoé back" (a slip of the finger from
    #: ▼ to ✕ loses nothing)
    removed: tuple[int, dict] | None = None

    def remove(self, i: int) -> None:
        self.removed = (i, self.rows.pop(i))
        self.rebuild()

    def put_back(self) -> None:
        """The removed player in their seat again, with their name and colour (if nobody took it since)."""
        if self.removed is None or len(self.rows) >= self.player_range()[1]:
            return
        i, row = self.removed
        self.removed = None
        if any(r["colour"] == row["colour"] for r in self.rows):
            row = {**row, "colour": next(c for c in COLOUR_IDS if all(r["colour"] != c for r in self.rows))}
        self.rows.insert(min(i, len(self.rows)), row)
        self.rebuild()

    def add_row(self) -> None:
        if len(self.rows) >= self.player_range()[1]:
            return
        self.removed = None
        taken = {r["colour"] for r in self.rows}
        colour = next(c for c in COLOUR_IDS if c not in taken)
        self.rows.append({"name": "", "colour": colour})
        self.rebuild()

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

    def first_choices(self, column: Widget, portrait: bool, chance: str = "new.roll") -> None:
        """Who starts, under its caption in ``column``: the companion's draw (``chance``: the key of its words,
        the die's by default; a game with no die says "at random"), or one of the names."""
        column.add_widget(self.caption(self.tr("new.first")))
        choices = [(None, self.tr(chance))] + [(n, n) for n in self.names()]
        # Portrait, four players or more: the die on a row of its own, the names three a row (a row less
        # than two a row, for the step's title; the die's words keep the width they need)
        die_alone = portrait and len(choices) > 4
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
