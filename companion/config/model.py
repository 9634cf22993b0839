"""Loading the configuration: table defaults, then the hardware profile, then the user's file.

Every value remembers where it came from (``default``, ``profile NAME``, ``file``) and every problem
names its file and line. A bad value never stops the game: it is reported and the layer below is used
(a device whose section is wrong runs with its defaults, i.e. no hardware).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import guarded
from companion.config import pins, profiles
from companion.config.settings import Settings
from companion.config.table import DEVICE_SECTIONS, OPTIONS, SECTIONS, Option, by_attr, device_classes
from companion.config.tomltext import error_line, locate
from companion.notice import Notice

CONFIG_NAME = "config.toml"
LEGACY_NAME = "settings.toml"  # the flat file of earlier versions, read (and migrated) when no config.toml
DEFAULT = "default"
OPTIONAL_DEVICES = ("reader",)  # None when not configured (the others have a config that means "none")
FILE = "file"


@dataclass(frozen=True)
class Problem:
    """Something wrong in a config or profile file, where it is, and how bad (error or warning)."""

    path: Path | None
    line: int | None
    key: str
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        where = str(self.path) if self.path else "<configuration>"
        if self.line:
            where += f":{self.line}"
        text = self.message if not self.key or self.key in self.message else f"{self.key}: {self.message}"
        return f"{where}: {'warning: ' if self.severity == 'warning' else ''}{text}"


@dataclass
class Layer:
    """One file's values (only those with the right type), keyed by option name."""

    source: str
    path: Path | None
    text: str = ""
    values: dict[str, Any] = field(default_factory=dict)
    extras: dict[str, Any] = field(default_factory=dict)  # a profile's description and board
    unreadable: str = ""  # why nothing of the file could be used (damaged, not TOML); "" when it was read

    def line(self, name: str) -> int | None:
        section, _, key = name.rpartition(".")
        return locate(self.text, section, key) if self.text else None


@dataclass(frozen=True)
class Profile:
    name: str
    path: Path
    description: str = ""
    board: str = "any"


@dataclass(frozen=True)
class Config:
    """The effective configuration: values and their sources, the app's Settings, the device configs."""

    path: Path | None
    values: dict[str, Any]
    sources: dict[str, str]
    settings: Settings
    devices: dict[str, Any]
    profile: Profile | None
    problems: tuple[Problem, ...]
    layers: tuple[Layer, ...]
    notices: tuple[Notice, ...] = ()  # a damaged file set aside at the app's start

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def buzzers(self) -> Any:
        return self.devices["buzzers"]

    @property
    def ring(self) -> Any:
        return self.devices["ring"]

    @property
    def reader(self) -> Any:
        return self.devices["reader"]

    @property
    def board(self) -> str:
        return self.profile.board if self.profile else "any"

    def layer(self, source: str) -> Layer | None:
        return next((layer for layer in self.layers if layer.source == source), None)


def default_config_path() -> Path:
    import platformdirs

    return Path(platformdirs.user_config_dir(profiles.APP_NAME)) / CONFIG_NAME


def legacy_path(path: Path) -> Path | None:
    """The settings.toml of earlier versions beside ``path``, when ``path`` is a missing config.toml."""
    legacy = path.with_name(LEGACY_NAME)
    if path.name == CONFIG_NAME and not path.exists() and legacy.exists():
        return legacy
    return None


# --- reading one file ------------------------------------------------------------------------------

_OPTIONS = {o.name: o for o in OPTIONS}
_ATTRS = by_attr()


