"""The hardware check in the app (Settings > Hardware check): the doctor's checks that need nobody at the
box, run on a background thread and shown as they come, and a "tap the corners" test of the touchscreen.

Above the checks, the notices of the app's start (a ring that failed, a pack set aside) with their
details. The checks borrow what the app already holds (its ring, buzzers and sound): nothing is opened twice.
Pressing each buzzer, watching the ring's pattern and scanning a tile are `companion doctor` at a terminal.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Scale, touch_height
from companion.app.look.tokens import line_box
from companion.app.screens.back import back_button
from companion.app.screens.base import BaseScreen
from companion.app.screens.home import notice_text
from companion.doctor import CHECKS, FAIL, PASS, SKIP, Check, Context, Result
from companion.doctor.explain import explain
from companion.notice import Notice

STATUS_COLOURS = {PASS: theme.OK, FAIL: theme.DANGER, SKIP: theme.STONE}
CORNER_HINTS = {"top-left": {"x": 0, "top": 1}, "top-right": {"right": 1, "top": 1},
                "bottom-left": {"x": 0, "y": 0}, "bottom-right": {"right": 1, "y": 0}}


def app_config(app: Any) -> Any:
    """The configuration the app was started with (read again from its file when it has none)."""
    from companion.config import load_config

    config = getattr(app, "companion_config", None)  # (Kivy's App.config is its own ConfigParser)
    if config is None:
        config = load_config(app.settings_path or Path("/nonexistent/companion-config.toml"))
    return config


def run_in_app(app: Any, checks: list[Check], post) -> None:
    """Run ``checks`` (those that need no person) and ``post((check, results))`` after each, then None."""
    from companion.doctor.parts import close_parts

    ctx = Context(app_config(app), interactive=False, app=app, db=getattr(app.controller.session.log, "path", None))
    try:
        for check in checks:
            try:
                results = list(check.run(ctx))
            except Exception as exc:  # one broken part never hides the others
                results = [Result.said(check.title, FAIL, "raised", error=f"{type(exc).__name__}: {exc}")]
            post((check, results))
    finally:
        close_parts(ctx)
        post(None)


def grown(text: str, colour, font: float = 18) -> Label:
    """A report line at ``font`` px that grows to as many lines as its text takes across its width (a long
    French explanation is three lines, never a smaller font)."""
    label = Label(text=text, font_size=Scale.px(font), color=colour, halign="left", valign="middle",
                  size_hint_y=None, height=line_box(font) * Scale.factor)
    label.bind(width=lambda w, width: setattr(w, "text_size", (width - Scale.px(8), None)),
               texture_size=lambda w, size: setattr(w, "height", max(size[1], line_box(font) * Scale.factor)))
    return label


class DoctorScreen(BaseScreen):
    in_game = False
    auto_run = True  # screenshots set results themselves

    def __init__(self, app, **kw: Any) -> None:
        super().__init__(app, **kw)
        self.results: list[tuple[Check, list[Result]]] = []
        self.running = False
        self.corners: dict[str, bool] | None = None  # the corner test, while it is on screen

    def on_pre_enter(self, *_):
        if self.auto_run and not self.running:
            self.start()
        self.rebuild()

    def start(self) -> None:
        """Run the checks again, on a thread; results come to the UI thread one check at a time."""
        self.results, self.running, self.corners = [], True, None
        checks = [c for c in CHECKS if not c.person]

        def post(item) -> None:
            Clock.schedule_once(lambda _dt: self._arrived(item), 0)

        threading.Thread(target=run_in_app, args=(self.app, checks, post), name="doctor", daemon=True).start()

    def _arrived(self, item) -> None:
        if item is None:
            self.running = False
        else:
            self.results.append(item)
        if self.app.sm is not None and self.app.sm.current == self.name:
            self.rebuild()

    # --- drawing ---------------------------------------------------------------------------------------

    def body(self) -> Widget:
        return self.corner_test() if self.corners is not None else self.report()

    def line(self, check: Check, result: Result) -> str:
        title = self.tr(f"doctor.check.{check.name}")
        if result.check.lower() != check.title.lower():
            title = f"{title} ({result.check})"
        return self.tr("doctor.line", status=self.tr(f"doctor.{result.status}"), check=title,
                       detail=result.text(self.tr) or "-")

    def notice_words(self, notice) -> str:
        """A start-up notice with its detail, the part's English words said in the table's language."""
        if not isinstance(notice, Notice) or not notice.detail:
            return notice_text(notice, self.tr)
        return self.tr("common.labelled", label=notice.headline(self.tr), value=explain(notice.detail, self.tr))

    def report(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=Scale.px(6))
        box.add_widget(self.title(self.tr("doctor.title"), height=56))
        flat = [r for _c, results in self.results for r in results]
        counts = {s: sum(1 for r in flat if r.status == s) for s in (PASS, FAIL, SKIP)}
        head = self.tr("doctor.running") if self.running else self.tr(
            "doctor.summary", passed=counts[PASS], failed=counts[FAIL], skipped=counts[SKIP])
        box.add_widget(FitLabel(text=head, base_font=20, color=theme.GOLD, size_hint_y=None,
                                height=line_box(20) * Scale.factor))
        # The lines keep clear of the scroll bar on their right (a bar under the letters is unreadable).
        rows = GridLayout(cols=1, spacing=Scale.px(8), size_hint_y=None, padding=[0, 0, Scale.px(16), 0])
        rows.bind(minimum_height=rows.setter("height"))
        for notice in self.app.notices:  # what the start reported, with the detail the home screen leaves out
            text = self.tr("common.labelled", label=self.tr("home.notice"), value=self.notice_words(notice))
            rows.add_widget(grown(text, theme.GOLD))
        for check, results in self.results:
            for result in results:
                text = self.line(check, result)
                rows.add_widget(grown(text, STATUS_COLOURS[result.status] if result.status != PASS else theme.TEXT))
        scroll = ScrollView(bar_width=Scale.px(8), scroll_type=["bars", "content"])  # a bar a finger can hold
        scroll.add_widget(rows)
        box.add_widget(scroll)
        at_the_box = self.tr("doctor.at_the_box")
        box.add_widget(FitLabel(text=at_the_box, base_font=18, color=theme.STONE, size_hint_y=None,
                                height=line_box(18, 2) * Scale.factor))  # two lines of room: it never shrinks
        # Three buttons side by side: on a portrait screen their words take two lines rather than shrink.
        tall = line_box(18, 2) * Scale.factor if self.app.portrait else 0
        buttons = BoxLayout(size_hint_y=None, height=max(touch_height(), tall), spacing=Scale.px(10))
        again = BigButton(text=self.tr("doctor.again"), bg=theme.SEA_LIGHT, disabled=self.running, base_font=18)
        again.bind(on_release=lambda *_: (self.start(), self.rebuild()))
        corners = BigButton(text=self.tr("doctor.corners"), bg=theme.SEA_LIGHT, base_font=18)
        corners.bind(on_release=lambda *_: self.open_corners())
        buttons.add_widget(back_button(self.tr, lambda: self.app.go("settings")))  # the shared place of Back
        for b in (again, corners):
            buttons.add_widget(b)
        box.add_widget(buttons)
        return box

    def open_corners(self) -> None:
        self.corners = {name: False for name in CORNER_HINTS}
        self.rebuild()

    def tapped(self, name: str) -> None:
        if self.corners is not None:
            self.corners[name] = True
            self.rebuild()

    def corner_test(self) -> Widget:
        """Four targets in the corners; each turns green when tapped. A touch panel turned the wrong way
        lights the wrong ones (or none)."""
        layer = FloatLayout()
        size = (touch_height() * 1.6, touch_height() * 1.2)
        for name, where in CORNER_HINTS.items():
            done = self.corners[name]
            target = BigButton(text=self.tr("doctor.corner"), bg=theme.OK if done else theme.GOLD, base_font=18,
                               size_hint=(None, None), size=size, pos_hint=where)
            target.bind(on_release=lambda _b, n=name: self.tapped(n))
            layer.add_widget(target)
        middle = BoxLayout(orientation="vertical", size_hint=(0.5, 0.5), pos_hint={"center_x": 0.5, "center_y": 0.5},
                           spacing=Scale.px(6))
        finished = all(self.corners.values())
        middle.add_widget(FitLabel(text=self.tr("doctor.corners_done" if finished else "doctor.corners_help"),
                                   base_font=20, color=theme.OK if finished else theme.TEXT))
        back = BigButton(text=self.tr("settings.back"), bg=theme.STONE, base_font=18, size_hint_y=None,
                         height=touch_height())
        back.bind(on_release=lambda *_: (setattr(self, "corners", None), self.rebuild()))
        middle.add_widget(back)
        layer.add_widget(middle)
        return layer
