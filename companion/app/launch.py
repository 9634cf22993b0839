"""Putting the app together: settings, game log, content, Kivy's window configuration."""

from __future__ import annotations

import sqlite3
import sys
import time
from pathlib import Path

from companion.app.settings import Settings, default_settings_path
from companion.app.table.profiles import PROFILES
from companion.notice import Notice

START = time.perf_counter()


def configure_kivy(width: int, height: int, fullscreen: bool = False, touch: bool = False,
                   touch_rotation: int | None = None) -> None:
    """Window size and input, before the window exists."""
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "resizable", "1")
    Config.set("kivy", "exit_on_escape", "0")
    Config.set("kivy", "keyboard_mode", "dock" if touch else "system")
    if touch_rotation is None:
        Config.set("input", "mouse", "mouse,disable_multitouch")
    else:  # the configured touchscreen: one input provider (two double every tap)
        from companion.config.wiring import touch_input

        touch_input(Config, touch_rotation)


def build_app(db: Path | None, settings_path: Path | None, settings: Settings | None = None,
              sound: bool = False, ring=None, reader=None, tiles_path: Path | None = None, checked=None):
    """The app on a game log; ``sound`` opens the audio output and speech (the real app does; screenshots
    and tests do not); ``reader`` (a ReaderConfig) runs the RFID reader while the app runs, with the tile
    registry at ``tiles_path`` (default: the user data directory); ``checked`` (a CheckedPacks: the real
    app's, in the user cache folder) spares the content checks of packs found clean at an earlier start."""
    from companion.app.controller import Controller
    from companion.app.table.language import Translator
    from companion.app.main import CompanionApp
    from companion.content import load_library
    notices: list[Notice] = []
    if settings is None:
        settings, notices = start_settings(settings_path)
    library = load_library(set_aside=True, checked=checked)
    notices += library.notices()
    # The companion's code words come from the packs the table has switched on (read when dealt).
    from companion.content.dealing import CodeWordContent

    words = CodeWordContent(library=lambda: library, enabled=lambda: controller.enabled_packs())
    session, log_problem = open_session(db, notices, words)
    controller = Controller(session, settings, library, Translator(settings.language))
    reactions = None
    if sound:
        from companion.sound import Reactions

        reactions = Reactions.from_settings(settings, library, lambda: controller.tr.language)
    app = CompanionApp(controller, settings_path=settings_path, library=library, notices=notices,
                       sound=reactions, ring=ring, log_problem=log_problem,
                       reopen_log=lambda: open_session(db, app.notices, words))
    from companion.app.screens.tiles import TileHub

    TileHub.attach(app, reader, tiles_path)
    return app


def start_settings(path: Path | None) -> tuple[Settings, list[Notice]]:
    """The settings the app starts with: the file's, or the defaults when it has a problem (a file that
    cannot be read at all is set aside first); the notices that say so."""
    if not path:
        return Settings(), []
    from companion.config import load_config

    config = load_config(path, set_aside=True)
    notices = list(config.notices)
    if config.errors:
        notices.append(Notice("notice.settings", "; ".join(str(p) for p in config.errors)))
        return Settings(), notices
    return config.settings, notices


def open_session(db: Path | None, notices: list[Notice], words=None):
    """``(session, problem)``: the session on the game log, and None. When another process writes to the
    log, a session on no log and the message naming that process (the app shows it on its error screen
    and tries again from there). The log in the user data directory found damaged is kept aside and a
    new one started, with a notice; a damaged ``--db`` file is refused (LogError), left as it is.

    The app starts whatever the log's rows hold: a game that cannot be replayed to its end resumes at
    its last readable command, or is kept aside (companion.session), with a notice. A log of a newer
    companion, or on a read-only card, is never written: the table plays in memory (a copy of the card's
    log, so the game in progress goes on) and a notice says that nothing will be saved."""
    from companion.session import GameSession
    from companion.store import GameLog, LogInUse, NewerLog, ReadOnlyLog, default_db_path

    path = db or default_db_path()
    try:
        log = GameLog(path, role="app", replace_damaged=db is None)
    except LogInUse as exc:  # a log of nothing, that refuses every command: nothing is played unsaved
        return GameSession(GameLog(":memory:", refuse_writes=str(exc)), words=words), str(exc)
    except NewerLog as exc:  # played on a copy in memory, in its own schema when that works
        notices.append(Notice("notice.log_newer", str(exc)))
        log = GameLog.copy_in_memory(path)
    except ReadOnlyLog as exc:
        notices.append(Notice("notice.log_read_only", str(exc)))
        log = GameLog.copy_in_memory(path)
    if log.damaged:
        detail, aside = log.damaged
        notices.append(Notice("notice.log_damaged", f"{detail}; kept as {aside}"))
    try:
        try:
            session = GameSession(log, words=words)
            log.games()  # every finished game's summary read once: a damaged one is rebuilt and noted
        except sqlite3.Error:
            if not log.newer:
                raise
            log.close()  # a newer schema this companion cannot read: play on an empty log in memory
            log = GameLog(":memory:")
            log.unsaved = True
            session = GameSession(log, words=words)
    except BaseException:
        log.close()
        raise
    if session.damage is not None:
        resumed = session.damage["resumed_at"]
        notices.append(Notice("notice.game_resumed", session.damage_text()) if resumed
                       else Notice("notice.game_kept_aside", session.damage_text()))
    notices += [Notice("notice.log_summary", problem) for problem in log.problems]
    return session, None


def launch(args) -> int:
    from companion.store import LogError

    from companion.config import load_config, migrate
    from companion.config.wiring import build_kwargs, open_devices

    settings_path = args.settings or default_settings_path()
    if args.settings is None:
        migrate(settings_path)  # the flat settings.toml of earlier versions, once
    # config.toml over its hardware profile; problems never stop a game, a damaged file is set aside
    config = load_config(settings_path, set_aside=True)
    for problem in config.problems:
        print(f"companion: {problem}", file=sys.stderr)
    settings = config.settings
    profile = PROFILES.get(args.profile or settings.display_profile)
    if profile is None:
        print(f"companion: unknown display profile {args.profile!r}; known: {', '.join(PROFILES)}", file=sys.stderr)
        return 2
    touch = args.touch or settings.touch
    configure_kivy(profile.width, profile.height, args.fullscreen or settings.fullscreen, touch,
                   settings.touch_rotation if settings.touch else None)
    devices = open_devices(config)
    from companion.content.checked import CheckedPacks

    try:
        app = build_app(args.db, settings_path, settings, sound=not args.exit_after_first_frame,
                        checked=CheckedPacks(), **build_kwargs(build_app, devices))
    except LogError as exc:
        devices.close()
        print(f"companion: {exc}", file=sys.stderr)
        return 1
    app.buzzer_hardware = devices.buzzers
    from companion.app import buzzer_feed

    app.buzzer_feed_stop = buzzer_feed.start(app)  # each game's on_buzzer hears the buttons (GameUI)
    app.companion_config = config  # the doctor screen checks what the app was started with
    app.notices += [*config.notices, *devices.notices]
    for notice in app.notices:  # for the journal (config problems were printed above)
        print(f"companion: {notice}", file=sys.stderr)
    app.notices += [Notice("notice.config", str(p)) for p in config.errors]
    if args.exit_after_first_frame:
        from kivy.core.window import Window

        def first_frame(*_):  # after the first frame of the home screen is on screen
            Window.unbind(on_flip=first_frame)
            print(f"first_frame {time.perf_counter() - START:.4f}", flush=True)
            app.stop()

        Window.bind(on_flip=first_frame)
    app.run()
    return 0
