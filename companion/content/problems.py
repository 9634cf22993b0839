"""A problem found in a content pack, said so that a writer can go straight to it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """What is wrong, and where: the file, the item id, the field and the line when known."""

    file: Path
    message: str
    item: str | None = None
    field: str | None = None
    line: int | None = None
    damaged: bool = False  # the file cannot be used at all (companion.guarded refused it)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else f"{self.file}"
        parts = [where]
        if self.item is not None:
            parts.append(f"item {self.item!r}")
        if self.field is not None:
            parts.append(f"field {self.field!r}")
        return ": ".join(parts) + f": {self.message}"


class ContentError(Exception):
    """A pack cannot be used; ``problems`` says why, each naming its place."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        first = str(problems[0]) if problems else "unknown problem"
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(first + more)


_HEADER = re.compile(r"^\s*\[\[?\s*[\w.-]+\s*\]\]?\s*(#.*)?$")


def locate(text: str, item_id: str | None, field: str | None) -> int | None:
    """Best guess of the line (1-based) where ``field`` of item ``item_id`` is written in ``text``.

    ``tomllib`` keeps no positions, so this reads the TOML lines: the item's table runs from the
    ``[[...]]`` header above its ``id = "..."`` line to the next header.
    """
    lines = text.splitlines()
    found = 0
    if item_id is None:
        start, end = 0, len(lines)
    else:
        id_line = re.compile(rf"""^\s*id\s*=\s*["']{re.escape(item_id)}["']""")
        found = next((i for i, line in enumerate(lines) if id_line.match(line)), None)
        if found is None:
            return None
        start = next((i for i in range(found, -1, -1) if _HEADER.match(lines[i])), 0)
        end = next((i for i in range(found + 1, len(lines)) if _HEADER.match(lines[i])), len(lines))
        if field is None or field == "id":
            return found + 1
    if field is None:
        return None
    key = re.compile(rf"^\s*(?:{re.escape(field)}\s*=|\[\[?\s*{re.escape(field)}\s*\]\]?)")
    line = next((i + 1 for i in range(start, end) if key.match(lines[i])), None)
    # A missing field has no line of its own: point at the item it is missing from.
    return line if line is not None or item_id is None else found + 1
