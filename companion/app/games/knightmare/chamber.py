"""The Chamber of Merlin: the knight's bridge drawn with each helmet placed, the question the old wizard
reads aloud (the reader on the player's right sees the answer only while they hold it), ✓ / ✗, then
"go on or stop". The question comes with the command that asked it (the session's hooks draw it from the
pack); without one, the reader reads from the game's own Book of Riddles."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, RoundedRectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.image import Image
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel
from companion.app.games.knightmare.strip import KnightmareScreen
from companion.app.games.knightmare.tags import TagReading
from companion.app.look.tokens import SPACE, TOUCH, TYPE, line_box
from companion.app.screens.kit import IconLabelButton, px
from companion.app.widgets import art

BRIDGE_HEIGHT = 52  # px at 800×480: a stone per helmet, the throne at the end (a touch target beside)


class Stone(Widget):
    """One stone of the bridge: a helmet on it when placed, gold when placed this turn."""

    def __init__(self, filled: bool, this_turn: bool, throne: str = "", **kw: Any) -> None:
        super().__init__(**kw)
        self.filled, self.this_turn, self.throne = filled, this_turn, throne
        # the Throne is written, not drawn: a crown there read as the Crown, one of the four objects
        self.icon = Image(source=art.icon("km_helmet"), fit_mode="contain",
                          color=theme.GOLD if this_turn else theme.TEXT, opacity=1 if filled else 0)
        self.add_widget(self.icon)
        self.word: FitLabel | None = None
        if throne:
            self.word = FitLabel(text=throne, base_font=TYPE.body, bold=True, color=theme.TEXT, wrap=False)
            self.word.role = "throne"
            self.add_widget(self.word)
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_: Any) -> None:
        self.canvas.before.clear()
        with self.canvas.before:  # the Throne is told by its word alone: a gold frame read as a selection
            Color(*(theme.STONE if self.filled else theme.STONE_DARK))
            RoundedRectangle(pos=self.pos, size=self.size, radius=[px(6)])
        side = min(self.width, self.height) * 0.8
        self.icon.size = (side, side)
        self.icon.center = self.center
        if self.word is not None:
            self.word.size, self.word.pos = self.size, self.pos


def bridge(view: dict, player: dict, throne: str, tr: Any, extra: Widget | None = None,
           portrait: bool = False) -> Widget:
    """The knight's bridge: its count in words ("Bridge: 3/5"), ``bridge_length`` stones, the helmets
    placed, then the Throne of Merlin (and ``extra`` at its right: giving up the Challenge). In portrait the
    row is narrow: the Throne takes more of it (its word was 15 px at 720×1280), the helmets' stones less."""
    row = BoxLayout(size_hint_y=None, height=px(BRIDGE_HEIGHT), spacing=px(SPACE.xs))
    length, on, placed = view.get("bridge_length", 5), player.get("bridge", 0), view.get("placed", 0)
    count = FitLabel(text=tr("knightmare.chamber.bridge", n=on, length=length), base_font=TYPE.body, bold=True,
                     color=theme.GOLD, wrap=False, size_hint_x=None, width=px(130))
    count.role = "bridge_count"  # the stones alone did not say what they were (issue 23's review)
    row.add_widget(count)
    for k in range(length):
        row.add_widget(Stone(k < on, on - placed <= k < on))
    row.add_widget(Stone(False, False, throne=throne, size_hint_x=6 if portrait else 1.6))  # wider than a helmet
    row.stones = on  # tests read how many helmets the bridge shows
    if extra is not None:
        row.add_widget(extra)
    return row


class HoldStrip(BigButton):
    """The answer for the reader alone: shown while a finger is held on it, hidden again on release."""

    def __init__(self, hint: str, answer: str, **kw: Any) -> None:
        super().__init__(text=hint, **kw)
        self.hint, self.answer, self.answer_hold = hint, answer, True
        self.bind(on_press=lambda *_: setattr(self, "text", self.answer),
                  on_release=lambda *_: setattr(self, "text", self.hint))


