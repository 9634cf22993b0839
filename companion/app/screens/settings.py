"""Settings in sections: a column of sections (Language and games, Sound, Display, Hardware, Content,
System) and the chosen section's page beside it (stacked in portrait); a page taller than the screen
scrolls. Choices are segmented toggles, volumes and seconds − / + steppers; the hardware
check, the RFID tiles, the packs and shutdown are one tap from the sections.

Every option is shared but those a game's package declares (companion.app.game_settings): the first
page shows the language, then each such game's own settings under its name."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.utils import escape_markup
from kivy.uix.widget import Widget

from companion.app import theme
from companion.app.controls import BigButton, Panel, touch_height
from companion.app.game_settings import GameSetting, game_settings
from companion.app.look.tokens import SPACE, TOUCH, TYPE
from companion.app.screens.back import back_button
from companion.app.screens.base import BaseScreen
from companion.app.screens.kit import Segmented, Stepper, choice_look, box_for, gap, left_label, paint_backdrop, px
from companion.app.screens.scrolling import scroll_view
from companion.app.screens.tiles import hub_of, reader_line
from companion.app.table.language import LANGUAGE_NAMES
from companion.app.table.profiles import PROFILES
from companion.config import screen_options

SECTIONS = ("game", "sound", "display", "hardware", "content", "system")  # one page for all of the sound
OPTION_SECTIONS = {"game": "game", "audio": "sound", "display": "display"}  # config section -> page
STRIP_LANDSCAPE, STRIP_PORTRAIT = 0.2, 0.14  # the share of the window the backdrop's bottom strip takes
STEPPED = ("volume", "voice_volume", "cues_volume", "ambience_volume")


class SettingsScreen(BaseScreen):
    in_game = False
    section = "game"
    hw_details = False  # the hardware page: the engineer's lines instead of the plain ones
    games: list = []  # each game with its own settings (body reads them)
    owned: dict[str, GameSetting] = {}  # option attr -> the game's setting it is

    def body(self) -> Widget:
        self.games = game_settings()
        self.owned = {setting.attr: setting for _, declared in self.games for setting in declared}
        paint_backdrop(self, None)
        portrait = self.app.portrait
        box = BoxLayout(orientation="vertical" if portrait else "horizontal", spacing=px(SPACE.s))
        box.add_widget(self.sections(portrait))
        page = BoxLayout(orientation="vertical", spacing=gap(), size_hint_y=None,
                         padding=[0, 0, 0 if portrait else px(16), 0])  # clear of the bar (portrait: the width)
        page.bind(minimum_height=page.setter("height"))
        page.add_widget(left_label(self.tr("settings.section." + self.section), TYPE.heading, theme.GOLD, bold=True,
                                   size_hint_y=None, height=box_for(TYPE.heading)))
        getattr(self, "page_" + self.section)(page)
        # A page taller than the screen (the first one, with every game's settings) scrolls; a shorter one
        # sits at the top. The scroll view has its own area, above the bottom strip where Back is: no row
        # ever slides under the strip, the last one is seen whole when scrolled to the end.
        view = scroll_view(page)  # its bar in gold, and a ▼ while rows are below
        right = BoxLayout(orientation="vertical", spacing=gap())
        right.add_widget(view)
        right.add_widget(self.bottom_strip(portrait))
        box.add_widget(right)
        return box

    def bottom_strip(self, portrait: bool) -> Widget:
        """The row under the scroll view, as high as Back: Back itself in portrait (bottom left, as on every
        shared screen), empty beside it in landscape (Back ends the sections' column)."""
        from kivy.core.window import Window

        # The shell's backdrop has the table's edge there: its lower fifth (landscape), a seventh (portrait).
        edge = Window.height * (STRIP_PORTRAIT if portrait else STRIP_LANDSCAPE) - px(SPACE.xs)
        strip = BoxLayout(size_hint_y=None, height=max(touch_height(), edge))
        strip.settings_strip = True
        if portrait:
            strip.add_widget(back_button(self.tr, lambda: self.app.go("home")))
        strip.add_widget(Widget())
        return strip

    def sections(self, portrait: bool) -> Widget:
        """The sections (the chosen one in the selection colour, its name underlined: a ✓ read as "done")
        and, in landscape, the shared Back at the bottom left as on every shared screen."""
        if portrait:  # two rows of three tabs of one width (Back: at the bottom, bottom_strip)
            column = GridLayout(cols=3, spacing=gap(), size_hint_y=None)
            column.bind(minimum_height=column.setter("height"))
        else:
            column = BoxLayout(orientation="vertical", spacing=gap(), size_hint_x=None, width=px(210))
        for name in SECTIONS:
            on = name == self.section
            text = escape_markup(self.tr("settings.section." + name))
            b = BigButton(text=f"[u]{text}[/u]" if on else text, markup=True, base_font=TYPE.button,
                          size_hint_y=None, height=px(TOUCH.minimum) * (1.4 if portrait else 1), **choice_look(on))
            b.section = name
            b.bind(on_release=lambda _b, n=name: self.show(n))
            column.add_widget(b)
        if portrait:
            return column
        column.add_widget(Widget())  # the sections from the top, Back at the bottom
        column.add_widget(back_button(self.tr, lambda: self.app.go("home")))
        return column

    def show(self, section: str) -> None:
        self.section, self.hw_details = section, False
        self.rebuild()

    # --- a setting's row ---------------------------------------------------------------------------------

    def row(self, page: Widget, label: str, control: Widget) -> None:
        """A setting: its name on the left, its control on the right (stacked when the name is long, or
        when the control is a column of choices: the name then sits right above them, not beside their
        middle)."""
        if len(label) > 22 or control.height > 1.5 * self.control_height():  # above, at its full size
            page.add_widget(left_label(label, TYPE.body, size_hint_y=None, height=box_for(TYPE.body)))
            page.add_widget(control)
            return
        line = BoxLayout(spacing=px(SPACE.s), size_hint_y=None, height=control.height)
        line.add_widget(left_label(label, TYPE.body, size_hint_x=0.4))
        control.size_hint_x = 0.6
        line.add_widget(control)
        page.add_widget(line)

    def change(self, **changes: Any) -> None:
        self.app.change_settings(**changes)

    def option_rows(self, page: Widget, section: str) -> None:
        """Every shared option of config's table shown on the screen that belongs to ``section`` (a new
        option finds its page by its config section: none is lost); a game's own are on its part of the
        first page."""
        s = self.app.settings
        for option in screen_options():
            if self.page_of(option) != section or option.attr in self.owned:
                continue
            value = getattr(s, option.attr)
            steps = tuple(option.screen.steps or option.choices or (False, True))
            self.row(page, self.option_label(option.attr), self.control(option, value, steps))

    @staticmethod
    def page_of(option) -> str:
        """The page an option is on: by its config section (every volume on the sound page, which scrolls)."""
        return OPTION_SECTIONS.get(option.section, "game")

    def control(self, option, value: Any, steps: tuple) -> Widget:
        attr = option.attr
        game = self.owned.get(attr)
        if attr in STEPPED or attr.endswith("volume") or len(steps) > 4 or (game is not None and game.stepped):
            i = steps.index(value) if value in steps else -1
            lower = [v for v in steps if v < value] if i < 0 else list(steps[:i])
            higher = [v for v in steps if v > value] if i < 0 else list(steps[i + 1:])
            return Stepper(self.value_text(attr, value),
                           (lambda v=lower[-1]: self.change(**{attr: v})) if lower else None,
                           (lambda v=higher[0]: self.change(**{attr: v})) if higher else None, name=attr,
                           height=self.control_height())
        if attr == "display_profile":  # four screens, each by its full name: one above the other
            h = self.control_height()
            choices = Segmented([(v, PROFILES[v].label) for v in steps], value, lambda v: self.change(display_profile=v),
                                font=TYPE.body, name=attr, height=len(steps) * (h + gap()) - gap())
            choices.orientation = "vertical"
            return choices
        if set(steps) == {False, True}:  # every on/off the same: "on" first, then "off" (sound: not muted)
            steps = (False, True) if attr == "muted" else (True, False)
        return Segmented([(v, self.value_text(attr, v)) for v in steps], value,
                         lambda v, a=attr: self.change(**{a: v}), font=TYPE.body, name=attr,
                         height=self.control_height())

    def control_height(self) -> float:
        """A control's height: 48 px and a little; taller on the portrait display, which has the room."""
        return (px(TOUCH.minimum) + px(SPACE.xs)) * (1.4 if self.app.portrait else 1)

    def option_label(self, attr: str) -> str:
        if attr in self.owned:
            return self.tr(self.owned[attr].label)
        if attr.endswith("volume") or attr == "display_profile":
            key = "settings.label." + ("display" if attr == "display_profile" else attr)
            text = self.tr(key)
            if text != key:
                return text
        if attr == "muted":  # "Sound: on / muted", not "Sound muted: no" (a double negative)
            return self.tr("settings.sound_switch")
        if attr == "language":
            return self.tr("settings." + attr)
        key = "settings." + attr  # an option added later: its own message, else its name
        text = self.tr(key)
        return attr.replace("_", " ") if text == key else text

    def value_text(self, attr: str, value: Any) -> str:
        game = self.owned.get(attr)
        if game is not None and game.text is not None:
            return game.text(self.tr, value)
        if attr == "language":
            return LANGUAGE_NAMES[value]
        if attr.endswith("volume"):
            return self.tr("settings.percent", volume=value)
        if attr == "display_profile":
            return PROFILES[value].name.replace("x", "×")
        if attr == "muted":  # the sound's switch says on / off as every other one
            return self.tr("settings.off" if value else "settings.on")
        if isinstance(value, bool):
            return self.tr("settings.on" if value else "settings.off")
        return str(value)

    # --- the pages ---------------------------------------------------------------------------------------

    def page_game(self, page: Widget) -> None:
        """The shared options of the game section (the language), then each game's own under its name."""
        self.option_rows(page, "game")
        options = {o.attr: o for o in screen_options()}
        s = self.app.settings
        for entry, declared in self.games:
            shown = [d for d in declared if d.attr in options]
            if not shown:
                continue
            heading = left_label(entry.name.get(self.c.tr.language) or entry.name["en"], TYPE.body, theme.GOLD,
                                 bold=True, size_hint_y=None, height=box_for(TYPE.body))
            heading.game = entry.id
            page.add_widget(heading)
            for setting in shown:
                option = options[setting.attr]
                value = getattr(s, option.attr)
                steps = tuple(option.screen.steps or option.choices or (False, True))
                self.row(page, self.option_label(option.attr), self.control(option, value, steps))

    def page_sound(self, page: Widget) -> None:
        self.option_rows(page, "sound")
        s = self.app.settings
        if self.app.sound is not None:  # the output device, chosen by name among those that exist
            names = [""] + [d.name for d in self.app.sound.mixer.devices()]
            current = s.sound_device if s.sound_device in names else ""
            nxt = names[(names.index(current) + 1) % len(names)]
            b = BigButton(text=current or self.tr("settings.sound_default"), base_font=TYPE.body, bg=theme.SEA_LIGHT,
                          size_hint_y=None, height=px(TOUCH.minimum))
            b.bind(on_release=lambda *_: self.change(sound_device=nxt))
            self.row(page, self.tr("settings.label.sound_device"), b)

    def page_display(self, page: Widget) -> None:
        self.option_rows(page, "display")

    def page_hardware(self, page: Widget) -> None:
        actions = BoxLayout(spacing=px(SPACE.s), size_hint_y=None, height=px(TOUCH.primary))
        for key, screen in (("settings.doctor", "doctor"), ("settings.tiles", "tiles")):
            b = BigButton(text=self.tr(key), base_font=TYPE.button, bg=theme.STONE)
            b.bind(on_release=lambda _b, n=screen: self.app.go(n))
            actions.add_widget(b)
        page.add_widget(actions)

        self.row(page, self.tr("phones.menu"), phones_switch(self, self.control_height()))
        # A family reads each device in plain words; the engineer's (pins, ports, backends) behind Details.
        lines = self.hardware_details() if self.hw_details else self.hardware_plain()
        panel = Panel(orientation="vertical", padding=px(SPACE.xs), spacing=gap() / 2, size_hint_y=None)
        panel.bind(minimum_height=panel.setter("height"))
        for line in lines:
            panel.add_widget(wrapped(line))
        page.add_widget(panel)
        more = BigButton(text=self.tr("settings.details_hide" if self.hw_details else "doctor.details"),
                         base_font=TYPE.button, bg=theme.SEA_LIGHT, size_hint=(None, None),
                         width=px(260), height=px(TOUCH.minimum))
        more.bind(on_release=lambda *_: self.toggle_details())
        page.add_widget(more)

    def toggle_details(self) -> None:
        self.hw_details = not self.hw_details
        self.rebuild()

    def hardware_details(self) -> list[str]:
        ring = self.app.ring.status()
        if ring.configured == "screen":
            ring_state = self.tr("settings.ring_screen")
        elif ring.ok:
            ring_state = self.tr("settings.ring_ok", backend=ring.active)
        else:
            ring_state = self.tr("settings.ring_failed", error=ring.last_error or "?")
        return [self.buzzers_line(), self.tr("settings.hw_ring", state=ring_state), reader_line(self.app),
                self.sound_line()]

    def hardware_plain(self) -> list[str]:
        """Each device's state in the family's words (as the hardware check's first page says them)."""
        hardware = getattr(self.app, "buzzer_hardware", None)
        if hardware is None or not hardware.config.pins:
            buttons = self.tr("settings.plain.buttons_keys")
        elif hardware.gpio is None:
            buttons = self.tr("settings.plain.buttons_failed")
        else:
            buttons = self.tr("settings.plain.buttons_found", n=len(hardware.config.pins))
        ring = self.app.ring.status()
        ring_key = "ring_screen" if ring.configured == "screen" else "ring_ok" if ring.ok else "ring_failed"
        hub = hub_of(self.app)
        reader = "reader_none"
        if hub is not None and hub.config is not None and hub.reader is not None:
            state = hub.reader.status().state
            reader = {"connected": "reader_ok", "lost": "reader_lost"}.get(state, "reader_waiting")
        sound = self.app.sound
        if sound is None:
            sound_line = self.tr("settings.hw_sound_off")
        else:
            mixer = sound.status().mixer
            sound_line = (self.tr("settings.plain.sound_on") if mixer.on else
                          self.tr("settings.hw_sound_searching", attempts=mixer.attempts)
                          if mixer.state == "opening" else self.tr("settings.hw_sound_none"))
        return [buttons, self.tr("settings.plain." + ring_key), self.tr("settings.plain." + reader), sound_line]

    def page_content(self, page: Widget) -> None:
        s = self.app.settings
        packs = self.app.library.packs if self.app.library else ()
        if not packs:
            page.add_widget(left_label(self.tr("settings.no_packs"), TYPE.body, size_hint_y=None,
                                       height=box_for(TYPE.body, 2)))
        for pack in packs:
            on = pack.id not in s.disabled_packs
            others = [x for x in s.disabled_packs if x != pack.id]
            self.row(page, pack_label(pack, self.c.tr.language), Segmented(
                [(True, self.tr("settings.on")), (False, self.tr("settings.off"))], on,
                lambda v, o=others, p=pack.id: self.change(disabled_packs=o if v else o + [p]), font=TYPE.body,
                name=pack.id, height=self.control_height()))
        notices = [n.headline(self.tr) for n in (self.app.library.notices() if self.app.library else ())]
        for line in notices:
            page.add_widget(left_label(line, TYPE.body, color=theme.TEXT_MUTED, size_hint_y=None,
                                       height=box_for(TYPE.body, 2)))

    def page_system(self, page: Widget) -> None:
        from companion import __version__

        # What a family asks of the box: is the game safe, which version is it (to tell whoever helps).
        panel = Panel(orientation="vertical", padding=px(SPACE.xs), spacing=gap() / 2, size_hint_y=None)
        panel.bind(minimum_height=panel.setter("height"))
        for line in (self.tr("settings.system_note"), self.tr("settings.version", version=__version__)):
            panel.add_widget(wrapped(line))
        page.add_widget(panel)
        if self.app.settings.power_buttons:  # the kiosk on a Pi: no keyboard, no desktop to shut it down from
            row = BoxLayout(spacing=px(SPACE.s), size_hint_y=None, height=px(TOUCH.primary))
            for key, action, colour in (("settings.shutdown", "poweroff", theme.DANGER),
                                        ("settings.reboot", "reboot", theme.STONE_DARK)):
                b = BigButton(text=self.tr(key), base_font=TYPE.button, bg=colour)
                b.bind(on_release=lambda _b, a=action: self.app.power(a))
                row.add_widget(b)
            page.add_widget(row)

    # --- the hardware's state in words ---------------------------------------------------------------------

    def buzzers_line(self) -> str:
        """The buzzers the hardware profile gave the app (the keyboard always stands in too)."""
        hardware = getattr(self.app, "buzzer_hardware", None)
        if hardware is None or not hardware.config.pins:
            return self.tr("settings.hw_buzzers")
        if hardware.gpio is None:
            return self.tr("settings.hw_buzzers_failed")
        return self.tr("settings.hw_buzzers_gpio", n=len(hardware.config.pins))

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


def pack_label(pack: Any, language: str) -> str:
    """A pack's name in the table's language: a manifest names a bilingual pack "French / English" (in the
    order of its languages), the family reads only its own half, with a typographer's apostrophe."""
    parts = [part.strip() for part in pack.name.split(" / ")]
    languages = tuple(getattr(pack, "languages", ()))
    name = parts[languages.index(language)] if len(parts) == len(languages) > 1 and language in languages else pack.name
    return name.replace("'", "\u2019")


def wrapped(text: str) -> Widget:
    """A panel's line at body size that takes as many lines as its words need (never cut, never shrunk)."""
    from kivy.uix.label import Label

    label = Label(text=text, font_size=px(TYPE.body), color=theme.TEXT, halign="left", valign="middle",
                  size_hint_y=None, height=box_for(TYPE.body))
    label.bind(width=lambda w, width: setattr(w, "text_size", (width, None)),
               texture_size=lambda w, size: setattr(w, "height", max(size[1], box_for(TYPE.body))))
    return label


def phones_switch(screen: BaseScreen, height: float) -> Widget:
    """The players' phones on or off (off: nothing listens), the same two-way switch as every other on/off
    of the settings; its segments' ``choice`` is ("phones", True / False)."""
    on = bool(getattr(screen.app.settings, "phones", False))
    return Segmented([(True, screen.tr("settings.on")), (False, screen.tr("settings.off"))], on,
                     lambda v: screen.app.change_settings(phones=v), font=TYPE.body, name="phones", height=height)
