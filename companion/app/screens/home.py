"""Home, settings and the error screen (history: companion.app.screens.history)."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.table.language import LANGUAGE_NAMES, next_language
from companion.app.screens.base import BaseScreen
from companion.app.screens.tiles import reader_line
from companion.app.table.profiles import PROFILES
from companion.config import screen_options
from companion.notice import Notice
from companion.app.controls import BigButton, FitLabel, Panel, Scale, touch_height
from companion.app.widgets.fouras import FourasPortrait


MAX_NOTICES = 3  # lines of notices on the home screen; the others are counted


def notice_text(notice: Notice | str, tr, detail: bool = False) -> str:
    """A start-up notice in the table's language, with its detail or not (plain strings are shown as
    they are)."""
    if not isinstance(notice, Notice):
        return str(notice)
    return notice.text(tr) if detail else notice.headline(tr)


class HomeScreen(BaseScreen):
    in_game = False

    def body(self) -> Widget:
        c = self.c
        box = BoxLayout(orientation="vertical", spacing=Scale.px(10), padding=Scale.px(10))
        box.add_widget(self.title(self.tr("app.title"), base_font=52, colour=theme.GOLD, height=80))
        box.add_widget(FitLabel(text=self.tr("home.subtitle"), base_font=22, size_hint_y=None, height=Scale.px(34)))
        if c.in_progress:
            v = c.view
            names = ", ".join(p["name"] for p in v["players"])
            cont = BigButton(text=self.tr("home.continue") + "\n" + self.tr("home.continue_detail", round=v["round"], players=names),
                             bg=theme.GOLD, base_font=26, size_hint_y=None, height=touch_height() * 1.6)
            cont.bind(on_release=lambda *_: self.app.show_phase())
            box.add_widget(cont)
        cols = 2 if self.app.portrait else 4
        grid = GridLayout(cols=cols, spacing=Scale.px(8), size_hint_y=None,
                          height=touch_height() * 1.3 * (4 // cols))
        for key, colour, action in (
            ("home.new", theme.STONE, lambda: self.app.go("new_game")),
            ("home.history", theme.SEA_LIGHT, lambda: self.app.go("history")),
            ("home.settings", theme.SEA_LIGHT, lambda: self.app.go("settings")),
            (None, theme.STONE_DARK, self.app.toggle_language),
        ):
            # the language button names the next language in that language's own words
            text = self.tr(key) if key else LANGUAGE_NAMES[next_language(self.c.tr.language)]
            b = BigButton(text=text, bg=colour)
            b.bind(on_release=lambda _b, a=action: a())
            grid.add_widget(b)
        box.add_widget(grid)
        box.add_widget(FourasPortrait(self.app))  # small, in the room left above the notices
        notices = self.app.notices
        shown = notices[:MAX_NOTICES] if len(notices) <= MAX_NOTICES else notices[:MAX_NOTICES - 1]
        for notice in shown:
            box.add_widget(FitLabel(text=self.tr("common.labelled", label=self.tr("home.notice"),
                                                 value=notice_text(notice, self.tr)),
                                    base_font=14, color=theme.STONE, size_hint_y=None, height=Scale.px(24)))
        if len(shown) < len(notices):
            box.add_widget(FitLabel(text=self.tr("home.notice_more", n=len(notices) - len(shown)), base_font=14,
                                    color=theme.STONE, size_hint_y=None, height=Scale.px(24)))
        return box


class SettingsScreen(BaseScreen):
    in_game = False

    def body(self) -> Widget:
        s = self.app.settings
        box = BoxLayout(orientation="vertical", spacing=Scale.px(6), padding=Scale.px(6))
        box.add_widget(self.title(self.tr("settings.title"), height=56))
        rows = GridLayout(cols=2 if not self.app.portrait else 1, spacing=Scale.px(6), size_hint_y=None)
        rows.bind(minimum_height=rows.setter("height"))

        def row(text, on_press, colour=theme.SEA_LIGHT):
            b = BigButton(text=text, bg=colour, base_font=18, size_hint_y=None, height=touch_height())
            b.bind(on_release=lambda *_: on_press())
            rows.add_widget(b)

        # The config table says which settings are shown and what each button cycles through.
        for option in screen_options():
            value = getattr(s, option.attr)
            nxt = option.screen.next(option, value)
            row(self.option_text(option.attr, value), lambda a=option.attr, v=nxt: self.app.change_settings(**{a: v}))
        if self.app.sound is not None:  # the output device, chosen by name among those that exist
            names = [""] + [d.name for d in self.app.sound.mixer.devices()]
            current = s.sound_device if s.sound_device in names else ""
            nxt = names[(names.index(current) + 1) % len(names)]
            row(self.tr("settings.sound_device", device=current or self.tr("settings.sound_default")),
                lambda n=nxt: self.app.change_settings(sound_device=n))
        row(self.tr("settings.doctor"), lambda: self.app.go("doctor"))
        if s.power_buttons:  # the kiosk on a Pi: no keyboard, no desktop to shut it down from
            row(self.tr("settings.shutdown"), lambda: self.app.power("poweroff"), colour=theme.DANGER)
            row(self.tr("settings.reboot"), lambda: self.app.power("reboot"), colour=theme.STONE_DARK)
        row(self.tr("settings.tiles"), lambda: self.app.go("tiles"))
        from companion.app.screens.phones import phones_setting_row  # issue 17: the players' phones
        rows.add_widget(phones_setting_row(self))
        for pack in self.app.library.packs if self.app.library else ():
            on = pack.id not in s.disabled_packs
            switched = [x for x in s.disabled_packs if x != pack.id] + ([] if not on else [pack.id])
            row(self.tr("settings.pack", pack=pack.name, state=self.tr("settings.on" if on else "settings.off")),
                lambda sw=switched: self.app.change_settings(disabled_packs=sw),
                colour=theme.SEA_LIGHT if on else theme.STONE_DARK)
        scroll = ScrollView()
        scroll.add_widget(rows)
        box.add_widget(scroll)
        ring = self.app.ring.status()
        if ring.configured == "screen":
            ring_state = self.tr("settings.ring_screen")
        elif ring.ok:
            ring_state = self.tr("settings.ring_ok", backend=ring.active)
        else:
            ring_state = self.tr("settings.ring_failed", error=ring.last_error or "?")
        lines = [self.buzzers_line(), self.tr("settings.hw_ring", state=ring_state),
                 reader_line(self.app), self.sound_line()]
        lines += [n.headline(self.tr) for n in (self.app.library.notices() if self.app.library else ())]
        hw = Panel(orientation="vertical", size_hint_y=None, height=Scale.px(26) * (len(lines) + 1) + Scale.px(12),
                   padding=Scale.px(6))
        hw.add_widget(FitLabel(text=self.tr("settings.hardware"), base_font=18, bold=True, color=theme.GOLD))
        for line in lines:
            hw.add_widget(FitLabel(text=line, base_font=15))
        box.add_widget(hw)
        back = BigButton(text=self.tr("settings.back"), bg=theme.STONE, size_hint_y=None, height=touch_height())
        back.bind(on_release=lambda *_: self.app.go("home"))
        box.add_widget(back)
        return box


    def buzzers_line(self) -> str:
        """The buzzers the hardware profile gave the app (the keyboard always stands in too)."""
        hardware = getattr(self.app, "buzzer_hardware", None)
        if hardware is None or not hardware.config.pins:
            return self.tr("settings.hw_buzzers")
        if hardware.gpio is None:
            return self.tr("settings.hw_buzzers_failed")
        return self.tr("settings.hw_buzzers_gpio", n=len(hardware.config.pins))

    def option_text(self, attr: str, value) -> str:
        """A setting's button text, with its current value."""
        if attr == "language":
            return self.tr("common.labelled", label=self.tr("settings.language"), value=LANGUAGE_NAMES[value])
        if attr == "hourglass_seconds":
            return self.tr("settings.hourglass", seconds=value)
        if attr == "volume":
            return self.tr("settings.volume", volume=value)
        if attr == "duel_clue_to_opponent":
            return self.tr("settings.house_duel") + " " + self.tr("settings.house_duel." + value)
        if attr == "prison_carries_over":
            return self.tr("common.labelled", label=self.tr("settings.house_prison"),
                           value=self.tr("settings.on" if value else "settings.off"))
        if attr == "display_profile":
            return self.tr("settings.display", profile=PROFILES[value].label)
        if attr == "muted":
            return self.tr("common.labelled", label=self.tr("settings.muted"),
                           value=self.tr("settings.on" if value else "settings.off"))
        if attr == "reduce_motion":
            return self.tr("common.labelled", label=self.tr("settings.reduce_motion"),
                           value=self.tr("settings.on" if value else "settings.off"))
        if attr in ("voice_volume", "cues_volume", "ambience_volume", "drumroll_volume", "fanfare_volume"):
            return self.tr("settings." + attr, volume=value)
        return self.tr("common.labelled", label=attr, value=str(value))

    def sound_line(self) -> str:
        sound = self.app.sound
        if sound is None:
            return self.tr("settings.hw_sound_off")
        status = sound.status()
        mixer, speech = status.mixer, status.speech
        if mixer.on:
            line = self.tr("settings.hw_sound_on", device=mixer.device or "?")
        elif mixer.state == "opening":  # the details (in English) are in the hardware check
            line = self.tr("settings.hw_sound_searching", attempts=mixer.attempts)
        else:
            line = self.tr("settings.hw_sound_none")
        return line + " · " + self.tr("settings.hw_speech", engine=speech.engine, voice=speech.voice)


class ErrorScreen(BaseScreen):
    in_game = False
    message = ""

    def body(self) -> Widget:
        box = BoxLayout(orientation="vertical", spacing=Scale.px(10), padding=Scale.px(16))
        log = bool(self.app.log_problem)  # the game log is in use by another process: nothing to play on yet
        box.add_widget(self.title(self.tr("error.log_title" if log else "error.title"), colour=theme.GOLD))
        box.add_widget(FitLabel(text=self.tr("error.log_detail" if log else "error.detail"), base_font=22))
        box.add_widget(FitLabel(text=self.message, base_font=16, color=theme.STONE))
        back = BigButton(text=self.tr("error.retry" if log else "error.back"), bg=theme.STONE, size_hint_y=None,
                         height=touch_height())
        back.bind(on_release=lambda *_: self.app.retry_log() if log else self.app.go("home"))
        box.add_widget(back)
        return box
