"""Reading a pack folder into typed items, safely: TOML only, every key checked, nothing executed.

:func:`read_pack` never raises for a bad pack: it returns what it could read and the problems found,
each naming the file, the item id, the field and the line.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion import guarded
from companion.engine.registry import available_games, default_game
from companion.content.problems import Problem, locate
from companion.content.schema import (
    ID_PATTERN, KIND_BY_FILE, KINDS, LANGUAGE_PATTERN, MANIFEST_FIELDS, Field, Kind,
)

MANIFEST = "pack.toml"
_TOML_LINE = re.compile(r"line (\d+)")
_TYPE_NAMES = {"str": "text", "list": "list of texts", "bool": "true or false"}


@dataclass(frozen=True)
class Source:
    """A file as read, kept so that later checks can point at its lines."""

    path: Path
    text: str

    def problem(self, message: str, item: str | None = None, field: str | None = None) -> Problem:
        return Problem(self.path, message, item, field, locate(self.text, item, field))


@dataclass(frozen=True)
class Pack:
    """A content pack as read from its folder: its manifest and its items per language and kind."""

    id: str
    name: str
    version: str
    license: str
    languages: tuple[str, ...]
    path: Path
    description: str = ""
    authors: tuple[str, ...] = ()
    game: str = ""  # the game whose decks it fills (its manifest's ``game``; packs before it: the first game)
    items: dict[str, dict[str, tuple[Any, ...]]] = field(default_factory=dict, compare=False)
    sources: dict[tuple[str, str], Source] = field(default_factory=dict, compare=False, repr=False)

    def get(self, language: str, kind: str) -> tuple[Any, ...]:
        """The items of ``kind`` (``"riddles"``...) in ``language``; empty when the pack has none."""
        return self.items.get(language, {}).get(kind, ())

    def counts(self) -> dict[str, dict[str, int]]:
        """Number of items per language and kind."""
        return {lang: {k.name: len(self.get(lang, k.name)) for k in KINDS} for lang in self.languages}


def read_toml(path: Path) -> tuple[Source | None, dict[str, Any] | None, list[Problem]]:
    """The parsed file, or a problem naming the line of a syntax error; a file that is not a regular
    one, too big, not UTF-8 or nested too deeply is a ``damaged`` problem (see companion.guarded)."""
    try:
        text = guarded.read_text(path, guarded.CONTENT)
    except guarded.Damaged as exc:
        return None, None, [Problem(path, f"cannot be read: {exc.reason}", line=exc.line, damaged=True)]
    except OSError as exc:
        return None, None, [Problem(path, f"cannot be read: {exc.strerror or exc}")]
    source = Source(path, text)
    try:
        return source, guarded.parse_toml(text, path, guarded.CONTENT), []
    except guarded.Damaged as exc:
        return None, None, [Problem(path, f"cannot be read: {exc.reason}", line=exc.line, damaged=True)]
    except tomllib.TOMLDecodeError as exc:
        found = _TOML_LINE.search(str(exc))
        line = int(found.group(1)) if found else None
        return source, None, [Problem(path, f"TOML syntax error: {exc}", line=line)]


def check_fields(
    values: dict[str, Any], fields: tuple[Field, ...], source: Source, item: str | None
) -> list[Problem]:
    """Unknown keys, missing required fields, wrong types, values outside their choices."""
    problems = []
    known = {f.name for f in fields}
    for key in values:
        if key not in known:
            problems.append(source.problem(
                f"unknown key {key!r}; known keys: {', '.join(sorted(known))}", item, key))
    for f in fields:
        if f.name not in values:
            if f.required:
                problems.append(source.problem("required field is missing", item, f.name))
            continue
        value = values[f.name]
        wrong = _type_problem(value, f)
        if wrong:
            problems.append(source.problem(wrong, item, f.name))
    return problems


def _type_problem(value: Any, f: Field) -> str | None:
    expected = _TYPE_NAMES[f.type]
    if f.type == "bool":
        return None if isinstance(value, bool) else f"must be {expected}, not {value!r}"
    if f.type == "str":
        if not isinstance(value, str):
            return f"must be {expected}, not {value!r}"
        if not value.strip():
            return "must not be empty"
        if f.choices and value not in f.choices:
            return f"must be one of {', '.join(f.choices)}, not {value!r}"
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return f"must be a {expected}, not {value!r}"
    if any(not v.strip() for v in value):
        return "must not hold an empty text"
    if f.size is not None and len(value) != f.size:
        return f"must hold exactly {f.size} entries, not {len(value)}"
    return None


def read_items(kind: Kind, source: Source, data: dict[str, Any]) -> tuple[list[Any], list[Problem]]:
    """The valid items of one kind's file; an item with a problem is left out and its problem kept."""
    problems = []
    for key in data:
        if key != kind.table:
            problems.append(source.problem(
                f"unknown key {key!r}: items of {kind.file} are written as [[{kind.table}]]", None, key))
    entries = data.get(kind.table, [])
    if not isinstance(entries, list):
        return [], problems + [source.problem(f"write items as [[{kind.table}]] tables", None, kind.table)]
    items = []
    for n, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            problems.append(source.problem(f"entry {n} is not a [[{kind.table}]] table", None, kind.table))
            continue
        item_id = entry.get("id")
        label = item_id if isinstance(item_id, str) else f"#{n}"
        found = check_fields(entry, kind.fields, source, label)
        if isinstance(item_id, str) and not ID_PATTERN.match(item_id):
            found.append(source.problem(
                "ids are lower-case letters, digits and single hyphens, e.g. 'moon-1'", label, "id"))
        problems += found
        if not found:
            items.append(kind.build(entry))
    return items, problems


