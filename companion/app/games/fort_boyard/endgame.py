"""Fort Boyard's round changes as moments, Round 3's proposals and the treasure count (the podium is the
shell's: companion.app.screens.podium)."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.screens.base import BaseScreen
from companion.app.games.fort_boyard.codewords import companion_words
from companion.app.controls import BigButton, FitLabel, Panel, colour_rgba, touch_height
from companion.app.screens.podium import names_list
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.kit import (IconLabelButton, box_for, icon_and_words, paint_backdrop, 
                                       px)
from companion.app.screens.tiles import hub_of, treasure_note
from companion.tiles.treasure import ADDED, TreasureTally

TOKENS = (("pebble", 0), ("10", 10), ("20", 20), ("50", 50))


def first_asked(events: list[dict], round_: int, default: str | None) -> str | None:
    """The player the engine asks first in ``round_``: the first turn (Round 2) or proposal (Round 3) that
    follows the round's start among ``events``. The round's own ``first`` is where the engine starts
    looking, not always who plays: Round 3 starts at the fourth clue's owner, who may have no key (the
    rulebook: "each player with 1 Key or more, in turn"), and then the next player clockwise with a key
    proposes; Round 2 passes over a player serving a Prison turn."""
    started = False
    for e in events:
        if e["type"] == "round_started":
            started = e["round"] == round_
        elif started and e["type"] in ("turn_started", "proposal_turn"):
            return e["player"]
    return default


def display_box(size: float, lines: int = 1) -> float:
    """The height of ``lines`` lines of the Display face: Goudy's line is shorter than Andika's (whose
    line box keeps room for stacked accents), so the headline and the round's title leave the room to
    the round's words."""
    return box_for(size, lines) * 0.8


class MomentScreen(BaseScreen):
    """Between rounds: who won the round, then the new round's title over its backdrop, what changes now
    and who starts."""

    events: list[dict] = []
    compact_chips = True  # the round's title and what changes need the height; the chips say who by initials

    def body(self) -> Widget:
        started = [e["round"] for e in self.events if e["type"] == "round_started"]
        paint_backdrop(self, started[-1] if started else 1)
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs), padding=[px(SPACE.s), 0])
        lines = 2 if self.app.portrait else 1  # the portrait's narrow width: a headline on two lines
        for e in self.events:
            if e["type"] == "round_ended":
                # The round's winner is the headline (the review: a 22 px line above the round's title
                # was no ceremony), then how they won it.
                headline = FitLabel(text=self.tr("moment.winner", player=e["player"], round=e["round"]),
                                    base_font=TYPE.title, font_name="Display", color=theme.GOLD, wrap=lines > 1,
                                    size_hint_y=None, height=display_box(TYPE.title, lines))
                headline.role = "step"
                box.add_widget(headline)
                if any(x["type"] == "player_out" for x in self.events):
                    # Round 3's line of who stops needs the height; but a winner who stops there must hear
                    # what the four clues were worth (the first try) and why they bring nothing.
                    if any(x["type"] == "player_out" and x["player"] == e["player"] for x in self.events):
                        box.add_widget(FitLabel(text=self.tr("moment.clues_without_key", player=e["player"]),
                                                base_font=TYPE.body, color=theme.TEXT, size_hint_y=None,
                                                height=box_for(TYPE.body, 2 if self.app.portrait else 1)))
                    continue
                key = "moment.by_third_key" if e["reason"] == "third_key" else "moment.by_fourth_clue"
                how = FitLabel(text=self.tr(key), base_font=TYPE.standing, color=theme.TEXT, size_hint_y=None,
                               height=box_for(TYPE.standing))
                how.role = "standing"
                box.add_widget(how)
            elif e["type"] == "round_started" and e["round"] in (2, 3):
                r = e["round"]
                title = FitLabel(text=self.tr("common.round", round=r) + " – " + self.tr(f"common.round_name.{r}"),
                                 base_font=TYPE.heading, font_name="Display", color=theme.GOLD, wrap=lines > 1,
                                 size_hint_y=None, height=display_box(TYPE.heading, lines))
                box.add_widget(title)
                # Round 2's first clues: read aloud from the cards, or shown by the companion to each
                # player in secret (the reveal screens that follow this one).
                key = "moment.round2_companion" if r == 2 and companion_words(self.c.view) else f"moment.round{r}"
                box.add_widget(FitLabel(text=self.tr(key, player=first_asked(self.events, r, e["first"])),
                                        base_font=TYPE.body))
        out = [e["player"] for e in self.events if e["type"] == "player_out"]
        if out:
            # Who stops here, at the size and in the ink of the round's own words: it matters to them.
            gone = FitLabel(text=self.tr("moment.out", players=names_list(out, self.c.tr.language)),
                            base_font=TYPE.standing, bold=True, color=theme.TEXT, size_hint_y=None,
                            height=box_for(TYPE.standing, 2 if self.app.portrait else 1))
            gone.role = "standing"  # the legibility check holds it to a standing's 24 px
            box.add_widget(gone)
        go = BigButton(text=self.tr("common.continue"), bg=theme.GOLD, base_font=TYPE.button, bold=True,
                       size_hint_y=None, height=px(TOUCH.primary))
        go.bind(on_release=lambda *_: self.app.show_phase())
        box.add_widget(go)
        return box


