"""The app's settings: now part of the one configuration file (companion.config), kept here by name.

``Settings``, ``load_settings``, ``save_settings`` and ``default_settings_path`` work as before; the
file is config.toml in the user config directory (a settings.toml of earlier versions is migrated).
"""

from __future__ import annotations

from pathlib import Path

from companion.config import Settings, SettingsError, default_config_path, load_settings, save_settings
from companion.config.profiles import APP_NAME


def default_settings_path() -> Path:
    return default_config_path()


__all__ = ["APP_NAME", "Settings", "SettingsError", "default_settings_path", "load_settings", "save_settings"]
