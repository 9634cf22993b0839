"""The players' phones on the touchscreen: one QR code per player, shown for ten seconds after its player
taps their name (after a new game starts and from "Mes indices"), and the Phones row of the settings
(docs/phones.md). A tap, not a hold: the player's one hand holds the phone that scans."""

from __future__ import annotations

from io import BytesIO
from typing import Any

from kivy.clock import Clock
from kivy.core.image import Image as CoreImage
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.image import Image
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel, Scale, colour_rgba, touch_height
from companion.app.look.tokens import line_box
from companion.app.phones_link import phones_of
from companion.app.games.fort_boyard.codewords import FortPrivateScreen
from companion.app.screens.kit import gap


QR_SECONDS = 10  # long enough to unlock a phone and scan, short enough that it is gone when they look up


class CodePanel(Panel):
    """Where one player's QR code appears for ten seconds after that player taps their name, white around
    the black modules; otherwise (and as soon as the time is over) what to do, and no code at all: a code on the
    screen is a link to its player's secret clues, readable by any phone that points at it."""

    def __init__(self, hint: str, **kw: Any) -> None:
        super().__init__(orientation="vertical", padding=Scale.px(8), spacing=Scale.px(2), **kw)
        self.hint = FitLabel(text=hint, base_font=22, color=theme.TEXT)
        self.code = Image(fit_mode="contain")  # no texture until a hold: nothing to scan
        self.name = FitLabel(text="", base_font=20, color=theme.TEXT_DARK, wrap=False, size_hint_y=None,
                             height=Scale.px(line_box(20)))
        self.showing: str | None = None
        self.hide()

    def show(self, name: str, png: bytes) -> None:
        texture = CoreImage(BytesIO(png), ext="png").texture
        texture.mag_filter = texture.min_filter = "nearest"  # crisp modules at any size
        self.code.texture = texture
        self.name.text = name
        self.showing = name
        self.bg = theme.TEXT  # the code's quiet zone
        self.clear_widgets()
        self.add_widget(self.code)
        self.add_widget(self.name)

    def hide(self) -> None:
        self.code.texture = None
        self.name.text = ""
        self.showing = None
        self.bg = theme.SEA_LIGHT
        self.clear_widgets()
        self.add_widget(self.hint)


class PhonesScreen(FortPrivateScreen):
    """One player's QR code at a time, shown for ``QR_SECONDS`` after that player taps their name (the
    others look away); a tap on the name shown hides it at once, another name replaces it. ``start_answer``: the new game's answer when the codes are shown before the
    game starts (then "Continue" goes on to the die or the first turn)."""

    in_game = False
    start_answer: dict | None = None
    _qr_timer: Any = None

    def body(self) -> Widget:
        link = phones_of(self.app)
        portrait = self.app.portrait
        box = BoxLayout(orientation="vertical", spacing=Scale.px(8), padding=Scale.px(6))
        title = self.title(self.tr("phones.title"), base_font=36, colour=theme.GOLD,
                           height=line_box(36, 2 if portrait else 1))
        title.role = "step"
        box.add_widget(title)
        links = link.links()
        if link.no_network:
            note = self.tr("phones.no_network")
        elif not link.running:
            note = self.tr("phones.failed", error=link.problem) if link.problem else self.tr("phones.off")
        elif not links:
            note = self.tr("phones.cards")
        else:
            note = self.tr("phones.scan")
        box.add_widget(FitLabel(text=note, base_font=20, size_hint_y=None,
                                height=Scale.px(line_box(20, 2 if portrait else 1))))
        self.stop_qr_timer()
        self.name_buttons = {}
        self.panel = None
        box.add_widget(self.holds(link, list(links), portrait) if links else Widget())
        go = BigButton(text=self.tr("common.continue"), bg=theme.GOLD, base_font=22, size_hint_y=None,
                       height=touch_height())
        go.bind(on_release=lambda *_: self.go_on())
        box.add_widget(go)
        return box

    def holds(self, link: Any, names: list[str], portrait: bool) -> Widget:
        """The code's place and a button per player's name: beside it (landscape) or under it (portrait)."""
        self.panel = CodePanel(self.tr("phones.hold"))
        cols = 2 if portrait or len(names) > 4 else 1
        rows = -(-len(names) // cols)
        grid = GridLayout(cols=cols, spacing=gap())  # 8 px after rounding at every profile
        if portrait:
            grid.size_hint_y, grid.height = None, touch_height() * 1.1 * rows + gap() * (rows - 1)
        else:
            grid.size_hint_x = 0.45
        for name in names:
            b = BigButton(text=name, bg=colour_rgba(self.c.colour_of(name)), base_font=22)
            b.bind(on_release=lambda _b, n=name: self.tap_name(link, n))
            self.name_buttons[name] = b
            grid.add_widget(b)
        row = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=Scale.px(8))
        row.add_widget(self.panel)
        row.add_widget(grid)
        return row

    def tap_name(self, link: Any, name: str) -> None:
        """``name``'s QR code for ``QR_SECONDS``; their name tapped again while it shows hides it."""
        self.stop_qr_timer()
        if self.panel is None:
            return
        png = link.qr_png(name) if self.panel.showing != name else None
        if not png:
            self.panel.hide()
            return
        self.panel.show(name, png)
        self._qr_timer = Clock.schedule_once(lambda _dt: self.hide_qr(), QR_SECONDS)

    def hide_qr(self) -> None:
        self.stop_qr_timer()
        if self.panel is not None:
            self.panel.hide()

    def stop_qr_timer(self) -> None:
        if self._qr_timer is not None:
            self._qr_timer.cancel()
            self._qr_timer = None

    def on_leave(self, *_):
        self.hide_qr()  # a code never waits on a screen nobody is looking at

    def go_on(self) -> None:
        answer = self.start_answer
        if answer is not None:
            self.app.after_new_game(answer)  # shown once: after_new_game sees it is this answer
        else:
            self.app.show_phase()


def phones_before_game(app: Any, answer: dict) -> bool:
    """After a new game with companion code words and the Phones setting on: the QR codes first, or why
    there are none (no home network, the port in use). True: shown."""
    screen = app.sm.get_screen("phones")
    if screen.start_answer is answer:  # shown already: the game goes on
        screen.start_answer = None
        return False
    if not (getattr(app.settings, "phones", False) and answer.get("state", {}).get("code_words") == "companion"):
        return False
    phones_of(app).publish()  # the new game's links
    screen.start_answer = answer
    app.go("phones")
    return True
