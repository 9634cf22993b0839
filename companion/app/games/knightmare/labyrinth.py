"""The labyrinth: the turn's move (the die rolling on screen, then the helmet choice "3 — with a helmet:
2 or 4"), the Dungeon's escape, and the card drawn on entering a room, in one tap.

The die shows the rules' next die (``RULES.next_dice``) before the command that records it: a roll on
screen sends the command without ``roll`` (the rules roll the same value and log it); a face of the
table's own die tapped sends it as ``roll``."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel
from companion.app.games.knightmare.strip import KnightmareScreen
from companion.app.games.knightmare.tags import TagReading
from companion.app.look.tokens import SPACE, TOUCH, TYPE, line_box
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import Stepper, px
from companion.app.widgets import art
from companion.app.games.knightmare.die import unrolled_panel

CARD_KINDS = ("challenge", "spell", "present", "trap", "imprisonment", "other")
CARD_COLOURS = {"challenge": theme.DANGER, "spell": theme.SEA_LIGHT, "present": theme.OK, "trap": theme.STONE,
                "imprisonment": theme.STONE_DARK, "other": theme.SEA_LIGHT}


def next_die(screen: BaseScreen) -> int:
    """The value the rules will roll next (shown while the die tumbles, recorded by the command)."""
    session = screen.c.session
    return session.rules.next_dice(session.state)[0]


def helmet_faces(roll: int, helmets: int) -> list[int]:
    """The faces a knight may act as if rolled with ``helmets`` helmets (1 to 6)."""
    return [f for f in (roll - helmets, roll + helmets) if 1 <= f <= 6]


def choice_text(tr: Any, roll: int, helmets: int) -> str:
    faces = helmet_faces(roll, helmets)
    words = tr("knightmare.or").join(str(f) for f in faces)
    return tr("knightmare.move.with", roll=roll, n=helmets, faces=words)


def fit_portrait(panel: Widget) -> None:
    """The die panel as tall as its contents in portrait, the rest of the column to the other actions: shared
    half and half, the die stood over the step's words. Its words under the die go (the screen changes as
    soon as the die lands), the die a little smaller."""
    left, right = panel.children[-1], panel.children[0]
    left.remove_widget(panel.result)
    panel.die.height = px(DIE_PORTRAIT)
    left.size_hint_y, left.height = None, panel.die.height
    fixed = [w for w in right.children if w.size_hint_y is None]
    right.size_hint_y = None
    right.height = sum(w.height for w in fixed) + right.spacing * (len(fixed) - 1)
    panel.size_hint_y, panel.height = None, left.height + right.height + panel.spacing


DIE_PORTRAIT = 112  # px at 800×480: the die over "Roll the die" in portrait (the shared panel's is 160)


class TurnScreen(TagReading, KnightmareScreen):
    """A knight's turn in the labyrinth (move, the Dungeon, the Chamber) or in the Dungeon (escape)."""

    compact_chips = True

    def __init__(self, app: Any, **kw: Any) -> None:
        super().__init__(app, **kw)
        self.rolled: tuple[tuple, int, str] | None = None  # (the turn it was rolled in, value, source)
        self.escape_helmets = 0

    def _turn_key(self) -> tuple:
        v = self.c.view
        return self.game_key(), v.get("turns"), v.get("dice"), v.get("current")

    def _roll(self) -> tuple[int, str] | None:
        if self.rolled is None or self.rolled[0] != self._turn_key():
            return None
        return self.rolled[1], self.rolled[2]

    def me(self) -> dict:
        v = self.c.view
        return next(p for p in v["players"] if p["name"] == v["current"])

    def body(self) -> Widget:
        v = self.c.view
        escape = v["phase"] == "escape"
        rolled = self._roll()
        if escape:
            step = self.tr("knightmare.escape.step", player=v["current"])
        elif rolled is None:
            step = self.tr("knightmare.turn.step", player=v["current"])
        else:
            step = self.tr("knightmare.turn.rolled", player=v["current"], roll=rolled[0])
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        box.add_widget(self.step_row(step, "dungeon" if escape else "labyrinth"))
        row = BoxLayout(orientation="vertical" if self.app.portrait else "horizontal", spacing=px(SPACE.s))
        if rolled is None:
            row.add_widget(self.die_panel(escape))
            side = self.escape_column() if escape else self.other_actions()
            if side is not None:
                row.add_widget(side)
        else:  # the number is looked up on the room's grid, not counted in rooms: said under the heading
            hint = FitLabel(text=self.tr("knightmare.move.hint"), base_font=TYPE.body, size_hint_y=None,
                            height=line_box(TYPE.body, 2 if self.app.portrait else 1, art.profile()))
            hint.role = "hint"
            box.add_widget(hint)
            row.add_widget(self.helmet_choices(*rolled))
        box.add_widget(row)
        return box

    def die_panel(self, escape: bool) -> Widget:
        # In landscape the panel shares its row with the other actions (2.3 to 1); in portrait the row is a
        # column, where a size_hint_x of 2.3 made the panel 2.3 screens wide (the die and "Roll" cut off).
        panel = unrolled_panel(self.tr, settings=lambda: self.app.settings, sound=getattr(self.app, "sound", None),
                               size_hint_x=1 if self.app.portrait else 2.3)
        if not self.app.portrait:  # the die needs less than the faces' column and its words
            panel.children[-1].size_hint_x = 0.7
        else:
            fit_portrait(panel)
        panel.bind(on_roll_request=lambda p: p.die.roll(value=next_die(self)))
        panel.bind(on_value=lambda _p, value, source: self.landed(value, source, escape))
        self.panel = panel
        return panel

    def landed(self, value: int, source: str, escape: bool) -> None:
        if escape:
            cmd: dict[str, Any] = {"cmd": "escape", "helmets": self.escape_helmets}
            if source == "table":
                cmd["roll"] = value
            self.escape_helmets = 0
            self.send(cmd)
            return
        self.rolled = (self._turn_key(), value, source)
        self.rebuild()

    def other_actions(self) -> Widget | None:
        """Instead of moving: the Challenge of Merlin, only to a knight holding an object (and the helmets
        it needs); none: the die alone. The Dungeon of one's own will is offered after the roll, where a
        move can reach it (a button shown to every knight before the roll confused the families)."""
        v, me = self.c.view, self.me()
        need = v.get("bridge_length", 5) if v.get("house_rules", {}).get("chamber_entry") == "whole_bridge" else 1
        if not me.get("object") or me["helmets"] < need or "chamber" not in v.get("expects", ["chamber"]):
            return None
        col = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        lines = 1 if self.app.portrait else 2  # the screen's width under the die, or a column beside it
        when = FitLabel(text=self.tr("knightmare.turn.chamber_when"), base_font=TYPE.body, color=theme.TEXT_MUTED,
                        size_hint_y=None, height=line_box(TYPE.body, lines, art.profile()))
        when.role = "chamber_when"  # the button alone said nothing of when it may be taken
        merlin = BigButton(text=self.tr("knightmare.turn.chamber"), bg=theme.MERLIN, base_font=TYPE.button,
                           size_hint_y=None, height=px(TOUCH.primary))
        merlin.bind(on_release=lambda *_: self.send({"cmd": "chamber"}))
        if self.app.portrait:  # under the die's panel: only its own height, the faces keep theirs
            merlin.height, col.spacing = px(TOUCH.minimum), 0  # the die's panel needs all the rest
            col.size_hint_y, col.height = None, merlin.height + when.height
            col.add_widget(merlin)
            col.add_widget(when)
            return col
        col.add_widget(Widget())
        col.add_widget(merlin)
        col.add_widget(when)
        col.add_widget(Widget())
        return col

    def escape_column(self) -> Widget:
        """Helmets to add before the roll: 4 or more gets the knight out."""
        me = self.me()
        top = min(3, me["helmets"])
        col = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        col.add_widget(Widget())
        col.add_widget(FitLabel(text=self.tr("knightmare.escape.helmets"), base_font=TYPE.body, size_hint_y=None,
                                height=line_box(TYPE.body, 2, art.profile())))
        k = min(self.escape_helmets, top)

        def change(d: int) -> None:
            self.escape_helmets = max(0, min(top, k + d))
            self.rebuild()

        col.add_widget(Stepper(str(k), (lambda: change(-1)) if k > 0 else None,
                               (lambda: change(+1)) if k < top else None, name="escape_helmets"))
        col.add_widget(Widget())
        return col

    def helmet_choices(self, roll: int, source: str) -> Widget:
        """The roll as it is, or changed with helmets: "3 — with a helmet: 2 or 4"; the room taken and no
        helmet left, the turn is lost."""
        me = self.me()
        grid = GridLayout(cols=1 if self.app.portrait else 2, spacing=px(TOUCH.gap) + 2)
        specs = [(self.tr("knightmare.move.as_is", roll=roll), 0, theme.GOLD)]
        for k in range(1, min(me["helmets"], 5) + 1):
            if helmet_faces(roll, k):
                specs.append((choice_text(self.tr, roll, k), k, theme.SEA_LIGHT))
        for text, k, colour in specs:
            b = BigButton(text=text, bg=colour, base_font=TYPE.button, bold=k == 0)
            b.helmets = k
            b.bind(on_release=lambda _b, k=k: self.move(roll, source, k))
            grid.add_widget(b)
        if me["helmets"] == 0:
            lost = BigButton(text=self.tr("knightmare.move.blocked"), bg=theme.STONE, base_font=TYPE.body)
            lost.bind(on_release=lambda *_: self.move(roll, source, None))
            grid.add_widget(lost)
        if "dungeon" in self.c.view.get("expects", ["dungeon"]):  # the roll reaches the Dungeon: in by choice
            cell = BigButton(text=self.tr("knightmare.move.dungeon"), bg=theme.STONE_DARK, base_font=TYPE.body)
            cell.role = "dungeon"
            cell.bind(on_release=lambda *_: self.to_dungeon())
            grid.add_widget(cell)
        return grid

    def to_dungeon(self) -> None:
        self.rolled = None
        self.send({"cmd": "dungeon"})

    def move(self, roll: int, source: str, helmets: int | None) -> None:
        cmd: dict[str, Any] = {"cmd": "blocked"} if helmets is None else {"cmd": "move", "helmets": helmets}
        if source == "table":
            cmd["roll"] = roll
        self.rolled = None
        self.send(cmd)


