"""The players' phones on the touchscreen: one QR code per player, each shown only while its player holds
their name (after a new game starts and from "Mes indices"), and the Phones row of the settings
(docs/phones.md)."""

from __future__ import annotations

from io import BytesIO
from typing import Any

from kivy.core.image import Image as CoreImage
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.image import Image
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel, Scale, colour_rgba, touch_height
from companion.app.look.tokens import line_box
from companion.app.phones_link import phones_of
from companion.app.screens.base import BaseScreen
from companion.app.screens.codewords import HoldButton
from companion.app.screens.kit import gap


class CodePanel(Panel):
    """Where one player's QR code appears while that player holds their name, white around the black
    modules; otherwise (and as soon as the finger lifts) what to do, and no code at all: a code on the
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


class PhonesScreen(BaseScreen):
    """One player's QR code at a time, shown only while that player holds their name (the others look
    away), as the clues are. ``start_answer``: the new game's answer when the codes are shown before the
    game starts (then "Continue" goes on to the die or the first turn)."""

    in_game = False
    start_answer: dict | None = None

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
        self.hold_buttons = {}
        self.panel = None
        box.add_widget(self.holds(link, list(links), portrait) if links else Widget())
        go = BigButton(text=self.tr("common.continue"), bg=theme.GOLD, base_font=22, size_hint_y=None,
                       height=touch_height())
        go.bind(on_release=lambda *_: self.go_on())
        box.add_widget(go)
        return box

    def holds(self, link: Any, names: list[str], portrait: bool) -> Widget:
        """The code's place and a hold-button per player: beside it (landscape) or under it (portrait)."""
        self.panel = CodePanel(self.tr("phones.hold"))
        cols = 2 if portrait or len(names) > 4 else 1
        rows = -(-len(names) // cols)
        grid = GridLayout(cols=cols, spacing=gap())  # 8 px after rounding at every profile
        if portrait:
            grid.size_hint_y, grid.height = None, touch_height() * 1.1 * rows + gap() * (rows - 1)
        else:
            grid.size_hint_x = 0.45
        for name in names:
            def hold(down: bool, name: str = name) -> None:
                png = link.qr_png(name) if down else None
                self.panel.show(name, png) if png else self.panel.hide()

            b = HoldButton(hold, text=name, bg=colour_rgba(self.c.colour_of(name)), base_font=22)
            self.hold_buttons[name] = b
            grid.add_widget(b)
        row = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=Scale.px(8))
        row.add_widget(self.panel)
        row.add_widget(grid)
        return row

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


def phones_setting_row(screen: BaseScreen) -> Widget:
    """The settings' Phones row: on or off (off: nothing listens). The settings screen adds it."""
    on = bool(getattr(screen.app.settings, "phones", False))
    b = BigButton(text=screen.tr("common.labelled", label=screen.tr("phones.menu"),
                                 value=screen.tr("settings.on" if on else "settings.off")),
                  bg=theme.SEA_LIGHT if on else theme.STONE_DARK, base_font=18, size_hint_y=None, height=touch_height())
    b.bind(on_release=lambda *_: screen.app.change_settings(phones=not on))
    return b
