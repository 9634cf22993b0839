"""Tap the corners: raw taps from the touch panel (evdev), turned the way Kivy's hidinput provider turns
them with ``[display] touch_rotation``, must land in the corners asked for; if not, the rotation that
would make them land there is named.
"""

from __future__ import annotations

import fcntl
import os
import select
import struct
import time
from pathlib import Path
from typing import Iterator

from companion.config.table import ROTATIONS
from companion.doctor.base import FAIL, PASS, SKIP, Context, Result

EVENT = struct.Struct("llHHi")  # struct input_event: timeval, type, code, value
EV_SYN, EV_KEY, EV_ABS = 0, 1, 3
ABS_X, ABS_Y, ABS_MT_X, ABS_MT_Y = 0x00, 0x01, 0x35, 0x36
BTN_TOUCH = 0x14A
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")


def kivy_position(vx: float, vy: float, rotation: int) -> tuple[float, float]:
    """A raw position (0..1 on each axis, y down as the panel reports it) where Kivy's hidinput puts it
    (0..1, y up) with ``rotation`` and its default invert_y."""
    vy = 1.0 - vy
    return {0: (vx, vy), 90: (1.0 - vy, vx), 180: (1.0 - vx, 1.0 - vy), 270: (vy, 1.0 - vx)}[rotation]


def corner(x: float, y: float) -> str:
    return ("top-" if y >= 0.5 else "bottom-") + ("left" if x < 0.5 else "right")


def fitting_rotations(taps: list[tuple[float, float]], asked: tuple[str, ...] = CORNERS) -> list[int]:
    """The rotations that put every raw tap in the corner it was asked for."""
    return [r for r in ROTATIONS if all(corner(*kivy_position(x, y, r)) == want for (x, y), want in zip(taps, asked))]


def _absinfo(fd: int, code: int) -> tuple[int, int]:
    request = (2 << 30) | (24 << 16) | (ord("E") << 8) | (0x40 + code)  # EVIOCGABS(code)
    buf = fcntl.ioctl(fd, request, bytes(24))
    _value, low, high, *_ = struct.unpack("6i", buf)
    return low, high


def read_taps(fd: int, count: int, timeout: float, on_tap=lambda i: None) -> list[tuple[int, int]]:
    """``count`` raw (x, y) touch-down positions from an evdev node (fewer if ``timeout`` passes)."""
    taps: list[tuple[int, int]] = []
    x = y = None
    down = pending = False
    end = time.monotonic() + timeout
    buffer = b""
    while len(taps) < count and time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
        if not ready:
            break
        buffer += os.read(fd, EVENT.size * 64)
        while len(buffer) >= EVENT.size:
            _s, _us, kind, code, value = EVENT.unpack_from(buffer)
            buffer = buffer[EVENT.size:]
            if kind == EV_ABS and code in (ABS_X, ABS_MT_X):
                x = value
            elif kind == EV_ABS and code in (ABS_Y, ABS_MT_Y):
                y = value
            elif kind == EV_KEY and code == BTN_TOUCH:
                down, pending = bool(value), bool(value)
            elif kind == EV_SYN and pending and down and x is not None and y is not None:
                pending = False
                taps.append((x, y))
                on_tap(len(taps))
                if len(taps) < count:
                    end = time.monotonic() + timeout
    return taps


def check_touch_corners(ctx: Context, node: Path | None = None) -> Iterator[Result]:
    from companion.doctor.system import touch_devices

    if node is None:
        found = touch_devices()
        if not found:
            yield Result("touch corners", SKIP, "no touch panel found")
            return
        node = Path("/dev/input") / found[0][1]
    rotation = ctx.config.settings.touch_rotation
    try:
        fd = os.open(node, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        yield Result("touch corners", FAIL, f"{node}: {exc.strerror} (user in group input?)")
        return
    try:
        (x0, x1), (y0, y1) = _absinfo(fd, ABS_X), _absinfo(fd, ABS_Y)
        ctx.say("Tap the corners of the screen in this order: " + ", ".join(CORNERS))
        raw = read_taps(fd, 4, ctx.timeout, on_tap=lambda i: ctx.say(f"  {i} of 4"))
    finally:
        os.close(fd)
    if len(raw) < 4:
        yield Result("touch corners", FAIL, f"{len(raw)} tap(s) of 4 in time")
        return
    taps = [((x - x0) / max(1, x1 - x0), (y - y0) / max(1, y1 - y0)) for x, y in raw]
    fits = fitting_rotations(taps)
    if rotation in fits:
        yield Result("touch corners", PASS, f"all four corners right with touch_rotation = {rotation}")
    elif fits:
        yield Result("touch corners", FAIL, f"taps land in the wrong corners: set [display] touch_rotation = {fits[0]}")
    else:
        yield Result("touch corners", FAIL, "taps fit no rotation: the panel may be mirrored "
                     "(a Kivy invert_x / invert_y setting) or the taps were not in the corners")
