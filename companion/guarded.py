"""Reading a file the companion did not write itself: every config, tile list, content pack, voice, profile.

Any such file may be hostile or broken: a FIFO (reading it waits for ever), a link to ``/dev/zero`` (it
never ends), gigabytes, nesting ten thousand levels deep (Python's parsers recurse until RecursionError),
an integer of 5,000 digits (Python refuses to convert it), a Latin-1 byte. :func:`read_text` and the two
parsers refuse each with a :class:`Damaged` error naming the file, the line when there is one, and what
is wrong, before anything big is read. Each kind of file has its :class:`Limits` (well above anything
the companion writes or ships). A syntax error is the parser's own error (``tomllib.TOMLDecodeError``,
``json.JSONDecodeError``): the callers already name its line.

A file the app reads at start and finds damaged is put out of the way with :func:`set_aside` (renamed,
never deleted) so that the app starts with its defaults and the person can look at it later.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tomllib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

#: Suffix of a file set aside: ``config.toml.damaged-20260130-214501``.
DAMAGED = ".damaged-"


@dataclass(frozen=True)
class Limits:
    """What one kind of file may be: at most ``size`` bytes, ``depth`` levels of tables and lists, and
    integers of at most ``digits`` digits."""

    kind: str
    size: int
    depth: int = 16
    digits: int = 30


# The companion's own files are a few kilobytes and 3 or 4 levels deep; the limits leave ample room.
CONFIG = Limits("configuration", 256 * 1024)  # a full commented config.toml is about 10 KB
PROFILE = Limits("hardware profile", 256 * 1024)
TILES = Limits("tile list", 1024 * 1024)  # 120 tiles in the box are about 8 KB
CONTENT = Limits("content file", 1024 * 1024)  # the biggest shipped (riddles.toml) is 18 KB
VOICE = Limits("voice configuration", 1024 * 1024, depth=32)  # Piper's .onnx.json are about 20 KB
WAV = Limits("sound file", 64 * 1024 * 1024)  # a rendered riddle is about 1 MB (30 s at 22 kHz)


class Damaged(ValueError):
    """A file the companion cannot use whatever is in it; the message names the file (and line)."""

    def __init__(self, path: Path | str, reason: str, line: int | None = None) -> None:
        self.path = Path(path)
        self.reason = reason
        self.line = line
        super().__init__(f"{path}:{line}: {reason}" if line else f"{path}: {reason}")


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _not_regular(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    what = next((name for test, name in _KINDS if test(mode)), "not a plain file")
    return f"is {what}, not a regular file"


def read_bytes(path: Path | str, limits: Limits) -> bytes:
    """The file's bytes: a regular file (a link to one is fine) of at most ``limits.size`` bytes.
    The byte-level reader for binary files too (the speech cache's WAV files).
    Damaged otherwise; OSError when it cannot be opened (missing, no permission)."""
    path = Path(path)
    reason = _not_regular(os.stat(path).st_mode)  # before opening: opening a device can do things
    if reason:
        raise Damaged(path, reason)
    # O_NONBLOCK: a FIFO swapped in after the stat opens at once instead of waiting for a writer.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        st = os.fstat(fd)
        reason = _not_regular(st.st_mode)
        if reason:
            raise Damaged(path, reason)
        if st.st_size > limits.size:
            raise Damaged(path, _too_big(f"{st.st_size:,} bytes", limits))
        chunks, total = [], 0
        while total <= limits.size:  # at most size + 1 bytes, whatever the file claims or becomes
            chunk = os.read(fd, min(1 << 16, limits.size + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(fd)
    if total > limits.size:
        raise Damaged(path, _too_big(f"more than {limits.size:,} bytes", limits))
    return b"".join(chunks)


def _too_big(size: str, limits: Limits) -> str:
    return f"{size} is too big for a {limits.kind} (at most {limits.size:,} bytes)"


def read_text(path: Path | str, limits: Limits) -> str:
    """The file as UTF-8 text; a byte that is not UTF-8 is Damaged, naming its line."""
    data = read_bytes(path, limits)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise Damaged(path, f"byte 0x{data[exc.start]:02x} (column {column}) is not UTF-8: "
                            "save the file as UTF-8", line) from None


def parse_toml(text: str, path: Path | str, limits: Limits) -> dict[str, Any]:
    """``text`` as TOML within ``limits``; tomllib.TOMLDecodeError for a syntax error, Damaged for the rest."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except RecursionError:
        raise Damaged(path, _too_deep(limits), _deep_line(text, limits.depth)) from None
    except ValueError:  # an integer of thousands of digits: Python's int() refuses them
        raise _long_number(path, text, limits) from None
    _check_tree(data, path, text, limits)
    return data


def parse_json(text: str, path: Path | str, limits: Limits) -> Any:
    """``text`` as strict JSON (no NaN or Infinity) within ``limits``; json.JSONDecodeError for a syntax
    error, Damaged for the rest. The nesting is measured before parsing (JSON's grammar is simple)."""
    line = _deep_line(text, limits.depth)
    if line is not None:
        raise Damaged(path, _too_deep(limits), line)

    def integer(digits: str) -> int:
        if len(digits.lstrip("-")) > limits.digits:
            raise _long_number(path, text, limits)
        return int(digits)

    def constant(name: str) -> Any:
        raise Damaged(path, f"{name} is not a number JSON allows", _line_of(text, name))

    try:
        data = json.loads(text, parse_int=integer, parse_constant=constant, parse_float=_finite_float(path, text))
    except RecursionError:  # not expected after the scan; kept so that no input can escape as a traceback
        raise Damaged(path, _too_deep(limits)) from None
    _check_tree(data, path, text, limits)
    return data


def load_toml(path: Path | str, limits: Limits) -> tuple[str, dict[str, Any]]:
    """The file's text and its TOML data (see :func:`read_text` and :func:`parse_toml`)."""
    text = read_text(path, limits)
    return text, parse_toml(text, path, limits)


def load_json(path: Path | str, limits: Limits) -> Any:
    """The file's JSON data (see :func:`read_text` and :func:`parse_json`)."""
    return parse_json(read_text(path, limits), path, limits)


def set_aside(path: Path | str, now: datetime | None = None) -> Path:
    """Rename ``path`` to ``NAME.damaged-YYYYmmdd-HHMMSS`` beside it (``-2``, ``-3``... when taken) and
    return the new name. A link, FIFO or device is renamed itself, never followed. OSError when the
    folder cannot be written."""
    path = Path(path)
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}{DAMAGED}{stamp}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}{DAMAGED}{stamp}-{n}")
    os.rename(path, target)  # rename(2) moves the name: never a copy, never a delete
    return target


