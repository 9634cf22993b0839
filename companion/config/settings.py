"""The app's settings as one frozen object, made from the table's options that have an ``attr``.

``settings.language``, ``settings.changed(volume=60)``: the attribute names are those of the flat
settings.toml of earlier versions, so the app and the sound code read them as before.
"""

from __future__ import annotations

from dataclasses import field, make_dataclass, replace
from typing import Any

from companion.config.table import OPTIONS


class SettingsError(ValueError):
    """A settings file with a problem; the message names the file, the key and what is wrong."""


class _SettingsMethods:
    def house_rules(self) -> dict[str, Any]:
        return {"duel_clue_to_opponent": self.duel_clue_to_opponent, "prison_carries_over": self.prison_carries_over}

    def changed(self, **changes: Any) -> "Settings":
        """A copy with ``changes``; a value that does not fit raises SettingsError naming the setting."""
        for key, value in changes.items():
            option = _BY_ATTR.get(key)
            if option is None:
                raise SettingsError(f"unknown setting {key!r}; known: {', '.join(sorted(_BY_ATTR))}")
            problem = option.problem(value)
            if problem:
                raise SettingsError(f"setting {key!r} must be {option.expects()}, got {value!r}")
        fixed = {k: tuple(v) if isinstance(v, list) else v for k, v in changes.items()}
        return replace(self, **fixed)

    def __post_init__(self) -> None:
        for key, option in _BY_ATTR.items():
            value = getattr(self, key)
            if isinstance(value, list):
                object.__setattr__(self, key, tuple(value))
            elif option.problem(value):
                raise SettingsError(f"setting {key!r} must be {option.expects()}, got {value!r}")


_BY_ATTR = {o.attr: o for o in OPTIONS if o.attr}


def _field(option) -> tuple[str, type, Any]:
    default = tuple(option.default) if isinstance(option.default, list) else option.default
    kind = option.kind if isinstance(option.kind, type) else tuple
    return option.attr, kind, field(default=default)


Settings = make_dataclass("Settings", [_field(o) for o in _BY_ATTR.values()], bases=(_SettingsMethods,),
                          frozen=True)
Settings.__module__ = __name__
Settings.__doc__ = "The app's settings (language, hourglass, volume, display, house rules...): see the table."
Settings.CHECKS = {k: (lambda v, o=o: o.problem(v) is None) for k, o in _BY_ATTR.items()}
Settings.HELP = {k: o.expects() for k, o in _BY_ATTR.items()}
