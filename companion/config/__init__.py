"""Configuration: one TOML file in the user's config folder over a hardware profile, from one table.

    config = load_config()              # ~/.config/fort-boyard-companion/config.toml
    config.settings.language            # the app's settings
    config.ring, config.buzzers         # RingConfig, BuzzerConfig (and config.reader)
    config.sources["ring.led_count"]    # "default", "profile pi5-7inch" or "file"
    config.problems                     # each names its file and line

See docs/pi.md.
"""

from companion.config.files import init_config, migrate, render, save_settings
from companion.config.model import (
    CONFIG_NAME, LEGACY_NAME, Config, Problem, Profile, default_config_path, load_config,
)
from companion.config.settings import Settings, SettingsError
from companion.config.table import OPTIONS, SECTIONS, Option, option, screen_options


def load_settings(path):
    """The app's settings in ``path`` (defaults when it does not exist); SettingsError on any problem."""
    config = load_config(path)
    if config.errors:
        raise SettingsError("; ".join(str(p) for p in config.errors))
    return config.settings


__all__ = ["CONFIG_NAME", "LEGACY_NAME", "Config", "OPTIONS", "Option", "Problem", "Profile", "SECTIONS",
           "Settings", "SettingsError", "default_config_path", "init_config", "load_config", "load_settings",
           "migrate", "option", "render", "save_settings", "screen_options"]
