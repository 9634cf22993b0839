"""Checks of the machine: board and pin factory, configuration, display and touch panel, content packs,
game log, screen blanking, device permissions."""

from __future__ import annotations

import os
import sqlite3
import struct
import tempfile
from pathlib import Path
from typing import Iterator

from companion.doctor.base import FAIL, PASS, SKIP, Context, Result

MODEL_FILES = (Path("/proc/device-tree/model"), Path("/sys/firmware/devicetree/base/model"))


def board_model() -> str | None:
    """"Raspberry Pi 5 Model B Rev 1.0", or None when this is not a device-tree machine."""
    for path in MODEL_FILES:
        try:
            return path.read_text(errors="replace").strip("\x00\n ")
        except OSError:
            continue
    return None


def board_kind(model: str | None) -> str | None:
    """pi4, pi5, another Pi's name, or None off a Pi."""
    if not model or "Raspberry Pi" not in model:
        return None
    for number in ("5", "4", "3", "400", "500"):
        if f"Raspberry Pi {number} " in model + " ":
            return {"400": "pi4", "500": "pi5"}.get(number, f"pi{number}")
    return "pi"


def check_board(ctx: Context) -> Iterator[Result]:
    model = board_model()
    kind = board_kind(model)
    wanted = ctx.config.board
    if kind is None:
        yield Result.said("board", SKIP, "board_not_pi", model=model or "no device-tree model")
    elif wanted == "any":
        yield Result.said("board", PASS, "board_ok", model=model)
    elif wanted == kind:
        yield Result.said("board", PASS, "board_ok_for", model=model, wanted=wanted)
    else:
        yield Result.said("board", FAIL, "board_wrong", model=model, wanted=wanted)


def check_pin_factory(ctx: Context) -> Iterator[Result]:
    """Which gpiozero pin factory drives the pins: lgpio on a Pi (4 and 5), the mock elsewhere."""
    from gpiozero import Device

    factory, error = ctx.pin_factory, ""
    if factory is None:
        try:
            Device.ensure_pin_factory()
            factory = Device.pin_factory
        except Exception as exc:  # gpiozero found no way to the pins
            factory, error = None, f"{type(exc).__name__}: {exc}"
    name = type(factory).__name__ if factory is not None else None
    on_pi = board_kind(board_model()) is not None
    wants_gpio = bool(ctx.config.buzzers.pins or ctx.config.ring.backend == "bargraph")
    if name is None:
        if not wants_gpio:
            yield Result.said("pin factory", SKIP, "pins_none", error=error)
        else:
            yield Result.said("pin factory", FAIL, "pins_failed_pi" if on_pi else "pins_failed_desktop", error=error)
    elif name == "MockFactory":
        if on_pi and wants_gpio:
            yield Result.said("pin factory", FAIL, "pins_mock_on_pi")
        else:
            yield Result.said("pin factory", PASS, "pins_mock")
    elif name == "RPiGPIOFactory" and board_kind(board_model()) == "pi5":
        yield Result.said("pin factory", FAIL, "pins_rpigpio_pi5")
    else:
        yield Result.said("pin factory", PASS, "pins_ok", factory=name)


def check_config(ctx: Context) -> Iterator[Result]:
    config = ctx.config
    profile = config.profile.name if config.profile else None
    has_file = bool(config.path and config.path.exists())
    for problem in config.problems:
        yield Result.said("configuration", FAIL if problem.severity == "error" else PASS, "config_problem",
                          problem=str(problem))
    if not config.errors:
        key = ("config_file" if has_file else "config_defaults") + ("" if profile else "_no_profile")
        yield Result.said("configuration", PASS, key, path=str(config.path), profile=profile)


def check_content(ctx: Context) -> Iterator[Result]:
    from companion.content import load_library

    library = ctx.app.library if ctx.app is not None and ctx.app.library is not None else load_library()
    for refused in library.refused:
        yield Result.said("content packs", FAIL, "content_refused", refused=str(refused))
    disabled = set(ctx.config.settings.disabled_packs)
    used = [p.id for p in library.packs if p.id not in disabled]
    if not library.packs:
        yield Result.said("content packs", FAIL, "content_none")
    elif not library.refused:
        yield Result.said("content packs", PASS, "content_ok", n=len(library.packs), used=", ".join(used) or "-")


def check_game_log(ctx: Context) -> Iterator[Result]:
    from companion.store import default_db_path

    path = Path(ctx.db or default_db_path())
    folder = path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".doctor-", delete=True) as f:
            f.write(b"x")
            f.flush()
            os.fsync(f.fileno())
    except OSError as exc:
        yield Result.said("game log", FAIL, "log_cannot_write", folder=str(folder), error=str(exc.strerror or exc))
        return
    if not path.exists():
        yield Result.said("game log", PASS, "log_none_yet", folder=str(folder), name=path.name)
        return
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5)
        try:
            verdict = db.execute("PRAGMA integrity_check").fetchone()[0]
            games = db.execute("SELECT count(*) FROM games").fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error as exc:
        yield Result.said("game log", FAIL, "log_unreadable", path=str(path), error=str(exc))
        return
    if verdict == "ok":
        yield Result.said("game log", PASS, "log_ok", path=str(path), n=games)
    else:
        yield Result.said("game log", FAIL, "log_corrupt", path=str(path), verdict=verdict)


