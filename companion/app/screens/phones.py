"""The players' phones on the touchscreen: one QR code per player (after a new game starts and from
"Mes indices"), and the Phones row of the settings (docs/phones.md)."""

from __future__ import annotations

from io import BytesIO
from typing import Any

from kivy.core.image import Image as CoreImage
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.image import Image
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Panel, Scale, touch_height
from companion.app.look.tokens import line_box
from companion.app.phones_link import phones_of
from companion.app.screens.base import BaseScreen


class PhonesScreen(BaseScreen):
    """A QR code per player, each with the player's name. ``start_answer``: the new game's answer when the
    codes are shown before the game starts (then "Continue" goes on to the die or the first turn)."""

    in_game = False
    start_answer: dict | None = None

    def body(self) -> Widget:
        link = phones_of(self.app)
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=Scale.px(6))
        title = self.title(self.tr("phones.title"), base_font=36, colour=theme.GOLD,
                           height=line_box(36, 2 if self.app.portrait else 1))
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
                                height=Scale.px(line_box(20, 2 if self.app.portrait else 1))))
        n = len(links)
        cols = min(n, 2) if self.app.portrait else (3 if n > 4 else n)
        cols = max(cols, 1)
        grid = GridLayout(cols=cols, spacing=Scale.px(8))
        self.codes = {}
        for name in links:
            png = link.qr_png(name)
            if png is None:
                continue
            cell = Panel(orientation="vertical", padding=Scale.px(4), spacing=Scale.px(2))
            cell.bg = theme.TEXT  # the code's quiet zone: white around black modules
            texture = CoreImage(BytesIO(png), ext="png").texture
            texture.mag_filter = texture.min_filter = "nearest"  # crisp modules at any size
            code = Image(texture=texture, fit_mode="contain")
            cell.add_widget(code)
            cell.add_widget(FitLabel(text=name, base_font=20, color=theme.TEXT_DARK, wrap=False,
                                     size_hint_y=None, height=Scale.px(line_box(20))))
            self.codes[name] = code
            grid.add_widget(cell)
        box.add_widget(grid if links else Widget())
        go = BigButton(text=self.tr("common.continue"), bg=theme.GOLD, base_font=22, size_hint_y=None,
                       height=touch_height())
        go.bind(on_release=lambda *_: self.go_on())
        box.add_widget(go)
        return box

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
