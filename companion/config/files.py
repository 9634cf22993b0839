"""Writing the config file: every option with its help as a comment, set values as TOML lines.

pibooth's way: the table writes the file, so the file documents itself. The settings screen saves
through :func:`save_settings`: values the user set stay set, a setting changed on screen is written,
everything else stays a commented line showing its default (or the hardware profile's value).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from companion import guarded
from companion.config import tomltext
from companion.config.model import DEFAULT, FILE, load_config, legacy_path
from companion.config.settings import Settings
from companion.config.table import OPTIONS, SECTION_HELP, SECTIONS

HEADER = """\
# Fort Boyard companion: configuration.
# A line starting with '#' shows a setting's default (or its hardware profile's value): remove the '#'
# and change the value to set it. `companion config check` checks this file and names the line of each
# problem; `companion config show` prints every value and where it comes from. The settings screen saves
# here too (comments are written again from the companion's own table).
"""


def render(values: dict[str, Any], base: dict[str, Any] | None = None, base_sources: dict[str, str] | None = None) -> str:
    """The config file's text: ``values`` (option name -> value) set, every other option commented
    with its value from ``base`` (default: the table's defaults)."""
    base = base or {o.name: o.default for o in OPTIONS}
    base_sources = base_sources or {}
    out = [HEADER]
    for section in ("", *SECTIONS):
        if section:
            out.append("")
            out += tomltext.comment(SECTION_HELP.get(section, ""))
            out.append(f"[{section}]")
        for opt in (o for o in OPTIONS if o.section == section):
            if opt.help:
                out += tomltext.comment(opt.help)
            if opt.name in values:
                out.append(f"{opt.key} = {tomltext.value(values[opt.name])}")
                continue
            shown = base.get(opt.name, opt.default)
            where = base_sources.get(opt.name, DEFAULT)
            note = f"  ({where})" if where not in (DEFAULT, FILE) else ""
            out.append(f"# {opt.key} is not set" if shown is None else f"# {opt.key} = {tomltext.value(shown)}{note}")
    return "\n".join(out) + "\n"


def write_atomically(path: Path, text: str) -> None:
    """A pulled plug leaves the old file or the new one, never half of one; a write that fails (a full
    disk, a folder where the file should be) leaves the old file and no temporary one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    if os.path.lexists(tmp):  # left by a pulled plug: ours, and never followed if it is a link
        tmp.unlink()
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
        with open(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def save_settings(settings: Settings, path: Path) -> None:
    """Write ``settings`` into the config file at ``path``, keeping its other values (and its hardware
    profile). A file with problems is copied to ``.bak`` first: values that were wrong are not kept."""
    path = Path(path)
    config = load_config(path)
    file_layer = config.layer(FILE)
    values = dict(file_layer.values) if file_layer else {}
    base: dict[str, Any] = {}
    base_sources: dict[str, str] = {}
    for opt in OPTIONS:
        base[opt.name], base_sources[opt.name] = opt.default, DEFAULT
        for layer in config.layers:
            if layer.source != FILE and opt.name in layer.values:
                base[opt.name], base_sources[opt.name] = layer.values[opt.name], layer.source
    for opt in OPTIONS:
        if not opt.attr:
            continue
        value = getattr(settings, opt.attr)
        value = list(value) if isinstance(value, tuple) else value
        if opt.name in values or value != base[opt.name]:
            values[opt.name] = value
    if path.exists() and config.problems and any(p.path == path for p in config.problems):
        shutil.copyfile(path, path.with_name(path.name + ".bak"))
    write_atomically(path, render(values, base, base_sources))


def init_config(path: Path, profile: str = "", *, force: bool = False) -> bool:
    """A commented config file naming ``profile``; False (and nothing written) when one is there."""
    path = Path(path)
    if path.exists() and not force:
        return False
    write_atomically(path, render({"hardware_profile": profile} if profile else {}))
    save_settings(load_config(path).settings, path)  # again, now showing the profile's values
    return True


def migrate(path: Path) -> Path | None:
    """Turn the flat settings.toml of earlier versions into ``path`` (config.toml) once; the old file
    is kept as settings.toml.migrated. Returns the old file's new name, or None when there was nothing
    to do."""
    legacy = legacy_path(Path(path))
    if legacy is None:
        return None
    config = load_config(Path(path))
    values = dict(config.layer(FILE).values)
    write_atomically(Path(path), render(values))
    done = legacy.with_name(legacy.name + ".migrated")
    os.replace(legacy, done)
    return done


def _readable(path: Path) -> None:
    """ValueError naming the problem when ``path`` is there but cannot be read whole (a folder, a FIFO,
    a damaged file, no permission): set_value would write over what it could not read."""
    if not os.path.lexists(path):
        return
    try:
        guarded.read_text(path, guarded.CONFIG)
    except guarded.Damaged as exc:
        raise ValueError(f"{exc}: fix it or move it away first (nothing was written)") from None
    except OSError as exc:
        raise ValueError(f"{path}: cannot be read: {exc.strerror or exc} (nothing was written)") from None


def set_value(path: Path, name: str, text: str) -> Any:
    """Set option ``name`` ("display.touch_rotation") in the file to ``text`` read as a TOML value (bare
    words are text); returns the value. ValueError names what does not fit."""
    import tomllib

    from companion.config.table import option

    try:
        opt = option(name)
    except KeyError:
        raise ValueError(f"unknown setting {name!r}") from None
    try:
        value = guarded.parse_toml(f"v = {text}", "<command line>", guarded.CONFIG)["v"]
    except tomllib.TOMLDecodeError:
        value = text
    except guarded.Damaged as exc:  # a value nested a thousand levels deep, an integer of 5,000 digits
        raise ValueError(f"{name}: {exc.reason}") from None
    problem = opt.problem(value)
    if problem:
        raise ValueError(f"{name}: {problem}")
    path = Path(path)
    _readable(path)
    config = load_config(path)
    layer = config.layer(FILE)
    if layer and layer.unreadable:  # writing would lose everything else the file holds
        raise ValueError(f"{layer.unreadable}: fix it or move it away first (nothing was written)")
    values = dict(layer.values) if layer else {}
    values[name] = value
    base = {o.name: o.default for o in OPTIONS}
    sources = {o.name: DEFAULT for o in OPTIONS}
    for lay in config.layers:
        if lay.source != FILE:
            for key, v in lay.values.items():
                base[key], sources[key] = v, lay.source
    write_atomically(path, render(values, base, sources))
    return value
