"""``companion app`` (the touchscreen app) and ``companion shots`` (every screen to PNG)."""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("app", help="start the touchscreen app", description="Start the touchscreen app.")
    p.add_argument("--db", type=Path, help="game log file (default: the user data directory)")
    p.add_argument("--settings", type=Path, help="settings file (default: the user config directory)")
    p.add_argument("--profile", help="display profile: 800x480, 720x1280, 1024x600, 1280x800")
    p.add_argument("--fullscreen", action="store_true", help="full screen (F11 toggles it on a desktop)")
    p.add_argument("--touch", action="store_true", help="touchscreen: the on-screen keyboard docks at the bottom")
    p.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    p.set_defaults(func=run_app)

    s = sub.add_parser("shots", help="render every screen to PNG files",
                       description="Render every screen at every display profile in both languages to PNG "
                       "files named SCREEN-PROFILE-LANGUAGE.png, offscreen, and report text that overflows. "
                       "OUT/widgets.json lists, per picture, its visible texts (text, font size in px, "
                       "position, size) and its touchable widgets (position, size).")
    s.add_argument("--out", type=Path, required=True, help="folder for the PNG files")
    s.add_argument("--profiles", help="comma-separated display profiles (default: all)")
    s.add_argument("--languages", help="comma-separated languages (default: fr,en)")
    s.add_argument("--screens", help="comma-separated screens (default: all)")
    s.add_argument("--widgets-part", action="store_true", help=argparse.SUPPRESS)  # one profile's part
    s.set_defaults(func=run_shots)


def _kivy_environment(offscreen: bool = False) -> None:
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "MIXED")  # keep sys.stderr ours: tracebacks stay visible
    if offscreen:
        os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")


def run_app(args: argparse.Namespace) -> int:
    _kivy_environment()
    from companion.app.launch import launch

    return launch(args)


def run_shots(args: argparse.Namespace) -> int:
    _kivy_environment(offscreen=True)
    from companion.app.shots import shots

    return shots(args)