def read_layer(path: Path, source: str, *, profile: bool = False) -> tuple[Layer, list[Problem]]:
    """The values of one TOML file, and what is wrong in it (unknown keys, wrong types or values)."""
    problems: list[Problem] = []
    limits = guarded.PROFILE if profile else guarded.CONFIG
    try:
        text = guarded.read_text(path, limits)
    except guarded.Damaged as exc:
        return Layer(source, path, unreadable=str(exc)), [Problem(path, exc.line, "", f"damaged: {exc.reason}")]
    except OSError as exc:
        return Layer(source, path), [Problem(path, None, "", f"cannot read it: {exc.strerror or exc}")]
    layer = Layer(source, path, text)
    try:
        data = guarded.parse_toml(text, path, limits)
    except tomllib.TOMLDecodeError as exc:
        layer.unreadable = f"{path}: not valid TOML: {exc}"
        return layer, [Problem(path, error_line(str(exc)), "", f"not valid TOML: {exc}")]
    except guarded.Damaged as exc:
        layer.unreadable = str(exc)
        return layer, [Problem(path, exc.line, "", f"damaged: {exc.reason}")]

    def bad(name: str, message: str, line: int | None = None, severity: str = "error") -> None:
        section, _, key = name.rpartition(".")
        problems.append(Problem(path, line or locate(text, section, key), name, message, severity))

    def take(opt: Option, value: Any, name: str) -> None:
        if profile and not opt.in_profile:
            bad(name, f"{opt.name} is not a hardware setting: set it in the config file, not in a profile")
            return
        problem = opt.problem(value)
        if problem:
            bad(name, problem)
        else:
            layer.values[opt.name] = list(value) if isinstance(value, tuple) else value

    for key, value in data.items():
        if isinstance(value, dict) and key in SECTIONS:
            for sub, sub_value in value.items():
                name = f"{key}.{sub}"
                if name in _OPTIONS:
                    take(_OPTIONS[name], sub_value, name)
                else:
                    known = ", ".join(o.key for o in OPTIONS if o.section == key)
                    bad(name, f"unknown setting '{name}' (known in [{key}]: {known})")
        elif key in _OPTIONS and not _OPTIONS[key].section:
            take(_OPTIONS[key], value, key)
        elif key in _ATTRS and not isinstance(value, dict) and not profile:  # flat settings.toml
            take(_ATTRS[key], value, key)
        elif profile and key in profiles.PROFILE_KEYS:
            if not isinstance(value, str) or (key == "board" and value not in pins.BOARDS):
                expected = "one of " + ", ".join(pins.BOARDS) if key == "board" else "text"
                bad(key, f"must be {expected}, got {value!r}")
            else:
                layer.extras[key] = value
        elif isinstance(value, dict):
            bad(key, f"unknown section [{key}] (known: {', '.join(SECTIONS)})", locate(text, key))
        else:
            known = ", ".join(sorted(o.key for o in OPTIONS if not o.section)) + (
                ", description, board" if profile else "; sections: " + ", ".join(SECTIONS))
            bad(key, f"unknown setting '{key}' (known: {known})")
    return layer, problems


# --- the whole configuration ------------------------------------------------------------------------

