"""The buzzer duel panel that the Duel screen embeds while it waits for the winner.

Thin on purpose: the duel itself (arming, "Top !", the verdict, the LEDs) is a
:class:`~companion.devices.buzzers.BuzzerDuel`; this widget only draws its view and forwards taps and keys.
Presses arrive on hardware threads; the duel posts its changes here through Kivy's clock.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.app import theme
from companion.app.table.language import translator
from companion.app.controls import BigButton, FitLabel, Panel, Scale, touch_height
from companion.app.look.tokens import TYPE, line_box
from companion.app.widgets import art
from companion.devices.buzzers import MODES, BuzzerConfig, BuzzerDuel, BuzzerHardware, DuelRecord, DuelView
from companion.devices.buzzers.arbiter import (
    AGAIN, FALSE_START, IGNORED, LOCKED_OUT, OUT, STUCK, TIE, VALID, VOID, WON, PressLine,
)

if TYPE_CHECKING:
    from companion.app.screens.base import BaseScreen

MAX_LINES = 4


def translate(language: str, key: str, **values: Any) -> str:
    """A ``buzz.*`` message of the catalogues in ``language`` (French when the language is unknown)."""
    return translator(language)(key, **values)


def kivy_schedule(delay: float, fn: Callable[[], None]) -> Callable[[], None]:
    event = Clock.schedule_once(lambda _dt: fn(), delay)
    return event.cancel


def kivy_post(fn: Callable[[], None]) -> None:
    """Run ``fn`` on the UI thread: hardware threads never touch widgets."""
    Clock.schedule_once(lambda _dt: fn(), 0)


def duel_key(view: dict[str, Any]) -> tuple:
    """What identifies one duel of the game: a new turn or other duellists is a new duel."""
    return (view.get("game_id"), view.get("turns"), view.get("current"), view.get("opponent"))


def hardware_for(app: Any) -> BuzzerHardware:
    """The app's buzzers (``app.buzzer_hardware``); keyboard stand-ins are opened when it has none."""
    hardware = getattr(app, "buzzer_hardware", None)
    if hardware is None:
        hardware = BuzzerHardware.open(BuzzerConfig())
        app.buzzer_hardware = hardware
    return hardware


def duel_for(screen: "BaseScreen", on_winner: Callable[[str, DuelRecord], None] | None = None) -> BuzzerDuel:
    """This turn's duel, kept on the screen so that a rebuild (language, rotation) does not lose it."""
    view = screen.app.controller.view
    key = duel_key(view)
    kept = getattr(screen, "buzzer_duel", None)
    if kept is not None and kept[0] == key and not kept[1].closed:
        return kept[1]
    if kept is not None:
        kept[1].close()
    hardware = hardware_for(screen.app)
    seats = [p["name"] for p in view["players"]]

    def deliver(winner: str, record: DuelRecord) -> None:
        duel.close()
        (on_winner or (lambda w, r: screen.app.send({"cmd": "result", "winner": w, "buzzers": r.to_json()})))(
            winner, record)

    duel = BuzzerDuel(seats, (view["current"], view["opponent"]), config=hardware.config,
                      sources=hardware.sources, leds=hardware.leds, seed=f"{view.get('seed')}:{view.get('turns')}",
                      schedule=kivy_schedule, post=kivy_post, on_winner=deliver)
    screen.buzzer_duel = (key, duel)
    return duel


