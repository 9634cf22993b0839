"""New game (players, colours, seating, who starts, cards) and the die that picks the first player."""

from __future__ import annotations

import random

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controller import DECK_KINDS, PlayerSetup
from companion.app.screens.base import BaseScreen
from companion.app.controls import BigButton, FitLabel, Panel, Scale, colour_rgba, touch_height

MAX_PLAYERS = 6


class NewGameScreen(BaseScreen):
    in_game = False

    def __init__(self, app, **kw):
        super().__init__(app, **kw)
        self.reset_form()

    def reset_form(self) -> None:
        self.rows: list[dict] = [{"name": "", "colour": theme.PLAYER_COLOURS[i][0]} for i in range(2)]
        self.step = 1
        self.first: str | None = None  # None: the companion rolls
        self.card_text = "red"
        self.level = "mixed"  # riddles of the companion's deck: mixed, easy or hard
        self.decks = {deck: "physical" for deck in DECK_KINDS}
        self.message = ""

    def body(self) -> Widget:
        return self.players_step() if self.step == 1 else self.options_step()

    # --- step 1: players ---------------------------------------------------------------------------

    def players_step(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(4), padding=Scale.px(4))
        box.add_widget(self.title(self.tr("new.step_players") + " – " + self.tr("new.players"), base_font=24, height=40))
        grid = GridLayout(cols=1, spacing=Scale.px(4))
        for i, row in enumerate(self.rows):
            grid.add_widget(self.player_row(i, row))
        box.add_widget(grid)
        if self.message:
            box.add_widget(FitLabel(text=self.message, base_font=16, color=theme.GOLD, size_hint_y=None, height=Scale.px(28)))
        bottom = BoxLayout(size_hint_y=None, height=touch_height(), spacing=Scale.px(6))
        for text, colour, action, enabled in (
            (self.tr("new.back"), theme.SEA_LIGHT, lambda: self.app.go("home"), True),
            (self.tr("new.add"), theme.STONE, self.add_row, len(self.rows) < MAX_PLAYERS),
            (self.tr("new.next"), theme.GOLD, self.next_step, True),
        ):
            b = BigButton(text=text, bg=colour, base_font=20, disabled=not enabled)
            b.bind(on_release=lambda _b, a=action: a())
            bottom.add_widget(b)
        box.add_widget(bottom)
        return box

    def player_row(self, i: int, row: dict) -> Widget:
        line = BoxLayout(spacing=Scale.px(4), size_hint_y=None, height=max(Scale.px(44), touch_height() * 0.8))
        colour = BigButton(text=(row["name"][:1] or str(i + 1)).upper(), bg=colour_rgba(row["colour"]),
                           size_hint_x=None, width=line.height * 1.2, base_font=20)
        colour.bind(on_release=lambda *_: self.cycle_colour(i))
        line.add_widget(colour)
        name = TextInput(text=row["name"], hint_text=self.tr("new.player_n", n=i + 1), multiline=False,
                         font_size=Scale.px(20), write_tab=False, padding=[Scale.px(8), Scale.px(8)])
        name.bind(text=lambda _w, value, r=row: r.__setitem__("name", value))
        line.add_widget(name)
        for text, action, enabled in (
            (self.tr("new.up"), lambda: self.move(i, -1), i > 0),
            (self.tr("new.down"), lambda: self.move(i, 1), i < len(self.rows) - 1),
            (self.tr("new.remove"), lambda: self.remove(i), len(self.rows) > 2),
        ):
            b = BigButton(text=text, bg=theme.SEA_LIGHT, base_font=15, size_hint_x=0.32, disabled=not enabled)
            b.bind(on_release=lambda _b, a=action: a())
            line.add_widget(b)
        return line

    def cycle_colour(self, i: int) -> None:
        taken = {r["colour"] for j, r in enumerate(self.rows) if j != i}
        names = [n for n, _ in theme.PLAYER_COLOURS]
        k = names.index(self.rows[i]["colour"])
        for step in range(1, len(names) + 1):
            candidate = names[(k + step) % len(names)]
            if candidate not in taken:
                self.rows[i]["colour"] = candidate
                break
        self.rebuild()

    def move(self, i: int, delta: int) -> None:
        j = i + delta
        self.rows[i], self.rows[j] = self.rows[j], self.rows[i]
        self.rebuild()

    def remove(self, i: int) -> None:
        del self.rows[i]
        self.rebuild()

    def add_row(self) -> None:
        taken = {r["colour"] for r in self.rows}
        colour = next(n for n, _ in theme.PLAYER_COLOURS if n not in taken)
        self.rows.append({"name": "", "colour": colour})
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
        box = BoxLayout(orientation="vertical", spacing=Scale.px(4), padding=Scale.px(4))
        box.add_widget(self.title(self.tr("new.step_options"), base_font=24, height=36))
        box.add_widget(FitLabel(text=self.tr("new.first"), base_font=18, color=theme.GOLD, size_hint_y=None, height=Scale.px(26)))
        first = GridLayout(cols=4 if not self.app.portrait else 2, spacing=Scale.px(4), size_hint_y=None)
        first.bind(minimum_height=first.setter("height"))
        choices = [(None, self.tr("new.roll"))] + [(n, n) for n in self.names()]
        for value, text in choices:
            b = BigButton(text=text, base_font=17, size_hint_y=None, height=touch_height() * 0.9,
                          bg=theme.GOLD if self.first == value else theme.SEA_LIGHT)
            b.bind(on_release=lambda _b, v=value: self.choose_first(v))
            first.add_widget(b)
        box.add_widget(first)
        cards = GridLayout(cols=3 if not self.app.portrait else 1, spacing=Scale.px(4), size_hint_y=None)
        cards.bind(minimum_height=cards.setter("height"))
        text_colour = self.tr("new.red") if self.card_text == "red" else self.tr("new.blue")
        b = BigButton(text=self.tr("common.labelled", label=self.tr("new.card_text"), value=text_colour), base_font=16, size_hint_y=None,
                      height=touch_height() * 0.9,
                      bg=theme.DANGER if self.card_text == "red" else theme.hex_rgba("2c6fb7"))
        b.bind(on_release=lambda *_: self.toggle_card_text())
        cards.add_widget(b)
        b = BigButton(text=self.tr("common.labelled", label=self.tr("new.level"), value=self.tr("new.level." + self.level)),
                      base_font=16, size_hint_y=None, height=touch_height() * 0.9, bg=theme.SEA_LIGHT)
        b.bind(on_release=lambda *_: self.cycle_level())
        cards.add_widget(b)
        for deck in DECK_KINDS:
            source = self.tr("new.companion" if self.decks[deck] == "companion" else "new.physical")
            b = BigButton(text=self.tr("common.labelled", label=self.tr("space." + deck), value=source), base_font=16, size_hint_y=None,
                          height=touch_height() * 0.9,
                          bg=theme.hex_rgba(theme.SPACE_COLOURS[deck]) if self.decks[deck] == "companion" else theme.STONE_DARK)
            b.bind(on_release=lambda _b, d=deck: self.toggle_deck(d))
            cards.add_widget(b)
        box.add_widget(cards)
        from companion.app.screens.codewords import code_words_row  # issue 17: the companion's code words
        box.add_widget(code_words_row(self))
        box.add_widget(Widget())
        bottom = BoxLayout(size_hint_y=None, height=touch_height(), spacing=Scale.px(6))
        back = BigButton(text=self.tr("new.back"), bg=theme.SEA_LIGHT, base_font=20)
        back.bind(on_release=lambda *_: self.back_to_players())
        start = BigButton(text=self.tr("new.start"), bg=theme.GOLD, base_font=24)
        start.bind(on_release=lambda *_: self.start())
        bottom.add_widget(back)
        bottom.add_widget(start)
        box.add_widget(bottom)
        return box

    def choose_first(self, value: str | None) -> None:
        self.first = value
        self.rebuild()

    def toggle_card_text(self) -> None:
        self.card_text = "blue" if self.card_text == "red" else "red"
        self.rebuild()

    def cycle_level(self) -> None:
        levels = ("mixed", "easy", "hard")
        self.level = levels[(levels.index(self.level) + 1) % len(levels)]
        self.rebuild()

    def toggle_deck(self, deck: str) -> None:
        self.decks[deck] = "physical" if self.decks[deck] == "companion" else "companion"
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


