"""The new game's first step: the players, in their seats (clockwise), each with a colour of their own
(the picker: each of the six colours once at the table), initials that differ at the table, the players
saved in the log one tap away, a removed player put back in one tap. A mixin of NewGameScreen
(companion.app.screens.newgame), which holds the rows and goes on to the game's pages."""

from __future__ import annotations

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, colour_rgba
from companion.app.initials import unique_initials
from companion.app.lineup import COLOUR_IDS
from companion.app.look.palette import PLAYER_NAMES
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import IconButton, box_for, gap, left_label, px
from companion.app.screens.newgame_parts import bar_button_width, step_bar


class PlayersStep:
    """Step 1 of the setup: the rows of players and what changes them."""

    def players_step(self) -> Widget:
        portrait = self.app.portrait
        # Six rows of 56 px icons, 8 px apart, and the step bar fill 800×480: the title then heads the rail
        # on the right, over the rail's buttons, rather than the whole page.
        full = len(self.rows) > 5 and not portrait
        page = BoxLayout(orientation="vertical", spacing=px(SPACE.xs) if full else gap())
        title = self.message or self.step_title("new.step_players", "\n" if full else " · ") + " – " + self.tr("new.players")
        heading = left_label(title, TYPE.heading, theme.GOLD, bold=True, size_hint_y=None,
                             height=box_for(TYPE.heading, 2 if portrait else 1))
        if full:
            heading.size_hint_y, heading.valign = 1, "top"
        else:
            page.add_widget(heading)
        box = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(SPACE.s))
        initials = unique_initials([r["name"].strip() or str(i + 1) for i, r in enumerate(self.rows)])
        row_height = px(TOUCH.icon_button) * ((1.25 if len(self.rows) < 5 else 1.0) if portrait else 1)
        between = px(SPACE.xs) if full else gap()
        rows = BoxLayout(orientation="vertical", spacing=between, size_hint_y=None,
                         height=len(self.rows) * (row_height + between) - between)
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
        else:
            left.add_widget(Widget())
            box.add_widget(left)
        box.add_widget(self.players_actions(portrait, heading if full else None))
        page.add_widget(box)
        # The step bar: Back at the bottom left, Start (the box's defaults, the die for who starts) at the
        # bottom right, the game's options one step away beside it (portrait: with the other actions).
        middle = BoxLayout(spacing=gap())
        middle.add_widget(Widget())
        if not portrait:
            more = BigButton(text=self.tr("new.more_options"), bg=theme.SEA_LIGHT, base_font=TYPE.button,
                             size_hint_x=None, width=bar_button_width(self.tr) * 1.1)
            more.bind(on_release=lambda *_: self.next_step())
            middle.add_widget(more)
        page.add_widget(step_bar(self, lambda: self.app.go("home"), self.tr("new.start"), self.quick_start, middle))
        return page

    def players_actions(self, portrait: bool, heading: Widget | None = None) -> Widget:
        """The last table again and add a player: a rail on the right (a grid of two columns in portrait,
        with "more options"), above the step bar; ``heading``: the step's title at the rail's top."""
        lineup = self.last_lineup()
        specs = []
        if lineup is not None and not self.is_lineup(lineup):  # offered only when it would change something
            specs.append((self.tr("new.same_players"), lambda: self.use_lineup(lineup), True, 2))
        most = self.player_range()[1]
        room = len(self.rows) < most  # full: the button says why it cannot add one
        gone = (self.removed[1]["name"].strip() or self.tr("new.player_n", n=self.removed[0] + 1)) \
            if self.removed is not None and room else None
        if gone is not None:  # the player just removed, back in one tap (in the place of "+ Player")
            specs.append((self.tr("new.put_back", player=gone), self.put_back, True, 1))
        else:
            specs.append((self.tr("new.add") if room else self.tr("new.max_players", n=most), self.add_row, room, 1))
        if portrait:
            rail = GridLayout(cols=2, spacing=gap(), size_hint_y=None)
            rail.bind(minimum_height=rail.setter("height"))
        else:
            rail = BoxLayout(orientation="vertical", spacing=gap(), size_hint_x=None, width=px(250))
        for text, action, enabled, lines in specs:
            height = max(px(TOUCH.primary), box_for(TYPE.button, lines))
            b = BigButton(text=text, bg=theme.SEA_LIGHT, base_font=TYPE.button, disabled=not enabled,
                          size_hint_y=None, height=height * (1.3 if portrait else 1))
            b.bind(on_release=lambda _b, a=action: a())
            rail.add_widget(b)
        if portrait:  # "more options" with the other actions (the bar has Back and Start only)
            more = BigButton(text=self.tr("new.more_options"), bg=theme.SEA_LIGHT, base_font=TYPE.button,
                             size_hint_y=None, height=px(TOUCH.primary) * 1.3)
            more.bind(on_release=lambda *_: self.next_step())
            rail.add_widget(more)
            outer = BoxLayout(orientation="vertical", spacing=gap())
            outer.add_widget(rail)
            outer.add_widget(Widget())
            return outer
        if heading is not None:
            rail.add_widget(heading, index=len(rail.children))
        else:
            rail.add_widget(Widget())
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
        """A saved player seated in their own colour (their newest game's), when no other player at the
        table has it (an empty seat holding it gives it up): one person, one colour in setup, play, podium
        and history."""
        from companion.app.saved_players import saved_colours
        from companion.history.names import Names

        try:
            key = Names(self.c.session.log.player_aliases()).resolve(row["name"].strip()).key
        except Exception:  # noqa: BLE001 (a log in use: the seat's colour stays)
            return
        colour = saved_colours(self.c.session.log).get(key)
        if colour not in COLOUR_IDS:
            return
        holder = next((r for r in self.rows if r is not row and r["colour"] == colour), None)
        if holder is None:
            row["colour"] = colour
        elif not holder["name"].strip():  # an empty seat's colour is only a placeholder: the two swap
            holder["colour"], row["colour"] = row["colour"], colour

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

