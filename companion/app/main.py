"""The Kivy app: screens, routing from the engine's phase, keyboard shortcuts, the error safety net; what
it lays over the screens (confirm, toast, the error screen) in overlays.py, the hourglass and the ring
in hourglass.py.

Hardware threads never touch widgets: they post to the UI thread (``Clock.schedule_once``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.label import Label
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.app import theme
from companion.app.look import fonts
from companion.app.motion import attach as attach_motion
from companion.app.controller import Controller
from companion.app.table.language import next_language
from companion.app.screens.doctor import DoctorScreen
from companion.app.game_ui import playable_games
from companion.app.screens.history import HistoryGameScreen, HistoryScreen, PlayerScreen, StatsScreen
from companion.app.screens.home import ErrorScreen, HomeScreen, SettingsScreen
from companion.app.screens.podium import PodiumScreen
from companion.app.screens.tiles import TilesScreen
from companion.app.screens.newgame import DiceScreen, NewGameScreen
from companion.app.phones_link import phones_of
from companion.app.settings import Settings, save_settings
from companion.app.table.profiles import PROFILES
from companion.app.controls import Scale
from companion.app.hourglass import HourglassAndRing, colour_rgba_255  # noqa: F401 (importable from here)
from companion.app.overlays import Overlays
from companion.app.widgets import art
from companion.devices.ring import Ring, RingConfig


#: The screens every game shares. A game's own screens (GameUI.screens) join them when a game of its kind
#: is started, resumed or shown (CompanionApp.ensure_game), and leave when another kind is played.
SCREENS = {
    "home": HomeScreen,
    "new_game": NewGameScreen,
    "dice": DiceScreen,
    "podium": PodiumScreen,
    "settings": SettingsScreen,
    "doctor": DoctorScreen,
    "tiles": TilesScreen,
    "history": HistoryScreen,
    "history_game": HistoryGameScreen,
    "history_stats": StatsScreen,
    "history_player": PlayerScreen,
    "error": ErrorScreen,
}


ROLL_OFFS = ("dice_rolled", "first_rolls")  # an event's type, less its game's prefix: one roll-off each


def first_rolls(events: list) -> list[dict]:
    """The roll-offs for the first player among a new game's events, each name -> value: the events whose
    type is one of ROLL_OFFS, with or without their game's prefix (a prefixed game's roll-offs were
    never shown: it went straight to its first turn)."""
    return [e["rolls"] for e in events
            if str(e.get("type", "")).rsplit(".", 1)[-1] in ROLL_OFFS and isinstance(e.get("rolls"), dict)]

class _SafetyNet(ExceptionHandler):
    """An exception in a callback shows the error screen instead of ending the app mid-game."""

    def __init__(self, app: "CompanionApp") -> None:
        self.app = app

    def handle_exception(self, exc):
        self.app.show_error(self.app.sm.current if self.app.sm else "?", exc)
        return ExceptionManager.PASS


class CompanionApp(Overlays, HourglassAndRing, App):  # what the screens may use of it: companion.app.shell.AppShell
    title = "Le compagnon de table"

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
        self.game_screens: tuple[str | None, list[str]] = (None, [])  # the game whose screens are in, their names
        self.chosen: str | None = None  # the game home's tile chose for the next setup
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
        if self.controller.game is not None:  # a game to resume: its screens are there from the start
            self.ensure_game(self.controller.game)
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

    # --- the games -------------------------------------------------------------------------------------

    def ensure_game(self, game: str):
        """The screens of ``game`` in the screen manager (its UI module imported now), another game's
        taken out first; the game's UI."""
        ui = self.controller.ui(game)
        if self.game_screens[0] == game:
            return ui
        for name in self.game_screens[1]:
            self.sm.remove_widget(self.sm.get_screen(name))
        added = []
        for name, cls in ui.screens().items():
            if name in SCREENS:
                raise ValueError(f"game {game!r}: screen {name!r} is one of the shared screens")
            self.sm.add_widget(cls(self, name=name))
            added.append(name)
        self.game_screens = (game, added)
        return ui

    def chosen_game(self) -> str:
        """The game the next setup is for: the one home's tile chose, else the one on the table, else the
        first the companion can play."""
        return self.chosen or self.controller.game or playable_games()[0].id

    def choose_game(self, game: str) -> None:
        """Home's tile: the setup of a new game of ``game``."""
        self.chosen = game
        setup = self.sm.get_screen("new_game")
        if setup.game_id(lazy=True) != game:  # the same game's form keeps what the table typed in it
            setup.reset_form(game)
        self.go("new_game")

    # --- navigation ------------------------------------------------------------------------------------

    def go(self, name: str) -> None:
        if name != "error" and self._log_closed():
            return
        if self.sm.current == name:
            self.current_screen().rebuild()
        else:
            self.sm.current = name

    def show_phase(self) -> None:
        """The screen of the game's moment (its phase's, or one the game puts first: a private reveal)."""
        view = self.controller.view
        if view.get("game") is None:
            self.go("home")
            return
        ui = self.ensure_game(view["game"])
        self.go(ui.route(self) or ui.phase_screen(self, view))

    def _log_closed(self) -> bool:
        """While another process holds the game log nothing is played (issue 27, defect 5): every route
        (a button, Ctrl+Z or Ctrl+Y, a key, a phone) stays on the error screen and its "Try again", and
        says why; the session's log refuses every command besides (companion.app.launch.open_session)."""
        if not self.log_problem:
            return False
        self.toast(self.controller.tr("error.log_nothing_played"))
        error = self.sm.get_screen("error")
        error.message = self.log_problem
        if self.sm.current == "error":
            error.rebuild()
        else:
            self.sm.current = "error"
        return True

    def send(self, command: dict) -> dict:
        if self._log_closed():
            return {"ok": False, "error": {"code": "log_in_use", "message": self.log_problem}}
        before = self.controller.view
        answer = self.controller.send(command)
        if not answer["ok"]:
            self.toast(self.controller.tr("common.refused", message=answer["error"]["message"]))
            return answer
        self._ring_follows(before, answer)
        ui = self.ensure_game(answer["state"]["game"])
        screen = ui.after_answer(self, before, answer)  # a round's end is a moment of its own
        if screen is not None:
            self.go(screen)
        else:
            self.show_phase()
        return answer

    def after_new_game(self, answer: dict) -> None:
        """The first player's roll-offs on the die screen (when the companion rolled them), then the game."""
        ui = self.ensure_game(answer["state"]["game"])
        if ui.before_play(self, answer):  # a game's screen first (the phones' QR codes)
            return
        rolls = first_rolls(answer["events"])
        self._ring_follows({}, answer)
        if rolls:
            dice = self.sm.get_screen("dice")
            dice.rolls, dice.first = rolls, answer["state"]["first"]
            self.go("dice")
        else:
            self.show_phase()

    def undo(self) -> None:
        if self._log_closed():
            return
        answer = self.controller.undo()
        if not answer["ok"]:
            self.toast(answer["error"]["message"])
        self.show_phase()

    def redo(self) -> None:
        if self._log_closed():
            return
        answer = self.controller.redo()
        if not answer["ok"]:
            self.toast(answer["error"]["message"])
        self.show_phase()

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
        ui = self.controller.ui()
        if ui is None:
            return False
        if codepoint == " " and getattr(self.current_screen(), "timed", False) and v["phase"] in ui.timed_phases:
            self.toggle_hourglass()
            return True
        return bool(ui.on_key(self, codepoint))
