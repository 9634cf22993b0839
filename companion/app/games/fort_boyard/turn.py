"""A turn: where the pawn landed, then the challenge or dive that follows (the Duel: duel.py, the Énigme:
riddle.py). Each screen says whose turn it is and what to do next in the step's size, and has a "?" for
the rule of its space."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, IconButton, Panel
from companion.app.look.tokens import LINE_HEIGHT, TYPE, line_box, px, space_colour
from companion.app.screens.base import BaseScreen
from companion.app.screens.hourglass_view import HourglassView, hourglass_fresh
from companion.app.games.fort_boyard.codewords import HoldButton
from companion.app.games.fort_boyard.spaces import SpaceTile
from companion.app.screens.kit import box_for, icon_and_words
from companion.app.widgets import art

CARD_LEADING = 0.9  # a challenge card's lines, closer than a paragraph's (Andika's line is 1.6 of its size)
SPACES = ("door", "concentration", "force", "duel", "enigme", "prison", "passe_partout")


def big_buttons(specs: list[tuple], cols: int | None = None, height: float | None = None,
                font: int = TYPE.button) -> Widget:
    """A row (or grid) of big buttons: (text, colour, callback, icon name or None)."""
    cols = cols or len(specs)
    rows = (len(specs) + cols - 1) // cols
    height = height or art.px(64)
    grid = GridLayout(cols=cols, spacing=art.px(10), size_hint_y=None, height=height * rows + art.px(10) * (rows - 1))
    for text, colour, callback, icon in specs:
        kw = {"icon": art.icon(icon)} if icon else {}
        b = IconButton(text=text, bg=colour, base_font=font, **kw)
        b.bind(on_release=lambda _b, cb=callback: cb())
        grid.add_widget(b)
    return grid


JUDGE_WIDTH = 150  # px at 800×480: a muted judge beside the line that says why (its icon and word)


def judge_buttons(screen: BaseScreen, yes: str, no: str, on_yes, on_no, cols: int | None = None) -> Widget:
    """✓ and ✗ with their words, in the success and failure roles: never colour alone. Before the hourglass
    has run they are muted (faded, untappable) beside a line that says to start it first (in portrait the
    start button right above them says it): a judge tapped at once skipped the challenge's time (the
    review). Once started (or run out) the screen is laid out again with them as the main action.
    ``cols=1``: the two in a column that fills its height (the Énigme)."""
    fresh = hourglass_fresh(screen.app.ring)
    grid = big_buttons([(yes, theme.OK, on_yes, "success"), (no, theme.FAILURE, on_no, "failure")], cols=cols,
                       height=art.px(64 if not fresh else 56 if screen.app.portrait else 48),
                       font=TYPE.body if fresh else TYPE.button)
    if not fresh:
        return grid
    for button in grid.children:
        button.disabled = True
    grid.judges_muted = True  # what tests look for
    if screen.app.portrait:  # right under "Start the hourglass": that button is the line, the ring keeps its size
        return grid
    column = cols == 1
    line = FitLabel(text=screen.tr("fb.judge_after_start"), base_font=TYPE.body, color=theme.TEXT,
                    size_hint_y=None, height=line_box(TYPE.body, 2 if column else 1, art.profile()))
    if column:  # the Énigme's column: the line over the two, which share what it leaves
        box = BoxLayout(orientation="vertical", spacing=art.px(4))
        grid.size_hint_y = 1
    else:  # beside the two, in their row: the card above keeps its height
        box = BoxLayout(orientation="horizontal", spacing=art.px(10), size_hint_y=None, height=grid.height)
        line.size_hint_y, line.pos_hint = 1, {"center_y": 0.5}
        grid.size_hint_x, grid.width = None, art.px(2 * JUDGE_WIDTH + 10)
    box.add_widget(line)
    box.add_widget(grid)
    return box


ANSWER_FONT = 30  # an answer shown to the judge: a key figure, read at arm's length (28 px at least)


def answer_hold(screen: BaseScreen, key: str, answer: str, hint_key: str = "enigme.hold_answer") -> Widget:
    """The answer for the judge, shown only while a finger is held on this small strip and hidden again on
    release (a tap that stayed would spoil the riddle for the player still answering)."""
    hint = screen.tr(hint_key)

    def held(down: bool) -> None:
        # the answer itself is the key figure: 28 px and bold while held (the review), the hint smaller
        strip.base_font, strip.bold = (ANSWER_FONT, True) if down else (TYPE.caption, False)
        strip.text = screen.tr(key, answer=answer) if down else hint

    strip = HoldButton(held, text=hint, bg=theme.STONE_DARK, base_font=TYPE.caption, size_hint_y=None,
                       height=art.px(48))
    strip.answer_hold = True  # what tests look for: the hint's words change with the language
    return strip


class TurnScreen(BaseScreen):
    """Whose turn in the step's size, then the seven spaces with their icon, word and board colour. On the
    Passe-partout the player picks the space: the screen says any space will do."""

    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        choosing = v["phase"] == "passe_partout"
        key = "play.choose_space" if choosing else "play.pawn_where"
        box.add_widget(self.step_row(self.tr(key, player=v["current"]), None))
        spaces = [s for s in SPACES if not (choosing and s == "passe_partout")]
        if choosing:
            note = icon_and_words("passe_partout", self.tr("play.any_space"), TYPE.button)
            if self.app.portrait:  # the narrow width: two lines, at the button's size still
                note.height = box_for(TYPE.button, 2)
            box.add_widget(note)
        # Six spaces (the Passe-partout's choice) fill three columns; seven leave one slot of four.
        cols = 2 if self.app.portrait else (3 if len(spaces) == 6 else 4)
        grid = GridLayout(cols=cols, spacing=art.px(10))
        for space in spaces:
            # Portrait's tiles are low and narrower than their words beside a 40 px icon: a smaller one.
            b = SpaceTile(space, self.tr("space." + space), icon_px=art.px(32 if self.app.portrait else 40))
            b.bind(on_release=lambda _b, s=space: self.send({"cmd": "land", "space": s}))
            grid.add_widget(b)
        if not choosing:  # the seven tiles leave one slot: what to tap, in the family's words (the review)
            grid.add_widget(FitLabel(text=self.tr("play.tap_landed"), base_font=TYPE.body, color=theme.TEXT))
        box.add_widget(grid)
        return box


def reader_of(screen: BaseScreen) -> str:
    """The player on the current player's left, who reads the card to them (Concentration, Énigme)."""
    v = screen.c.view
    names = [p["name"] for p in v["players"]]
    return names[(names.index(v["current"]) + 1) % len(names)]


