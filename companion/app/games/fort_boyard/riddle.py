"""The Énigme, the show's signature moment (issue 28): Père Fouras large (a third of the screen's height
and more), speaking while his voice reads the riddle; "▶ Listen again" to hear it once more; the answer
under the riddle, for the reader alone: "Answer — hold to see, *reader* only", at reading size. Then ✓ / ✗
and the sea. Round 2's stake comes first, said before the reading."""

from __future__ import annotations

from typing import Any, Callable

from kivy.graphics import Color, Triangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, IconButton, Panel, touch_height
from companion.app.look.tokens import LINE_HEIGHT, TYPE, line_box, space_colour
from companion.app.screens.hourglass_view import HourglassView
from companion.app.games.fort_boyard.duel import DuelScreen
from companion.app.games.fort_boyard.turn import (ANSWER_FONT, big_buttons, judge_buttons, physical_card,
                                                  reader_of, with_hourglass)
from companion.app.widgets import art
from companion.app.widgets.fouras import FourasPortrait

RIDDLE_LEADING = 0.76
ANSWER_LEADING = 0.76
FOURAS_SHARE = 1 / 3  # of the window's height, at the least: the show's host, not a thumbnail
FOURAS_COLUMN = 200  # px at 800×480: Père Fouras, then the ring in his place (200 px across)
JUDGES_COLUMN = 146  # ✓ over ✗, their words on two lines: the verses keep 418 px of the width


class PlayButton(BigButton):
    """A button with a drawn "play" triangle left of its word (the fonts have no ▶)."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        with self.canvas.after:
            self._colour = Color(*self.color)
            self._triangle = Triangle()
        self.bind(pos=self._place, size=self._place, color=self._place)
        self._place()

    def _place(self, *_: Any) -> None:
        side = min(self.height * 0.42, art.px(22))
        gap = art.px(12)
        self.inset = side + gap
        x, cy = self.x + gap, self.center_y
        self._colour.rgba = self.color
        self._triangle.points = [x, cy - side / 2, x, cy + side / 2, x + side * 0.87, cy]


class CoverStrip(IconButton):
    """A closed cover over a secret: the clue's symbol (the secret screens' own) left of its words, a gold
    rim; the secret shows while a finger is down and hides when it leaves (``on_hold(down)``)."""

    def __init__(self, on_hold: Callable[[bool], None], symbol: bool = True, **kw: Any) -> None:
        super().__init__(icon=art.icon("clue") if symbol else None, outline=theme.GOLD, **kw)
        self.bind(state=lambda _b, state: on_hold(state == "down"))


def answer_for_reader(screen: Any, answer: str, reader: str) -> Widget:
    """The answer under a cover that names the one person it is for ("Jean-Baptiste only: hold to see the
    answer"), shown only while held and hidden again at release (a tap that stayed would spoil the riddle
    for the player still answering). While held the cover opens on the answer alone, in the card's gold
    rim: nothing else on the strip to draw the guesser's eye to it."""
    hint = screen.tr("enigme.hold_reader", player=reader)
    strip: CoverStrip

    def held(down: bool) -> None:
        # the answer is the key figure: large and bold while held (the review), the hint at reading size
        strip.base_font, strip.bold = (ANSWER_FONT, True) if down else (TYPE.body, False)
        strip.text = screen.tr("enigme.answer", answer=answer) if down else hint

    # Two lines at reading size, closer than a paragraph's (the riddle above keeps the panel's height).
    # Beside Père Fouras in portrait the words need the whole narrow width: the rim alone says "cover".
    strip = CoverStrip(held, symbol=not screen.app.portrait, text=hint, bg=theme.STONE_DARK, base_font=TYPE.body,
                       size_hint_y=None,
                       line_height=ANSWER_LEADING, icon_px=art.px(36),
                       height=round((TYPE.body * LINE_HEIGHT * ANSWER_LEADING * 2 + 14) * art.scale()))
    strip.answer_hold = True  # what tests look for: the hint's words change with the language
    return strip


