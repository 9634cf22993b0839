"""The Kivy app: screens, routing from the engine's phase, keyboard shortcuts, the error safety net.

Hardware threads never touch widgets: they post to the UI thread (``Clock.schedule_once``)."""

from __future__ import annotations

import logging
import traceback
from pathlib import Path
from typing import Any, Callable

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.app import theme
from companion.app.look import fonts
from companion.app.motion import attach as attach_motion
from companion.app.controller import Controller
from companion.app.table.language import next_language
from companion.app.screens.doctor import DoctorScreen
from companion.app.screens.endgame import MomentScreen, PodiumScreen, ProposalScreen, TreasureScreen
from companion.app.screens.history import HistoryGameScreen, HistoryScreen, PlayerScreen, StatsScreen
from companion.app.screens.home import ErrorScreen, HomeScreen, SettingsScreen
from companion.app.screens.tiles import TilesScreen
from companion.app.screens.newgame import DiceScreen, NewGameScreen
from companion.app.screens.turn import ChallengeScreen, DiveScreen, DuelScreen, EnigmeScreen, TurnScreen
from companion.app.screens import codewords  # issue 17: the companion's code words at the table
from companion.app.screens.keyboard import KeyboardScreen, VerdictScreen
from companion.app.screens.phones import PhonesScreen, phones_before_game
from companion.app.phones_link import phones_of
from companion.app.settings import Settings, save_settings
from companion.app.table.profiles import PROFILES
from companion.app.theme import SPACE_KEYS
from companion.app.controls import BigButton, FitLabel, Scale, colour_rgba, touch_height
from companion.app.widgets import art
from companion.devices.ring import Ring, RingConfig

log = logging.getLogger(__name__)

SCREENS = {
    "home": HomeScreen,
    "new_game": NewGameScreen,
    "dice": DiceScreen,
    "turn": TurnScreen,
    "challenge": ChallengeScreen,
    "duel": DuelScreen,
    "enigme": EnigmeScreen,
    "dive": DiveScreen,
    "moment": MomentScreen,
    "proposal": ProposalScreen,
    "treasure": TreasureScreen,
    "podium": PodiumScreen,
    "settings": SettingsScreen,
    "doctor": DoctorScreen,
    "tiles": TilesScreen,
    "history": HistoryScreen,
    "history_game": HistoryGameScreen,
    "history_stats": StatsScreen,
    "history_player": PlayerScreen,
    "error": ErrorScreen,
    # issue 17: private clues, the typed proposal and its verdict, the phones' QR codes
    "reveal": codewords.RevealScreen,
    "my_clues": codewords.MyCluesScreen,
    "keyboard": KeyboardScreen,
    "verdict": VerdictScreen,
    "phones": PhonesScreen,
}

PHASE_SCREENS = {
    "no_game": "home",
    "land": "turn",
    "passe_partout": "turn",
    "challenge": "challenge",
    "duel_stake": "duel",
    "duel_opponent": "duel",
    "duel_result": "duel",
    "enigme_stake": "enigme",
    "enigme": "enigme",
    "sea": "enigme",
    "dive": "dive",
    "propose": "proposal",
    "propose_again": "proposal",
    "draw": "treasure",
    "over": "podium",
}
TIMED_PHASES = ("challenge", "duel_result", "enigme")


class _SafetyNet(ExceptionHandler):
    """An exception in a callback shows the error screen instead of ending the app mid-game."""

    def __init__(self, app: "CompanionApp") -> None:
        self.app = app

    def handle_exception(self, exc):
        self.app.show_error(self.app.sm.current if self.app.sm else "?", exc)
        return ExceptionManager.PASS


