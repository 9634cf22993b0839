"""The app's settings: a small TOML file in the user config directory, with defaults and checks."""

from __future__ import annotations

import os
import tomllib
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from companion.app.i18n import LANGUAGES
from companion.app.theme import PROFILES

APP_NAME = "fort-boyard-companion"


class SettingsError(ValueError):
    """A settings file with a problem; the message names the file, the key and what is wrong."""


@dataclass(frozen=True)
class Settings:
    language: str = "fr"
    hourglass_seconds: int = 30
    volume: int = 80
    display_profile: str = "800x480"
    duel_clue_to_opponent: str = "clue"
    prison_carries_over: bool = False
    disabled_packs: tuple[str, ...] = ()

    CHECKS = {
        "language": lambda v: v in LANGUAGES,
        "hourglass_seconds": lambda v: isinstance(v, int) and not isinstance(v, bool) and 5 <= v <= 300,
        "volume": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100,
        "display_profile": lambda v: v in PROFILES,
        "duel_clue_to_opponent": lambda v: v in ("clue", "key", "nothing"),
        "prison_carries_over": lambda v: isinstance(v, bool),
        "disabled_packs": lambda v: isinstance(v, (list, tuple)) and all(isinstance(x, str) for x in v),
    }
    HELP = {
        "language": f"one of {', '.join(LANGUAGES)}",
        "hourglass_seconds": "a whole number of seconds from 5 to 300",
        "volume": "a whole number from 0 to 100",
        "display_profile": f"one of {', '.join(PROFILES)}",
        "duel_clue_to_opponent": "clue, key or nothing",
        "prison_carries_over": "true or false",
        "disabled_packs": "a list of content pack ids",
    }

    def house_rules(self) -> dict[str, Any]:
        return {"duel_clue_to_opponent": self.duel_clue_to_opponent, "prison_carries_over": self.prison_carries_over}

    def changed(self, **changes: Any) -> "Settings":
        for key, value in changes.items():
            if key not in self.CHECKS or not self.CHECKS[key](value):
                raise SettingsError(f"setting {key!r} must be {self.HELP.get(key, 'a known setting')}, got {value!r}")
        if "disabled_packs" in changes:
            changes["disabled_packs"] = tuple(changes["disabled_packs"])
        return replace(self, **changes)


def default_settings_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME)) / "settings.toml"


def load_settings(path: Path) -> Settings:
    """The settings in ``path`` (defaults when it does not exist)."""
    if not path.exists():
        return Settings()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"{path}: {exc}") from exc
    known = {f.name for f in fields(Settings)}
    for key in data:
        if key not in known:
            raise SettingsError(f"{path}: unknown setting {key!r}; known: {', '.join(sorted(known))}")
    try:
        return Settings().changed(**data)
    except SettingsError as exc:
        raise SettingsError(f"{path}: {exc}") from exc


def _toml_value(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def save_settings(settings: Settings, path: Path) -> None:
    """Write atomically: a pulled plug leaves the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(f"{k} = {_toml_value(v)}\n" for k, v in asdict(settings).items())
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
