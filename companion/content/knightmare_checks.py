"""The checks every entry of Knightmare's content files gets, whatever its kind: where it is written
(:class:`Blocks`, for the line of each problem), its keys and their types, hidden characters, its id."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.content.problems import Problem
from companion.content.schema import ID_PATTERN

MAX_ID = 64  # the log records it with each question asked (the rules take up to 128)


class Blocks:
    """Where each ``[[table]]`` entry of a file is written: tomllib keeps no positions, but the n-th
    ``[[question]]`` header is the n-th entry of the array, so its lines run to the next header."""

    def __init__(self, path: Path, text: str, table: str) -> None:
        self.path = path
        self.lines = text.splitlines()
        self.ids: dict[str, int] = {}  # id -> entry number, filled once read
        header = re.compile(rf"^\s*\[\[\s*{re.escape(table)}\s*\]\]")
        any_header = re.compile(r"^\s*\[")
        starts = [i for i, line in enumerate(self.lines) if header.match(line)]
        self.blocks = []
        for i in starts:
            end = next((j for j in range(i + 1, len(self.lines)) if any_header.match(self.lines[j])),
                       len(self.lines))
            self.blocks.append((i, end))

    def line(self, n: int | None, key: str | None = None) -> int | None:
        """1-based line of entry ``n`` (0-based), of its ``key`` when written, else of its header."""
        if n is None or n >= len(self.blocks):
            if key is None:
                return None
            pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
            return next((i + 1 for i, text in enumerate(self.lines) if pattern.match(text)), None)
        start, end = self.blocks[n]
        if key is not None:
            pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
            found = next((i for i in range(start, end) if pattern.match(self.lines[i])), None)
            if found is not None:
                return found + 1
        return start + 1

    def problem(self, message: str, n: int | None = None, item: str | None = None,
                key: str | None = None) -> Problem:
        return Problem(self.path, message, item, key, self.line(n, key))


def hidden_character(text: str) -> str | None:
    """The first control or invisible character of ``text`` (a tab, a zero-width space, a bidi
    override...), said as U+XXXX, or None: the text is read aloud and shown, and such characters
    hide words from the reader or reorder them on screen."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            return f"U+{ord(ch):04X}"
    return None


def check_keys(entry: Mapping[str, Any], keys: Mapping[str, type], optional: set[str], blocks: Blocks,
                n: int | None, item: str | None) -> list[Problem]:
    """Unknown keys, missing ones, wrong types, empty or hidden-character texts."""
    problems = []
    for key in entry:
        if key not in keys:
            problems.append(blocks.problem(f"unknown key {key!r}; known keys: {', '.join(sorted(keys))}",
                                           n, item, key))
    for key, kind in keys.items():
        if key not in entry:
            if key not in optional:
                problems.append(blocks.problem("required field is missing", n, item, key))
            continue
        value = entry[key]
        texts = value if isinstance(value, list) else [value]
        if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
            problems.append(blocks.problem(f"must be a whole number, not {value!r}", n, item, key))
        elif kind is not int and not isinstance(value, kind):
            problems.append(blocks.problem(f"must be {'a list of texts' if kind is list else 'a text'}, "
                                           f"not {value!r}", n, item, key))
        elif kind is not int and not all(isinstance(t, str) for t in texts):
            problems.append(blocks.problem(f"must be a list of texts, not {value!r}", n, item, key))
        elif kind is not int:
            if any(not t.strip() for t in texts):
                problems.append(blocks.problem("must not be (or hold) an empty text", n, item, key))
            for t in texts:
                hidden = hidden_character(t)
                if hidden:
                    problems.append(blocks.problem(
                        f"holds a control or invisible character ({hidden}); write plain text", n, item, key))
                    break
    return problems


def entries_of(data: Mapping[str, Any], table: str,
               blocks: Blocks) -> tuple[list[tuple[int, dict]], list[Problem]]:
    """The ``[[table]]`` entries of a file with their numbers; any other key is a problem."""
    problems = [blocks.problem(f"unknown key {key!r}: write the items as [[{table}]] tables", None, None, key)
                for key in data if key != table]
    raw = data.get(table, [])
    if not isinstance(raw, list):
        return [], problems + [blocks.problem(f"write the items as [[{table}]] tables", None, None, table)]
    entries = []
    for n, entry in enumerate(raw):
        if isinstance(entry, dict):
            entries.append((n, entry))
        else:
            problems.append(blocks.problem(f"entry {n + 1} is not a [[{table}]] table", n))
    return entries, problems


def check_id(entry: Mapping[str, Any], n: int, blocks: Blocks, seen: dict[str, int],
             item: str) -> list[Problem]:
    """The id's form, and that no earlier entry of the file has it (``seen``: id -> entry number)."""
    qid = entry.get("id")
    if not isinstance(qid, str):
        return []
    if len(qid) > MAX_ID:
        return [blocks.problem(f"an id of {len(qid)} characters: at most {MAX_ID}", n, item, "id")]
    if not ID_PATTERN.match(qid):
        return [blocks.problem("ids are lower-case letters, digits and single hyphens, e.g. 'winged-horse'",
                               n, item, "id")]
    if qid in seen:
        first = blocks.line(seen[qid], "id")
        return [blocks.problem(f"duplicate id: already used at line {first}", n, item, "id")]
    seen[qid] = n
    return []