class CompanionApp(App):  # what the screens may use of it: companion.app.shell.AppShell
    title = "Fort Boyard"

    def __init__(self, controller: Controller, settings_path: Path | None = None, library: Any = None,
                 notices: list[str] | None = None, ring: Any = None, sound: Any = None,
                 log_problem: str | None = None, reopen_log: Callable[[], tuple[Any, str | None]] | None = None,
                 **kw: Any) -> None:
        super().__init__(**kw)
        fonts.register()  # before the first Label: Andika becomes the default font
        self.controller = controller
        # Another process writes to the game log: the app runs on no log, shows why on the error screen
        # and opens the log from there once it is free (companion.app.launch.open_session).
        self.log_problem = log_problem
        self._reopen_log = reopen_log
        self.settings_path = settings_path
        self.library = library
        self.notices = list(notices or [])
        self.sm: ScreenManager | None = None
        # The hourglass lives in the ring (LEDs, or drawn on screen when there are none); its "time up"
        # comes from the ring's thread and is posted to the UI thread.
        self.ring = ring if ring is not None else Ring(RingConfig(), when_time_up=self._post_time_up)
        if ring is not None:
            ring.when_time_up = self._post_time_up
        self.hourglass_listeners: list[Callable[[], None]] = []
        # The hourglass's last ten seconds began (once per hourglass): the drum roll's moment.
        self.hourglass_warning_listeners: list[Callable[[], None]] = []
        self._toast: Label | None = None
        # Sound and Père Fouras's voice react to every answer and to "time up" (companion.sound).
        self.sound = sound
        if sound is not None:
            controller.listeners.append(sound.on_answer)
            self.hourglass_listeners.append(sound.on_time_up)

    @property
    def settings(self) -> Settings:
        return self.controller.settings

    @property
    def portrait(self) -> bool:
        return Window.height > Window.width

    def build(self):
        Window.clearcolor = theme.SEA
        self._resize()
        self.sm = ScreenManager(transition=NoTransition())
        for name, cls in SCREENS.items():
            self.sm.add_widget(cls(self, name=name))
        Window.bind(on_key_down=self._on_key, on_resize=lambda *_: self._resize(rebuild=True),
                    on_request_close=self._on_request_close)
        ExceptionManager.add_handler(_SafetyNet(self))
        if self.log_problem:
            self.sm.get_screen("error").message = self.log_problem
            self.sm.current = "error"
        phones_of(self).follow_settings()  # issue 17: the phone server runs while its setting is on
        return attach_motion(self, self.sm)  # the motion layer over the screens (companion.app.motion)

    def on_stop(self) -> None:
        phones_of(self).stop()
        self.ring.close()
        if self.sound is not None:
            self.sound.close()

    def _on_request_close(self, *_args, **_kw) -> bool:
        """Closing the window mid-game asks first (the game is saved either way)."""
        if self.controller.in_progress and not getattr(self, "_closing", False):
            def close():
                self._closing = True
                self.stop()

            self.confirm(self.controller.tr("common.quit_confirm"), close)
            return True
        return False

    def _resize(self, rebuild: bool = False) -> None:
        Scale.factor = art.scale()  # the tokens' scale of the window's profile: one scale (widgets/art.py)
        if rebuild and self.sm:
            Clock.schedule_once(lambda *_: self.current_screen().rebuild(), 0)

    def current_screen(self):
        return self.sm.get_screen(self.sm.current)

    # --- navigation ------------------------------------------------------------------------------------

    def go(self, name: str) -> None:
        if self.sm.current == name:
            self.current_screen().rebuild()
        else:
            self.sm.current = name

    def show_phase(self) -> None:
        # issue 17: a clue waiting for its private reveal, the typed proposal (companion code words)
        self.go(codewords.route(self) or PHASE_SCREENS.get(self.controller.view["phase"], "home"))

    def send(self, command: dict) -> dict:
        before = self.controller.view
        answer = self.controller.send(command)
        if not answer["ok"]:
            self.toast(self.controller.tr("common.refused", message=answer["error"]["message"]))
            return answer
        self._ring_follows(before, answer)
        codewords.queue_reveals(self, answer)  # issue 17
        types = [e["type"] for e in answer["events"]]
        if "round_ended" in types and "game_over" not in types:
            moment = self.sm.get_screen("moment")
            moment.events = answer["events"]
            self.go("moment")
        else:
            self.show_phase()
        return answer

    def after_new_game(self, answer: dict) -> None:
        if phones_before_game(self, answer):  # issue 17: each player's QR code first, with the phones on
            return
        rolls = [e["rolls"] for e in answer["events"] if e["type"] == "dice_rolled"]
        self._ring_follows({}, answer)
        if rolls:
            dice = self.sm.get_screen("dice")
            dice.rolls, dice.first = rolls, answer["state"]["first"]
            self.go("dice")
        else:
            self.show_phase()

    def undo(self) -> None:
        answer = self.controller.undo()
        if not answer["ok"]:
            self.toast(answer["error"]["message"])
        self.show_phase()

    def redo(self) -> None:
        answer = self.controller.redo()
        if not answer["ok"]:
            self.toast(answer["error"]["message"])
        self.show_phase()

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
        label = Label(text=message, font_size=Scale.px(18), text_size=(Window.width * 0.85, None),
                      halign="center", color=theme.TEXT, size_hint=(None, None),
                      size=(Window.width, Scale.px(80)), pos=(0, Scale.px(6)))
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

    def retry_log(self) -> None:
        """Try the game log again (from the error screen): the game goes on from it once it is free."""
        if self._reopen_log is None:
            return
        session, problem = self._reopen_log()
        if problem is None:
            self.controller.session.log.close()
            self.controller.session = session
            self.log_problem = None
            self.show_phase()
            return
        session.log.close()
        self.log_problem = problem
        error = self.sm.get_screen("error")
        error.message = problem
        error.rebuild()

    # --- settings ------------------------------------------------------------------------------------

    def change_settings(self, **changes: Any) -> None:
        self.controller.settings = self.settings.changed(**changes)
        if self.settings_path:
            save_settings(self.settings, self.settings_path)
        if "language" in changes:
            self.controller.tr.set_language(self.settings.language)
        if "phones" in changes:  # issue 17: off: nothing listens
            phones_of(self).follow_settings()
        if "display_profile" in changes and not Window.fullscreen:  # a desktop window takes the new size now
            profile = PROFILES[self.settings.display_profile]
            Window.size = (profile.width, profile.height)
        if self.sound is not None:
            self.sound.apply_settings(self.settings)
            if "sound_device" in changes:
                self.sound.mixer.use_device(self.settings.sound_device or None)
        self.current_screen().rebuild()

    def set_language(self, language: str) -> None:
        self.change_settings(language=language)

    def toggle_language(self) -> None:
        self.set_language(next_language(self.settings.language))

    def power(self, action: str) -> None:
        """Shut down ("poweroff") or restart ("reboot") the Pi once the table confirms; the game is saved."""
        from companion.doctor.power import PowerError, request

        def go() -> None:
            try:
                request(action)
            except (PowerError, OSError, ValueError) as exc:
                self.toast(self.controller.tr("settings.power_failed", error=str(exc)))

        self.confirm(self.controller.tr("settings.shutdown_confirm" if action == "poweroff" else "settings.reboot_confirm"), go)

    # --- the hourglass and the ring ------------------------------------------------------------------

    def _ring_follows(self, before: dict, answer: dict) -> None:
        """The ring shows what just happened: a full hourglass waiting for a timed challenge, the duel
        winner's colour, a key won, the lighthouse sweep between turns."""
        after = answer["state"]
        types = {e["type"]: e for e in answer["events"]}
        entering = after["phase"] in TIMED_PHASES and (
            before.get("phase") != after["phase"] or before.get("turns") != after.get("turns")
        )
        if entering:
            # Full and waiting: turned over when the table is ready (start / pause on screen).
            self.ring.hourglass(self.settings.hourglass_seconds, paused=True)
        elif "duel_result" in types:
            self.ring.winner(colour_rgba_255(self.controller.colour_of(types["duel_result"]["winner"])))
        elif "key_won" in types:
            self.ring.key_won()
        elif after["phase"] not in TIMED_PHASES:
            self.ring.idle()

    def toggle_hourglass(self) -> None:
        """Start, pause or resume the hourglass; once it has run out, turn it over again."""
        left = self.ring.remaining()
        effect = self.ring.effect
        if left is None or left <= 0:
            self.ring.hourglass(self.settings.hourglass_seconds)
        elif getattr(effect, "paused", False):
            self.ring.resume()
        else:
            self.ring.pause()
        if self.sound is not None:
            running = not getattr(self.ring.effect, "paused", True)
            if running:
                self.sound.on_hourglass_started(self.ring.remaining() or 0.0)
            else:
                self.sound.on_hourglass_stopped()

    def hourglass_warning(self) -> None:
        """The hourglass entered its last ten seconds: everything that reacts (a drum roll) is told."""
        for listener in list(self.hourglass_warning_listeners):
            listener()

    def _post_time_up(self, _event: Any) -> None:
        Clock.schedule_once(lambda *_: self.hourglass_up(), 0)

    def hourglass_up(self) -> None:
        """Time is up (once per hourglass): everything that reacts (sound, screen) is told."""
        if self.sm is not None and self.sm.current in ("challenge", "duel", "enigme"):
            self.current_screen().show_time_up()  # "time up" over the whole screen until the next tap
        for listener in list(self.hourglass_listeners):
            listener()

    # --- keyboard: spaces, buzzers, undo, full screen -------------------------------------------------

    def _on_key(self, _window, key, _scancode, codepoint, modifiers) -> bool:
        if key == 292:  # F11
            Window.fullscreen = "auto" if not Window.fullscreen else False
            return True
        if "ctrl" in modifiers and codepoint == "z":
            self.undo()
            return True
        if "ctrl" in modifiers and codepoint == "y":
            self.redo()
            return True
        v = self.controller.view
        if self.sm.current == "turn" and codepoint:
            for space, letter in SPACE_KEYS.items():
                if codepoint == letter and not (v["phase"] == "passe_partout" and space == "passe_partout"):
                    self.send({"cmd": "land", "space": space})
                    return True
        if codepoint == " " and self.sm.current in ("challenge", "duel", "enigme") and v["phase"] in TIMED_PHASES:
            self.toggle_hourglass()
            return True
        if codepoint and codepoint in "123456" and v["phase"] == "duel_result":
            i = int(codepoint) - 1
            if i < len(v["players"]) and v["players"][i]["name"] in (v["current"], v["opponent"]):
                self.send({"cmd": "result", "winner": v["players"][i]["name"]})
                return True
        return False


def colour_rgba_255(name: str) -> tuple[int, int, int]:
    r, g, b, _ = colour_rgba(name)
    return (round(r * 255), round(g * 255), round(b * 255))