# --- the checks ---------------------------------------------------------------------------------------


def _too_deep(limits: Limits) -> str:
    return f"tables or lists nested too deeply (a {limits.kind} has at most {limits.depth} levels)"


def _finite_float(path: Path | str, text: str):
    def parse(number: str) -> float:
        value = float(number)
        if not math.isfinite(value):
            raise Damaged(path, f"{number} is not a finite number", _line_of(text, number))
        return value
    return parse


def _check_tree(data: Any, path: Path | str, text: str, limits: Limits) -> None:
    """Depth of the parsed tables and lists, and the size of its integers, without recursion."""
    biggest = 10 ** limits.digits
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > limits.depth:
                raise Damaged(path, _too_deep(limits), _deep_line(text, limits.depth - 1))
            stack.extend((child, depth + 1) for child in (value.values() if isinstance(value, dict) else value))
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= biggest:
            raise _long_number(path, text, limits)


def _long_number(path: Path | str, text: str, limits: Limits) -> Damaged:
    line, size = _long_number_at(text, limits)
    return Damaged(path, f"an integer of {size:,} digits (at most {limits.digits})", line)


def _deep_line(text: str, limit: int) -> int | None:
    """The line where brackets first nest deeper than ``limit`` (strings and # comments skipped), or
    None. Exact for JSON (whose document is the first level); a good guess for TOML (whose document
    has no bracket, and whose table headers open and close on one line)."""
    depth, line, i, n = 0, 1, 0, len(text)
    while i < n:
        c = text[i]
        if c in "[{":
            depth += 1
            if depth > limit:
                return line
        elif c in "]}":
            depth = max(depth - 1, 0)
        elif c == "\n":
            line += 1
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" and c == '"' else 1
            i = j + 1 if j < n and text[j] == c else j
            continue
        i += 1
    return None


_DIGITS = re.compile(r"\d[\d_]*")


def _long_number_at(text: str, limits: Limits) -> tuple[int | None, int]:
    """The line and length of the first run of more than ``limits.digits`` digits."""
    for match in _DIGITS.finditer(text):
        digits = len(match.group().replace("_", ""))
        if digits > limits.digits:
            return text.count("\n", 0, match.start()) + 1, digits
    return None, limits.digits + 1


def _line_of(text: str, token: str) -> int | None:
    at = text.find(token)
    return None if at < 0 else text.count("\n", 0, at) + 1