def load_config(path: Path | None = None, *, profile: str | None = None, set_aside: bool = False) -> Config:
    """The configuration from ``path`` (default: the user's config.toml; a missing file is all
    defaults) over the hardware profile it names (or ``profile``, which wins). With ``set_aside`` (the
    app's start), a file that cannot be read at all is renamed out of the way (see companion.guarded)
    and a notice says so: the app writes that file, it must not write over what the person had."""
    path = default_config_path() if path is None else Path(path)
    problems: list[Problem] = []
    layers: list[Layer] = []
    notices: list[Notice] = []
    source = path if os.path.lexists(path) else legacy_path(path)
    if source is not None:
        file_layer, found = read_layer(source, FILE)
        if set_aside and file_layer.unreadable:
            try:
                moved = guarded.set_aside(source)
            except OSError as exc:  # the problem stands (save_settings keeps a .bak of such a file)
                found.append(Problem(source, None, "", f"could not be set aside: {exc.strerror or exc}", "warning"))
            else:  # the notice says it all; the app starts on defaults
                notices.append(Notice("notice.damaged", f"{file_layer.unreadable}; renamed {moved.name}, the "
                                      "defaults are used", {"file": source.name}))
                found, file_layer = [], Layer(FILE, path)
        problems += found
    else:
        file_layer = Layer(FILE, path)
    chosen = profile if profile is not None else file_layer.values.get("hardware_profile", "")
    info = None
    if chosen:
        found_path = profiles.find(chosen)
        if found_path is None:
            names = ", ".join(profiles.available()) or "none found"
            where = (None, None) if profile is not None else (file_layer.path, file_layer.line("hardware_profile"))
            problems.append(Problem(where[0], where[1], "hardware_profile",
                                    f"no hardware profile {chosen!r} (profiles: {names})"))
        else:
            name = found_path.stem
            profile_layer, found = read_layer(found_path, f"profile {name}", profile=True)
            problems += found
            layers.append(profile_layer)
            info = Profile(name, found_path, profile_layer.extras.get("description", ""),
                           profile_layer.extras.get("board", "any"))
    layers.append(file_layer)

    values: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for opt in OPTIONS:
        values[opt.name], sources[opt.name] = opt.default, DEFAULT
        for layer in layers:
            if opt.name in layer.values:
                values[opt.name], sources[opt.name] = layer.values[opt.name], layer.source
    if profile is not None and info is not None:
        values["hardware_profile"], sources["hardware_profile"] = info.name, "command line"

    def owner(name: str) -> Layer | None:
        return next((layer for layer in layers if layer.source == sources.get(name)), None)

    def report(name: str, message: str, severity: str = "error") -> None:
        layer = owner(name)
        if layer is None:  # a default that clashes with a value set elsewhere: blame the section's setter
            section = name.rpartition(".")[0]
            layer = next((lay for lay in reversed(layers)
                          if any(k.startswith(section + ".") for k in lay.values)), None)
        line = layer.line(name) if layer else None
        problems.append(Problem(layer.path if layer else None, line, name, message, severity))

    devices: dict[str, Any] = {}
    failed: list[str] = []
    for section, cls in device_classes().items():
        explicit = {o.key: _device_value(values[o.name]) for o in OPTIONS
                    if o.section == section and sources[o.name] != DEFAULT}
        if section in OPTIONAL_DEVICES and not explicit:
            devices[section] = None  # no [reader] keys: no reader
            continue
        try:
            devices[section] = cls.from_mapping(explicit, section=section)
        except (ValueError, TypeError) as exc:
            name, message = _field_of(exc, section)
            report(name, message)
            devices[section] = None if section in OPTIONAL_DEVICES else cls()
            failed.append(section)
    claimed = dict(values)
    for section in failed:  # a section that is wrong runs with its defaults: so do its pins
        claimed.update({o.name: o.default for o in OPTIONS if o.section == section})
    rank = {layer.source: i for i, layer in enumerate(layers, 1)}
    for first, second, message in pins.conflicts(claimed):
        # Blame the claim from the file the person edits last (the config file over a profile).
        report(first if rank.get(sources.get(first), 0) > rank.get(sources.get(second), 0) else second, message)
    for name, severity, message in pins.board_problems(info.board if info else "any", values):
        report(name, message, severity)

    settings = Settings(**{o.attr: values[o.name] for o in OPTIONS if o.attr})
    problems.sort(key=lambda p: (str(p.path), p.line or 0))
    return Config(path, values, sources, settings, devices, info, tuple(problems), tuple(layers), tuple(notices))



def _device_value(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _field_of(exc: Exception, section: str) -> tuple[str, str]:
    """The option a device's config error is about ("ring.led_count"), and its message."""
    name = getattr(exc, "field", None)
    message = getattr(exc, "message", None)
    text = str(exc)
    if name is None:
        head, sep, rest = text.partition(": ")
        name, message = (head, rest) if sep and head.startswith(section + ".") else (section, text)
    if not name.startswith(section + ".") and name != section:
        name = f"{section}.{name}"
    return name, message or text


__all__ = ["CONFIG_NAME", "LEGACY_NAME", "Config", "Layer", "Problem", "Profile", "DEVICE_SECTIONS",
           "default_config_path", "legacy_path", "load_config", "read_layer"]