def connected_displays(root: Path = Path("/sys/class/drm")) -> list[tuple[str, str | None]]:
    """(connector, first mode like "800x480") of each connected DRM output."""
    found = []
    for status in sorted(root.glob("card*-*/status")) if root.is_dir() else ():
        try:
            if status.read_text().strip() != "connected":
                continue
            modes = (status.parent / "modes").read_text().split()
        except OSError:
            continue
        found.append((status.parent.name, modes[0] if modes else None))
    return found


def touch_devices(path: Path = Path("/proc/bus/input/devices")) -> list[tuple[str, str]]:
    """(name, event node) of each input device that reports multitouch positions (ABS_MT_POSITION_X)."""
    try:
        text = path.read_text()
    except OSError:
        return []
    found = []
    for block in text.split("\n\n"):
        name = handler = None
        abs_bits = 0
        for line in block.splitlines():
            if line.startswith("N: Name="):
                name = line.split("=", 1)[1].strip('"')
            elif line.startswith("H: Handlers="):
                handler = next((h for h in line.split("=", 1)[1].split() if h.startswith("event")), None)
            elif line.startswith("B: ABS="):
                words = line.split("=", 1)[1].split()
                width = struct.calcsize("L") * 2  # the kernel prints its unsigned longs, high word first
                abs_bits = int("".join(w.rjust(width, "0") for w in words), 16) if words else 0
        if name and handler and abs_bits >> 0x35 & 1:  # ABS_MT_POSITION_X
            found.append((name, handler))
    return found


def check_display(ctx: Context) -> Iterator[Result]:
    from companion.app.table.profiles import PROFILES

    profile = PROFILES[ctx.config.settings.display_profile]
    displays = connected_displays()
    if not displays:
        yield Result.said("display", SKIP, "display_none", profile=profile.name)
    else:
        sizes = {(profile.width, profile.height), (profile.height, profile.width)}
        fits = [(c, m) for c, m in displays if m and tuple(int(x) for x in m.split("x")[:2]) in sizes]
        shown = ", ".join(f"{c} {m}" for c, m in displays)
        if fits:
            yield Result.said("display", PASS, "display_ok", shown=shown, profile=profile.name)
        else:
            yield Result.said("display", FAIL, "display_wrong", shown=shown, profile=profile.name)
    touch = touch_devices()
    if touch:
        yield Result.said("touch panel", PASS, "touch_ok", panels=", ".join(f"{n} ({e})" for n, e in touch))
    elif ctx.config.settings.touch:
        yield Result.said("touch panel", FAIL, "touch_missing")
    else:
        yield Result.said("touch panel", SKIP, "touch_none")


def check_blanking(ctx: Context) -> Iterator[Result]:
    path = Path("/sys/module/kernel/parameters/consoleblank")
    if board_kind(board_model()) is None:
        yield Result.said("screen blanking", SKIP, "not_pi")
        return
    try:
        value = path.read_text().strip()
    except OSError as exc:
        yield Result.said("screen blanking", SKIP, "blanking_unreadable", path=str(path), error=str(exc.strerror))
        return
    if value == "0":
        yield Result.said("screen blanking", PASS, "blanking_off")
    else:
        yield Result.said("screen blanking", FAIL, "blanking_on", seconds=value)


def needed_nodes(ctx: Context) -> list[tuple[str, list[Path]]]:
    """(what, device nodes) the configuration needs."""
    config = ctx.config
    dev = Path("/dev")
    nodes: list[tuple[str, list[Path]]] = []
    if config.buzzers.pins or config.ring.backend == "bargraph":
        nodes.append(("GPIO (group gpio)", sorted(dev.glob("gpiochip*"))))
    if config.ring.backend == "spi":
        nodes.append(("SPI (group spi)", [dev / f"spidev{config.ring.spi_bus}.{config.ring.spi_device}"]))
    if config.reader is not None and str(config.reader.port).startswith("/dev/"):
        nodes.append(("reader port (group dialout)", [Path(config.reader.port)]))
    nodes.append(("sound (group audio)", sorted(dev.glob("snd/pcmC*p"))))
    nodes.append(("display (groups video, render)", sorted(dev.glob("dri/card*"))))
    if config.settings.touch:
        nodes.append(("input (group input)", sorted(dev.glob("input/event*"))))
    return nodes


def check_permissions(ctx: Context) -> Iterator[Result]:
    if board_kind(board_model()) is None:
        yield Result.said("permissions", SKIP, "not_pi")
        return
    for what, paths in needed_nodes(ctx):
        present = [p for p in paths if p.exists()]
        if not present:
            yield Result.said(f"permissions: {what}", FAIL, "permissions_no_node",
                              nodes=", ".join(map(str, paths)) or "-")
            continue
        denied = [str(p) for p in present if not os.access(p, os.R_OK | os.W_OK)]
        if denied:
            yield Result.said(f"permissions: {what}", FAIL, "permissions_denied", nodes=", ".join(denied))
        else:
            yield Result.said(f"permissions: {what}", PASS, "permissions_ok", nodes=", ".join(str(p) for p in present[:3]))