def physical_card(screen: BaseScreen, space: str) -> str:
    """What to do with the game's own card, with names: who draws and reads it, and to whom. The rulebook
    has the left-hand neighbour read Concentration and Énigme to the player; Force and Duel are read aloud."""
    me = screen.c.view["current"]
    values = {"space": screen.tr("space." + space), "colour": screen.tr("card." + screen.c.table.get("card_text", "red"))}
    if space in ("concentration", "enigme"):
        return screen.tr("challenge.physical_to", reader=reader_of(screen), player=me, **values)
    return screen.tr("challenge.physical_aloud", player=me, **values)


# The hourglass's column beside a card, at 800×480 (the ring is as wide as the column's height leaves it).
HOURGLASS_COLUMN = 248
DUEL_HOURGLASS = 216  # the duel's column: the card and the buzzers keep the rest of the width


def with_hourglass(screen: BaseScreen, main: Widget, actions: Widget, share: float = 0.5,
                   column: float = HOURGLASS_COLUMN) -> Widget:
    """The card (``main``) over the judges (``actions``), and the hourglass as the centre of attention: in
    landscape a column the whole height of both on the left, the ring above its button (204 px across at
    800×480, was 125), so that "Lancer le sablier" comes first in the row of actions; in portrait the ring
    and its button across the width between the card and the judges."""
    profile = art.profile()
    gap = art.px(10)  # 8 px and more on every profile (the check rounds up)
    if screen.app.portrait:
        box = BoxLayout(orientation="vertical", spacing=gap)
        main.size_hint_y = share
        box.add_widget(main)
        box.add_widget(HourglassView(screen, vertical=True, size_hint_y=1 - share))
        box.add_widget(actions)
        return box
    row = BoxLayout(orientation="horizontal", spacing=gap)
    right = BoxLayout(orientation="vertical", spacing=gap)
    right.add_widget(main)
    right.add_widget(actions)
    row.add_widget(HourglassView(screen, vertical=True, size_hint_x=None, width=art.px(column)))
    row.add_widget(right)
    return row


