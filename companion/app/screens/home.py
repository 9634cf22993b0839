"""Home and the error screen (settings: companion.app.screens.settings; history:
companion.app.screens.history)."""

from __future__ import annotations

from kivy.core.window import Window
from kivy.uix.anchorlayout import AnchorLayout
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, FitLabel
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import gap, box_for, left_label, paint_backdrop, px
from companion.app.screens.settings import SettingsScreen  # noqa: F401 (the app's screen list imports it from here)
from companion.app.table.language import LANGUAGE_NAMES, next_language
from companion.app.widgets.fouras import FourasPortrait
from companion.notice import Notice


MAX_NOTICES = 3  # lines of notices on the home screen; the others are counted


def notice_text(notice: Notice | str, tr, detail: bool = False) -> str:
    """A start-up notice in the table's language, with its detail or not (plain strings are shown as
    they are)."""
    if not isinstance(notice, Notice):
        return str(notice)
    return notice.text(tr) if detail else notice.headline(tr)


def lines_for(text: str, width: float) -> int:
    """One line when ``text`` fits ``width`` at reading size, else two (a long notice wraps rather than
    shrinking under the reading size)."""
    probe = Label(text=text, font_size=px(TYPE.body))
    probe.texture_update()
    return 1 if probe.texture_size[0] <= width else 2


class HomeScreen(BaseScreen):
    """The fort at dusk, the title in the Display face, the obvious next step big (continue the game in
    progress, else a new game), the rest smaller, Père Fouras in the room left, notices in the family's
    words at the bottom."""

    in_game = False

    def body(self) -> Widget:
        c = self.c
        paint_backdrop(self, None)
        portrait = self.app.portrait
        box = BoxLayout(orientation="vertical", spacing=gap(), padding=[px(SPACE.s), px(SPACE.xs)])
        notices = bool(self.app.notices)  # they take room: the title and the buttons give some
        big = (TYPE.display if not notices else TYPE.title) if portrait else TYPE.title if not notices else TYPE.step
        top = BoxLayout(size_hint_y=None, height=box_for(big) + box_for(TYPE.body),
                        spacing=px(SPACE.s))
        titles = BoxLayout(orientation="vertical")
        titles.add_widget(FitLabel(text=self.tr("app.title"), base_font=big,
                                   font_name="Display", color=theme.GOLD, wrap=False))
        titles.add_widget(FitLabel(text=self.tr("home.subtitle"), base_font=TYPE.body, size_hint_y=None,
                                   height=box_for(TYPE.body)))
        side = px(150)  # the language switch on the right, as much room on the left: the title stays centred
        if portrait:  # narrow: the switch in the corner above the title, which keeps the whole width
            corner = self.language_switch(side)
            corner.size_hint, corner.height = (1, None), px(TOUCH.minimum)
            box.add_widget(corner)
        else:
            top.add_widget(Widget(size_hint_x=None, width=side))
        top.add_widget(titles)
        if not portrait:
            top.add_widget(self.language_switch(side))
        box.add_widget(top)
        if portrait:  # the fort's backdrop shows between the title and the buttons
            box.add_widget(Widget(size_hint_y=0.6))
        primary_height = px(TOUCH.primary) * ((2 if notices else 2.6) if portrait else 1.5)
        if c.in_progress:
            v = c.view
            names = ", ".join(p["name"] for p in v["players"])
            cont = BigButton(text=self.tr("home.continue") + "\n" + self.tr("home.continue_detail", round=v["round"], players=names),
                             bg=theme.GOLD, base_font=TYPE.heading, bold=True, size_hint_y=None,
                             height=max(primary_height, box_for(TYPE.heading, 2)))
            cont.bind(on_release=lambda *_: self.app.show_phase())
            box.add_widget(cont)
        specs = [("home.new", theme.SEA_LIGHT if c.in_progress else theme.GOLD, lambda: self.app.go("new_game")),
                 ("home.history", theme.SEA_LIGHT, lambda: self.app.go("history")),
                 ("home.settings", theme.SEA_LIGHT, lambda: self.app.go("settings"))]
        if not c.in_progress:  # no game: a new one is the big step
            key, colour, action = specs.pop(0)
            new = BigButton(text=self.tr(key), bg=colour, base_font=TYPE.step, bold=True, size_hint_y=None,
                            height=primary_height)
            new.bind(on_release=lambda _b, a=action: a())
            box.add_widget(new)
        cols = 2 if portrait else len(specs)
        rows = [specs[i:i + cols] for i in range(0, len(specs), cols)]  # an odd last one: the whole row
        row_height = px(TOUCH.primary) * ((1.3 if notices else 2) if portrait else 1)
        grid = BoxLayout(orientation="vertical", spacing=px(SPACE.s), size_hint_y=None,
                         height=len(rows) * (row_height + px(SPACE.s)) - px(SPACE.s))
        for row_specs in rows:
            row = BoxLayout(spacing=px(SPACE.s))
            for key, colour, action in row_specs:
                b = BigButton(text=self.tr(key), bg=colour, base_font=TYPE.button)
                b.bind(on_release=lambda _b, a=action: a())
                row.add_widget(b)
            grid.add_widget(row)
        box.add_widget(grid)
        box.add_widget(FourasPortrait(self.app))  # small, in the room left above the notices
        for line, lines in self.notice_lines(portrait):  # at reading size in the text colour: a family
            box.add_widget(left_label(line, TYPE.body, theme.TEXT, size_hint_y=None,  # reads them from afar
                                      height=box_for(TYPE.body, lines)))
        return box

    def notice_lines(self, portrait: bool) -> list[tuple[str, int]]:
        """The notices that fit MAX_NOTICES lines (two each in portrait), a long one on two lines, with
        "... and N more" when some do not fit: each with its number of lines."""
        notices, each = self.app.notices, 2 if portrait else 1
        width = Window.width - 2 * px(SPACE.s) - px(8)
        budget, used, lines = MAX_NOTICES * each, 0, []
        for i, notice in enumerate(notices):
            text = self.tr("common.labelled", label=self.tr("home.notice"), value=notice_text(notice, self.tr))
            need = each if portrait else lines_for(text, width)
            more = each if i < len(notices) - 1 else 0  # room kept for "... and N more"
            if used + need + more > budget:
                break
            lines.append((text, need))
            used += need
        if len(lines) < len(notices):
            lines.append((self.tr("home.notice_more", n=len(notices) - len(lines)), each))
        return lines

    def language_switch(self, width: float) -> Widget:
        """The other language, small and quiet in the corner: named in its own words, no flag (a
        language is not a country), never as eye-catching as the next step."""
        corner = AnchorLayout(anchor_x="right", anchor_y="top", size_hint_x=None, width=width)
        switch = BigButton(text=LANGUAGE_NAMES[next_language(self.c.tr.language)], base_font=TYPE.body,
                           bg=theme.SEA_LIGHT, size_hint=(None, None), width=width,
                           height=px(TOUCH.minimum))
        switch.language_switch = True
        switch.bind(on_release=lambda *_: self.app.toggle_language())
        corner.add_widget(switch)
        return corner


