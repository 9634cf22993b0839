"""A turn: where the pawn landed, then the challenge, Duel, Énigme or dive that follows. Each screen says
whose turn it is and what to do next in the step's size, and has a "?" for the rule of its space."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, IconButton, Panel, colour_rgba
from companion.app.look.tokens import TYPE, line_box, px, space_colour
from companion.app.screens.base import BaseScreen, HourglassView, hourglass_fresh
from companion.app.screens.buzzer_duel import BuzzerDuelPanel
from companion.app.screens.codewords import HoldButton
from companion.app.widgets import art
from companion.app.widgets.fouras import FourasPortrait

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


def judge_buttons(screen: BaseScreen, yes: str, no: str, on_yes, on_no) -> Widget:
    """✓ and ✗ with their words, in the success and failure roles: never colour alone. Before the hourglass
    has run they stay available (a table may judge at once) but secondary: lower, in the body's size, so
    that "Lancer le sablier" is the one main action."""
    fresh = hourglass_fresh(screen.app.ring)
    return big_buttons([(yes, theme.OK, on_yes, "success"), (no, theme.FAILURE, on_no, "failure")],
                       height=art.px(56 if fresh else 64), font=TYPE.body if fresh else TYPE.button)


def answer_hold(screen: BaseScreen, key: str, answer: str, hint_key: str = "enigme.hold_answer") -> Widget:
    """The answer for the judge, shown only while a finger is held on this small strip and hidden again on
    release (a tap that stayed would spoil the riddle for the player still answering)."""
    hint = screen.tr(hint_key)
    strip = HoldButton(lambda down: setattr(strip, "text", screen.tr(key, answer=answer) if down else hint),
                       text=hint, bg=theme.STONE_DARK, base_font=TYPE.caption, size_hint_y=None,
                       height=art.px(48))
    strip.answer_hold = True  # what tests look for: the hint's words change with the language
    return strip


class TurnScreen(BaseScreen):
    """Whose turn in the step's size, then the seven spaces with their icon, word and board colour."""

    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        choosing = v["phase"] == "passe_partout"
        key = "play.choose_space" if choosing else "play.pawn_where"
        box.add_widget(self.step_row(self.tr(key, player=v["current"]), None))
        spaces = [s for s in SPACES if not (choosing and s == "passe_partout")]
        cols = 2 if self.app.portrait else 4
        grid = GridLayout(cols=cols, spacing=art.px(10))
        for space in spaces:
            b = IconButton(text=self.tr("space." + space), bg=space_colour(space), base_font=TYPE.button,
                           icon=art.icon(space), icon_px=art.px(36))
            b.bind(on_release=lambda _b, s=space: self.send({"cmd": "land", "space": s}))
            grid.add_widget(b)
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
RIDDLE_LEADING = 0.76
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


def card_panel(screen: BaseScreen, space: str, **kw) -> Widget:
    """The companion's card for this turn, or what to do with the game's physical cards."""
    c = screen.c
    panel = Panel(orientation="vertical", padding=art.px(8), spacing=art.px(4), **kw)
    item = c.card_item()
    profile = art.profile()
    if item is not None and space in ("concentration", "force"):
        # The step names the space; the card's own title is left out: its text and rule need the room.
        panel.add_widget(FitLabel(text=screen.typeset(item.text), base_font=TYPE.body))
        # What counts as a success is read by the whole table: the card's size, not a footnote's.
        panel.add_widget(FitLabel(text=screen.tr("challenge.rule", rule=item.success), base_font=TYPE.body,
                                  color=theme.GOLD, size_hint_y=None, height=line_box(TYPE.body, 2, profile)))
    elif item is not None and space == "duel":  # the question contest: the companion's question
        panel.add_widget(FitLabel(text=screen.typeset(item.question), base_font=TYPE.body))
        panel.add_widget(answer_hold(screen, "duel.answer", item.answer))
    elif c.deck_exhausted():
        panel.add_widget(FitLabel(text=screen.tr("challenge.deck_empty"), base_font=TYPE.body))
    else:
        panel.add_widget(FitLabel(text=physical_card(screen, space), base_font=TYPE.button))
    return panel


