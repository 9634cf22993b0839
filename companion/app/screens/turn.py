"""A turn: where the pawn landed, then the challenge, Duel, Énigme or dive that follows. Each screen says
whose turn it is and what to do next in the step's size, and has a "?" for the rule of its space."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, IconButton, Panel, colour_rgba
from companion.app.look.tokens import TYPE, line_box, px, space_colour
from companion.app.screens.base import BaseScreen, HourglassView
from companion.app.screens.buzzer_duel import BuzzerDuelPanel
from companion.app.widgets import art
from companion.app.widgets.fouras import FourasPortrait

SPACES = ("door", "concentration", "force", "duel", "enigme", "prison", "passe_partout")


def big_buttons(specs: list[tuple], cols: int | None = None, height: float | None = None) -> Widget:
    """A row (or grid) of big buttons: (text, colour, callback, icon name or None)."""
    cols = cols or len(specs)
    rows = (len(specs) + cols - 1) // cols
    height = height or art.px(64)
    grid = GridLayout(cols=cols, spacing=art.px(10), size_hint_y=None, height=height * rows + art.px(10) * (rows - 1))
    for text, colour, callback, icon in specs:
        kw = {"icon": art.icon(icon)} if icon else {}
        b = IconButton(text=text, bg=colour, base_font=TYPE.button, **kw)
        b.bind(on_release=lambda _b, cb=callback: cb())
        grid.add_widget(b)
    return grid


def judge_buttons(screen: BaseScreen, yes: str, no: str, on_yes, on_no) -> Widget:
    """✓ and ✗ with their words, in the success and failure roles: never colour alone."""
    return big_buttons([(yes, theme.OK, on_yes, "success"), (no, theme.FAILURE, on_no, "failure")])


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
    landscape a column the whole height of both, the ring above its button (204 px across at 800×480,
    was 125); in portrait the ring across the width between the card and the judges."""
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
    left = BoxLayout(orientation="vertical", spacing=gap)
    left.add_widget(main)
    left.add_widget(actions)
    row.add_widget(left)
    row.add_widget(HourglassView(screen, vertical=True, size_hint_x=None, width=art.px(column)))
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
    elif item is not None and space == "duel":
        panel.add_widget(FitLabel(text=screen.typeset(item.question), base_font=TYPE.body))
        if getattr(screen, "revealed", False):
            panel.add_widget(FitLabel(text=screen.tr("duel.answer", answer=item.answer), base_font=TYPE.button,
                                      color=theme.GOLD, bold=True, size_hint_y=0.3))
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
    choose the contest (each with a line that explains it), run it with the hourglass and the buzzers,
    and the two winner buttons in the duellists' colours and names (always there: the table may judge)."""

    reveal_armed = False
    revealed = False

    @property
    def timed(self) -> bool:
        return self.c.view.get("phase") in ("duel_result", "enigme")

    contest_again = False

    def on_pre_enter(self, *_):
        self.reveal_armed = self.revealed = self.contest_again = False
        super().on_pre_enter()

    def reveal(self) -> None:
        """The answer needs two taps: a brushed button must not spoil it."""
        if self.reveal_armed:
            self.revealed = True
        self.reveal_armed = True
        self.rebuild()

    def reveal_button(self) -> Widget | None:
        if self.c.card_item() is None or self.revealed:
            return None
        label = self.tr("enigme.reveal_sure" if self.reveal_armed else "enigme.reveal")
        b = BigButton(text=label, bg=theme.STONE_DARK, base_font=TYPE.button, size_hint_y=None, height=art.px(48))
        b.bind(on_release=lambda *_: self.reveal())
        return b

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
        # In portrait the winners share a narrow width: their names take two lines at the button size.
        winners = self.winner_buttons(me, them, height=art.px(80) if self.app.portrait else None)
        if panel.choosing:  # 1. choose the contest: nothing else competes with it
            box.add_widget(panel)
            box.add_widget(winners)
            return box
        # 2. run it: the card and the buzzers, the hourglass as large as the screen leaves it
        gap = art.px(10)
        middle = BoxLayout(orientation="horizontal", spacing=gap)  # portrait too: each keeps the width to read
        # The card only in the contests that use it (a reflex or a count of seconds needs none).
        uses_card = panel.duel.mode in ("card", "question")
        if uses_card and (self.c.card_item() is not None or self.c.deck_exhausted()):
            card = BoxLayout(orientation="vertical", spacing=gap, size_hint_x=0.45)
            card.add_widget(card_panel(self, "duel"))
            reveal = self.reveal_button()
            if reveal is not None:
                card.add_widget(reveal)
            middle.add_widget(card)
        panel.size_hint_x = 0.55
        middle.add_widget(panel)
        if self.app.portrait:
            box.add_widget(with_hourglass(self, middle, winners, share=0.6))
            return box
        # The ring in its column the height of the middle and the winners (202 px across at 800×480, was
        # 132); the winners' names on two lines at the button size in the narrower width this leaves them.
        winners = self.winner_buttons(me, them, height=art.px(80))
        box.add_widget(with_hourglass(self, middle, winners, column=DUEL_HOURGLASS))
        return box

    def winner_buttons(self, me: str, them: str, height: float | None = None) -> Widget:
        """3. who won: ✓ and each duellist's name in their own colour (always there: the table may judge)."""
        return big_buttons([(self.tr("duel.won", player=n), colour_rgba(self.c.colour_of(n)),
                             lambda n=n: self.send({"cmd": "result", "winner": n}), "success") for n in (me, them)],
                           height=height)

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
    """Round 2's stake (before the reading), the riddle large, the answer on a deliberate tap away from the
    judges, ✓ / ✗; then the sea."""

    def body(self) -> Widget:
        v = self.c.view
        me = v["current"]
        if v["phase"] == "enigme_stake":
            return self.stake_step("enigme.stake", me)
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        if v["phase"] == "sea":
            return self.sea_step(box, v)
        row = self.step_row(self.tr("space.enigme") + " – " + me, "enigme")
        riddle = self.c.card_item()
        # The answer, and the button that shows it, away from the judges: at the top, after two taps.
        corner = self.reveal_button()
        if riddle is not None and self.revealed:
            corner = FitLabel(text=self.tr("enigme.answer", answer=riddle.answer), base_font=TYPE.button, bold=True,
                              color=theme.GOLD)
        box.add_widget(row)
        if corner is not None and self.app.portrait:  # its own row under the step
            corner.size_hint_y, corner.height = None, art.px(64)
            box.add_widget(corner)
        elif corner is not None:
            corner.size_hint = (None, None)
            corner.width, corner.height = art.px(210), art.px(64)
            row.add_widget(corner, index=1)
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
        self.sage_spot.add_widget(FourasPortrait(self.app, size_hint_x=0.2), index=len(self.sage_spot.children))
        judges = judge_buttons(self, self.tr("enigme.correct"), self.tr("enigme.wrong"),
                               lambda: self.send({"cmd": "result", "success": True}),
                               lambda: self.send({"cmd": "result", "success": False}))
        box.add_widget(with_hourglass(self, panel, judges, share=0.58))  # portrait: the riddle first
        return box

    def sea_step(self, box: BoxLayout, v: dict) -> Widget:
        """The stake thrown into the sea: dive after it, or let it go (that one asks first: no dive after)."""
        stake = self.tr("sea.the_clue" if v["stake"] == "clue" else "sea.the_key")
        title = self.step(self.tr("sea.title", stake=stake))
        title.height = line_box(TYPE.step, 2, art.profile())
        box.add_widget(title)

        def abandon():
            self.app.confirm(self.tr("sea.abandon_confirm", stake=stake),
                             lambda: self.send({"cmd": "sea", "choice": "abandon"}))

        box.add_widget(big_buttons([
            (self.tr("sea.dive"), space_colour("concentration"), lambda: self.send({"cmd": "sea", "choice": "dive"}), "dive"),
            (self.tr("sea.abandon"), theme.STONE_DARK, abandon, "sea"),
        ], height=art.px(96)))
        # What each choice means, at reading size (the riddle's whole rule was here, at 18 px).
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
