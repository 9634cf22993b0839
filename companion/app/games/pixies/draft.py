"""The draft (mode "draft"): the table records the first player's reveal and each pick as they happen.

Reveal: a number (1–9), then the card of that number from those still in the deck: two taps a card; the
gold button sends the turn's cards. Pick: the revealed cards, large, each saying where it would go in the
picker's grid; a tap takes it, and the companion asks only where the player has a choice (which card
stays face up, which empty space takes a face-down card). A full grid: the step names who still picks."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel
from companion.app.games.pixies.card import CardView
from companion.app.games.pixies.common import PixiesScreen
from companion.app.games.pixies.grid import GridView, item_parts
from companion.app.games.pixies.tabs import player_tabs
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import box_for, choice_look, gap, px
from companion.games.pixies.cards import CARDS

GOES = 20  # px at 800×480: where a revealed card goes, three short lines under it


class DraftScreen(PixiesScreen):
    chosen: list = []  # reveal: the cards tapped so far
    number: int | None = None  # reveal: the number whose cards show
    pending: str | None = None  # pick: a card whose face-down space or kept face is being asked
    shown: str | None = None  # whose grid shows (default: the picker's)

    def body(self) -> Widget:
        v = self.c.view
        # The players are in the key: a fresh log (a scenario, a rematch) starts again at game 1, round 1.
        key = (v.get("game_id"), tuple(p["name"] for p in v["players"]), v["round"], v.get("turn"), v["phase"],
               tuple(v["revealed"]))
        if getattr(self, "_key", None) != key:
            self._key, self.chosen, self.number, self.pending, self.shown = key, [], None, None, None
        return self.reveal_body(v) if v["phase"] == "reveal" else self.pick_body(v)

    # --- reveal ---------------------------------------------------------------------------------------

    def reveal_body(self, v: dict) -> Widget:
        """Landscape: the cards taken and the gold button on one row, the nine numbers on one, that number's
        cards on one. Portrait: the button under the cards taken, the numbers and the cards in two rows each
        (every target keeps its touch size across 720 px)."""
        want = v["cards_per_turn"]
        portrait = self.app.portrait
        box = BoxLayout(orientation="vertical", spacing=gap() if portrait else px(SPACE.xs))
        box.add_widget(self.step_row(self.reveal_step(v["first"], want), None))
        # Portrait: 8 px less than landscape, the room the two-line chips' larger figure takes (the cards stay ≥ 72).
        chosen = BoxLayout(size_hint_y=None, height=px(96 if portrait else 104), spacing=gap())
        for card in self.chosen:  # a tap takes a card back out
            view = CardView(card, font=px(34), size_hint_x=None, width=px(76))
            view.bind(on_release=lambda _v, c=card: self.unchoose(c))
            chosen.add_widget(view)
        for _ in range(want - len(self.chosen)):
            chosen.add_widget(CardView(None, size_hint_x=None, width=px(76)))
        chosen.add_widget(Widget())
        ready = len(self.chosen) == want
        go = BigButton(text=self.tr("pixies.draft.reveal_go"), bg=theme.GOLD if ready else theme.STONE_DARK, bold=True,
                       base_font=TYPE.button, disabled=not ready, size_hint_x=None if not portrait else 1,
                       width=px(230), size_hint_y=None if portrait else 1, height=px(TOUCH.primary))
        go.bind(on_release=lambda *_: self.send({"cmd": "reveal", "cards": list(self.chosen)}))
        self.reveal_button = go
        box.add_widget(chosen)
        if portrait:
            box.add_widget(go)
        else:
            chosen.add_widget(go)
        cols = 5 if portrait else 9
        rows = -(-9 // cols)
        numbers = GridLayout(cols=cols, spacing=gap(), size_hint_y=None,
                             height=rows * px(TOUCH.minimum) + (rows - 1) * gap())
        deck = [c for c in v["deck"] or [] if c not in self.chosen]
        for n in range(1, 10):
            left = sum(1 for c in deck if CARDS[c].number == n)
            b = BigButton(text=str(n), base_font=TYPE.button, bold=True, disabled=not left or ready,
                          **choice_look(n == self.number))
            b.choice = ("number", n)
            b.bind(on_release=lambda _b, n=n: self.choose_number(n))
            numbers.add_widget(b)
        box.add_widget(numbers)
        # At most a dozen cards share a number: one row of 12 in landscape, two of 6 in portrait.
        cards = GridLayout(cols=6, rows=2, spacing=gap()) if portrait else GridLayout(cols=12, spacing=gap())
        if self.number is not None and not ready:
            for card in (c for c in deck if CARDS[c].number == self.number):
                view = CardView(card, font=px(30))
                view.choice = ("card", card)
                view.bind(on_release=lambda _v, c=card: self.choose(c))
                cards.add_widget(view)
        else:
            cards = FitLabel(text=self.tr("pixies.draft.reveal_hint" if not ready else "pixies.draft.reveal_ready"),
                             base_font=TYPE.body, color=theme.TEXT)
        box.add_widget(cards)
        return box

    def reveal_step(self, first: str, want: int) -> str:
        """What to tap, with the count so far ("Tap the 4 cards Zoé turned over (2/4)"); where a long name
        would make it shrink, the short form ("Zoé's cards: 2/4") under which the hint says what to tap."""
        from kivy.core.window import Window

        from companion.app.games.pixies.chips import width

        values = {"player": first, "n": want, "done": len(self.chosen)}
        text = self.tr("pixies.draft.reveal", **values)
        room = Window.width - 2 * px(8) - px(64) - px(8)  # the screen's margins, the "?" and its gap
        lines = 2 if self.app.portrait else 1  # a portrait step has two lines; a wrap loses a word's width
        if width(text, px(TYPE.step)) > room * lines * (0.85 if lines > 1 else 1):
            return self.tr("pixies.draft.reveal_short", **values)
        return text

    def choose_number(self, n: int) -> None:
        self.number = n
        self.rebuild()

    def choose(self, card: str) -> None:
        self.chosen.append(card)
        self.number = None
        self.rebuild()

    def unchoose(self, card: str) -> None:
        self.chosen.remove(card)
        self.rebuild()

    # --- pick -----------------------------------------------------------------------------------------

    def pick_body(self, v: dict) -> Widget:
        me = v["current"]
        shown = next(n for n in (self.shown, me, v["players"][0]["name"]) if self.player(n) is not None)
        portrait = self.app.portrait
        box = BoxLayout(orientation="vertical", spacing=gap() if portrait else px(SPACE.xs))
        if self.pending is not None and v["choices"][self.pending]["needs"] == "space":
            # The card's number and what to do, so the family looks at the grid, not at the cards' row.
            step = self.tr("pixies.draft.where_down", player=me, number=CARDS[self.pending].number)
        elif self.pending is not None and v["choices"][self.pending]["needs"] == "keep":
            step = self.tr("pixies.draft.keep_step", player=me)  # the screen's question, not a stale "picks"
        elif v["forced"]:
            step = self.tr("pixies.draft.last_card", player=me)
        else:
            step = self.tr("pixies.draft.picks", player=me)
        box.add_widget(self.step_row(step, None))
        # Landscape: the grid at the left, the revealed cards at the right; portrait: the grid above them.
        row = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=gap() if portrait else px(SPACE.s))
        asks_space = self.pending is not None and v["choices"][self.pending]["needs"] == "space"
        # Asking for an empty space: the grid (the targets) the larger share in landscape.
        grid_box = BoxLayout(orientation="vertical", spacing=gap(),
                             **({"size_hint_y": 1} if portrait else {"size_hint_x": 0.62 if asks_space else 0.5}))
        grid = self.player(shown)["grid"]
        spaces = v["choices"][self.pending]["spaces"] if self.pending and shown == me else []
        on_space = self.place_down if spaces else None
        # only the empty spaces take a face-down card
        self.grid_view = GridView(grid, chosen=spaces, on_space=on_space, font=px(30), tappable=spaces)
        grid_box.add_widget(self.grid_view)
        # Asking for a space or a face: the picker's grid alone (no other's), the spaces and the cards to tap
        # kept large under the two-line chips.
        # In portrait the last turn's notice takes the tabs' room too: the revealed cards keep their size.
        if self.pending is None and not (portrait and v["last_turn"]):
            grid_box.add_widget(self.whose_grid(v, shown))
        row.add_widget(grid_box)
        column = self.revealed_column(v, me)
        if portrait:  # the grid the larger share (its spaces take taps too), unless a notice or a choice joins
            keep = self.pending is not None and v["choices"][self.pending]["needs"] == "keep"
            column.size_hint_y = 3.0 if v["last_turn"] else 2.0 if keep else 1.1 if asks_space else 0.72  # a notice, two faces: 72 px cards
        row.add_widget(column)
        box.add_widget(row)
        return box

    def whose_grid(self, v: dict, shown: str) -> Widget:
        """Whose grid shows: "Show the grid of" over a tab a player (their colour's disc, the shown one's
        name in full, the others' initials), the picker's tab ringed in gold."""
        return player_tabs(self.tr, v["players"], shown, self.show_grid, self.c.colour_of, picking=v["current"],
                           initials=True)

    def show_grid(self, name: str) -> None:
        self.shown = name
        self.rebuild()

    def revealed_column(self, v: dict, me: str) -> Widget:
        portrait = self.app.portrait
        column = BoxLayout(orientation="vertical", spacing=gap() if portrait else px(SPACE.xs))
        if v["last_turn"]:  # a grid is full: the round ends with this turn, these players still pick
            full = [p["name"] for p in v["players"] if p["full"]]
            still = list(v["still_to_pick"])
            names = self.tr("pixies.and", a=", ".join(still[:-1]), b=still[-1]) if len(still) > 1 else "".join(still)
            column.add_widget(FitLabel(text=self.tr("pixies.draft.full" if len(still) > 1 else "pixies.draft.full_one",
                                                    player=full[0] if full else "", players=names),
                                       base_font=TYPE.body, color=theme.WARNING, size_hint_y=None,
                                       height=box_for(TYPE.body, 3 if portrait else 2)))
        if self.pending is not None and v["choices"][self.pending]["needs"] == "keep":
            return self.keep_choice(v, me, column)
        asks_space = self.pending is not None and v["choices"][self.pending]["needs"] == "space"
        if asks_space:  # the step names the card; this line where to tap (the cards' captions are not targets)
            column.add_widget(FitLabel(text=self.tr("pixies.draft.where_down_hint"), base_font=TYPE.body, bold=True,
                                       color=theme.GOLD, size_hint_y=None,
                                       height=box_for(TYPE.body, 1 if portrait else 2)))
        cards = BoxLayout(spacing=gap())
        # The captions as tall as the longest needs (two lines mostly): the cards keep their size on a last turn.
        lines = max([self.goes(v, c).count("\n") + 1 for c in v["revealed"]] or [1])
        for card in v["revealed"]:
            where = v["choices"][card]
            if asks_space and card != self.pending:  # hidden (dimmed, they still read as targets): its room kept
                cards.add_widget(Widget())
                continue
            one = BoxLayout(orientation="vertical", spacing=px(2))
            view = CardView(card, font=px(40), outline=card == self.pending)
            view.choice = ("card", card)
            view.bind(on_release=lambda _v, c=card: self.take(c))
            one.add_widget(view)
            # Where the card goes in words (up to three lines by design: "Space 7: two / cards, you pick / the
            # face-up one"), at 20 px: "Space 7 / stack it" was cryptic.
            words = FitLabel(text=self.goes(v, card), base_font=GOES, color=theme.TEXT, size_hint_y=None,
                             height=box_for(GOES, lines))
            if not asks_space:  # asking for a space: the step and the hint say where it goes
                one.add_widget(words)
            cards.add_widget(one)
        column.add_widget(cards)
        if v["forced"]:
            go = BigButton(text=self.tr("pixies.draft.take_last", player=me), bg=theme.GOLD, bold=True,
                           base_font=TYPE.button, size_hint_y=None, height=px(TOUCH.primary))
            go.bind(on_release=lambda *_: self.send(dict(v["forced"])))
            self.forced_button = go
            column.add_widget(go)
        if asks_space:
            column.add_widget(self.back_row())
        return column

    def back_row(self) -> Widget:
        """"Back" a small secondary button: the action is a tap on a card or a space."""
        back_row = BoxLayout(size_hint_y=None, height=px(TOUCH.minimum))
        back = BigButton(text=self.tr("new.back"), bg=theme.STONE, base_font=TYPE.button, size_hint_x=None,
                         width=px(180))
        back.bind(on_release=lambda *_: self.cancel())
        back_row.add_widget(back)
        back_row.add_widget(Widget())
        return back_row

    def goes(self, v: dict, card: str) -> str:
        where = v["choices"][card]
        space = where["space"] or CARDS[card].number  # face down: the space of its number, validated already
        return self.tr(f"pixies.goes.{where['goes']}", space=space)

    def keep_choice(self, v: dict, me: str, column: BoxLayout) -> Widget:
        """Two face-up cards on one space: which stays face up (the space is validated either way)."""
        card = self.pending
        space = v["choices"][card]["space"]
        old, _ = item_parts(self.player(me)["grid"][space - 1])
        column.add_widget(FitLabel(text=self.tr("pixies.draft.keep", space=space), base_font=TYPE.body, bold=True,
                                   color=theme.GOLD, size_hint_y=None, height=box_for(TYPE.body)))
        pair = BoxLayout(spacing=gap() if self.app.portrait else px(SPACE.s))
        for which, shown in (("new", card), ("old", old)):
            one = BoxLayout(orientation="vertical", spacing=px(2))
            view = CardView(shown, font=px(40))
            view.choice = ("keep", which)
            view.bind(on_release=lambda _v, w=which: self.send({"cmd": "pick", "player": me, "card": card, "keep": w}))
            one.add_widget(view)
            one.add_widget(FitLabel(text=self.tr(f"pixies.draft.{which}"), base_font=TYPE.body, color=theme.TEXT,
                                    size_hint_y=None, height=box_for(TYPE.body, 2 if self.app.portrait else 1)))
            pair.add_widget(one)
        column.add_widget(pair)
        column.add_widget(self.back_row())
        return column

    def take(self, card: str) -> None:
        v = self.c.view
        needs = v["choices"][card]["needs"]
        if needs is None:
            self.send({"cmd": "pick", "player": v["current"], "card": card})
            return
        self.pending, self.shown = card, None
        self.rebuild()

    def place_down(self, space: int) -> None:
        v = self.c.view
        self.send({"cmd": "pick", "player": v["current"], "card": self.pending, "space": space})

    def cancel(self) -> None:
        self.pending = None
        self.rebuild()

    def send(self, command: dict) -> Any:
        return self.app.send(command)
