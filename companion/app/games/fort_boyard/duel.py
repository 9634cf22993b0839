"""The Duel as the table lives it, in three steps (issue 28):

1. the stake (Round 2) and the opponent on one screen: the stake said, then the opponent tapped;
2. "Which duel? Draw a Duel card": the contest chooser, with a line saying who chooses it;
3. the run: the hourglass (the card contest) or the buzzers, one rule line, the two winners in their
   colours. "Run again" and "Other contest" are asides: under the menu, not beside the winners.

The rules' commands are those of the game (``stake``, ``opponent``, ``result``): only the screens group them.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel, colour_rgba, touch_height
from companion.app.look.tokens import TYPE, line_box, space_colour
from companion.app.screens.base import BaseScreen
from companion.app.screens.hourglass_view import hourglass_fresh
from companion.app.games.fort_boyard.buzzer_duel import BuzzerDuelPanel
from companion.app.games.fort_boyard.turn import DUEL_HOURGLASS, big_buttons, card_panel, physical_card, with_hourglass
from companion.app.widgets import art

STAKES = ("key", "clue")


class DuelScreen(BaseScreen):
    """The duel's three steps; the Énigme screen shares its stake step and its timed phases."""

    @property
    def timed(self) -> bool:
        return self.c.view.get("phase") in ("duel_result", "enigme")

    contest_again = False
    menu_view: ModalView | None = None

    def time_up_words(self) -> tuple[str, str]:
        """The card contest's hourglass: both duellists' time, then the winner's name to tap."""
        v = self.c.view
        if v.get("phase") != "duel_result":
            return super().time_up_words()
        return (self.tr("fb.time_up.duel", a=v["current"], b=v["opponent"]), self.tr("fb.time_up.duel_next"))

    def on_pre_enter(self, *_):
        self.contest_again = False
        super().on_pre_enter()

    def body(self) -> Widget:
        v = self.c.view
        me = v["current"]
        if v["phase"] in ("duel_stake", "duel_opponent"):
            return self.stake_and_opponent(me)
        them = v["opponent"]
        panel = BuzzerDuelPanel(self, asides=False)
        self.duel_panel = panel
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        if panel.choosing:
            return self.contest_step(box, me, them, panel)
        return self.run_step(box, me, them, panel)

    # --- 1. the stake and the opponent --------------------------------------------------------------

    def stake_and_opponent(self, me: str) -> Widget:
        """Round 2: Key or Clue first (said aloud), the opponent under it; Round 1: the opponent alone.
        The stake chosen stays lit; the other one taken instead replaces it (an undo, then the new one)."""
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        staked = v["phase"] == "duel_opponent" and v.get("round") == 2
        with_stake = v["phase"] == "duel_stake" or staked
        title = "duel.stake_and_opponent" if with_stake else "duel.opponent"
        box.add_widget(self.step_row(self.tr(title, player=me), "duel"))
        if with_stake:
            chosen = v.get("stake") if staked else None
            specs = []
            for stake in STAKES:
                colour = theme.GOLD if stake == "key" else space_colour("enigme")
                if chosen is not None and stake != chosen:
                    colour = theme.STONE_DARK  # the one not said: quiet, still there to change one's mind
                specs.append((self.tr("common." + stake), colour, lambda s=stake: self.choose_stake(s), stake))
            box.add_widget(self.labelled(self.tr("duel.stake_label"), big_buttons(specs, height=art.px(72))))
        others = [p["name"] for p in v["players"] if p["name"] != me]
        cols = min(len(others), 2 if self.app.portrait else 3)
        opponents = big_buttons([(n, colour_rgba(self.c.colour_of(n)), lambda n=n: self.choose_opponent(n), None)
                                 for n in others], cols=cols, height=art.px(72))
        box.add_widget(self.labelled(self.tr("duel.opponent_label"), opponents) if with_stake else opponents)
        box.add_widget(Widget())
        return box

    def labelled(self, label: str, row: Widget) -> Widget:
        """A row of choices with what it chooses written at its left, at reading size (above it in
        portrait, where the row needs the width)."""
        portrait = self.app.portrait
        box = BoxLayout(orientation="vertical" if portrait else "horizontal", size_hint_y=None, spacing=art.px(8))
        words = FitLabel(text=label, base_font=TYPE.body, halign="left", size_hint_y=None,
                         height=line_box(TYPE.body, 1 if portrait else 2, art.profile()))
        if not portrait:
            words.size_hint_x, words.width, words.height = None, art.px(150), row.height
        box.add_widget(words)
        box.add_widget(row)
        box.height = row.height + (words.height + box.spacing if portrait else 0)
        return box

    def choose_stake(self, stake: str) -> None:
        v = self.c.view
        if v["phase"] == "duel_opponent":
            if v.get("stake") == stake:
                return
            undone = self.c.undo()  # the stake said is the last command: it is taken back for the other
            if not undone["ok"]:
                self.app.toast(undone["error"]["message"])
                return
        self.send({"cmd": "stake", "stake": stake})

    def choose_opponent(self, name: str) -> None:
        if self.c.view["phase"] == "duel_stake":
            self.app.toast(self.tr("duel.stake_first"))  # the rulebook: the stake is said before
            return
        self.send({"cmd": "opponent", "player": name})

    # --- 2. which duel ------------------------------------------------------------------------------

    def contest_step(self, box: BoxLayout, me: str, them: str, panel: BuzzerDuelPanel) -> Widget:
        """One instruction, with the table's own step in it: who draws the game's Duel card and taps the
        contest it names. Nothing else competes with the four contests (the opponent is named at the run)."""
        box.add_widget(self.step_row(self.tr("duel.draw_contest", player=me), "duel"))
        box.add_widget(panel)
        return box

    # --- 3. the run ---------------------------------------------------------------------------------

    def run_step(self, box: BoxLayout, me: str, them: str, panel: BuzzerDuelPanel) -> Widget:
        """The buzzers' panel (its headline is the contest's one rule line), the question or the card to
        read beside it, the hourglass for the card contest; the two winners last, in their colours."""
        box.add_widget(self.step_row(self.tr("duel.versus", a=me, b=them), "duel"))
        mode = panel.duel.mode
        middle = BoxLayout(orientation="horizontal", spacing=art.px(10))
        if mode == "card" or (mode == "question" and (self.c.game_part.card_item() is not None
                                                      or self.c.game_part.deck_exhausted())):
            card = card_panel(self, "duel") if mode == "question" else self.duel_card()
            card.size_hint_x = 0.45
            middle.add_widget(card)
            panel.size_hint_x = 0.55
        middle.add_widget(panel)
        winners = self.winner_buttons(me, them, height=art.px(80))
        if mode != "card":  # a reflex, a count of seconds, a question: the buzzers are the timer
            box.add_widget(middle)
            box.add_widget(winners)
            return box
        if self.app.portrait:
            box.add_widget(with_hourglass(self, middle, winners, share=0.6))
        else:
            box.add_widget(with_hourglass(self, middle, winners, column=DUEL_HOURGLASS))
        return box

    def duel_card(self) -> Widget:
        """The card contest's card: the game's own DUEL card, drawn and read aloud to both duellists."""
        panel = Panel(orientation="vertical", padding=art.px(8))
        panel.add_widget(FitLabel(text=physical_card(self, "duel"), base_font=TYPE.body))
        return panel

    def winner_buttons(self, me: str, them: str, height: float | None = None) -> Widget:
        """Who won: ✓ and each duellist's name in their own colour, the name on its own line for both (a
        long name wrapped where a short one did not); in the body's size until the hourglass has run."""
        font = TYPE.body if hourglass_fresh(self.app.ring) else TYPE.button
        return big_buttons([(self.tr("duel.won_lines", player=n), colour_rgba(self.c.colour_of(n)),
                             lambda n=n: self.send({"cmd": "result", "winner": n}), "success") for n in (me, them)],
                           height=height, font=font)

    # --- the menu's asides --------------------------------------------------------------------------

    def menu_entries(self) -> list[tuple[str, Any]]:
        """During the run: run the contest again, choose another one; then the app's menu as always."""
        panel = getattr(self, "duel_panel", None)
        if self.c.view.get("phase") != "duel_result" or panel is None or panel.choosing:
            return []
        return [(self.tr("buzz.rerun"), panel.duel.rerun), (self.tr("duel.other_contest"), panel.other_contest)]

    def open_menu(self) -> None:
        entries = self.menu_entries()
        if not entries:
            super().open_menu()
            return
        view = ModalView(size_hint=(0.6, 0.7), auto_dismiss=True, background_color=(0, 0, 0, 0.7))
        box = BoxLayout(orientation="vertical", padding=art.px(12), spacing=art.px(10))
        for text, action in entries + [(self.tr("podium.home"), super().open_menu)]:
            b = BigButton(text=text, bg=theme.SEA_LIGHT, base_font=TYPE.button, size_hint_y=None, height=touch_height())
            b.bind(on_release=lambda _b, a=action: (view.dismiss(animation=False), a()))
            box.add_widget(b)
        view.add_widget(box)
        self.menu_view = view
        view.open()

    # --- Round 2's stake, shared with the Énigme ----------------------------------------------------

    def stake_step(self, title_key: str, me: str) -> Widget:
        """Round 2: Key or Clue, said aloud before the riddle is read."""
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