def after_colon(text: str) -> str:
    """A card's sentence set after "Réussite :" / "Success:": its first letter in lower case, as both
    languages write it after a colon (the review found "Réussite : De 1 à 30"), unless its first word is
    an acronym or "I"."""
    word = text.split(" ", 1)[0]
    if not word or word == "I" or (len(word) > 1 and word[1].isalpha() and not word[1].islower()):
        return text
    return text[0].lower() + text[1:]


def card_panel(screen: BaseScreen, space: str, **kw) -> Widget:
    """The companion's card for this turn, or what to do with the game's physical cards."""
    c = screen.c
    item = c.game_part.card_item()
    profile = art.profile()
    card = item is not None and space in ("concentration", "force")
    panel = Panel(orientation="vertical", padding=art.px(4 if card else 8), spacing=art.px(2 if card else 4), **kw)
    if card:
        # The step names the space; the card's own title is left out: its text and rule need the room. A
        # leading closer than Andika's tall line keeps the longest cards at 20 px and more at 800×480 (they
        # fell to 16 px at the paragraph's leading).
        panel.add_widget(FitLabel(text=screen.typeset(item.text), base_font=TYPE.body, line_height=CARD_LEADING))
        # What counts as a success is read by the whole table: the card's size, not a footnote's (two lines:
        # Kivy gives the last one its whole height, only the lines above take the closer leading).
        panel.add_widget(FitLabel(text=screen.tr("challenge.rule", rule=after_colon(item.success)), base_font=TYPE.body,
                                  color=theme.GOLD, size_hint_y=None, line_height=CARD_LEADING,
                                  height=round((TYPE.body * LINE_HEIGHT * (1 + CARD_LEADING) + 4) * art.scale()) + 1))
    elif item is not None and space == "duel":  # the question contest: the companion's question
        panel.add_widget(FitLabel(text=screen.typeset(item.question), base_font=TYPE.body))
        panel.add_widget(answer_hold(screen, "duel.answer", item.answer))
    elif c.game_part.deck_exhausted():
        panel.add_widget(FitLabel(text=screen.tr("challenge.deck_empty"), base_font=TYPE.body))
    else:
        panel.add_widget(FitLabel(text=physical_card(screen, space), base_font=TYPE.button))
    return panel


class ChallengeScreen(BaseScreen):
    """Concentration or Force: the card, the hourglass as the centre of attention, ✓ success or ✗ failure."""

    timed = True

    def time_up_words(self) -> tuple[str, str]:
        return (self.tr("fb.time_up.whose", player=self.c.view["current"]),
                self.tr("fb.time_up.judge", success=self.tr("common.success"), failure=self.tr("common.failure")))

    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        box.add_widget(self.step_row(self.tr("space." + v["space"]) + " – " + v["current"], v["space"]))
        judges = judge_buttons(self, self.tr("common.success"), self.tr("common.failure"),
                               lambda: self.send({"cmd": "result", "success": True}),
                               lambda: self.send({"cmd": "result", "success": False}))
        box.add_widget(with_hourglass(self, card_panel(self, v["space"]), judges))
        return box


class DiveScreen(BaseScreen):
    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        box.add_widget(self.step_row(self.tr("dive.title", player=v["current"]), None, rule=False))
        box.add_widget(FitLabel(text=self.tr("dive.question"), base_font=TYPE.heading, size_hint_y=None,
                                height=line_box(TYPE.heading, 2, art.profile())))
        box.add_widget(big_buttons([
            (self.tr("dive.reached"), theme.OK, lambda: self.send({"cmd": "dive", "reached": True}), "success"),
            (self.tr("dive.not_yet"), space_colour("concentration"), lambda: self.send({"cmd": "dive", "reached": False}), "dive"),
        ], height=art.px(96)))
        box.add_widget(Widget())
        return box
