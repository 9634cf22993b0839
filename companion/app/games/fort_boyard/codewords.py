"""The companion's code words at the table (issue 17): a clue won is shown to its owner only while they
hold a button, the others looking away; "Mes indices" shows a player's clues again the same way; the
new-game choice of code words and levels; the routing that sends the app to these screens.

Everything a private screen shows comes from ``rules.player_view(state, name)``: never the table's state,
so nothing of another player's word or clues can reach it.
"""

from __future__ import annotations

from typing import Any, Callable

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.image import Image
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel, Scale, colour_rgba, touch_height
from companion.app.look.tokens import SPACE, TYPE, line_box
from companion.app.screens.base import BaseScreen
from companion.app.widgets import art

LEVELS = ("easy", "hard")
PROPOSE_PHASES = ("propose", "propose_again")


def companion_words(view: dict) -> bool:
    return view.get("code_words") == "companion"


def private_view(app: Any, name: str) -> dict | None:
    """What ``name`` may see (their level, their clues...), from the rules' player view only."""
    session = app.controller.session
    if session.rules is None or not hasattr(session.rules, "player_view"):
        return None
    return session.rules.player_view(session.state, name)


def clues_of(app: Any, name: str) -> list[str]:
    mine = private_view(app, name)
    return list(mine["clues"]) if mine else []


# --- routing (called by the app: main.py) ---------------------------------------------------------------


def queue_reveals(app: Any, answer: dict) -> None:
    """After an accepted command: each clue won with companion code words waits for its private reveal."""
    if not answer.get("ok") or not companion_words(answer.get("state", {})):
        return
    pending = reveals(app)
    for e in answer.get("events", ()):
        if e.get("type") == "clue_won" and e.get("player") not in pending:
            pending.append(e["player"])


def reveals(app: Any) -> list[str]:
    if not hasattr(app, "clue_reveals"):
        app.clue_reveals = []
    return app.clue_reveals


def route(app: Any) -> str | None:
    """The code-word screen the game needs now, else None (the phase's own screen). A reveal queued for a
    clue that an undo took back is dropped."""
    view = app.controller.view
    if not companion_words(view):
        reveals(app).clear()
        return None
    pending = reveals(app)
    pending[:] = [name for name in pending if clues_of(app, name)]
    if pending:
        app.sm.get_screen("reveal").player = pending[0]
        return "reveal"
    if view["phase"] in PROPOSE_PHASES:
        return "keyboard"
    return None


def send_proposal(app: Any, command: dict) -> dict:
    """A typed proposal (from the on-screen keyboard or a phone) sent through the app; its verdict shown."""
    answer = app.send(command)
    if answer.get("ok") and "verdict" in answer:
        screen = app.sm.get_screen("verdict")
        screen.verdict = answer["verdict"]
        app.go("verdict")
    return answer


# --- holding to read --------------------------------------------------------------------------------------


class HoldButton(BigButton):
    """Shows a secret while the finger is down, hides it when the finger leaves."""

    def __init__(self, on_hold: Callable[[bool], None], **kw: Any) -> None:
        super().__init__(**kw)
        self._on_hold = on_hold
        self.bind(state=lambda _b, state: on_hold(state == "down"))


class SecretPanel(Panel):
    """Where a clue appears while its owner holds the button. Before that (and as soon as the finger
    lifts) the panel says what to do, with the clue's symbol: never an empty box that looks broken."""

    def __init__(self, hint: str, **kw: Any) -> None:
        super().__init__(orientation="vertical", padding=Scale.px(10), **kw)
        self.bg = theme.SEA_LIGHT  # the gold clue keeps AA contrast on the surface role (docs/design.md)
        self.hint = BoxLayout(spacing=art.px(SPACE.s), padding=[art.px(SPACE.s), 0])
        self.hint.add_widget(Image(source=art.icon("clue", big=True), color=theme.GOLD, size_hint_x=None,
                                   width=art.px(72), fit_mode="contain"))
        self.hint_label = FitLabel(text=hint, base_font=TYPE.button, color=theme.TEXT)
        self.hint.add_widget(self.hint_label)
        self.add_widget(self.hint)
        self.label = FitLabel(text="", base_font=28, bold=True, color=theme.GOLD, opacity=0)
        self.label.role = "secret"
        # Whose secret it is, above it: with a button per player, the holder checks it is their own.
        self.owner = FitLabel(text="", base_font=TYPE.standing, bold=True, color=theme.TEXT, wrap=False,
                              size_hint_y=None, height=art.px(line_box(TYPE.standing)))
        self.owner.role = "standing"
        self._showing(False)

    def _showing(self, secret: bool) -> None:
        """One of the two fills the panel: the secret, or what to do (the other takes no room)."""
        self.clear_widgets()
        if secret and self.owner.text:
            self.add_widget(self.owner)
        self.add_widget(self.label if secret else self.hint)
        self.label.opacity = 1 if secret else 0

    def show(self, lines: list[str], owner: str = "") -> None:
        self.label.text = "\n".join(lines)
        self.owner.text = owner
        self._showing(True)

    def hide(self) -> None:
        self.label.text = self.owner.text = ""
        self._showing(False)