class BuzzerDuelPanel(Panel):
    """Mode choice, "Attention… Top !", the press order with gaps, false starts, ties, answers.

    ``BuzzerDuelPanel(screen)`` in the Duel screen's ``duel_result`` phase: the confirmed winner is sent
    to the engine as ``{"cmd": "result", "winner": name, "buzzers": record}`` (the record goes into the game
    log) unless ``on_winner(name, record)`` is given. ``asides=False``: "Run again" and "Other contest"
    are left to the screen's menu ("Run again" stays after a tie or a void run: the only way on).
    """

    def __init__(self, screen: "BaseScreen", *, duel: BuzzerDuel | None = None,
                 on_winner: Callable[[str, DuelRecord], None] | None = None, asides: bool = True, **kw: Any) -> None:
        kw.setdefault("orientation", "vertical")
        kw.setdefault("padding", Scale.px(6))
        kw.setdefault("spacing", Scale.px(4))
        super().__init__(**kw)
        self.screen = screen
        self.asides = asides
        self.duel = duel or duel_for(screen, on_winner)
        self.keyboard = next((s for s in self.duel.sources if hasattr(s, "key_down")), None)
        self.duel.on_change = self._changed
        self._bound = False
        self.bind(parent=self._on_parent)
        self.show(self.duel.view)

    # --- strings -------------------------------------------------------------------------------------

    @property
    def language(self) -> str:
        return self.screen.app.controller.tr.language

    def tr(self, key: str, **values: Any) -> str:
        return translate(self.language, key, **values)

    # --- drawing -------------------------------------------------------------------------------------

    def _changed(self, view: DuelView) -> None:
        self.show(view)

    @property
    def choosing(self) -> bool:
        """Step 1 of the duel: no contest yet, or the table asked for another one."""
        return self.duel.mode is None or getattr(self.screen, "contest_again", False)

    def show(self, view: DuelView) -> None:
        """Draw the duel as ``view`` says (called on the UI thread)."""
        self.clear_widgets()
        if self.choosing:
            self._modes(view)
            return
        headline, colour = self.headline(view)
        self.add_widget(FitLabel(text=headline, base_font=TYPE.button, bold=True, color=colour))
        notes = self.notes(view)
        if notes:
            self.add_widget(FitLabel(text="\n".join(notes), base_font=TYPE.caption, color=theme.WARNING))
        shown = self.lines(view)[-MAX_LINES:]
        if shown:
            lines = BoxLayout(orientation="vertical", size_hint_y=None, height=line_box(TYPE.caption, profile=art.profile()) * len(shown))
            for text in shown:
                lines.add_widget(FitLabel(text=text, base_font=TYPE.caption, wrap=False))
            self.add_widget(lines)
        actions = self.actions(view)
        if self.asides:
            actions.append((self.tr("duel.other_contest"), theme.SEA, self.other_contest))
        elif view.verdict is None or view.verdict.status not in (TIE, VOID):
            # the menu has "Run again"; it stays here only when a tie or a void run leaves no other way on
            actions = [a for a in actions if a[2] != self.duel.rerun]
        if not actions:
            return
        cols = 1 if self.screen.app.portrait else 2  # portrait: the panel is narrow, and tall enough
        row = GridLayout(cols=cols, spacing=Scale.px(10), size_hint_y=None)
        rows = (len(actions) + cols - 1) // cols
        row.height = touch_height() * rows + Scale.px(10) * (rows - 1)
        secondary = {self.tr("buzz.rerun"), self.tr("duel.other_contest")}
        for text, colour, callback in actions:
            # Run again / Other contest are asides: the body's size, under the verdict's own action
            b = BigButton(text=text, bg=colour, base_font=TYPE.body if text in secondary else TYPE.button)
            b.bind(on_release=lambda _b, cb=callback: cb())
            row.add_widget(b)
        self.add_widget(row)

    def _modes(self, view: DuelView) -> None:
        """The four contests, each button with the short line that explains it, all at reading size. No title:
        the buttons are the question (a title line left the explanations too small to read at the table)."""
        grid = GridLayout(cols=1 if self.screen.app.portrait else 2, spacing=Scale.px(10))
        for mode in MODES:
            cell = BoxLayout(spacing=Scale.px(8))
            b = BigButton(text=self.tr("buzz.mode." + mode), base_font=TYPE.button, size_hint_x=0.46,
                          bg=theme.GOLD if view.mode == mode else theme.STONE)
            b.bind(on_release=lambda _b, m=mode: self.choose(m))
            cell.add_widget(b)
            cell.add_widget(FitLabel(text=self.tr("buzz.hint." + mode), base_font=TYPE.body, halign="left"))
            grid.add_widget(cell)
        self.add_widget(grid)

    def choose(self, mode: str) -> None:
        """Start a run in ``mode``; a question duel draws a question from the companion's content when the
        turn has none yet (shown beside the panel, read aloud by Père Fouras)."""
        self.screen.contest_again = False
        self.duel.start(mode)
        drawn = False
        if mode == "question" and self.screen.c.view.get("card") is None:
            answer = self.screen.c.game_part.draw_card("duel")
            drawn = answer is not None and answer["ok"]
        if drawn or getattr(self.screen, "duel_panel", None) is self:
            self.screen.rebuild()  # step 2: the card, the buzzers and the hourglass side by side
        else:
            self.show(self.duel.view)

    def other_contest(self) -> None:
        """Back to step 1 (the duel itself is kept until another contest starts)."""
        self.screen.contest_again = True
        if getattr(self.screen, "duel_panel", None) is self:
            self.screen.rebuild()
        else:
            self.show(self.duel.view)

    def headline(self, view: DuelView) -> tuple[str, Any]:
        v = view.verdict
        if v is None:
            return self.tr("buzz.choose"), theme.TEXT
        if view.phase == "attention":
            return self.tr("buzz.attention"), theme.GOLD
        if v.status == TIE:
            return self.tr("buzz.tie", players=" / ".join(v.tied)), theme.GOLD
        if v.status == VOID:
            return self.tr("buzz.void"), theme.DANGER
        if view.mode == "question" and v.status == WON:
            if v.answerer is None:
                return self.tr("buzz.nobody_left"), theme.DANGER
            return self.tr("buzz.answers", player=v.answerer), theme.GOLD
        if v.status == WON:
            if v.reason == "false_start":
                loser = next(p for p in view.duellists if p != v.winner)
                return self.tr("buzz.wins_false_start", loser=loser, player=v.winner), theme.GOLD
            return self.tr("buzz.wins", player=v.winner), theme.GOLD
        if view.mode == "card":
            return self.tr("buzz.card"), theme.TEXT
        if view.mode == "question":
            return self.tr("buzz.question"), theme.TEXT
        if view.mode == "time":
            return self.tr("buzz.time", s=f"{self.duel.config.time_target_s:g}"), theme.GOLD
        return self.tr("buzz.top"), theme.OK

    def notes(self, view: DuelView) -> list[str]:
        v = view.verdict
        if v is None:
            return []
        notes = [self.tr("buzz.release", player=p) for p in v.stuck]
        if view.revised:
            notes.append(self.tr("buzz.revised"))
        return notes

    def lines(self, view: DuelView) -> list[str]:
        """The presses in time order: ranks with gaps to the first (0.1 ms), then what was ignored and why."""
        v = view.verdict
        if v is None:
            return []
        if view.dark and v.status not in (WON, TIE, VOID):
            return [self.tr("buzz.line." + line.kind, player=line.player) for line in v.lines
                    if line.kind not in (VALID, AGAIN)]  # nobody learns the others' times before the end
        out = []
        for line in v.lines:
            if line.kind == AGAIN:
                continue
            if line.kind == VALID and line.rank is not None:
                out.append(self._ranked(view, line, v.wrong))
            elif line.kind in (FALSE_START, LOCKED_OUT, STUCK, IGNORED, OUT):
                out.append(self.tr("buzz.line." + line.kind, player=line.player))
        return out

    def _ranked(self, view: DuelView, line: PressLine, wrong: tuple[str, ...]) -> str:
        gap = "0.0 ms" if line.gap_ms == 0 else f"+{line.gap_ms:.1f} ms"
        if line.error_ms is not None:  # time-sense duel: when they pressed after "Top !", and how far off
            pressed_after = self.duel.config.time_target_s + line.error_ms / 1000
            return self.tr("buzz.line.time", rank=line.rank, player=line.player, time=f"{pressed_after:.3f}",
                           error=f"{line.error_ms:+.1f}")
        key = "buzz.line.wrong" if line.player in wrong else "buzz.line.valid"
        return self.tr(key, rank=line.rank, player=line.player, gap=gap)

    def actions(self, view: DuelView) -> list[tuple[str, Any, Callable[[], None]]]:
        v = view.verdict
        if v is None:
            return []
        rerun = (self.tr("buzz.rerun"), theme.STONE_DARK, self.duel.rerun)
        if view.mode == "question" and v.status == WON and v.answerer is not None:
            return [(self.tr("buzz.correct", player=v.answerer), theme.OK, self.duel.correct_answer),
                    (self.tr("buzz.wrong"), theme.DANGER, self.duel.wrong_answer), rerun]
        if view.mode != "question" and v.status == WON:
            return [(self.tr("buzz.validate", player=v.winner), theme.OK, self.duel.confirm), rerun]
        return [rerun]

    # --- keyboard stand-ins --------------------------------------------------------------------------

    def _on_parent(self, _widget, parent) -> None:
        if parent is not None and not self._bound:
            # Bound after the app's own handler, so called before it: a buzzer key does not also send a result.
            Window.bind(on_key_down=self._key_down, on_key_up=self._key_up)
            self._bound = True
        elif parent is None and self._bound:
            Window.unbind(on_key_down=self._key_down, on_key_up=self._key_up)
            self._bound = False
            view = self.screen.app.controller.view
            if view.get("phase") != "duel_result" or duel_key(view) != getattr(self.screen, "buzzer_duel", (None,))[0]:
                self.duel.close()  # the duel is over (result sent, undo): free the buzzers and LEDs

    def _key_down(self, _window, key, _scancode=None, codepoint=None, modifiers=()) -> bool:
        if self.keyboard is None or self.duel.mode is None or "ctrl" in (modifiers or ()):
            return False
        return self.keyboard.key_down(key) or bool(codepoint and self.keyboard.key_down(codepoint))

    def _key_up(self, _window, key, _scancode=None) -> bool:
        if self.keyboard is None or self.duel.mode is None:
            return False
        return self.keyboard.key_up(key)
