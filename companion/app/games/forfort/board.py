"""Forfort's play screen, for every phase (the starting camps, the march of the 'one army' rule, the
action, the end of the turn): the fort shown large (the current player's, or the one tapped), the others
small and one tap away, and the second tap's choices beside them. An action is two taps: the space, then
what happens there; "End of turn" is the main action once the action is made."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Rectangle
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.core.window import Window
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.games.forfort.art import FortPicture
from companion.app.games.forfort.choices import (
    ASK, PAIRS, choices, front, line, pair_targets, pairs_offered, partners, pending_pair, player, why_nothing,
)
from companion.app.games.forfort.words import space_words, still_to_play
from companion.app.screens.kit import IconButton, box_for, gap, px, text_width
from companion.app.initials import unique_initials
from companion.app.screens.base import BaseScreen

BODY = 26  # px at 800×480: the screen's sentences
BUTTON = 26
NAME = 19  # the other forts' names (a ten-letter name keeps 18 px over a small fort)
OWNER = 24  # the large fort's owner, over it (read at 1.5 m: whose fort the table is looking at)
HEAD = 44 + 4 + 3 * 3  # px the large fort's name takes: its line box (Andika, 24 px), the band, three gaps
SMALL_MAX = 150  # the other forts' side at most (px at 800×480); the large one is 206
SMALL_MIN = 100  # landscape: the others' row keeps at least this side (cells of about 30 px)


class Bar(Widget):
    """The owner's colour, a band between a small fort's name and its picture."""

    def __init__(self, colour: Any, **kw: Any) -> None:
        super().__init__(**kw)
        with self.canvas:
            Color(*colour)
            self.band = Rectangle()
        self.bind(pos=self.place, size=self.place)

    def place(self, *_: Any) -> None:
        self.band.pos, self.band.size = self.pos, self.size


def two_lines(name: str) -> str:
    """A long name beside a small fort on two lines, broken after a hyphen or at a space (never in a word)."""
    if len(name) <= 9:
        return name
    for mark in ("-", " "):
        cut = name.find(mark, 3)
        if cut > 0:
            return name[:cut + (mark == "-")] + "\n" + name[cut + 1:]
    return name


class SmallFort(ButtonBehavior, BoxLayout):
    """Another player's fort, small, with its owner's name: one tap shows it large."""


class ForfortScreen(BaseScreen):
    """The shell's screen and standing strip (Forfort's figures drawn as its own symbols)."""

    def draw_backdrop(self) -> None:
        """No backdrop: the forts' ground is the picture (Fort Boyard's rounds are not Forfort's)."""

    def colour(self, name: str):
        from companion.app.controls import colour_rgba

        return colour_rgba(self.c.colour_of(name))