class ErrorScreen(BaseScreen):
    """A screen failed: the table's words first (nothing is lost, go back), the technical detail small
    below for whoever fixes it."""

    in_game = False
    message = ""

    def body(self) -> Widget:
        paint_backdrop(self, None)
        box = BoxLayout(orientation="vertical", spacing=px(SPACE.s), padding=px(SPACE.m))
        log = bool(self.app.log_problem)  # the game log is in use by another process: nothing to play on yet
        title = FitLabel(text=self.tr("error.log_title" if log else "error.title"), base_font=TYPE.step, bold=True,
                         color=theme.GOLD, size_hint_y=None, height=box_for(TYPE.step, 2))
        title.role = "step"
        box.add_widget(title)
        box.add_widget(FitLabel(text=self.tr("error.log_detail" if log else "error.detail"), base_font=TYPE.heading))
        back = BigButton(text=self.tr("error.retry" if log else "error.back"), bg=theme.GOLD, base_font=TYPE.button,
                         bold=True, size_hint_y=None, height=px(TOUCH.primary))
        back.bind(on_release=lambda *_: self.app.retry_log() if log else self.app.go("home"))
        box.add_widget(back)
        box.add_widget(FitLabel(text=self.tr("error.technical", detail=self.message), base_font=TYPE.caption,
                                color=theme.TEXT_MUTED, size_hint_y=None, height=box_for(TYPE.caption, 3)))
        return box