def numbered(tr: Callable[..., str], clues: list[str]) -> list[str]:
    return [tr("codewords.clue_n", n=i + 1, clue=clue) for i, clue in enumerate(clues)] or [tr("codewords.no_clue")]


class FortPrivateScreen(BaseScreen):
    """A screen without the table's bar and chips (a secret, a typed word, a phone's code) that keeps the
    fort's look: the round's stone and dusk behind it, like every screen of the game (they showed the plain
    night blue, as if they were the app's and not the fort's)."""

    in_game = False

    def rebuild(self) -> None:
        self.draw_backdrop()
        super().rebuild()


class RevealScreen(FortPrivateScreen):
    """A clue just won: the others look away, its owner holds the button to read it."""

    in_game = False
    player = ""

    def body(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(8), padding=Scale.px(8))
        look = self.title(self.tr("codewords.look_away"), base_font=36, colour=theme.GOLD,
                          height=line_box(36, 2 if self.app.portrait else 1))
        look.role = "step"
        box.add_widget(look)
        self.secret = SecretPanel(self.tr("codewords.hold_new", player=self.player))
        box.add_widget(self.secret)
        clues = clues_of(self.app, self.player)
        newest = [self.tr("codewords.clue_n", n=len(clues), clue=clues[-1])] if clues else []

        def hold(down: bool) -> None:
            self.secret.show(newest) if down else self.secret.hide()

        row = BoxLayout(size_hint_y=None, height=touch_height() * 1.5, spacing=Scale.px(8))
        self.hold_button = HoldButton(hold, text=self.tr("codewords.hold_button", player=self.player),
                                      bg=colour_rgba(self.c.colour_of(self.player)), base_font=22, size_hint_x=0.66)
        row.add_widget(self.hold_button)
        done = BigButton(text=self.tr("codewords.done"), bg=theme.SEA_LIGHT, base_font=22, size_hint_x=0.34)
        done.bind(on_release=lambda *_: self.done())
        row.add_widget(done)
        box.add_widget(row)
        return box

    def done(self) -> None:
        pending = reveals(self.app)
        if self.player in pending:
            pending.remove(self.player)
        self.app.show_phase()