class DiceScreen(BaseScreen):
    """The companion's die rolls for the first player, revealed one roll-off at a time."""

    in_game = False
    rolls: list[dict] = []
    first: str = ""
    instant = False  # no tumbling: every roll-off at once (screenshots)

    def body(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(8), padding=Scale.px(10))
        box.add_widget(self.title(self.tr("dice.title"), colour=theme.GOLD))
        self.lines = GridLayout(cols=1, spacing=Scale.px(4))
        box.add_widget(self.lines)
        self.result = FitLabel(text="", base_font=30, bold=True, size_hint_y=None, height=Scale.px(50))
        box.add_widget(self.result)
        go = BigButton(text=self.tr("dice.go"), bg=theme.GOLD, size_hint_y=None, height=touch_height())
        go.bind(on_release=lambda *_: self.app.show_phase())
        box.add_widget(go)
        self.step = 0
        Clock.schedule_once(self.reveal, 0.1)
        return box

    def reveal(self, *_):
        """Each roll-off tumbles for a moment (faces flicker), then shows the real rolls."""
        if self.step >= len(self.rolls):
            self.result.text = self.tr("dice.first", player=self.first)
            return
        rolls = self.rolls[self.step]
        row = Panel(orientation="vertical", padding=Scale.px(4))
        # One line of rolls; on the portrait display, three to a line (six names side by side would be tiny).
        grid = GridLayout(cols=min(3, len(rolls)) if self.app.portrait else len(rolls), spacing=Scale.px(4))
        labels = {name: FitLabel(text="", base_font=28) for name in rolls}
        for label in labels.values():
            grid.add_widget(label)
        row.add_widget(grid)
        self.lines.add_widget(row)
        tumble = random.Random(self.step)  # only the animation: the rolls come from the game log

        def frame(n: int) -> None:
            for name, label in labels.items():
                value = rolls[name] if n == 0 else tumble.randint(1, 6)
                label.text = self.tr("dice.roll", player=name, value=value)
            if n:
                Clock.schedule_once(lambda *_: frame(n - 1), 0.07)
            else:
                if self.step < len(self.rolls) - 1:
                    self.lines.add_widget(FitLabel(text=self.tr("dice.tie"), base_font=16, color=theme.STONE))
                self.step += 1
                if self.instant:
                    self.reveal()
                else:
                    Clock.schedule_once(self.reveal, 0.5)

        frame(0 if self.instant else 8)