class ChallengeScreen(BaseScreen):
    """Concentration or Force: the card, the hourglass as the centre of attention, ✓ success or ✗ failure."""

    timed = True

    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        box.add_widget(self.step_row(self.tr("space." + v["space"]) + " – " + v["current"], v["space"]))
        judges = judge_buttons(self, self.tr("common.success"), self.tr("common.failure"),
                               lambda: self.send({"cmd": "result", "success": True}),
                               lambda: self.send({"cmd": "result", "success": False}))
        box.add_widget(with_hourglass(self, card_panel(self, v["space"]), judges))
        return box


class DuelScreen(BaseScreen):
    """Round 2's stake (before the opponent), the opponent in their colours, then the duel as a sequence:
    1. choose the contest (each with a line that explains it, nothing else on screen); 2. run it, with
    "Lancer le sablier" as the one main action beside the card and the buzzers; 3. the two winner buttons
    in the duellists' colours and names, last in the row (the table may judge without the buzzers)."""

    @property
    def timed(self) -> bool:
        return self.c.view.get("phase") in ("duel_result", "enigme")

    contest_again = False

    def on_pre_enter(self, *_):
        self.contest_again = False
        super().on_pre_enter()

    def body(self) -> Widget:
        v = self.c.view
        me = v["current"]
        if v["phase"] == "duel_stake":
            return self.stake_step("duel.stake", me)
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        if v["phase"] == "duel_opponent":
            box.add_widget(self.step_row(self.tr("duel.opponent", player=me), "duel"))
            others = [p["name"] for p in v["players"] if p["name"] != me]
            cols = min(len(others), 2 if self.app.portrait else 3)
            box.add_widget(big_buttons([(n, colour_rgba(self.c.colour_of(n)),
                                         lambda n=n: self.send({"cmd": "opponent", "player": n}), None)
                                        for n in others], cols=cols, height=art.px(72)))
            box.add_widget(Widget())
            return box
        them = v["opponent"]
        box.add_widget(self.step_row(self.tr("duel.versus", a=me, b=them), "duel"))
        panel = BuzzerDuelPanel(self)
        self.duel_panel = panel
        if panel.choosing:  # 1. choose the contest: nothing else competes with it, the winners come later
            box.add_widget(panel)
            return box
        # 2. run it: the card and the buzzers, the hourglass as large as the screen leaves it
        gap = art.px(10)
        middle = BoxLayout(orientation="horizontal", spacing=gap)  # portrait too: each keeps the width to read
        # What is read: the game's DUEL card in the card contest (the rulebook: read aloud, both perform
        # it), the companion's question in the question contest; a reflex or a count of seconds needs none.
        mode = panel.duel.mode
        if mode == "card" or (mode == "question" and (self.c.card_item() is not None or self.c.deck_exhausted())):
            card = card_panel(self, "duel") if mode == "question" else self.duel_card()
            card.size_hint_x = 0.45
            middle.add_widget(card)
        panel.size_hint_x = 0.55
        middle.add_widget(panel)
        # 3. who won, last: both names on two lines at one size, in the duellists' colours.
        winners = self.winner_buttons(me, them, height=art.px(80))
        if self.app.portrait:
            box.add_widget(with_hourglass(self, middle, winners, share=0.6))
            return box
        box.add_widget(with_hourglass(self, middle, winners, column=DUEL_HOURGLASS))
        return box

    def duel_card(self) -> Widget:
        """The card contest's card: the game's own DUEL card, drawn and read aloud to both duellists."""
        panel = Panel(orientation="vertical", padding=art.px(8))
        panel.add_widget(FitLabel(text=physical_card(self, "duel"), base_font=TYPE.body))
        return panel

    def winner_buttons(self, me: str, them: str, height: float | None = None) -> Widget:
        """3. who won: ✓ and each duellist's name in their own colour, the name on its own line for both (a
        long name wrapped where a short one did not); in the body's size until the hourglass has run."""
        font = TYPE.body if hourglass_fresh(self.app.ring) else TYPE.button
        return big_buttons([(self.tr("duel.won_lines", player=n), colour_rgba(self.c.colour_of(n)),
                             lambda n=n: self.send({"cmd": "result", "winner": n}), "success") for n in (me, them)],
                           height=height, font=font)

    def stake_step(self, title_key: str, me: str) -> Widget:
        """Round 2: Key or Clue, said aloud before the opponent is named or the riddle is read."""
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        step = self.step(self.tr(title_key, player=me))
        step.height = line_box(TYPE.step, 4 if self.app.portrait else 2, art.profile())
        box.add_widget(step)
        box.add_widget(big_buttons([
            (self.tr("common.key"), theme.GOLD, lambda: self.send({"cmd": "stake", "stake": "key"}), "key"),
            (self.tr("common.clue"), space_colour("enigme"), lambda: self.send({"cmd": "stake", "stake": "clue"}), "clue"),
        ], height=art.px(96)))
        box.add_widget(Widget())
        return box