class ProposalScreen(BaseScreen):
    """Round 3: a player with keys proposes their code word; a wrong one may be tried again for a key."""

    compact_chips = True  # the verdict and the cost need the height (full chips lay under the verdict)

    def body(self) -> Widget:
        paint_backdrop(self, 3)
        v = self.c.view
        me = v["current"]
        p = next(x for x in v["players"] if x["name"] == me)
        keys = self.tr("common.keys", n=p["keys"])
        again = v["phase"] == "propose_again"
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        title = FitLabel(text=self.tr("propose.again_title" if again else "propose.title", player=me,
                                      after=p["keys"] - 1),
                         base_font=TYPE.step, bold=True, color=theme.GOLD, size_hint_y=None,
                         height=box_for(TYPE.step, (4 if self.app.portrait else 2) if again else
                                                 (2 if self.app.portrait else 1)))
        title.role = "step"
        box.add_widget(title)
        box.add_widget(icon_and_words("key", self.tr("propose.keys", player=me, keys=keys), TYPE.standing,
                                      colour=theme.TEXT))
        # Who checks the word, the first try as the next (the review: only the second try said who judges):
        # two lines in portrait's narrow width, at the body's size still.
        box.add_widget(FitLabel(text=self.tr("propose.again" if again else "propose.first"), base_font=TYPE.body,
                                color=theme.TEXT, size_hint_y=None,
                                height=box_for(TYPE.body, 2 if self.app.portrait else 1)))
        portrait = self.app.portrait  # narrow: the answers one above the other, each the full width
        row = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(SPACE.s), size_hint_y=None,
                        height=px(TOUCH.primary) * ((1.2 * (3 if again else 2)) if portrait else 1.5))
        for icon_name, text, colour, command in (
            ("success", self.tr("propose.right"), theme.OK, {"cmd": "propose", "player": me, "correct": True}),
            ("failure", self.tr("propose.wrong_again" if again else "propose.wrong"), theme.FAILURE,
             {"cmd": "propose", "player": me, "correct": False}),
        ):
            b = IconLabelButton(icon_name, text=text, bg=colour, base_font=TYPE.button, bold=True)
            b.bind(on_release=lambda _b, c=command: self.send(c))
            row.add_widget(b)
        if again:
            # The same weight as the answers: stopping is a real choice (no treasure), not a footnote.
            give_up = BigButton(text=self.tr("propose.give_up"), bg=theme.STONE_DARK, base_font=TYPE.button, bold=True)
            give_up.bind(on_release=lambda *_: self.send({"cmd": "pass", "player": me}))
            row.add_widget(give_up)
        box.add_widget(row)
        box.add_widget(Widget())
        return box