class EnigmeScreen(DuelScreen):
    """Round 2's stake (before the reading), Père Fouras and his riddle, the reader's answer, ✓ / ✗;
    then the sea."""

    def time_up_words(self) -> tuple[str, str]:
        if self.c.view.get("phase") != "enigme":
            return super().time_up_words()
        return (self.tr("fb.time_up.whose", player=self.c.view["current"]),
                self.tr("fb.time_up.judge", success=self.tr("enigme.correct"), failure=self.tr("enigme.wrong")))

    def body(self) -> Widget:
        v = self.c.view
        me = v["current"]
        if v["phase"] == "enigme_stake":
            return self.stake_step("enigme.stake", me)
        box = BoxLayout(orientation="vertical", spacing=art.px(10))
        if v["phase"] == "sea":
            return self.sea_step(box, v)
        riddle = self.c.game_part.card_item()
        box.add_widget(self.title_row(me, riddle is not None))
        if riddle is not None:
            text = self.typeset(riddle.text)
        else:
            text = self.tr("challenge.deck_empty") if self.c.game_part.deck_exhausted() else physical_card(self, "enigme")
        # A riddle's verses are short lines: a book's leading (0.76 of Andika's tall line, which keeps room
        # for stacked accents no riddle line needs) keeps them at reading size in the panel's height.
        verses = FitLabel(text=text, base_font=TYPE.heading, line_height=RIDDLE_LEADING if riddle is not None else 1.0)
        strip = answer_for_reader(self, riddle.answer, reader_of(self)) if riddle is not None else None
        fouras = FourasPortrait(self.app)
        self.fouras = fouras
        judges = judge_buttons(self, self.tr("enigme.correct"), self.tr("enigme.wrong"),
                               lambda: self.send({"cmd": "result", "success": True}),
                               lambda: self.send({"cmd": "result", "success": False}),
                               cols=None if self.app.portrait else 1)
        if self.app.portrait:
            box.add_widget(self.portrait_body(fouras, verses, strip, judges))
        else:
            box.add_widget(self.landscape_body(fouras, verses, strip, judges))
        return box

    def landscape_body(self, fouras: Widget, verses: Widget, strip: Widget | None, judges: Widget) -> Widget:
        """Three columns: Père Fouras over "Lancer le sablier" (the ring in his place once it runs), the
        verses with the whole middle's height over the reader's answer strip, ✓ over ✗ at the right. The
        verses need about 420 px by 190 at 800×480 for the long riddles to stay at 20 px and more."""
        row = BoxLayout(orientation="horizontal", spacing=art.px(8))  # the least gap: the verses need the width
        column = HourglassView(self, vertical=True, face=fouras, size_hint_x=None, width=art.px(FOURAS_COLUMN))
        if column.fresh:  # his start in two lines at more than the judges' size under him
            column.toggle.height = art.px(88)
        row.add_widget(column)
        middle = BoxLayout(orientation="vertical", spacing=art.px(5))
        panel = Panel(orientation="vertical", padding=art.px(2))
        panel.add_widget(verses)
        middle.add_widget(panel)
        if strip is not None:
            middle.add_widget(strip)
        row.add_widget(middle)
        judges.size_hint, judges.width = (None, 1), art.px(JUDGES_COLUMN)
        row.add_widget(judges)
        return row

    def portrait_body(self, fouras: Widget, verses: Widget, strip: Widget | None, judges: Widget) -> Widget:
        """Narrow and tall: Père Fouras beside his riddle, the answer strip and "Listen again" under it, the
        ring across the width, ✓ and ✗ last."""
        panel = Panel(orientation="horizontal", padding=art.px(2), spacing=art.px(8))
        fouras.size_hint_x, fouras.width = None, art.px(160)
        panel.add_widget(fouras)
        words = BoxLayout(orientation="vertical", spacing=art.px(8))
        words.add_widget(verses)
        if strip is not None:
            words.add_widget(strip)
            words.add_widget(self.listen_again_button(size_hint_y=None, height=touch_height()))
        panel.add_widget(words)
        return with_hourglass(self, panel, judges, share=0.62)

    def title_row(self, me: str, listen: bool) -> Widget:
        """The step, "▶ Listen again" beside it (with a riddle of the companion's), the rule's "?"."""
        row = self.step_row(self.tr("space.enigme") + " – " + me, "enigme")
        if listen and not self.app.portrait:
            row.add_widget(self.listen_again_button(size_hint_x=None, width=art.px(150)), index=1)  # before "?"
        return row

    def listen_again_button(self, **kw: Any) -> Widget:
        again = PlayButton(text=self.tr("enigme.listen_again"), base_font=TYPE.caption + 2, bg=theme.SEA_LIGHT, **kw)
        again.bind(on_release=lambda *_: self.listen_again())
        self.listen_button = again
        return again

    def listen_again(self) -> bool:
        """Père Fouras reads this turn's riddle again (his portrait speaks while he does). False, and a
        word on the screen, when the companion has no voice (sound off, no speech engine)."""
        card = self.c.view.get("card")
        say = getattr(self.app.sound, "say_card", None)
        if not card or say is None or say(card["deck"], card["id"]) is None:
            self.app.toast(self.tr("enigme.no_voice"))
            return False
        return True

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