def riddle_shown(screen: BaseScreen) -> bool:
    return screen.c.card_item() is not None


class EnigmeScreen(DuelScreen):
    """Round 2's stake (before the reading), the riddle large, the answer shown only while the judge holds
    a small strip under it, ✓ / ✗; then the sea."""

    def body(self) -> Widget:
        v = self.c.view
        me = v["current"]
        if v["phase"] == "enigme_stake":
            return self.stake_step("enigme.stake", me)
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        if v["phase"] == "sea":
            return self.sea_step(box, v)
        box.add_widget(self.step_row(self.tr("space.enigme") + " – " + me, "enigme"))
        riddle = self.c.card_item()
        panel = Panel(orientation="vertical", padding=art.px(4))
        # Père Fouras's portrait and his riddle, side by side: the riddle is the screen's text, upright and
        # large (italics and 18 px were hard to read across the table).
        self.sage_spot = BoxLayout(orientation="horizontal", spacing=art.px(10))
        if riddle is not None:
            text = self.typeset(riddle.text)
        else:
            text = self.tr("challenge.deck_empty") if self.c.deck_exhausted() else physical_card(self, "enigme")
        # A riddle's verses are short lines: a book's leading (0.76 of Andika's tall line, which keeps room
        # for stacked accents no riddle line needs) lets six of them keep 22 px in the panel's height.
        self.sage_spot.add_widget(FitLabel(text=text, base_font=TYPE.heading,
                                           line_height=RIDDLE_LEADING if riddle is not None else 1.0))
        panel.add_widget(self.sage_spot)
        # Père Fouras beside his riddle, in the riddle's panel (he speaks while his voice plays).
        # Under him, small, the answer for the judge: shown only while a finger holds it, away from the
        # title and the judges, and taking none of the riddle's height.
        # In landscape his column is as wide as the scale of text (90 px at 800×480): a share of the width grew
        # less than the text at 1280×800 and squeezed the answer strip's words under their size.
        sage = BoxLayout(orientation="vertical", spacing=art.px(8), size_hint_x=0.26 if self.app.portrait else None)
        if not self.app.portrait:
            sage.width = art.px(90)
        sage.add_widget(FourasPortrait(self.app))
        if riddle is not None:
            strip = answer_hold(self, "enigme.answer", riddle.answer, "enigme.hold_short")
            strip.height = art.px(112)
            sage.add_widget(strip)
        self.sage_spot.add_widget(sage, index=len(self.sage_spot.children))
        judges = judge_buttons(self, self.tr("enigme.correct"), self.tr("enigme.wrong"),
                               lambda: self.send({"cmd": "result", "success": True}),
                               lambda: self.send({"cmd": "result", "success": False}))
        box.add_widget(with_hourglass(self, panel, judges, share=0.58))  # portrait: the riddle first
        return box

    def sea_step(self, box: BoxLayout, v: dict) -> Widget:
        """The stake thrown into the sea: dive after it, or let it go (that one asks first: no dive after)."""
        stake = self.tr("sea.the_clue" if v["stake"] == "clue" else "sea.the_key")
        title = self.step(self.tr("sea.title_player", player=v["current"], stake=stake))
        title.height = line_box(TYPE.step, 4 if self.app.portrait else 2, art.profile())
        box.add_widget(title)

        def abandon():
            self.app.confirm(self.tr("sea.abandon_confirm", stake=stake),
                             lambda: self.send({"cmd": "sea", "choice": "abandon"}))

        box.add_widget(big_buttons([
            (self.tr("sea.dive"), space_colour("concentration"), lambda: self.send({"cmd": "sea", "choice": "dive"}), "dive"),
            (self.tr("sea.abandon"), theme.STONE_DARK, abandon, "sea"),
        ], height=art.px(96 if self.app.portrait else 72)))
        # What each choice means, at reading size: the buttons leave it the height of its two lines.
        box.add_widget(FitLabel(text=self.tr("sea.help", stake=stake), base_font=TYPE.body))
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