class CardScreen(TagReading, KnightmareScreen):
    """The card drawn on entering the room: its kind in one tap (a Present asks whether it is obeyed), or
    its tag read by the RFID reader; an unknown tag read, the kind tapped next is remembered for it."""

    unknown_words = "knightmare.tag.unknown_card"

    def __init__(self, app: Any, **kw: Any) -> None:
        super().__init__(app, **kw)
        self.present_for: tuple | None = None
        self.unknown: tuple[tuple, str] | None = None  # (the draw it was read at, the tag) until a kind is tapped

    def _key(self) -> tuple:
        v = self.c.view
        return self.game_key(), v.get("turns"), v.get("current")

    def tag_read(self, tag: str, what: str) -> bool:
        if what not in CARD_KINDS:
            return False
        if what == "present":
            self._present(self._key())  # obeyed or not: the table says
        else:
            self.draw(what)
        return True

    def unknown_tag(self, tag: str) -> None:
        super().unknown_tag(tag)
        self.unknown = (self._key(), tag)

    def body(self) -> Widget:
        v = self.c.view
        key = self._key()
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.s))
        if self.present_for == key:
            box.add_widget(self.step_row(self.tr("knightmare.present.step", player=v["current"]), "present"))
            ask = FitLabel(text=self.tr("knightmare.present.ask"), base_font=TYPE.heading, size_hint_y=None,
                           height=line_box(TYPE.heading, 2 if self.app.portrait else 1, art.profile()))
            ask.role = "present_ask"  # what the two buttons answer, said in full
            box.add_widget(ask)
            grid = GridLayout(cols=1 if self.app.portrait else 2, spacing=px(TOUCH.gap) + 2)
            for obeyed, colour in ((True, theme.GOLD), (False, theme.STONE)):
                b = BigButton(text=self.tr("knightmare.present." + ("obeyed" if obeyed else "refused")), bg=colour,
                              base_font=TYPE.button, bold=obeyed)
                b.bind(on_release=lambda _b, o=obeyed: self.draw("present", o))
                grid.add_widget(b)
            box.add_widget(grid)
            back = BigButton(text=self.tr("knightmare.present.back"), bg=theme.STONE_DARK, base_font=TYPE.body,
                             size_hint_y=None, height=px(TOUCH.minimum))
            back.bind(on_release=lambda *_: self._present(None))
            box.add_widget(back)
            return box
        box.add_widget(self.step_row(self.tr("knightmare.card.step", player=v["current"]), "cards"))
        grid = GridLayout(cols=2 if self.app.portrait else 3, spacing=px(TOUCH.gap) + 2)
        for kind in CARD_KINDS:
            b = BigButton(text=self.tr("knightmare.card." + kind), bg=CARD_COLOURS[kind], base_font=TYPE.button)
            b.kind = kind
            b.bind(on_release=lambda _b, k=kind: self._present(key) if k == "present" else self.draw(k))
            grid.add_widget(b)
        box.add_widget(grid)
        return box

    def _present(self, key: tuple | None) -> None:
        self.present_for = key
        self.rebuild()

    def draw(self, kind: str, obeyed: bool | None = None) -> None:
        self.present_for = None
        if self.unknown is not None:
            read_at, tag = self.unknown
            self.unknown = None
            if read_at == self._key():
                self.remember_tag(tag, kind)
        cmd: dict[str, Any] = {"cmd": "card", "kind": kind}
        if obeyed is not None:
            cmd["obeyed"] = obeyed
        self.send(cmd)