def read_pack(path: Path) -> tuple[Pack | None, list[Problem]]:
    """The pack in folder ``path`` with the items that could be read, and every problem met."""
    path = Path(path)
    manifest_path = path / MANIFEST
    if not os.path.lexists(manifest_path):  # one that is there but not a file: read_toml says what it is
        return None, [Problem(manifest_path, "no pack manifest: a pack folder needs a pack.toml")]
    source, manifest, problems = read_toml(manifest_path)
    if manifest is None or source is None:
        return None, problems
    problems += check_fields(manifest, MANIFEST_FIELDS, source, None)
    if problems:
        return None, problems
    languages = tuple(manifest["languages"])
    problems += _check_manifest(manifest, source, languages)
    items: dict[str, dict[str, tuple[Any, ...]]] = {}
    sources: dict[tuple[str, str], Source] = {}
    for lang in languages:
        folder = path / lang
        if not folder.is_dir():
            problems.append(source.problem(f"language {lang!r} has no folder {lang}/", None, "languages"))
            continue
        items[lang] = {}
        for file in sorted(folder.glob("*.toml")):
            kind = KIND_BY_FILE.get(file.name)
            if kind is None:
                known = ", ".join(k.file for k in KINDS)
                problems.append(Problem(file, f"unknown file name; content files are: {known}"))
                continue
            file_source, data, found = read_toml(file)
            problems += found
            if data is None or file_source is None:
                continue
            sources[(lang, kind.name)] = file_source
            read, found = read_items(kind, file_source, data)
            problems += found
            items[lang][kind.name] = tuple(read)
    for folder in sorted(p for p in path.iterdir() if p.is_dir() and LANGUAGE_PATTERN.match(p.name)):
        if folder.name not in languages:
            problems.append(source.problem(
                f"folder {folder.name}/ is not among the pack's languages", None, "languages"))
    pack = Pack(
        id=manifest["id"], name=manifest["name"], version=manifest["version"],
        license=manifest["license"], languages=languages, path=path,
        description=manifest.get("description", ""), authors=tuple(manifest.get("authors", ())),
        game=manifest.get("game") or default_game(), items=items, sources=sources,
    )
    return pack, problems


def _check_manifest(manifest: dict[str, Any], source: Source, languages: tuple[str, ...]) -> list[Problem]:
    problems = []
    if not ID_PATTERN.match(manifest["id"]):
        problems.append(source.problem("pack ids are lower-case letters, digits and hyphens", None, "id"))
    if not languages:
        problems.append(source.problem("a pack needs at least one language", None, "languages"))
    for lang in languages:
        if not LANGUAGE_PATTERN.match(lang):
            problems.append(source.problem(f"{lang!r} is not a two-letter language code", None, "languages"))
    if len(set(languages)) != len(languages):
        problems.append(source.problem("a language is listed twice", None, "languages"))
    game = manifest.get("game")
    if game is not None and game not in available_games():
        problems.append(source.problem(f"{game!r} is not a game of the companion ({', '.join(available_games())})",
                                       None, "game"))
    return problems
