"""New game (players, colours, seating, who starts, cards; the die that picks the first player: dice.py).

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
from companion.app.controller import DECK_KINDS, PlayerSetup
from companion.app.controls import BigButton, FitLabel, colour_rgba
from companion.app.initials import unique_initials
from companion.app.lineup import COLOUR_IDS, last_lineup
from companion.app.look.palette import PLAYER_NAMES
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import IconButton, Segmented, choice_look, box_for, gap, icon, left_label, paint_backdrop, px

MAX_PLAYERS = 6

from companion.app.screens.dice import DiceScreen  # noqa: E402,F401 (the app's screen list imports it from here)


class NewGameScreen(BaseScreen):
    in_game = False

    def __init__(self, app, **kw):
        super().__init__(app, **kw)
        self.picker: ModalView | None = None
        self.reset_form()

    def reset_form(self) -> None:
        self.rows: list[dict] = [{"name": "", "colour": COLOUR_IDS[i]} for i in range(2)]
        self.step = 1
        self.first: str | None = None  # None: the companion rolls
        self.card_text = "red"
        self.level = "mixed"  # riddles of the companion's deck: mixed, easy or hard
        self.decks = {deck: "physical" for deck in DECK_KINDS}
        self.message = ""

    def body(self) -> Widget:
        paint_backdrop(self, None)
        if self.step == 3 and getattr(self, "code_words", "cards") == "companion":
            return self.code_words_step()
        return self.players_step() if self.step == 1 else self.options_step()

    # --- step 1: players ---------------------------------------------------------------------------

    def players_step(self) -> Widget:
        portrait = self.app.portrait
        page = BoxLayout(orientation="vertical", spacing=gap())
        title = self.message or self.tr("new.step_players") + " – " + self.tr("new.players")
        page.add_widget(left_label(title, TYPE.heading, theme.GOLD, bold=True, size_hint_y=None,
                                   height=box_for(TYPE.heading, 2 if portrait else 1)))
        box = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(SPACE.s))
        initials = unique_initials([r["name"].strip() or str(i + 1) for i, r in enumerate(self.rows)])
        row_height = px(TOUCH.icon_button) * (1.25 if portrait else 1)
        rows = BoxLayout(orientation="vertical", spacing=gap(), size_hint_y=None,
                         height=len(self.rows) * (row_height + px(SPACE.xs)))
        for i, row in enumerate(self.rows):
            rows.add_widget(self.player_row(i, row, initials[row["name"].strip() or str(i + 1)], row_height))
        left = BoxLayout(orientation="vertical")
        left.add_widget(rows)
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
        room = len(self.rows) < MAX_PLAYERS  # full: the button says why it cannot add one
        specs += [(self.tr("new.add") if room else self.tr("new.max_players", n=MAX_PLAYERS), theme.SEA_LIGHT,
                   self.add_row, room, 1),
                  (self.tr("new.next"), theme.GOLD, self.next_step, True, 1)]
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
        j = i + delta
        self.rows[i], self.rows[j] = self.rows[j], self.rows[i]
        self.rebuild()

    def remove(self, i: int) -> None:
        del self.rows[i]
        self.rebuild()

    def add_row(self) -> None:
        taken = {r["colour"] for r in self.rows}
        colour = next(c for c in COLOUR_IDS if c not in taken)
        self.rows.append({"name": "", "colour": colour})
        self.rebuild()

    def last_lineup(self):
        """The players of the newest game in the log (finished or not), read from its ``new`` command."""
        return last_lineup(self.c.session.log)

    def is_lineup(self, lineup) -> bool:
        """The form already holds the last table: the same names in the same seats and colours, the same
        cards (then "same players as last time" would change nothing)."""
        rows = [{"name": p.name, "colour": p.colour} for p in lineup.players]
        return ([{"name": r["name"].strip(), "colour": r["colour"]} for r in self.rows] == rows
                and (self.card_text, self.level, self.decks) == (lineup.card_text, lineup.level, lineup.deck_sources()))

    def use_lineup(self, lineup) -> None:
        """The last table in one tap: names in their seats, their colours, the cards they chose."""
        self.rows = [{"name": p.name, "colour": p.colour} for p in lineup.players]
        self.card_text, self.level, self.decks = lineup.card_text, lineup.level, lineup.deck_sources()
        self.message = ""
        self.rebuild()

    def names(self) -> list[str]:
        return [r["name"].strip() for r in self.rows]

    def next_step(self) -> None:
        names = self.names()
        if not 2 <= len(names) <= MAX_PLAYERS or any(not n for n in names) or len({n.casefold() for n in names}) != len(names):
            self.message = self.tr("new.names_needed")
            self.rebuild()
            return
        self.message = ""
        self.step = 2
        if self.first not in names:
            self.first = None
        self.rebuild()

    # --- step 2: who starts, cards -------------------------------------------------------------------

    def options_step(self) -> Widget:
        portrait = self.app.portrait
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.s))
        top = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=px(SPACE.s))
        back = BigButton(text=self.tr("new.back"), bg=theme.STONE, base_font=TYPE.button,
                         size_hint_x=0.25 if portrait else 0.18)
        back.bind(on_release=lambda *_: self.back_to_players())
        top.add_widget(back)
        title = FitLabel(text=self.tr("new.step_options"), base_font=TYPE.heading, bold=True, color=theme.GOLD,
                         wrap=False, size_hint_x=0.2)  # numbered as steps 1 and 3
        if portrait:  # narrow: the title on a line of its own
            title.size_hint = (1, None)
            title.height = box_for(TYPE.heading)
            box.add_widget(title)
        else:
            top.add_widget(title)
        from companion.app.screens.codewords import code_words_row  # issue 17: the companion's code words
        words = code_words_row(self).children[-1]  # the cards' or the companion's: the toggle, in the top bar
        words.parent.remove_widget(words)
        words.size_hint, words.base_font = (0.36 if not portrait else 0.4, 1), TYPE.body
        top.add_widget(words)
        companion = getattr(self, "code_words", "cards") == "companion"  # then each player's level: page 3
        start = BigButton(text=self.tr("new.next" if companion else "new.start"), bg=theme.GOLD, base_font=TYPE.button,
                          bold=True, size_hint_x=0.35 if portrait else 0.26)
        start.bind(on_release=lambda *_: self.to_code_words() if companion else self.start())
        top.add_widget(start)
        box.add_widget(top)
        columns = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(SPACE.m))
        columns.add_widget(self.who_and_text(portrait))
        cards = self.cards_column(portrait)
        columns.add_widget(cards)
        if not portrait:
            cards.size_hint_x = 1.25
        box.add_widget(columns)
        return box

    def to_code_words(self) -> None:
        self.step = 3
        self.rebuild()

    def code_words_step(self) -> Widget:
        """Page 3, with the companion's code words: each player's level (issue 17), then start."""
        from companion.app.screens.codewords import code_words_row

        box = BoxLayout(orientation="vertical", spacing=px(SPACE.s))
        top = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=px(SPACE.s))
        back = BigButton(text=self.tr("new.back"), bg=theme.STONE, base_font=TYPE.button, size_hint_x=0.25)
        back.bind(on_release=lambda *_: setattr(self, "step", 2) or self.rebuild())
        top.add_widget(back)
        top.add_widget(FitLabel(text=self.tr("new.step_code_words"), base_font=TYPE.heading, bold=True,
                                color=theme.GOLD, wrap=False, size_hint_x=0.4))
        start = BigButton(text=self.tr("new.start"), bg=theme.GOLD, base_font=TYPE.button, bold=True, size_hint_x=0.35)
        start.bind(on_release=lambda *_: self.start())
        top.add_widget(start)
        box.add_widget(top)
        levels = code_words_row(self)
        levels.cols = 1 if self.app.portrait else 2
        levels.spacing = gap()
        for row in levels.children:  # the code words' toggle, each player's name and level, at the body's size
            row.height = px(TOUCH.minimum) * (1.4 if self.app.portrait else 1)
            if not hasattr(row, "player"):
                row.base_font = TYPE.body
                continue
            name, choice = row.children[1], row.children[0]
            for part in (name, *choice.segments):
                part.base_font = TYPE.body
            choice.height = row.height
        box.add_widget(levels)
        box.add_widget(Widget())
        return box

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

    def who_and_text(self, portrait: bool) -> Widget:
        column = BoxLayout(orientation="vertical", spacing=gap())
        column.add_widget(self.caption(self.tr("new.first")))
        choices = [(None, self.tr("new.roll"))] + [(n, n) for n in self.names()]
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
        self.labelled(column, self.tr("new.card_text"),
                      Segmented([("red", self.tr("new.red")), ("blue", self.tr("new.blue"))], self.card_text,
                                self.set_card_text, name="card_text", height=height), portrait)
        # Portrait: the card text's caption beside its toggle, for the height that the cards below need
        # (a caption above it pushed the cards' column over its own top at 720×1280).
        if portrait:  # its own height, the cards below it
            column.size_hint_y = None
            column.height = sum(c.height for c in column.children) + column.spacing * (len(column.children) - 1)
        else:
            column.add_widget(Widget())
        return column

    def cards_column(self, portrait: bool) -> Widget:
        column = BoxLayout(orientation="vertical", spacing=gap())
        height = px(TOUCH.minimum)
        self.labelled(column, self.tr("new.level"),
                      Segmented([(lv, self.tr("new.level." + lv)) for lv in ("mixed", "easy", "hard")],
                                self.level, self.set_level, font=TYPE.body, name="level", height=height), False)
        column.add_widget(self.caption(self.tr("new.cards_from")))
        for deck in DECK_KINDS:
            row = BoxLayout(size_hint_y=None, height=height, spacing=gap())
            row.add_widget(icon(deck, TYPE.button * 1.4, tint=theme.TEXT, pos_hint={"center_y": 0.5}))
            row.add_widget(left_label(self.tr("space." + deck), TYPE.body, size_hint_x=0.36))
            sources = Segmented([("physical", self.tr("new.source.physical")),
                                 ("companion", self.tr("new.source.companion"))],
                                self.decks[deck], lambda v, d=deck: self.set_deck(d, v), font=TYPE.body,
                                name=deck, height=height, size_hint_x=0.64)
            for segment, share in zip(sources.segments, (0.38, 0.62)):  # the longer word gets the room
                segment.size_hint_x = share
            row.add_widget(sources)
            column.add_widget(row)
        column.add_widget(Widget())
        return column

    def choose_first(self, value: str | None) -> None:
        self.first = value
        self.rebuild()

    def set_card_text(self, value: str) -> None:
        self.card_text = value
        self.rebuild()

    def set_level(self, value: str) -> None:
        self.level = value
        self.rebuild()

    def set_deck(self, deck: str, source: str) -> None:
        self.decks[deck] = source
        self.rebuild()

    def back_to_players(self) -> None:
        self.step = 1
        self.rebuild()

    def start(self) -> None:
        players = [PlayerSetup(r["name"].strip(), r["colour"]) for r in self.rows]

        def go():
            from companion.app.screens.codewords import code_words_choice  # issue 17
            answer = self.c.new_game(players, self.first, self.card_text, dict(self.decks), level=self.level,
                                     **code_words_choice(self))
            if answer["ok"]:
                self.reset_form()
                self.app.after_new_game(answer)
            else:
                self.message = answer["error"]["message"]
                self.step = 1
                self.rebuild()

        if self.c.in_progress:
            self.app.confirm(self.tr("new.confirm_replace"), go)
        else:
            go()
