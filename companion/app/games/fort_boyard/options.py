"""Fort Boyard's options on the new game's setup (after the players): the text of the physical cards
(red or blue), the riddles' level, each deck from the game's cards or the companion's, and the code words
(the cards' or the companion's, then each player's level on a page of its own): three pages, or two
with the cards' code words, each whole on the screen.

The shared setup screen (companion.app.screens.newgame) owns the players, who starts and the step
buttons; this form builds Fort Boyard's pages inside it and says what the ``new`` command records."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.games.fort_boyard.cards import DECK_KINDS
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import Segmented, box_for, gap, icon, left_label, options_bar, px, text_width

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

    # --- the pages ---------------------------------------------------------------------------------
    # Each page fits the screen at the body's size (every word ≥ 20 px at 800×480, every choice in sight:
    # no page scrolls); the setup's step bar under each has Back, the title and Next / Start.

    @property
    def pages(self) -> int:
        """Option pages after the players: who starts and the table's choices, the cards, and each player's
        level with the companion's code words."""
        return 3 if self.code_words == "companion" else 2

    def page_title(self, n: int) -> str:
        return ("new.step_options", "new.step_cards", "new.step_code_words")[min(n, 3) - 1]

    def page(self, n: int) -> Widget:
        if n == 2:
            return self.cards_page()
        return self.code_words_page() if n == 3 else self.table_page()

    def table_page(self) -> Widget:
        """Page 1: who starts (left), the cards' text and the code words (right); stacked in portrait."""
        s, tr = self.screen, self.screen.tr
        portrait = s.app.portrait
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.s))
        box.add_widget(options_bar(s, 1, self.pages))
        columns = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(SPACE.m))
        left = BoxLayout(orientation="vertical", spacing=gap())
        s.first_choices(left, portrait, roomy=True)  # the shared part: who starts (the die, or a name)
        right = BoxLayout(orientation="vertical", spacing=gap())
        height = px(TOUCH.minimum)
        self.captioned(right, tr("new.card_text"),
                       Segmented([("red", tr("new.red")), ("blue", tr("new.blue"))], self.card_text,
                                 self.set_card_text, font=TYPE.body, name="card_text", height=height))
        self.captioned(right, tr("new.code_words"),
                       Segmented([(v, tr("new.code_words." + v)) for v in ("cards", "companion")], self.code_words,
                                 self.set_code_words, font=TYPE.body, name="code_words", height=height))
        for column in (left, right):
            if portrait:  # each its own height, one under the other
                column.size_hint_y = None
                column.height = sum(c.height for c in column.children) + column.spacing * (len(column.children) - 1)
            else:
                column.add_widget(Widget())
            columns.add_widget(column)
        if portrait:
            columns.add_widget(Widget())
        box.add_widget(columns)
        return box

    def captioned(self, column: Widget, text: str, control: Widget) -> None:
        """A caption over its control, on two lines when one is too narrow at the body's size."""
        from kivy.core.window import Window

        room = (Window.width - px(SPACE.s)) * (1 if self.screen.app.portrait else 0.5) - px(SPACE.m)  # the margins
        lines = 1 if text_width(text, TYPE.body, True) <= room else 2
        column.add_widget(left_label(text, TYPE.body, theme.GOLD, bold=True, size_hint_y=None,
                                     height=box_for(TYPE.body, lines)))
        column.add_widget(control)

    def cards_page(self) -> Widget:
        """Page 2: the companion's riddles' level, then where each deck's cards come from, a row each."""
        s, tr = self.screen, self.screen.tr
        box = BoxLayout(orientation="vertical", spacing=gap())
        box.add_widget(options_bar(s, 2, self.pages))
        height = px(TOUCH.minimum)
        self.captioned(box, tr("new.level"),
                       Segmented([(lv, tr("new.level." + lv)) for lv in LEVELS], self.level, self.set_level,
                                 font=TYPE.body, name="level", height=height))
        box.add_widget(s.caption(tr("new.cards_from")))
        for deck in DECK_KINDS:
            row = BoxLayout(size_hint_y=None, height=height, spacing=gap())
            row.add_widget(icon(deck, TYPE.button * 1.4, tint=theme.TEXT, pos_hint={"center_y": 0.5}))
            row.add_widget(left_label(tr("space." + deck), TYPE.body, size_hint_x=0.4))
            sources = Segmented([("physical", tr("new.source.physical")), ("companion", tr("new.source.companion"))],
                                self.decks[deck], lambda v, d=deck: self.set_deck(d, v), font=TYPE.body,
                                name=deck, height=height, size_hint_x=0.6)
            for segment, share in zip(sources.segments, (0.4, 0.6)):  # the longer word gets the room
                segment.size_hint_x = share
            row.add_widget(sources)
            box.add_widget(row)
        box.add_widget(Widget())
        return box

    def code_words_page(self) -> Widget:
        """Page 3, with the companion's code words: each player's level (issue 17), then start."""
        from companion.app.games.fort_boyard.codewords import level_row

        s = self.screen
        portrait = s.app.portrait
        box = BoxLayout(orientation="vertical", spacing=gap())
        box.add_widget(options_bar(s, 3, self.pages))
        box.add_widget(s.caption(s.tr("new.word_levels")))
        # One player a row (six fit at 800×480): a long name keeps the body's size beside its choice.
        levels = BoxLayout(orientation="vertical", spacing=gap(), size_hint_y=None)
        levels.bind(minimum_height=levels.setter("height"))
        for name in s.names():
            row = level_row(self, name, self.word_levels.get(name, "easy"), font=TYPE.body)
            row.height = px(TOUCH.minimum) * (1.4 if portrait else 1)
            name_label, choice = row.children[1], row.children[0]
            name_label.halign, name_label.size_hint_x, choice.size_hint_x = "left", 0.45, 0.55
            choice.height = row.height
            levels.add_widget(row)
        box.add_widget(levels)
        box.add_widget(Widget())
        return box

    # the code words' rows read these of the form as they did of the screen
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

    def set_code_words(self, value: str) -> None:
        self.code_words = value
        self.screen.rebuild()

    def set_card_text(self, value: str) -> None:
        self.card_text = value
        self.screen.rebuild()

    def set_level(self, value: str) -> None:
        self.level = value
        self.screen.rebuild()

    def set_deck(self, deck: str, source: str) -> None:
        self.decks[deck] = source
        self.screen.rebuild()