class MyCluesScreen(FortPrivateScreen):
    """Every player's clues again, one hold-button per player: one tap from the game, then hold."""

    in_game = False

    def body(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(8), padding=Scale.px(8))
        look = self.title(self.tr("codewords.look_away"), base_font=36, colour=theme.GOLD,
                          height=line_box(36, 2 if self.app.portrait else 1))
        look.role = "step"
        box.add_widget(look)
        self.secret = SecretPanel(self.tr("codewords.mine_hold"))
        box.add_widget(self.secret)
        players = [p["name"] for p in self.c.view["players"]]
        cols = 2 if self.app.portrait else (len(players) if len(players) <= 4 else 3)
        rows = -(-len(players) // cols)
        grid = GridLayout(cols=cols, spacing=Scale.px(8), size_hint_y=None, height=touch_height() * 1.1 * rows + Scale.px(8) * (rows - 1))
        self.hold_buttons = {}
        for name in players:
            def hold(down: bool, name: str = name) -> None:
                if down:
                    self.secret.show(numbered(self.tr, clues_of(self.app, name)),
                                     owner=self.tr("codewords.clues_of", player=name))
                else:
                    self.secret.hide()

            b = HoldButton(hold, text=name, bg=colour_rgba(self.c.colour_of(name)), base_font=22)
            self.hold_buttons[name] = b
            grid.add_widget(b)
        box.add_widget(grid)
        bottom = BoxLayout(size_hint_y=None, height=touch_height(), spacing=Scale.px(8))
        if getattr(self.app.settings, "phones", False):  # the codes, or why there are none
            phones = BigButton(text=self.tr("phones.menu"), bg=theme.STONE, base_font=20)
            phones.bind(on_release=lambda *_: self.app.go("phones"))
            bottom.add_widget(phones)
        back = BigButton(text=self.tr("codewords.back"), bg=theme.SEA_LIGHT, base_font=20)
        back.bind(on_release=lambda *_: self.app.show_phase())
        bottom.add_widget(back)
        box.add_widget(bottom)
        return box


def clues_entry(screen: BaseScreen) -> Widget | None:
    """The top bar's "Mes indices" button (with companion code words, from Round 2 on), else None."""
    v = screen.c.view
    if not companion_words(v) or (v.get("round") or 0) < 2:
        return None
    b = BigButton(text=screen.tr("codewords.mine"), base_font=18, bg=theme.hex_rgba("6b4c9a"), size_hint_x=None,
                  width=Scale.px(112))  # a fixed width like the menu's (the top bar sets it): a share of the bar left it 3 px in portrait
    b.bind(on_release=lambda *_: screen.app.go("my_clues"))
    return b


# --- the new game's choice ---------------------------------------------------------------------------------


def code_words_row(screen: Any) -> Widget:
    """On the new game's options step: the cards' code words or the companion's, and with the companion's
    each player's level (the rulebook: chosen together before the first clue)."""
    tr = screen.tr
    choice = getattr(screen, "code_words", "cards")
    levels = _levels(screen)
    cols = 1 if screen.app.portrait else 4  # six players' levels: two rows
    grid = GridLayout(cols=cols, spacing=Scale.px(8), size_hint_y=None)
    grid.bind(minimum_height=grid.setter("height"))
    toggle = BigButton(text=tr("common.labelled", label=tr("new.code_words"), value=tr("new.code_words." + choice)),
                       base_font=18, size_hint_y=None, height=touch_height() * 0.9,
                       bg=theme.hex_rgba("6b4c9a") if choice == "companion" else theme.STONE_DARK)
    toggle.bind(on_release=lambda *_: _set(screen, code_words="cards" if choice == "companion" else "companion"))
    grid.add_widget(toggle)
    if choice == "companion":
        for name in screen.names():
            grid.add_widget(level_row(screen, name, levels.get(name, "easy")))
    return grid


def level_row(screen: Any, name: str, level: str, font: float = 18) -> Widget:
    """A player's name and their level as a two-way choice (facile | difficile): the chosen one in the
    selection role with its ✓ (gold is only the screen's main action, docs/design.md). Each segment's
    ``choice`` is (player, level), for tests."""
    from companion.app.screens.kit import Segmented, left_label

    row = BoxLayout(size_hint_y=None, height=touch_height() * 0.9, spacing=Scale.px(8))
    row.player = name
    row.add_widget(left_label(name, font, theme.TEXT, bold=True, wrap=False, size_hint_x=0.4))
    row.add_widget(Segmented([(lv, screen.tr("codewords.level." + lv)) for lv in LEVELS], level,
                             lambda value: _set(screen, level=(name, value)), font=font, name=name,
                             height=row.height, size_hint_x=0.6))
    return row


def _levels(screen: Any) -> dict[str, str]:
    if not hasattr(screen, "word_levels"):
        screen.word_levels = {}
    return screen.word_levels


def _set(screen: Any, code_words: str | None = None, level: tuple[str, str] | None = None) -> None:
    if code_words:
        screen.code_words = code_words
    if level:
        _levels(screen)[level[0]] = level[1]
    screen.rebuild()


def code_words_choice(screen: Any) -> dict[str, Any]:
    """The new-game arguments of the choice: ``code_words`` and, with the companion's, ``levels``."""
    if getattr(screen, "code_words", "cards") != "companion":
        return {}
    levels = _levels(screen)
    return {"code_words": "companion", "levels": {n: levels.get(n, "easy") for n in screen.names()}}
