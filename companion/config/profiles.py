"""Hardware profiles: one TOML file per build of the box (``hardware/profiles/pi5-7inch.toml``...).

A profile gives the hardware's settings (buzzer and LED pins, ring, reader, display, audio device); the
user's config file names one (``hardware_profile = "pi5-7inch"``) and may override any of its values.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "fort-boyard-companion"
#: Top-level keys of a profile besides its sections.
PROFILE_KEYS = {"description": str, "board": str}


def profile_dirs() -> list[Path]:
    """Where profiles are looked for, first match wins: the user's own, $COMPANION_PROFILES, the source
    tree's ``hardware/profiles``, and the copy the installer puts in the virtualenv."""
    import platformdirs

    dirs = [Path(platformdirs.user_config_dir(APP_NAME)) / "profiles"]
    if os.environ.get("COMPANION_PROFILES"):
        dirs += [Path(p) for p in os.environ["COMPANION_PROFILES"].split(os.pathsep) if p]
    dirs.append(Path(__file__).resolve().parents[2] / "hardware" / "profiles")
    dirs.append(Path(sys.prefix) / "share" / APP_NAME / "profiles")
    return dirs


def available() -> dict[str, Path]:
    """Profile name -> file, for every profile found."""
    found: dict[str, Path] = {}
    for folder in profile_dirs():
        for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
            found.setdefault(path.stem, path)
    return found


def find(name: str) -> Path | None:
    """The file of profile ``name`` (a name, or a path to a .toml file); None when there is none."""
    if name.endswith(".toml") or os.sep in name:
        path = Path(name).expanduser()
        return path if path.is_file() else None
    return available().get(name)
