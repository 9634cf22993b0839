"""Putting the app together: settings, game log, content, Kivy's window configuration."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from companion.app.settings import Settings, SettingsError, default_settings_path, load_settings
from companion.app.theme import PROFILES

START = time.perf_counter()


def configure_kivy(width: int, height: int, fullscreen: bool = False, touch: bool = False) -> None:
    """Window size and input, before the window exists."""
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "resizable", "1")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("kivy", "keyboard_mode", "dock" if touch else "system")
    Config.set("input", "mouse", "mouse,disable_multitouch")


def build_app(db: Path | None, settings_path: Path | None, settings: Settings | None = None,
              sound: bool = False):
    """The app on a game log; ``sound`` opens the audio output and speech (the real app does; screenshots
    and tests do not)."""
    from companion.app.controller import Controller
    from companion.app.i18n import Translator
    from companion.app.main import CompanionApp
    from companion.content import load_library
    from companion.session import GameSession
    from companion.store import GameLog, default_db_path

    notices: list[str] = []
    if settings is None:
        try:
            settings = load_settings(settings_path) if settings_path else Settings()
        except SettingsError as exc:
            notices.append(f"{exc} – default settings are used.")
            settings = Settings()
    library = load_library()
    notices += library.notices()
    session = GameSession(GameLog(db or default_db_path()))
    controller = Controller(session, settings, library, Translator(settings.language))
    reactions = None
    if sound:
        from companion.sound import Reactions

        reactions = Reactions.from_settings(settings, library, lambda: controller.tr.language)
    return CompanionApp(controller, settings_path=settings_path, library=library, notices=notices,
                        sound=reactions)


def launch(args) -> int:
    from companion.store import LogError

    settings_path = args.settings or default_settings_path()
    try:
        settings = load_settings(settings_path)
    except SettingsError as exc:
        print(f"companion: {exc}; starting with default settings", file=sys.stderr)
        settings = Settings()
    profile = PROFILES.get(args.profile or settings.display_profile)
    if profile is None:
        print(f"companion: unknown display profile {args.profile!r}; known: {', '.join(PROFILES)}", file=sys.stderr)
        return 2
    configure_kivy(profile.width, profile.height, args.fullscreen, args.touch)
    try:
        app = build_app(args.db, settings_path, settings, sound=not args.exit_after_first_frame)
    except LogError as exc:
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    if args.exit_after_first_frame:
        from kivy.core.window import Window

        def first_frame(*_):  # after the first frame of the home screen is on screen
            Window.unbind(on_flip=first_frame)
            print(f"first_frame {time.perf_counter() - START:.4f}", flush=True)
            app.stop()

        Window.bind(on_flip=first_frame)
    app.run()
    return 0
