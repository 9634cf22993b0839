"""The leader's turn: a strip of its steps with the current one large (the cleanup as a reminder only when
it applies), and below it what that step asks — the card's suit and the leader's resource, each player's
follow or pass with the rule reminders, where the leader recruits from, the discard and draw. A level
that asks for a made-up rule or a perk comes first; the last round is announced above the step."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Ellipse, InstructionGroup, Line, RoundedRectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.games.fort.icons import CARD_ICONS, SUITS, Glyph
from companion.app.games.fort.score_hint import score_hint
from companion.app.look import palette
from companion.app.look.palette import hex_rgba
from companion.app.look.tokens import TOUCH, TYPE
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import Segmented, box_for, left_label, px
from companion.games.fort.model import PERKS, RULES, WILD

PLANK = hex_rgba(palette.PLANK)
STEPS = ("play", "follow", "recruit", "end")
SHOWN = ("cleanup", "play", "follow", "recruit", "end", "draw")  # the same six on every step: the bar never moves
# four lines at the body's size (five did not fit a landscape screen): the boost and the lookout share one
REMINDERS = (("boost", "one_card"), ("lookout", "no_extra"), ("advance", "whole"), ("pizza", "resource"))
BODY = 26  # px at 800×480: the play screens' sentences, read at 1.5 m
STEP_FONT = 20  # the step bar's words: body text at 1.5 m, under the step's sentence


def glyph_button(kind: str, text: str, bg, on_release, font: float = TYPE.button, above: bool = False,
                 icon: float = 34, **kw) -> BigButton:
    """A big button with one of Fort's icons on its left and its words beside it (never under it);
    ``above``: the icon over the words, on one line (a third of a portrait screen's width)."""
    b = BigButton(text="", bg=bg, **kw)
    inside = BoxLayout(orientation="vertical" if above else "horizontal", spacing=px(1 if above else 6),
                       padding=[px(6), px(2 if above else 4)])
    g = Glyph(kind, **({} if above else {"size_hint_x": None, "width": px(icon)}))
    # above: the words keep the least a play screen shows (one line of the caption's box), the icon the rest
    label = FitLabel(text=text, base_font=font, color=theme.readable_on(bg), halign="center" if above else "left",
                     wrap=not above, **({"size_hint_y": None, "height": box_for(TYPE.caption)} if above else {}))
    label.role = "button"
    inside.add_widget(g)
    inside.add_widget(label)
    b.add_widget(inside)
    b.words = text  # what tests find the button by

    def place(*_):
        inside.pos, inside.size = b.pos, b.size
    b.bind(pos=place, size=place)
    b.bind(on_release=lambda *_: on_release())
    return b


def mark_chosen(b: BigButton) -> None:
    """A chosen card, obvious from across the table: a thick gold frame, lifted over its shadow, and a
    gold ✓ badge at its top right (drawn: no font needed)."""
    shadow = InstructionGroup()  # under the button's own body (drawn first, offset down)
    shadow.add(Color(0, 0, 0, 0.55))
    under = RoundedRectangle(radius=[px(12)])
    shadow.add(under)
    b.canvas.before.insert(0, shadow)
    with b.canvas.after:
        Color(*theme.GOLD)
        frame = Line(width=px(4))
        badge = Ellipse()
        Color(*theme.TEXT_DARK)
        tick = Line(width=px(3), cap="round", joint="round")

    def place(*_):
        x, y, w, h = b.x, b.y, b.width, b.height
        under.pos, under.size = (x + px(3), y - px(6)), (w, h)
        frame.rounded_rectangle = (x + px(2), y + px(2), max(w - px(4), 1), max(h - px(4), 1), px(12))
        r = px(13)
        cx, cy = x + w - r - px(2), y + h - r + px(6)  # over the frame's corner, raised with the card
        badge.pos, badge.size = (cx - r, cy - r), (2 * r, 2 * r)
        tick.points = [cx - r * .5, cy, cx - r * .1, cy - r * .42, cx + r * .55, cy + r * .45]
    b.bind(pos=place, size=place)
    place()
    b.framed = True  # what tests find (the shared Segmented has its own "chosen")


class FortScreen(BaseScreen):
    """Fort's screens: the shell's standing strip, one tap on a chip opening that player's sheet."""

    def chip_tapped(self, player: str) -> None:
        self.open_sheet(player)

    def open_sheet(self, player: str) -> None:
        from companion.app.games.fort.sheet import PlayerSheet

        PlayerSheet(self, player).open()

    def line(self, text: str, size: float = BODY, colour=theme.TEXT, lines: int = 1, **kw) -> FitLabel:
        return FitLabel(text=text, base_font=size, color=colour, size_hint_y=None, height=box_for(size, lines), **kw)


class TurnScreen(FortScreen):
    selected: str | None = None  # the suit tapped, before the resource and "Played"
    declared: str | None = None  # a coin (wild) card tapped: the suit its leader declares, tapped next
    resource = "none"

    def chip_current(self, v) -> str | None:
        """The chip lit is the player who must decide now: in the follow window the follower, not the leader
        (the shell's strip asks); a level's made-up rule or perk: the player choosing it, not the leader."""
        if v.get("asks"):
            return v["asks"][0]["player"]
        if v.get("step") == "follow" and v.get("follower"):
            return v["follower"]
        return v.get("current")

    @property
    def compact_chips(self) -> bool:  # type: ignore[override]
        """The made-up rule picker offers all eleven but the picker's own: in landscape it needs the chips'
        height."""
        asks = self.c.view.get("asks") or []  # portrait has the height (and four compact chips would crowd)
        return bool(asks) and asks[0]["take"] == "rule" and not self.app.portrait

    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=px(10))
        if v["asks"]:
            box.add_widget(self.ask(v["asks"][0]))
            return box
        box.add_widget(self.steps_strip(v))
        box.add_widget(self.step_line(v))
        step = v["step"]
        if v["last_round"] and step in ("recruit", "end"):  # where the room is; the bar and chips say it always
            box.add_widget(self.last_round(v))
        box.add_widget({"play": self.play, "follow": self.follow, "recruit": self.recruit}.get(step, self.end)(v))
        return box

    def last_round(self, v) -> Widget:
        """'The round is finished up to the start player': the trigger, and who still leads."""
        banner = Panel(orientation="horizontal", padding=[px(10), 0], spacing=px(10), size_hint_y=None,
                       height=box_for(TYPE.body, 2 if self.app.portrait else 1))
        banner.bg = theme.DANGER
        banner.role = "last_round"
        banner.add_widget(Glyph("lead", ink=theme.readable_on(theme.DANGER), size_hint_x=None, width=px(32)))
        text = self.tr("fort.last_round.ends", player=v["start_player"])
        banner.add_widget(FitLabel(text=text, base_font=TYPE.body, color=theme.readable_on(theme.DANGER),
                                   wrap=self.app.portrait))
        return banner

    # --- the strip of steps ---------------------------------------------------------------------------

    def steps_strip(self, v) -> Widget:
        """The turn's six steps, always the same, as a progress line rather than a row of buttons: each step
        its word (20 px) over a thin track, the current one gold and bold on a gold track, those done faded
        on a light track, those to come on a dark one, "›" between them (the cleanup marked skipped on a
        player's first turn). No cell is filled or rounded: nothing in it looks tappable. The step's sentence
        is below."""
        portrait = self.app.portrait  # narrow: no room for six words, nor for the chevrons
        row = BoxLayout(size_hint_y=None, height=box_for(STEP_FONT) + px(6), spacing=px(2))  # the word, the track
        # portrait: the cleanup only where it applies and no draw cell (six words squeeze under their size)
        shown = ((["cleanup"] if v.get("cleanup") else []) + list(STEPS)) if portrait else SHOWN
        now = STEPS.index(v["step"]) if v["step"] in STEPS else len(STEPS)
        for i, step in enumerate(shown):
            # the discard and the draw are one command (end_turn): both are current at the end of the turn
            current = step == v["step"] or (step == "draw" and v["step"] == "end")
            skipped = step == "cleanup" and v["step"] == "play" and not v.get("cleanup")  # a first turn
            order = SHOWN.index(step) - 1  # the cleanup before the play, the draw with the discard
            done = (step == "cleanup" and v["step"] != "play") or (0 <= order < now and step != "draw")
            if i and not portrait:
                row.add_widget(FitLabel(text="›", base_font=STEP_FONT, color=(*theme.TEXT[:3], 0.5), wrap=False,
                                        size_hint_x=None, width=px(20)))
            cell = BoxLayout(orientation="vertical", spacing=px(2))
            cell.step, cell.skipped, cell.current = step, skipped, current
            ink = theme.GOLD if current else (*theme.TEXT[:3], 0.6 if done or skipped else 0.9)
            narrow = ".narrow" if portrait and step == "end" else ""  # "Défausser" overflows a fifth of 720 px
            word = self.tr("fort.step.skipped" if skipped else "fort.step." + step + narrow)
            cell.add_widget(FitLabel(text=word, base_font=STEP_FONT, bold=current, color=ink, wrap=False))
            track = Panel(size_hint_y=None, height=px(4))
            track.radius = 2
            track.bg = theme.GOLD if current else (*theme.TEXT[:3], 0.45) if done or skipped else (*theme.TEXT[:3], 0.15)
            cell.add_widget(track)
            row.add_widget(cell)
        return row

    def step_line(self, v) -> Widget:
        """What to do now, in the step's size, with the "?" (the icon glossary) at its right."""
        # the follow window speaks to the one deciding now, by name ("Zoé, tu suis ?")
        key = "fort.step.follow.ask" if v["step"] == "follow" else \
            "fort.step." + v["step"] + (".cleanup" if v.get("cleanup") else ".now")
        return self.step_row(self.tr(key, player=v["leader"], follower=v.get("follower") or ""), None)

    # --- play --------------------------------------------------------------------------------------------

    def choose(self, suit: str) -> None:
        """A suit tapped; after the coin (wild), the next suit tapped is the one its leader declares."""
        if self.selected == WILD and suit != WILD:
            self.declared = suit
        else:
            self.selected, self.declared = suit, None
        self.rebuild()

    def set_resource(self, value: str) -> None:
        self.resource = value
        self.rebuild()

    def played(self) -> None:
        suit, resource, declared = self.selected, self.resource, self.declared
        self.selected, self.resource, self.declared = None, "none", None
        self.send({"cmd": "play", "suit": suit, "resource": resource, **({"declared": declared} if declared else {})})

    def no_card(self) -> None:
        self.selected, self.resource, self.declared = None, "none", None
        self.send({"cmd": "play", "suit": None})

    def play(self, v) -> Widget:
        portrait = self.app.portrait
        # landscape: no gap over the resource's row: its buttons are lower than its two lines of words,
        # which keep the gap to the cards above (8 px and more)
        box = BoxLayout(orientation="vertical", spacing=px(10 if portrait else 0))
        cols = 4 if not portrait else 3
        # landscape: two rows of 48 px (the leader's resource has two lines of words under them); portrait:
        # three rows of three share what is left above the resource and "Played", each on its own row across
        # the width (side by side they shrink)
        grid = GridLayout(cols=cols, spacing=px(10), row_force_default=not portrait,
                          row_default_height=px(48), size_hint_y=None if not portrait else 1,
                          height=px(2 * 48 + 10))
        for suit in SUITS:
            on = suit in (self.selected, self.declared)
            b = glyph_button(suit, self.tr("fort.suit." + suit), theme.MERLIN if on else theme.SEA_LIGHT,
                             lambda s=suit: self.choose(s), above=portrait,
                             font=TYPE.body if portrait else TYPE.button)
            b.suit = suit
            if on:
                mark_chosen(b)
            grid.add_widget(b)
        # the suits' size: at the button's size "No card" stood out larger than the cards beside it
        none = BigButton(text=self.tr("fort.play.none"), base_font=TYPE.body,
                         bg=theme.SEA_LIGHT)
        none.suit = None
        none.bind(on_release=lambda *_: self.no_card())
        grid.add_widget(none)
        box.add_widget(grid)
        # landscape: the words on two lines beside the choice, the row as high as they need
        row = BoxLayout(size_hint_y=None, height=px(52) if portrait else box_for(STEP_FONT, 2), spacing=px(10))
        # the leader by name and when ("With this card, Zoé took:"), not "the leader": the table is spoken
        # to, not described; portrait: the words on their own line over the choice (a long name needs the width)
        took = left_label(self.tr("fort.play.resource.by", player=v["leader"]), TYPE.body if portrait else STEP_FONT,
                          theme.GOLD, wrap=not portrait,
                          **({"size_hint_y": None, "height": box_for(TYPE.body)} if portrait else
                             {"size_hint_x": 0.31}))
        took.role = "resource_by"
        if portrait:
            box.add_widget(took)
        else:
            row.add_widget(took)
        res = Segmented([(r, self.tr("fort.resource." + r)) for r in ("pizza", "toys", "none")], self.resource,
                        self.set_resource, font=TYPE.body, name="resource", height=px(52),
                        size_hint_x=1 if portrait else 0.41)
        row.add_widget(res)
        if portrait:
            box.add_widget(row)
            row = BoxLayout(size_hint_y=None, height=px(52))
        if self.selected is None or (self.selected == WILD and self.declared is None):
            # the hint in the screen's words, no grey button to squint at; the turn's cleanup said here, where
            # the step's sentence has no room for it; after the coin, which suit its leader declares
            hint = self.tr("fort.play.declare" if self.selected == WILD else
                           "fort.cleanup.reminder" if v.get("cleanup") else "fort.play.pick")
            label = FitLabel(text=hint, base_font=TYPE.body, color=theme.TEXT, size_hint_x=1 if portrait else 0.28)
            label.played_slot = True  # where "Played" comes once a suit is tapped (what tests find)
            row.add_widget(label)
        else:
            words = self.tr("fort.play.go.wild", suit=self.tr("fort.suit." + self.declared)) if self.declared else \
                self.tr("fort.play.go", suit=self.tr("fort.suit." + self.selected))
            go = BigButton(text=words, base_font=TYPE.button, bold=True, bg=theme.GOLD,
                           size_hint_x=1 if portrait else 0.28,
                           **({} if portrait else {"size_hint_y": None, "height": px(56)}))
            go.main = go.played_slot = True
            go.bind(on_release=lambda *_: self.played())
            row.add_widget(go)
        box.add_widget(row)
        return box

    # --- follow ------------------------------------------------------------------------------------------

    def follow(self, v) -> Widget:
        """The rule reminders (the caption's size: a play screen's reminders) beside Follow and Pass."""
        portrait = self.app.portrait  # narrow: the reminders across the width, the buttons under them
        box = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(10))
        left = BoxLayout(orientation="vertical", spacing=0)
        follow_suit = v.get("follow_suit") or v["suit"]  # a coin (wild) led: the suit its leader declared
        suit = self.tr("fort.suit." + follow_suit)
        resource = self.tr("fort.follow.resource." + (v["resource"] or "none"))
        size = TYPE.caption if portrait else TYPE.body  # portrait: as its layout was made for
        for icon, key in REMINDERS:
            row = BoxLayout(size_hint_y=None, height=box_for(size), spacing=px(10))
            if key == "one_card":
                icon = follow_suit
            elif key == "resource":
                icon = v["resource"] if v["resource"] in ("pizza", "toys") else "gather"
            row.add_widget(Glyph(icon, size_hint_x=None, width=px(28)))
            row.add_widget(left_label(self.tr("fort.follow." + key, suit=suit, resource=resource), size))
            left.add_widget(row)
        left.add_widget(Widget())
        box.add_widget(left)
        right = BoxLayout(orientation="vertical", spacing=px(10), size_hint_x=1 if portrait else 0.75)
        name = v["follower"]
        buttons = BoxLayout(spacing=px(10))
        yes = BigButton(text=self.tr("fort.follow.yes"), base_font=TYPE.step, bold=True, bg=theme.GOLD)
        yes.main = True
        yes.bind(on_release=lambda *_: self.send({"cmd": "follow", "player": name, "follows": True}))
        no = BigButton(text=self.tr("fort.follow.no"), base_font=TYPE.button, bg=theme.STONE, size_hint_x=0.7)
        no.bind(on_release=lambda *_: self.send({"cmd": "follow", "player": name, "follows": False}))
        buttons.add_widget(yes)
        buttons.add_widget(no)
        right.add_widget(buttons)
        answered = [self.tr("fort.follow.did." + ("yes" if a["follows"] else "no"), player=a["player"])
                    for a in v["follows"]]
        right.add_widget(FitLabel(text=" · ".join(answered), base_font=TYPE.caption, color=theme.GOLD,
                                  size_hint_y=None, height=box_for(TYPE.caption)))
        # two lines: "press = follow" and "long press = pass" side by side overflowed the column
        right.add_widget(FitLabel(text=self.tr("fort.follow.buzzer"), base_font=TYPE.caption, size_hint_y=None,
                                  wrap=True, height=box_for(TYPE.caption, 2)))
        box.add_widget(right)
        return box

    # --- recruit, discard and draw ------------------------------------------------------------------------

    def recruit(self, v) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=px(10))
        grid = GridLayout(cols=1 if self.app.portrait else 3, spacing=px(10))
        for source in ("park", "yard", "deck"):
            b = glyph_button("recruit", self.tr("fort.recruit." + source), theme.SEA_LIGHT,
                             lambda s=source: self.send({"cmd": "recruit", "from": s}),
                             disabled=source == "deck" and v["park_deck"] == 0)
            b.source = source
            grid.add_widget(b)
        box.add_widget(grid)
        if v["last_round"]:  # the top bar says why it is the last round: the deck's count moves here
            box.add_widget(self.line(self.tr("fort.recruit.deck_left", n=v["park_deck"]), colour=theme.GOLD))
        else:  # the top bar counts the deck already; the banner takes this line in the last round
            box.add_widget(score_hint(self))
        return box

    def end(self, v) -> Widget:
        tight = v["last_round"] and not self.app.portrait  # the banner takes a line: plain words, tighter
        box = BoxLayout(orientation="vertical", spacing=px(4 if tight else 10))
        # what goes where, always (the last round's too): the step's sentence alone assumed it remembered
        if tight:
            box.add_widget(self.line(self.tr("fort.end.short"), 20, lines=2))
        else:
            box.add_widget(self.line(self.tr("fort.end.discard") + " " + self.tr("fort.end.draw"), TYPE.body,
                                     lines=2))
        names = [p["name"] for p in v["players"]]
        nxt = names[(names.index(v["leader"]) + 1) % len(names)]
        last = v["last_round"] and nxt == v["start_player"]
        go = BigButton(text=self.tr("fort.end.scoring" if last else "fort.end.next", player=nxt),
                       base_font=TYPE.button, bold=True, bg=theme.GOLD, size_hint_y=None,
                       height=px(TOUCH.minimum if tight else TOUCH.primary))
        go.main = True
        go.bind(on_release=lambda *_: self.send({"cmd": "end_turn"}))
        box.add_widget(Widget())
        box.add_widget(go)
        return box

    # --- a level's made-up rule or perk ---------------------------------------------------------------------

    def ask(self, ask) -> Widget:
        v = self.c.view
        take = ask["take"]
        # perks lie face up: those held are left out; made-up rules are secret until the end, so the picker
        # leaves out only the picker's own (leaving out the others' would tell the table which they hold)
        holders = [p for p in v["players"] if take == "perk" or p["name"] == ask["player"]]
        held = {c for p in holders for c in (p["rules"] if take == "rule" else p["perks"])}
        ids = [c for c in (RULES if take == "rule" else PERKS) if c not in held]
        box = BoxLayout(orientation="vertical", spacing=px(10))
        box.add_widget(self.step(self.tr("fort.ask." + take, player=ask["player"])))
        if take == "rule":
            box.add_widget(self.line(self.tr("fort.ask.secret", player=ask["player"]), TYPE.body, theme.GOLD))
        grid = GridLayout(cols=2 if self.app.portrait else 3, spacing=px(8 if take == "rule" else 10))
        for card in ids:
            # each card's own icon as large as its button allows: twenty shapes told apart at a glance
            b = glyph_button(CARD_ICONS[card], self.tr(f"fort.{take}.{card}"), theme.SEA_LIGHT,
                             lambda c=card: self.send({"cmd": take, "player": ask["player"], take: c}),
                             icon=34 if self.app.portrait else 44)  # portrait: the names need the width
            b.card = card
            grid.add_widget(b)
        box.add_widget(grid)
        return box