class ChamberScreen(TagReading, KnightmareScreen):
    """Phases ``question`` (the turn's first question) and ``continue`` (after a right answer)."""

    compact_chips = True

    def __init__(self, app: Any, **kw: Any) -> None:
        super().__init__(app, **kw)
        self.going_on: tuple | None = None  # the continue phase whose next question was asked for
        self.spoken: Any = None

    def body(self) -> Widget:
        v = self.c.view
        me = next(p for p in v["players"] if p["name"] == v["current"])
        key = (self.game_key(), v.get("turns"), v.get("answered"))
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.xs))
        if v["phase"] == "continue" and self.going_on != key:
            box.add_widget(self.step_row(self.tr("knightmare.chamber.placed_step", player=v["current"],
                                                 n=me["bridge"], length=v["bridge_length"]), "chamber"))
            box.add_widget(bridge(v, me, self.tr("knightmare.chamber.throne"), self.tr,
                                    portrait=self.app.portrait))
            box.add_widget(Widget())
            row = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=px(TOUCH.gap) + 2)
            on = BigButton(text=self.tr("knightmare.chamber.go_on"), bg=theme.GOLD, base_font=TYPE.button, bold=True)
            on.bind(on_release=lambda *_: self._go_on(key))
            stop = BigButton(text=self.tr("knightmare.chamber.stop"), bg=theme.STONE, base_font=TYPE.button)
            stop.bind(on_release=lambda *_: self.send({"cmd": "stop"}))
            row.add_widget(on)
            row.add_widget(stop)
            box.add_widget(row)
            for key_ in ("knightmare.chamber.stop_hint", "knightmare.chamber.risk"):  # what each choice costs
                line = FitLabel(text=self.tr(key_), base_font=TYPE.body, size_hint_y=None,
                                height=line_box(TYPE.body, 2 if self.app.portrait else 1, art.profile()))
                line.role = "risk" if key_.endswith("risk") else "hint"
                box.add_widget(line)
            box.add_widget(Widget())
            return box
        box.add_widget(self.step_row(self.tr("knightmare.chamber.step", reader=v.get("reader") or "",
                                             player=v["current"], part=me.get("part") or 1), "chamber"))
        box.add_widget(bridge(v, me, self.tr("knightmare.chamber.throne"), self.tr, self.give_up(v),
                                    portrait=self.app.portrait))
        box.add_widget(self.question_panel(v, me))
        hold = self.hold_strip(v)
        if hold is not None and self.app.portrait:  # narrow: the answer's strip on a row of its own
            hold.size_hint, hold.height = (1, None), px(TOUCH.minimum)  # 1.3 of the row was wider than the screen
            box.add_widget(hold)
            hold = None
        box.add_widget(self.judges(v, hold))
        return box

    def hold_strip(self, v: dict) -> Widget | None:
        q = v.get("question")
        if q is None or not q.get("answer"):
            return None
        answer = q["answer"] + (" / " + " / ".join(q["accept"][:2]) if q.get("accept") else "")
        hint = self.tr("knightmare.chamber.hold", reader=v.get("reader") or "")
        if self.app.portrait:  # a row of its own, the screen's width: one line
            hint = hint.replace("\n", " ")
        return HoldStrip(hint, self.typeset(answer),
                         bg=theme.STONE_DARK, base_font=TYPE.body, size_hint_x=1.7)  # its words at 20 px on two lines

    def _go_on(self, key: tuple) -> None:
        self.going_on = key
        self.rebuild()

    def question_panel(self, v: dict, me: dict) -> Widget:
        q = v.get("question")
        panel = Panel(orientation="vertical", padding=px(SPACE.xs))
        panel.bg = theme.MERLIN  # the question is Merlin's: his blue
        if q is None:
            text = self.tr("knightmare.chamber.book", part=me.get("part") or 1)
        else:
            text = self.typeset(q["text"])
            self.speak(q)
        label = FitLabel(text=text, base_font=TYPE.heading, bold=True)
        label.role = "question"
        panel.add_widget(label)
        return panel

    def speak(self, q: dict) -> None:
        """The old wizard reads the question once, when it first shows; the answer time starts with it."""
        if self.spoken == q.get("id"):
            return
        self.spoken = q.get("id")
        from companion.app.games.knightmare import motion

        motion.wizard_reads(self.app, q["text"])
        seconds = self.c.table.get("answer_seconds") or 0
        if isinstance(seconds, int) and seconds > 0:
            self.app.ring.hourglass(seconds)

    def judges(self, v: dict, hold: Widget | None) -> Widget:
        row = BoxLayout(size_hint_y=None, height=px(TOUCH.primary), spacing=px(TOUCH.gap) + 2)  # 2: rounding
        if hold is not None:
            row.add_widget(hold)
        right = IconLabelButton("success", text=self.tr("knightmare.chamber.right"), bg=theme.OK,
                                base_font=TYPE.button, bold=True)
        right.bind(on_release=lambda *_: self.answer(True))
        wrong = IconLabelButton("failure", text=self.tr("knightmare.chamber.wrong"), bg=theme.FAILURE,
                                base_font=TYPE.button)
        wrong.bind(on_release=lambda *_: self.answer(False))
        row.add_widget(right)
        row.add_widget(wrong)
        return row

    def give_up(self, v: dict) -> Widget | None:
        """Abandoning the Challenge, before the turn's first answer only (asked again: it costs everything)."""
        if v["phase"] != "question" or v.get("answered"):
            return None
        b = BigButton(text=self.tr("knightmare.chamber.abandon"), bg=theme.STONE, base_font=TYPE.body,
                      size_hint_x=None, width=px(150))
        b.bind(on_release=lambda *_: self.app.confirm(self.tr("knightmare.chamber.abandon_confirm"),
                                                      lambda: self.send({"cmd": "abandon"})))
        return b

    def answer(self, correct: bool) -> None:
        self.going_on = None
        self.send({"cmd": "answer", "correct": correct})
