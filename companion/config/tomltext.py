"""The TOML text side: where a key sits in a file (its line), and values written back as TOML.

tomllib gives values without positions; config check names lines, so this finds them in the text. It
knows the shapes this project writes and documents: ``[section]`` headers, ``key = value`` lines
(bare or quoted keys, values that may span lines) and dotted ``section.key = value`` at the top.
"""

from __future__ import annotations

import math
import re
from typing import Any

_HEADER = re.compile(r'^\s*\[\s*([A-Za-z0-9_.\-"\' ]+?)\s*\]\s*(#.*)?$')
_KEY = re.compile(r'^\s*("([^"]+)"|\'([^\']+)\'|([A-Za-z0-9_.\-]+))\s*=')
_TOML_LINE = re.compile(r"at line (\d+)")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def locate(text: str, section: str, key: str | None = None) -> int | None:
    """Line number (from 1) of ``key`` in ``[section]`` (``section`` "" for the top level), or of the
    section's header when ``key`` is None; None when it is not there."""
    current = ""
    for number, line in enumerate(text.splitlines(), 1):
        header = _HEADER.match(line)
        if header:
            current = header.group(1).replace('"', "").replace("'", "").replace(" ", "")
            if key is None and current == section:
                return number
            continue
        match = _KEY.match(line)
        if not match or key is None:
            continue
        name = match.group(2) or match.group(3) or match.group(4)
        if current == section and name == key:
            return number
        if current == "" and section and name == f"{section}.{key}":
            return number
        if current == "" and section and name == section:  # inline table: section = {key = ...}
            if re.search(rf"[{{,]\s*{re.escape(key)}\s*=", line):
                return number
    return None


def error_line(message: str) -> int | None:
    """The line number in a tomllib error message ("... (at line 3, column 9)")."""
    found = _TOML_LINE.search(message)
    return int(found.group(1)) if found else None


def value(v: Any) -> str:
    """``v`` as a TOML value."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if not math.isfinite(v):
            raise ValueError(f"TOML cannot hold {v!r} here")
        return repr(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(value(x) for x in v) + "]"
    if isinstance(v, str):
        if any("\ud800" <= c <= "\udfff" for c in v):
            raise ValueError(f"TOML cannot hold {v!r}: a lone surrogate is not a character")
        escaped = v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
        # TOML refuses the other control characters raw: written as escapes, the file reads back.
        return '"' + _CONTROL.sub(lambda m: f"\\u{ord(m.group()):04x}", escaped) + '"'
    raise TypeError(f"no TOML form for {v!r}")


def comment(text: str, width: int = 100) -> list[str]:
    """``text`` as ``# `` lines no wider than ``width``."""
    lines, line = [], "#"
    for word in text.split():
        if len(line) + 1 + len(word) > width and line != "#":
            lines.append(line)
            line = "#"
        line += " " + word
    lines.append(line)
    return lines