class TreasureScreen(BaseScreen):
    """One handful at a time: steppers per token kind, running totals; tokens scanned on the RFID reader
    count once per handful (``on_tile``)."""

    counts: dict[str, int] = {}
    handful: tuple = ()
    tally: TreasureTally | None = None
    last_scan: tuple | None = None  # (Scanned, tokens scanned into the handful): the reader's last word

    @property
    def compact_chips(self) -> bool:
        """Compact in landscape: the steppers need the height (full chips pushed the handful line over them).
        Portrait has the height, and four compact chips a row left no room for two figures (keys and
        Boyards: the count drawn over the next chip's initials): full chips, two a row, there."""
        return not self.app.portrait

    def body(self) -> Widget:
        v = self.c.view
        me = v["current"]
        p = next(x for x in v["players"] if x["name"] == me)
        done = len(p["handfuls"])
        if self.handful != (v["game_id"], me, done):  # a new handful starts from zero
            self.handful = (v["game_id"], me, done)
            self.counts = {kind: 0 for kind, _ in TOKENS}
            self.tally, self.last_scan = self.tally or TreasureTally(), None
            self.tally.begin(self.handful, earlier=self.earlier_tags(me))
        total = done + p["draws_left"]
        paint_backdrop(self, 3)
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        title = FitLabel(text=self.tr("treasure.title", player=me), base_font=TYPE.step, bold=True, color=theme.GOLD,
                         size_hint_y=None, height=box_for(TYPE.step, 2 if self.app.portrait else 1))
        title.role = "step"
        box.add_widget(title)
        handful = self.tr("treasure.handful", n=done + 1, total=total)
        hub = hub_of(self.app)
        if self.last_scan or (hub is not None and hub.config is not None):  # what the RFID reader last counted
            handful += " · " + (treasure_note(self.tr, *self.last_scan) if self.last_scan
                                 else self.tr("treasure.scan_prompt"))
        box.add_widget(FitLabel(text=handful, base_font=TYPE.body, size_hint_y=None, height=box_for(TYPE.body)))
        grid = GridLayout(cols=2 if self.app.portrait else 4, spacing=px(SPACE.xs))
        for kind, value in TOKENS:
            grid.add_widget(self.stepper(kind, value, p["bag_left"][kind]))
        box.add_widget(grid)
        handful = sum(self.counts[k] * val for k, val in TOKENS)
        worth = icon_and_words("boyard", self.tr("treasure.handful_value", value=handful), TYPE.standing,
                               colour=theme.TEXT, bold=True, pos_hint={"center_y": 0.5})
        row = self.total_row(p["boyards"] + handful)
        if total <= 1:
            pass  # one handful: its worth is the total beside it (the same 100 twice read as two sums)
        elif self.app.portrait:  # the narrow width: the handful's worth on its own line above the total
            box.add_widget(worth)
        else:
            row.add_widget(worth, index=len(row.children))  # first in the row
        box.add_widget(row)
        done_button = BigButton(text=self.tr("treasure.done"), bg=theme.GOLD, base_font=TYPE.button, bold=True,
                                size_hint=(None if not self.app.portrait else 1, None), height=px(TOUCH.primary),
                                width=px(250), pos_hint={"center_y": 0.5})
        done_button.bind(on_release=lambda *_: self.send(self.draw_command(me)))
        row.add_widget(done_button)  # the steppers keep the height: the button ends the total's row
        return box

    def total_row(self, total: int) -> BoxLayout:
        """The player's total as the screen's key figure (48 px, gold) after "Total": the number the table
        waits for (it was a 24 px word at the end of a sentence)."""
        row = BoxLayout(orientation="horizontal", spacing=px(SPACE.s), size_hint_y=None,
                        height=box_for(TYPE.title))
        word = FitLabel(text=self.tr("treasure.grand_total"), base_font=TYPE.standing, color=theme.TEXT, bold=True,
                        wrap=False, size_hint_x=None, width=px(80), halign="right")
        figure = FitLabel(text=str(total), base_font=TYPE.title, bold=True, color=theme.GOLD, wrap=False,
                          size_hint_x=None, width=px(120))
        figure.role = "figure"
        row.add_widget(word)
        row.add_widget(figure)
        return row

    def earlier_tags(self, player: str) -> list[list[str]]:
        """The tags scanned into ``player``'s earlier handfuls, from the game log (a restart keeps them)."""
        return [list(c.get("tags", ())) for c in self.c.session.commands
                if c.get("cmd") == "draw" and c.get("player") == player]

    def draw_command(self, player: str) -> dict:
        """The handful as counted; the tags scanned into it go with it, for the next handfuls to know."""
        cmd = {"cmd": "draw", "player": player, "tokens": dict(self.counts)}
        tags = self.tally.tags() if self.tally is not None else []
        if tags:
            cmd["tags"] = tags
        return cmd

    def stepper(self, kind: str, value: int, left: int) -> Widget:
        panel = Panel(orientation="vertical", padding=px(SPACE.xs) / 2, spacing=px(SPACE.xs) / 2)
        name = self.tr("treasure.pebble") if kind == "pebble" else self.tr("treasure.token", n=value)
        if kind == "pebble":  # no coin: a pebble is worth nothing
            panel.add_widget(FitLabel(text=name, base_font=TYPE.body, color=theme.GOLD, size_hint_y=None,
                                      height=box_for(TYPE.body)))
        else:
            panel.add_widget(icon_and_words("boyard", name, TYPE.body, colour=theme.GOLD))
        count = FitLabel(text=str(self.counts[kind]), base_font=TYPE.step, bold=True)
        row = BoxLayout(spacing=px(SPACE.xs), size_hint_y=None, height=max(touch_height(), px(TOUCH.icon_button)))
        minus = BigButton(text="−", bg=theme.STONE, base_font=TYPE.heading,  # as strong as "+"
                          disabled=self.counts[kind] == 0)
        plus = BigButton(text="+", bg=theme.STONE, base_font=TYPE.heading, disabled=self.counts[kind] >= left)
        minus.bind(on_release=lambda *_: self.step(kind, -1))
        plus.bind(on_release=lambda *_: self.step(kind, +1))
        row.add_widget(minus)
        # between − and +, as tall as the buttons: above them (portrait) the rows left it no height at all
        row.add_widget(count)
        row.add_widget(plus)
        panel.add_widget(row)
        return panel

    def step(self, kind: str, delta: int) -> None:
        self.counts[kind] = max(0, self.counts[kind] + delta)
        if self.tally is not None and self.tally.in_handful(kind) > self.counts[kind]:
            self.tally.forget_last(kind)  # a scanned token taken out by hand: scanning it again counts it
        self.rebuild()

    def on_tile(self, tag: str, tile) -> None:
        """A tile placed on the RFID reader: a token counts once in this handful; keys and unknown tags do not."""
        v = self.c.view
        if v["phase"] != "draw" or self.tally is None:
            return
        p = next(x for x in v["players"] if x["name"] == v["current"])
        token = tile.token if tile is not None else None
        scan = self.tally.scan(tag, tile, p["bag_left"][token] - self.counts[token] if token else 0)
        if scan.outcome == ADDED:
            self.counts[token] += 1
        self.last_scan = (scan, self.tally.in_handful())
        self.rebuild()