class PlayScreen(ForfortScreen):
    shown: str | None = None  # the fort shown large (None: the current player's)
    picked: str | None = None  # the space touched first (a space, or "dungeon")
    pair: str | None = None  # after a build, the pair the table says it made (choices.PAIRS)

    def on_pre_enter(self, *_):
        self.shown, self.picked, self.pair = None, None, None
        super().on_pre_enter()

    def show_fort(self, name: str) -> None:
        self.shown, self.picked = name, None
        self.rebuild()

    def choose_pair(self, pair: str | None) -> None:
        """The pair the table made (None: back to the question): only its targets are framed then."""
        self.pair, self.picked = pair, None
        self.rebuild()

    def asking_pair(self) -> bool:
        """After a build, the question 'which pair?' is on the screen (no pair named, no space touched)."""
        v = self.c.view
        return self.picked is None and bool(pairs_offered(v)) and pending_pair(v, self.pair) is None

    def pick(self, key: str) -> None:
        self.picked = None if self.picked == key else key
        self.rebuild()

    def do(self, command: dict) -> None:
        self.shown, self.picked, self.pair = None, None, None
        answer = self.app.send(command)
        if not answer.get("ok"):  # refused (the toast says why): the screen lets go of the space touched
            self.rebuild()

    # --- what the screen says ------------------------------------------------------------------------

    def step_text(self) -> str:
        v = self.c.view
        who = v["current"]
        phase = v["phase"]
        if phase == "setup":
            return self.tr("forfort.step.setup", player=who)
        if phase == "march":
            return self.tr("forfort.step.march", player=who)
        if phase == "end":
            pair = pending_pair(v, self.pair)
            if pair == "garrison" and v.get("garrison_left") and self.pair not in PAIRS:  # its 2nd army
                return self.tr("forfort.step.garrison_pair", player=who)
            if pair:
                return self.tr("forfort.step.pair." + pair, player=who)
            if v.get("combos"):
                return self.tr("forfort.step.combo", player=who)
            return self.tr("forfort.step.end", player=who)
        if v["expects"] == ["end_turn"]:
            return self.tr("forfort.step.empty_hand", player=who)
        return self.tr("forfort.step.action", player=who)

    def body(self) -> Widget:
        v = self.c.view
        box = BoxLayout(orientation="vertical", spacing=px(8))
        box.add_widget(self.step_row(self.step_text(), None))
        shown = self.shown or v["current"]
        units = Window.width / px(1)  # the window's width in px at 800×480 (1280×800 has less than 800)
        others = len(v["players"]) - 1
        if self.app.portrait:  # a narrow screen: the forts side by side on top, the second tap under them
            main = BoxLayout(orientation="vertical", spacing=px(12))
            forts = BoxLayout(spacing=px(12), size_hint_y=None)
            panel = self.panel(shown, beside=True)
            # The others beside the large fort, as tall as it. After the first tap the space touched and its ✕
            # take their place (as in landscape, the others come back after), the choices the width under it.
            # The large fort's name over it takes most of its height from the picture (cells of 48 px, the
            # touch size): the row grows by 21 px only, the panel under it keeps room for its words.
            side = 3 * 48 + 2 * 9
            main_row = side + HEAD
            large = self.large_fort(shown, side=px(side))
            beside = self.others(shown, px(units - side - 12 - 24), px(main_row)) \
                if self.picked is None and not self.asking_pair() else self.touched_column
            forts.height = max(large.height, beside.need)
            forts.add_widget(large)
            forts.add_widget(beside)
            main.add_widget(forts)
            main.add_widget(panel)
            box.add_widget(main)
            return box
        main = BoxLayout(spacing=px(12))
        # The large fort, then the others as large as the panel's room leaves (the panel keeps about 244 px)
        room = units - 24 - 12 * 2 - 244
        # at least 166: three 48 px cells and their gaps (1280×800 has only 768 px across at its scale)
        large_side = max(166, min(206, room - others * (SMALL_MIN + 10) + 10))
        # the owner's name keeps its 24 px over the fort, into the gap at its right (12 px); a name longer
        # still widens the column, from the panel's room (the others' names keep their size)
        wide = max(large_side, (text_width(shown, OWNER, True) + px(10)) / px(1) - 12)
        main.add_widget(self.large_fort(shown, side=px(large_side), width=px(wide)))
        if self.picked is None and not self.asking_pair():  # the second tap (or 'which pair?') takes the width
            holder = BoxLayout(orientation="vertical", size_hint_x=None)
            row = self.others(shown, px(room - large_side), px(230))  # a long name's width is the panel's
            holder.width = row.width
            holder.add_widget(row)
            holder.add_widget(Widget())
            main.add_widget(holder)
        main.add_widget(self.panel(shown))
        box.add_widget(main)
        return box

    def large_fort(self, name: str, side: float | None = None, width: float | None = None) -> Widget:
        """The fort shown large under its owner's name and colour band (the table reads whose fort it is from
        its seats); the picture keeps ``side`` where the height allows, else what the name leaves."""
        p = player(self.c.view, name)
        side = side or px(206)
        head = box_for(OWNER) + px(4) + px(3) * 3  # the name, the band, the gaps above and under the picture
        holder = BoxLayout(orientation="vertical", size_hint=(None, 1), width=max(side, width or 0), spacing=px(3))
        holder.height = side + head  # what a narrow screen's row gives it
        owner = FitLabel(text=name, base_font=OWNER, bold=True, wrap=False, size_hint=(None, None),
                         width=holder.width + px(12), height=box_for(OWNER), valign="bottom")
        owner.role = "owner"
        holder.add_widget(owner)
        holder.add_widget(Bar(self.colour(name), size_hint_y=None, height=px(4)))
        picture = FortPicture(p, self.colour, on_space=self.pick, selected=self.picked, count_font=26, gap=9,
                              targets=pair_targets(self.c.view, name, self.pair), front=front(self.c.view, name),
                              size_hint=(None, None), size=(side, side), pos_hint={"center_x": 0.5})

        def fit(*_: Any) -> None:  # landscape: the row's height, less the name, bounds the picture
            s = max(px(150), min(side, holder.height - head))
            picture.size = (s, s)

        holder.bind(height=fit)
        self.picture = picture
        holder.add_widget(picture)
        holder.add_widget(Widget())
        return holder

    def others(self, shown: str, width: float, height: float) -> Widget:
        """The other forts side by side, each under its owner's name and colour, as large as ``width`` and
        ``height`` allow (at most ``SMALL_MAX``): walls, camps and armies read from the table; one tap shows
        the fort large. ``need``: the row's height."""
        v = self.c.view
        names = [p for p in v["players"] if p["name"] != shown]
        initials = unique_initials([p["name"] for p in v["players"]])
        count, spacing = len(names), gap()
        name_h = box_for(NAME, 1 if self.app.portrait else 2)  # portrait: initials, on one line
        side = min((width - (count - 1) * spacing) / max(count, 1), height - name_h - px(6), px(SMALL_MAX))
        row = BoxLayout(spacing=spacing, size_hint=(None, None), width=count * side + (count - 1) * spacing,
                        height=name_h + px(6) + side)
        for p in names:
            small = SmallFort(orientation="vertical", spacing=px(2), size_hint=(None, None), width=side,
                              height=row.height)
            small.fort_of = p["name"]
            # portrait's narrow forts: the initials of the strip's chips (the name would shrink under 18 px)
            text = initials[p["name"]] if self.app.portrait else two_lines(p["name"])
            label = FitLabel(text=text, base_font=NAME, bold=p["name"] == v["current"],
                             wrap="\n" in text, size_hint_y=None, height=name_h, valign="bottom")
            small.add_widget(label)
            small.add_widget(Bar(self.colour(p["name"]), size_hint_y=None, height=px(4)))
            small.add_widget(FortPicture(p, self.colour, gap=3, targets=pair_targets(v, p["name"], self.pair),
                                         front=front(v, p["name"]),
                                         size_hint=(None, None), size=(side, side)))
            small.bind(on_release=lambda _w, n=p["name"]: self.show_fort(n))
            row.add_widget(small)
        row.need = row.height
        return row

    def panel(self, shown: str, beside: bool = False) -> Widget:
        """What the turn asks below or beside the forts; ``beside``: after the first tap the space touched
        and ✕ are left in ``touched_column`` (a portrait screen puts them beside the fort)."""
        v = self.c.view
        box = Panel(orientation="vertical", padding=px(8), spacing=px(8))
        if self.asking_pair():
            return self.pair_question(box, beside)
        if self.picked is None:
            if v.get("ending"):  # a dungeon is empty: who still plays this round
                still = still_to_play(v)
                owners = [p["name"] for p in v["players"] if not p["dungeon"]]  # whose dungeon ran out
                ending = FitLabel(text=self.tr("forfort.ending.last", owners=", ".join(owners), players=", ".join(still)),
                                  base_font=22,
                                  color=theme.WARNING, bold=True)
                ending.role = "ending"
                box.add_widget(ending)
            # the notice takes the hint's room (with both, the portrait and 1280×800 panels shrink them under
            # the legible size); the step above still says "your action"
            if not (v.get("ending") and shown == v["current"]):
                box.add_widget(FitLabel(text=self.tr(self.hint_key(shown)), base_font=BODY))
            box.add_widget(self.turn_buttons())
            return box
        found = choices(v, shown, self.picked, self.pair)
        sources = sorted({c.values["source"] for c in found if c.values.get("source")})
        source = getattr(self, "source", None)
        if sources and source not in sources:
            source = sources[0]
        self.source = source
        # the first row: the space touched, where the wall comes from (hand or Mason), and ✕ to let go
        top = BoxLayout(spacing=px(8), size_hint_y=None, height=px(48))
        if beside:  # a column: the words on up to two lines above the buttons
            self.touched_column = column = BoxLayout(orientation="vertical", spacing=px(9))
            column.need = box_for(22, 2) + px(9) + px(48)
        if self.picked == "dungeon":
            where = self.tr("forfort.where.dungeon", player=shown)
        elif line(v, shown, self.picked):  # an opponent's space: say whose fort is attacked (the space is
            # framed on the fort; a line number read nothing to the table: blind review)
            where = self.tr("forfort.where.attack", fort=shown)
        else:
            where = space_words(self.tr, self.picked)
        words = FitLabel(text=where[:1].upper() + where[1:], base_font=22, bold=True, color=theme.GOLD,
                         wrap=beside, **({"size_hint_y": None, "height": box_for(22, 2)} if beside else {}))
        if beside:
            column.add_widget(words)
        else:
            top.add_widget(words)
        if len(sources) > 1:
            for s in sources:
                b = BigButton(text=self.tr("forfort.source." + s), base_font=20,
                              bg=theme.SEA if s == source else theme.STONE_DARK,
                              outline=theme.GOLD if s == source else (0, 0, 0, 0))
                b.choice = ("source", s)
                b.bind(on_release=lambda _b, s=s: self.set_source(s))
                top.add_widget(b)
        close = IconButton("remove", bg=theme.STONE_DARK, size=(px(48), px(48)))
        close.what = "cancel"
        close.bind(on_release=lambda *_: self.pick(self.picked))
        top.add_widget(close)
        if beside:
            top.add_widget(Widget(), index=len(top.children))  # ✕ and the sources at the right, under the words
            column.add_widget(top)
            column.add_widget(Widget())
        else:
            box.add_widget(top)
        if not found:
            box.add_widget(FitLabel(text=self.tr(why_nothing(v, shown, self.picked)), base_font=BODY))
            return box
        shown_choices = [c for c in found if c.values.get("source") in (None, source)]
        cols = 2 if len(shown_choices) > 2 else 1
        rows = (len(shown_choices) + cols - 1) // cols
        height = px(48) if rows > 2 else px(60)
        grid = GridLayout(cols=cols, spacing=gap(), size_hint_y=None, height=rows * height + (rows - 1) * gap())
        for c in shown_choices:
            values = dict(c.values)
            if "direction" in values:
                values["direction"] = self.tr("forfort.dir." + values["direction"])
            b = BigButton(text=self.tr(c.key, **values), base_font=20 if rows > 2 else BUTTON, bg=theme.STONE)
            b.command = c.command
            b.bind(on_release=lambda _b, cmd=c.command: self.do(cmd))
            grid.add_widget(b)
        effect = self.effect_words(shown_choices)
        if effect:  # one attack offered: what it does, large, in the room the button leaves
            said = FitLabel(text=effect, base_font=BODY, bold=True)
            said.role = "effect"
            box.add_widget(said)
        box.add_widget(grid)
        return box

    def effect_words(self, shown_choices: list) -> str:
        """What the one attack offered does ("Trebuchet: destroys the whole space"), else nothing."""
        if len(shown_choices) != 1:
            return ""
        cmd = shown_choices[0].command
        double = "_double" if cmd.get("double") else ""
        if cmd.get("cmd") == "destroy":
            return self.tr(f"forfort.effect.{cmd.get('effect')}{double}")
        if cmd.get("cmd") == "siege":
            return self.tr(f"forfort.effect.siege{double}", fort=cmd.get("fort", ""))
        return ""

    def pair_question(self, box: Widget, beside: bool = False) -> Widget:
        """After a build: which pair did it make? Only the pairs with a target now, and 'No pair', the one
        way to let the double effects go (the end of the turn waits for the answer). ``beside``: the
        question stands in the others' place beside the fort (a portrait panel has room for the buttons)."""
        v = self.c.view
        question = FitLabel(text=self.tr("forfort.hint.pair_which"), base_font=BODY)
        if beside:
            self.touched_column = question
            question.need = 0  # as tall as the fort beside it
        else:
            box.add_widget(question)
        found = pairs_offered(v)
        cols = 3 if len(found) > 2 else 2
        rows = (len(found) + 1 + cols - 1) // cols
        grid = GridLayout(cols=cols, spacing=gap(), size_hint_y=None, height=rows * px(56) + (rows - 1) * gap())
        for k in found:
            b = BigButton(text=self.tr("forfort.pair." + k), base_font=BUTTON, bg=theme.STONE)
            b.pair = k
            b.bind(on_release=lambda _b, k=k: self.choose_pair(k))
            grid.add_widget(b)
        no = BigButton(text=self.tr("forfort.do.no_pair"), base_font=BUTTON, bg=theme.GOLD, bold=True)
        no.command = {"cmd": "decline"}
        no.bind(on_release=lambda *_: self.do({"cmd": "decline"}))
        grid.add_widget(no)
        box.add_widget(grid)
        return box

    def set_source(self, source: str) -> None:
        self.source = source
        self.rebuild()

    def hint_key(self, shown: str) -> str:
        v = self.c.view
        mine = shown == v["current"]
        phase = v["phase"]
        if phase == "setup":
            return "forfort.hint.setup" if mine else "forfort.hint.back"
        if phase == "march":
            return "forfort.hint.march"
        if phase == "end":
            if pending_pair(v, self.pair):
                return "forfort.hint.pair_chosen"
            me = player(v, v["current"])
            can_lower = "drawbridge" in v["expects"] and me["drawbridge"] is None and any(
                t and t.get("top") == "wall" and t.get("drawbridge") for t in me["fort"].values())
            return "forfort.hint.drawbridge" if can_lower else "forfort.hint.end"
        if v["expects"] == ["end_turn"]:
            return "forfort.hint.empty_hand"
        if mine:
            return "forfort.hint.action"
        return "forfort.hint.partner" if partners(v, v["current"], shown) else "forfort.hint.attack"

    def turn_buttons(self) -> Widget:
        v = self.c.view
        row = BoxLayout(spacing=gap(), size_hint_y=None, height=px(64))
        pair = pending_pair(v, self.pair)
        if pair:  # a pair's effect to place: back to 'which pair?', or (no other pair) the 2nd army let go
            second = not v.get("combos")
            b = BigButton(text=self.tr("forfort.do.no_second" if second else "forfort.do.other_pair"),
                          base_font=BUTTON, bg=theme.STONE_DARK)
            b.bind(on_release=lambda *_: self.do({"cmd": "decline"}) if second else self.choose_pair(ASK))
            row.add_widget(b)
            return row
        if "discard" in v["expects"]:
            # a real button, light on the panel and on one line (it read as a pale note on brown)
            b = BigButton(text=self.tr("forfort.do.discard"), base_font=BUTTON, bg=theme.STONE)
            b.bind(on_release=lambda *_: self.do({"cmd": "discard"}))
            row.add_widget(b)
        if "end_turn" in v["expects"]:
            me = player(v, v["current"])  # the turn's last step is the draw: the button says it while one is left
            key = "forfort.do.draw_end_turn" if me and me["dungeon"] else "forfort.do.end_turn"
            b = BigButton(text=self.tr(key), base_font=BUTTON, bg=theme.GOLD, bold=True)
            b.bind(on_release=lambda *_: self.do({"cmd": "end_turn"}))
            row.add_widget(b)
        if not row.children:
            row.height = 0
        return row
