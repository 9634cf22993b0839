"""Checks on a pack's items beyond their shape: fit on screen, duplicates, answers given away, balance.

:func:`check_pack` reads and checks a pack folder and returns every problem; an empty list means the
pack can be used.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from companion.content.checked import CheckedPacks
from companion.content.loader import Pack, Source, read_pack
from companion.content.matching import answer_key, normalise, words
from companion.content.problems import ContentError, Problem
from companion.content.safety import SAFE_THINGS, unsafe_words
from companion.content.schema import KINDS, PLACEHOLDERS, Kind

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_SMALL_WORDS = frozenset({"le", "la", "les", "l", "un", "une", "des", "du", "de", "d", "the", "a", "an", "of"})


def check_pack(path: Path, checked: CheckedPacks | None = None) -> tuple[Pack | None, list[Problem]]:
    """The pack in ``path`` and all its problems: shape (see the loader) and content checks. With
    ``checked`` (the app's start), a pack found clean before, unchanged, is not checked again, and a pack
    found clean now is remembered (see companion.content.checked)."""
    pack, problems = read_pack(path)
    if pack is None or problems:
        return pack, problems + (validate(pack) if pack is not None else [])
    if checked is not None and checked.clean(pack):
        return pack, problems
    problems += validate(pack)
    if checked is not None and not problems:
        checked.remember(pack)
    return pack, problems


def validate(pack: Pack) -> list[Problem]:
    """Every content problem of a pack whose files could be read."""
    problems: list[Problem] = []
    for lang in pack.languages:
        for kind in KINDS:
            source = pack.sources.get((lang, kind.name))
            items = pack.get(lang, kind.name)
            if source is None or not items:
                continue
            problems += _check_duplicates(kind, items, source)
            for item in items:
                problems += _check_item(kind, item, source)
                problems += _check_form(kind, item, source)
    problems += _check_balance(pack)
    return problems


def _texts(item: Any, name: str) -> list[str]:
    value = getattr(item, name)
    if isinstance(value, tuple):
        return list(value)
    return [value] if isinstance(value, str) else []


def _excerpt(text: str, width: int = 40) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= width else flat[: width - 1] + "…")


def _check_item(kind: Kind, item: Any, source: Source) -> list[Problem]:
    problems = []
    for f in kind.fields:
        for text in _texts(item, f.name):
            if f.limit is not None and (why := f.limit.overflow(text)):
                problems.append(source.problem(
                    f"too long for the 800x480 screen: {why}: {_excerpt(text)}", item.id, f.name))
            for name in _PLACEHOLDER.findall(text):
                if name not in PLACEHOLDERS:
                    problems.append(source.problem(
                        f"unknown placeholder {{{name}}}; known: {{player}}", item.id, f.name))
    problems += _check_answers(kind, item, source)
    if kind.name in ("concentration", "force"):
        problems += _check_safety(item, source)
    return problems


def _check_safety(item: Any, source: Source) -> list[Problem]:
    """No text of a challenge names an unsafe thing, and it needs only things of the safe list."""
    problems = []
    language = source.path.parent.name
    for name in ("title", "text", "success", "props", "needs"):
        # ``needs`` holds the safe list's keys, which are English in every language: all lists apply.
        unsafe = [w for t in _texts(item, name) for w in unsafe_words(t, None if name == "needs" else language)]
        if unsafe:
            problems.append(source.problem(
                f"not safe for children at a table: {', '.join(repr(w) for w in dict.fromkeys(unsafe))} "
                "(see the safety rule of docs/content.md)",
                item.id, name))
    for need in item.needs:
        if need not in SAFE_THINGS and not unsafe_words(need):
            problems.append(source.problem(
                f"{need!r} is not on the list of safe things; known: {', '.join(SAFE_THINGS)}",
                item.id, "needs"))
    return problems


def _check_answers(kind: Kind, item: Any, source: Source) -> list[Problem]:
    """The answer is one word, its alternatives are not repeats, and no text gives it away."""
    if not kind.answer_fields:
        return []
    problems = []
    main = kind.answer_fields[0]
    answer = getattr(item, main)
    if kind.name in ("riddles", "code_words") and len(answer.split()) != 1:
        problems.append(source.problem("the answer is one word (put phrases in accept)", item.id, main))
    keys = Counter(answer_key(a) for a in item.answers)
    for key, n in keys.items():
        if n > 1:
            problems.append(source.problem(f"alternative {key!r} is listed twice", item.id, "accept"))
    for reject in getattr(item, "reject", ()):
        if answer_key(reject) in keys:
            problems.append(source.problem(f"{reject!r} is both accepted and rejected", item.id, "reject"))
    for name in kind.hiding_fields:
        for text in _texts(item, name):
            given = gives_away(text, item.answers)
            if given:
                word, answer = given
                problems.append(source.problem(
                    f"gives the answer away: {word!r} contains the answer {answer!r} or its root",
                    item.id, name))
    return problems


def root(key: str) -> str:
    """The part of an answer that its family of words shares: ``horloge`` -> ``horlo``."""
    if len(key) >= 7:
        return key[:-2]
    if len(key) >= 5:
        return key[:-1]
    return key


def gives_away(text: str, answers: tuple[str, ...]) -> tuple[str, str] | None:
    """(word of ``text``, answer) when the word contains one of ``answers`` or its root, else None.

    Short answers (4 letters or fewer) only match whole words and their plurals, so that "mer"
    does not trip on "merci"; longer ones match any word that starts with their root. Elided
    words count on their own: "l'alphabet" gives away "alpha".
    """
    text_words = set()
    for word in words(text):
        text_words.add(word.replace("'", ""))
        text_words.update(part for part in word.split("'") if part)
    phrase = f" {normalise(text)} "
    for answer in answers:
        key = answer_key(answer)
        if len(words(answer)) > 1:
            # A phrase is given away as a whole, or by its one meaningful word ("la Lune").
            bare = normalise(answer)
            if f" {bare} " in phrase:
                return bare, answer
            meaningful = [w for w in words(answer) if w not in _SMALL_WORDS]
            if len(meaningful) != 1:
                continue
            key = meaningful[0].replace("'", "")
        if not key:
            continue
        stem = root(key)
        for word in sorted(text_words):
            if len(stem) >= 4 and word.startswith(stem):
                return word, answer
            if word in (key, key + "s", key + "x", key + "es"):
                return word, answer
    return None


#: Lines of verse of each riddle ``form`` (French and English names), the closing question aside.
FORM_LINES = {"distique": 2, "couplet": 2, "tercet": 3, "quatrain": 4, "quintil": 5, "quintain": 5,
              "limerick": 5, "sizain": 6, "sestet": 6}


def _check_form(kind: Kind, item: Any, source: Source) -> list[Problem]:
    """A riddle's stated ``form`` has as many lines of verse as its text, the closing question aside
    (the last line, when it ends with "?")."""
    form = getattr(item, "form", "") if kind.name == "riddles" else ""
    if form not in FORM_LINES:
        return []  # none stated, or an unknown one, which the loader already names
    lines = [line for line in item.text.split("\n") if line.strip()]
    if lines and lines[-1].rstrip().endswith("?"):
        lines.pop()
    if len(lines) == FORM_LINES[form]:
        return []
    return [source.problem(
        f"a {form} has {FORM_LINES[form]} lines of verse before the closing question, this text has {len(lines)}",
        item.id, "form")]


def _check_duplicates(kind: Kind, items: tuple[Any, ...], source: Source) -> list[Problem]:
    """Ids, and the texts of ``kind.unique_fields``, appear once per language (case and accents aside)."""
    problems = []
    ids = Counter(item.id for item in items)
    for item_id, n in ids.items():
        if n > 1:
            problems.append(source.problem(f"id used by {n} items", item_id, "id"))
    for name in kind.unique_fields:
        seen: dict[str, str] = {}
        for item in items:
            key = normalise(getattr(item, name)) if name != "answer" and name != "word" \
                else answer_key(getattr(item, name))
            if key in seen:
                problems.append(source.problem(
                    f"duplicate of item {seen[key]!r} (case and accents aside)", item.id, name))
            else:
                seen[key] = item.id
    if kind.name == "code_words":
        for item in items:
            clues = Counter(normalise(c) for c in (*item.easy, *item.hard))
            for clue, n in clues.items():
                if n > 1:
                    problems.append(source.problem(f"clue {clue!r} is given twice", item.id, "hard"))
    return problems


def _check_balance(pack: Pack) -> list[Problem]:
    """Every language has as many items of each kind as the others, and lines for the same moments."""
    if len(pack.languages) < 2:
        return []
    problems = []
    for kind in KINDS:
        counts = {lang: len(pack.get(lang, kind.name)) for lang in pack.languages}
        most = max(counts.values())
        for lang, n in counts.items():
            if n < most:
                others = ", ".join(f"{ln}: {c}" for ln, c in counts.items() if ln != lang)
                problems.append(Problem(
                    pack.path / lang / kind.file,
                    f"{lang} has fewer {kind.name} than another language ({lang}: {n}, {others})"))
    moments: dict[str, Counter[str]] = defaultdict(Counter)
    for lang in pack.languages:
        for line in pack.get(lang, "lines"):
            moments[line.moment][lang] += 1
    for moment, per_lang in sorted(moments.items()):
        most = max(per_lang.values())
        for lang in pack.languages:
            if per_lang[lang] < most:
                problems.append(Problem(
                    pack.path / lang / "lines.toml",
                    f"{lang} has {per_lang[lang]} lines for moment {moment!r}, another language has {most}",
                    field="moment"))
    return problems



def load_pack(path: Path) -> Pack:
    """The checked pack in ``path``; raises :class:`ContentError` listing its problems."""
    pack, problems = check_pack(path)
    if problems or pack is None:
        raise ContentError(problems)
    return pack
