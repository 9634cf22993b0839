"""What the app lays over its screens (a mixin of :class:`companion.app.main.CompanionApp`): a question
to confirm, a short message that never blocks the next touch, and the error screen that a failing
screen falls back to instead of ending the app mid-game."""

from __future__ import annotations

import logging
import traceback
from typing import Callable

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Scale, touch_height

log = logging.getLogger("companion.app.main")  # the app's log, as these lines always were


class Overlays:
    """Needs of the app: ``controller`` (its ``tr``), ``sm``, ``go`` and ``_toast`` (the message shown)."""

    def confirm(self, message: str, on_yes: Callable[[], None]) -> None:
        tr = self.controller.tr
        view = ModalView(size_hint=(0.8, 0.6), auto_dismiss=False, background_color=(0, 0, 0, 0.7))
        box = BoxLayout(orientation="vertical", padding=Scale.px(12), spacing=Scale.px(8))
        box.add_widget(FitLabel(text=message, base_font=24))
        row = BoxLayout(size_hint_y=None, height=touch_height(), spacing=Scale.px(8))
        no = BigButton(text=tr("common.cancel"), bg=theme.SEA_LIGHT)
        yes = BigButton(text=tr("common.confirm"), bg=theme.DANGER)
        no.bind(on_release=lambda *_: view.dismiss(animation=False))
        yes.bind(on_release=lambda *_: (view.dismiss(animation=False), on_yes()))
        row.add_widget(no)
        row.add_widget(yes)
        box.add_widget(row)
        view.add_widget(box)
        view.open()

    def toast(self, message: str) -> None:
        """A short message over the screen that never blocks the next touch."""
        if self._toast is not None:
            Window.remove_widget(self._toast)
        # 22 px: read from across the table like every other sentence (20 px is the body's floor)
        label = Label(text=message, font_size=Scale.px(22), text_size=(Window.width * 0.85, None),
                      halign="center", color=theme.TEXT, size_hint=(None, None),
                      size=(Window.width, Scale.px(92)), pos=(0, Scale.px(6)))
        with label.canvas.before:
            from kivy.graphics import Color, Rectangle

            Color(0, 0, 0, 0.75)
            Rectangle(pos=label.pos, size=label.size)
        Window.add_widget(label)
        self._toast = label

        def remove(*_):
            if self._toast is label:
                Window.remove_widget(label)
                self._toast = None

        Clock.schedule_once(remove, 3.5)

    def show_error(self, screen: str, exc: BaseException) -> None:
        log.error("screen %s failed:\n%s", screen, "".join(traceback.format_exception(exc)))
        error = self.sm.get_screen("error")
        error.message = f"{screen}: {type(exc).__name__}: {exc}"
        if self.sm.current == "error":
            return
        Clock.schedule_once(lambda *_: self.go("error"), 0)
