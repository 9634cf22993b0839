"""Fort Boyard's options on the new game's setup (after the players): the text of the physical cards
(red or blue), the riddles' level, each deck from the game's cards or the companion's, and the code words
(the cards' or the companion's, then each player's level on a page of its own).

The shared setup screen (companion.app.screens.newgame) owns the players, who starts and the step
buttons; this form builds Fort Boyard's pages inside it and says what the ``new`` command records."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel
from companion.app.games.fort_boyard.cards import DECK_KINDS
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import Segmented, box_for, gap, icon, left_label, px

CARD_TEXTS = ("red", "blue")
LEVELS = ("mixed", "easy", "hard")
SOURCES = ("physical", "companion")


def recorded_options(start: Mapping[str, Any] | None) -> dict[str, Any]:
    """The cards a recorded game chose (its ``new`` command's table), each checked: the log is trusted no
    more than any input, an unknown value becomes the box's default."""
    table = start.get("table") if isinstance(start, Mapping) and isinstance(start.get("table"), Mapping) else {}
    decks = table.get("decks") if isinstance(table.get("decks"), Mapping) else {}
    return {
        "card_text": table.get("card_text") if table.get("card_text") in CARD_TEXTS else "red",
        "decks": {d: decks.get(d) if decks.get(d) in SOURCES else "physical" for d in DECK_KINDS},
        "level": table.get("level") if table.get("level") in LEVELS else "mixed",
    }


class OptionsForm:
    """What the table chooses for a Fort Boyard game, and the pages that choose it."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.code_words = "cards"  # the cards' code words, until the table chooses (kept for the next game)
        self.word_levels: dict[str, str] = {}
        self.reset()

    def reset(self) -> None:
        """The box's defaults: red text, the game's own cards, riddles of every level (the code words the
        table chose last stay, as each player's level)."""
        self.card_text = "red"
        self.level = "mixed"  # riddles of the companion's deck: mixed, easy or hard
        self.decks = {deck: "physical" for deck in DECK_KINDS}

    # --- what the game records -----------------------------------------------------------------------

    def options(self) -> dict[str, Any]:
        chosen: dict[str, Any] = {"card_text": self.card_text, "decks": dict(self.decks), "level": self.level}
        if self.code_words == "companion":
            chosen.update(code_words="companion",
                          levels={n: self.word_levels.get(n, "easy") for n in self.screen.names()})
        return chosen

    def matches(self, options: Mapping[str, Any]) -> bool:
        """The form already holds ``options`` (a recorded game's cards)."""
        return (self.card_text, self.level, self.decks) == (options.get("card_text"), options.get("level"),
                                                           dict(options.get("decks", {})))

    def use(self, options: Mapping[str, Any]) -> None:
        self.card_text = options.get("card_text", "red")
        self.level = options.get("level", "mixed")
        self.decks = dict(options.get("decks") or {d: "physical" for d in DECK_KINDS})

    # --- the pages -----------------------------------------------------------------------------------

    @property
    def pages(self) -> int:
        """Option pages after the players: the cards, and each player's level with the companion's words."""
        return 2 if self.code_words == "companion" else 1

    def page(self, n: int) -> Widget:
        return self.code_words_page() if n == 2 else self.cards_page()

    def cards_page(self) -> Widget:
        s, tr = self.screen, self.screen.tr
        portrait = s.app.portrait
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.s))
        top = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=px(SPACE.s))
        back = BigButton(text=tr("new.back"), bg=theme.STONE, base_font=TYPE.button,
                         size_hint_x=0.25 if portrait else 0.18)
        back.bind(on_release=lambda *_: s.back_to_players())
        top.add_widget(back)
        title = FitLabel(text=s.step_title("new.step_options", " · " if portrait else "\n"), base_font=TYPE.heading,
                         bold=True, color=theme.GOLD, wrap=False, size_hint_x=0.2)  # numbered as steps 1 and 3
        if portrait:  # narrow: the title on a line of its own
            title.size_hint = (1, None)
            title.height = box_for(TYPE.heading)
            box.add_widget(title)
        else:
            top.add_widget(title)
        from companion.app.games.fort_boyard.codewords import code_words_row  # issue 17: the companion's code words
        words = code_words_row(self).children[-1]  # the cards' or the companion's: the toggle, in the top bar
        words.parent.remove_widget(words)
        words.size_hint, words.base_font = (0.36 if not portrait else 0.4, 1), TYPE.body
        top.add_widget(words)
        last = self.pages == 1  # then each player's level: page 3
        start = BigButton(text=tr("new.start" if last else "new.next"), bg=theme.GOLD, base_font=TYPE.button,
                          bold=True, size_hint_x=0.35 if portrait else 0.26)
        start.bind(on_release=lambda *_: s.start() if last else s.next_page())
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

    def code_words_page(self) -> Widget:
        """Page 3, with the companion's code words: each player's level (issue 17), then start."""
        from companion.app.games.fort_boyard.codewords import code_words_row

        s, tr = self.screen, self.screen.tr
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.s))
        top = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=px(SPACE.s))
        back = BigButton(text=tr("new.back"), bg=theme.STONE, base_font=TYPE.button, size_hint_x=0.25)
        back.bind(on_release=lambda *_: s.previous_page())
        top.add_widget(back)
        title = FitLabel(text=s.step_title("new.step_code_words"), base_font=TYPE.heading, bold=True,
                         color=theme.GOLD, wrap=False, size_hint_x=0.4)
        if s.app.portrait:  # narrow: the title (after the game's name) on a line of its own, as on page 2
            title.size_hint, title.height = (1, None), box_for(TYPE.heading)
            box.add_widget(title)
            top.add_widget(Widget(size_hint_x=0.4))
        else:
            top.add_widget(title)
        start = BigButton(text=tr("new.start"), bg=theme.GOLD, base_font=TYPE.button, bold=True, size_hint_x=0.35)
        start.bind(on_release=lambda *_: s.start())
        top.add_widget(start)
        box.add_widget(top)
        levels = code_words_row(self)
        levels.cols = 1 if s.app.portrait else 2
        levels.spacing = gap()
        for row in levels.children:  # the code words' toggle, each player's name and level, at the body's size
            row.height = px(TOUCH.minimum) * (1.4 if s.app.portrait else 1)
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

    # the code words' row reads these of the form as it did of the screen
    @property
    def tr(self):
        return self.screen.tr

    @property
    def app(self):
        return self.screen.app

    def names(self) -> list[str]:
        return self.screen.names()

    def rebuild(self) -> None:
        self.screen.rebuild()

    def who_and_text(self, portrait: bool) -> Widget:
        s = self.screen
        column = BoxLayout(orientation="vertical", spacing=gap())
        s.first_choices(column, portrait)  # the shared part: who starts (the die, or a name)
        height = px(TOUCH.minimum)
        s.labelled(column, s.tr("new.card_text"),
                   Segmented([("red", s.tr("new.red")), ("blue", s.tr("new.blue"))], self.card_text,
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
        s = self.screen
        column = BoxLayout(orientation="vertical", spacing=gap())
        height = px(TOUCH.minimum)
        s.labelled(column, s.tr("new.level"),
                   Segmented([(lv, s.tr("new.level." + lv)) for lv in LEVELS],
                             self.level, self.set_level, font=TYPE.body, name="level", height=height), False)
        column.add_widget(s.caption(s.tr("new.cards_from")))
        for deck in DECK_KINDS:
            row = BoxLayout(size_hint_y=None, height=height, spacing=gap())
            row.add_widget(icon(deck, TYPE.button * 1.4, tint=theme.TEXT, pos_hint={"center_y": 0.5}))
            row.add_widget(left_label(s.tr("space." + deck), TYPE.body, size_hint_x=0.36))
            sources = Segmented([("physical", s.tr("new.source.physical")),
                                 ("companion", s.tr("new.source.companion"))],
                                self.decks[deck], lambda v, d=deck: self.set_deck(d, v), font=TYPE.body,
                                name=deck, height=height, size_hint_x=0.64)
            for segment, share in zip(sources.segments, (0.38, 0.62)):  # the longer word gets the room
                segment.size_hint_x = share
            row.add_widget(sources)
            column.add_widget(row)
        column.add_widget(Widget())
        return column

    def set_card_text(self, value: str) -> None:
        self.card_text = value
        self.screen.rebuild()

    def set_level(self, value: str) -> None:
        self.level = value
        self.screen.rebuild()

    def set_deck(self, deck: str, source: str) -> None:
        self.decks[deck] = source
        self.screen.rebuild()
