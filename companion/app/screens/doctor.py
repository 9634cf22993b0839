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
from kivy.uix.anchorlayout import AnchorLayout
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel, Scale, touch_height
from companion.app.look.tokens import line_box
from companion.app.screens.back import back_button
from companion.app.screens.base import BaseScreen
from companion.app.screens.doctor_rows import Mark, device_states, mark_side, plain_words
from companion.app.screens.home import notice_text
from companion.app.screens.scrolling import scroll_view
from companion.doctor import CHECKS, FAIL, PASS, SKIP, Check, Context, Result
from companion.doctor.explain import explain
from companion.notice import Notice

STATUS_COLOURS = {PASS: theme.OK, FAIL: theme.DANGER, SKIP: theme.STONE}
ROW_FONT, NAME_FONT, BUTTON_FONT = 20, 24, 20  # read at 1.5 m: body text, a device's name, the buttons
NAME_WIDTH = 230  # "Lecteur de tuiles" on one line at 24 px bold
TOLD_BY_A_ROW = {"notice.ring", "notice.buzzers"}  # start notices a device's row of the summary says too
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


def grown(text: str, colour, font: float = ROW_FONT, bold: bool = False) -> Label:
    """A report line at ``font`` px that grows to as many lines as its text takes across its width (a long
    French explanation is three lines, never a smaller font)."""
    label = Label(text=text, font_size=Scale.px(font), color=colour, halign="left", valign="middle", bold=bold,
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
        self.page = "summary"  # or "details": every check's own line

    def on_pre_enter(self, *_):
        self.page = "summary"  # coming from the settings: the devices first
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
        return self.details() if self.page == "details" else self.summary()

    def summary(self) -> Widget:
        """One row a device: its mark, its name, its state in plain words; the start's notices above."""
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=Scale.px(6))
        # Details beside the title: the bottom row keeps three buttons, each label at its full 20 px.
        head = BoxLayout(size_hint_y=None, height=touch_height(), spacing=Scale.px(10))
        head.add_widget(self.title(self.tr("doctor.title"), height=52))
        details = BigButton(text=self.tr("doctor.details"), bg=theme.SEA_LIGHT, base_font=BUTTON_FONT,
                            size_hint_x=None, width=Scale.px(170))
        details.bind(on_release=lambda *_: self.open_details())
        head.add_widget(details)
        box.add_widget(head)
        rows = GridLayout(cols=1, spacing=Scale.px(8), size_hint_y=None, padding=[0, 0, Scale.px(16), 0])
        rows.bind(minimum_height=rows.setter("height"))
        for notice in self.app.notices:  # the start's words, their detail behind Details
            if getattr(notice, "key", None) in TOLD_BY_A_ROW:
                continue  # the device's row below says it already (the review read it twice)
            value = notice_text(notice, self.tr)
            if self.c.tr.language == "fr":  # French goes on in lower case after a colon
                value = value[:1].lower() + value[1:]
            text = self.tr("common.labelled", label=self.tr("home.notice"), value=value)
            rows.add_widget(grown(text, theme.GOLD, ROW_FONT))
        for state in device_states(self.results, self.running):
            rows.add_widget(self.device_row(state))
        box.add_widget(self.scrolled(rows))
        box.add_widget(self.buttons(lambda: self.app.go("settings")))
        return box

    def device_row(self, state) -> Widget:
        """✓ Buttons   6 buttons found: the name beside its words (above them in portrait)."""
        row = BoxLayout(size_hint_y=None, spacing=Scale.px(12))
        mark = Mark(state.status, size_hint=(None, None), size=(mark_side(), mark_side()))
        holder = AnchorLayout(size_hint_x=None, width=mark_side() + Scale.px(4), anchor_y="center")
        holder.add_widget(mark)
        row.add_widget(holder)
        colour = theme.GOLD if state.status == FAIL else theme.TEXT
        name = Label(text=self.tr(f"doctor.device.{state.device}"), font_size=Scale.px(NAME_FONT), bold=True,
                     color=theme.TEXT, halign="left", valign="middle")
        said = Label(text=plain_words(state, self.tr), font_size=Scale.px(ROW_FONT), color=colour,
                     halign="left", valign="middle")
        if self.app.portrait:  # the name over its words: the whole width for each, each as high as its lines
            words = BoxLayout(orientation="vertical", spacing=Scale.px(2))
            for label in (name, said):
                label.size_hint_y = None
                label.bind(texture_size=lambda w, size: setattr(w, "height", size[1]))
        else:  # names in one column as wide as "Lecteur de tuiles" needs at 24 px, the words beside
            words = BoxLayout(spacing=Scale.px(8))
            name.size_hint_x, name.width = None, Scale.px(NAME_WIDTH)
        for label in (name, said):
            label.bind(width=lambda w, width: setattr(w, "text_size", (width - Scale.px(4), None)))
            words.add_widget(label)
        if not self.app.portrait:  # its width is set already: no change of width would wrap it
            name.text_size = (name.width - Scale.px(4), None)

        def fit(*_):
            tall = [name.texture_size[1], said.texture_size[1]]
            need = sum(tall) + Scale.px(2) if self.app.portrait else max(tall)
            row.height = max(need + Scale.px(6), mark_side() + Scale.px(8))

        name.bind(texture_size=fit)
        said.bind(texture_size=fit)
        row.height = mark_side() + Scale.px(8)
        row.add_widget(words)
        row.device = state.device  # tests find a device's row by this mark
        return row

    def details(self) -> Widget:
        """Every check's own line (its paths, its errors), the start's notices with their detail: wrapped,
        never cut, at 20 px."""
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=Scale.px(6))
        box.add_widget(self.title(self.tr("doctor.details_title"), height=52))
        flat = [r for _c, results in self.results for r in results]
        counts = {s: sum(1 for r in flat if r.status == s) for s in (PASS, FAIL, SKIP)}
        head = self.tr("doctor.running") if self.running else self.tr(
            "doctor.summary", passed=counts[PASS], failed=counts[FAIL], skipped=counts[SKIP])
        # The lines keep clear of the scroll bar on their right (a bar under the letters is unreadable).
        rows = GridLayout(cols=1, spacing=Scale.px(8), size_hint_y=None, padding=[0, 0, Scale.px(16), 0])
        rows.bind(minimum_height=rows.setter("height"))
        rows.add_widget(grown(head, theme.GOLD, ROW_FONT))
        for notice in self.app.notices:  # what the start reported, with the detail the home screen leaves out
            text = self.tr("common.labelled", label=self.tr("home.notice"), value=self.notice_words(notice))
            rows.add_widget(grown(text, theme.GOLD, ROW_FONT))
        for check, results in self.results:
            for result in results:
                text = self.line(check, result)
                rows.add_widget(grown(text, STATUS_COLOURS[result.status] if result.status != PASS else theme.TEXT,
                                      ROW_FONT))
        rows.add_widget(grown(self.tr("doctor.at_the_box"), theme.TEXT_MUTED, ROW_FONT))
        box.add_widget(self.scrolled(rows))
        box.add_widget(self.buttons(self.close_details))
        return box

    def scrolled(self, rows: Widget) -> Widget:
        return scroll_view(rows)  # a gold bar a finger can hold, a ▼ while rows are below

    def buttons(self, back, *more) -> Widget:
        """Back, Check again, Tap the corners, and the page's own: one row, or on a portrait screen two
        (Back and Check again over the others), so no word shrinks."""
        specs = [(self.tr("doctor.again"), self.check_again), (self.tr("doctor.corners"), self.open_corners)]
        specs += [(text, action) for text, _bg, action in more]
        lines = [specs[:1], specs[1:]] if self.app.portrait else [specs]
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=Scale.px(10),
                        height=touch_height() * len(lines) + Scale.px(10) * (len(lines) - 1))
        for n, line in enumerate(lines):
            row = BoxLayout(spacing=Scale.px(10))
            if n == 0:
                row.add_widget(back_button(self.tr, back))  # the shared place of Back
            for text, action in line:
                b = BigButton(text=text, bg=theme.SEA_LIGHT, base_font=BUTTON_FONT,
                              disabled=self.running and action == self.check_again)
                b.bind(on_release=lambda _b, a=action: a())
                row.add_widget(b)
            box.add_widget(row)
        return box

    def check_again(self) -> None:
        self.start()
        self.rebuild()

    def open_details(self) -> None:
        self.page = "details"
        self.rebuild()

    def close_details(self) -> None:
        self.page = "summary"
        self.rebuild()

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
            target = BigButton(text=self.tr("doctor.corner"), bg=theme.OK if done else theme.GOLD, base_font=BUTTON_FONT,
                               size_hint=(None, None), size=size, pos_hint=where)
            target.bind(on_release=lambda _b, n=name: self.tapped(n))
            layer.add_widget(target)
        middle = BoxLayout(orientation="vertical", size_hint=(0.66, 0.5), pos_hint={"center_x": 0.5, "center_y": 0.5},
                           spacing=Scale.px(6))
        finished = all(self.corners.values())
        middle.add_widget(FitLabel(text=self.tr("doctor.corners_done" if finished else "doctor.corners_help"),
                                   base_font=20, color=theme.OK if finished else theme.TEXT))
        back = back_button(self.tr, lambda: (setattr(self, "corners", None), self.rebuild()))
        back.pos_hint = {"center_x": 0.5}  # the shared Back, its size and word as everywhere
        middle.add_widget(back)
        layer.add_widget(middle)
        return layer
