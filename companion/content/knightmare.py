"""Knightmare's content pack: Merlin's questions and the old wizard's lines (content/knightmare/).

The rules (companion/games/knightmare/) stay pure and never read a file: the session reads the pack
with :func:`read_pack`, draws the next question with :mod:`companion.content.knightmare_draw` and
gives it to the rules whole (``knightmare_draw.question_record``). Every problem names the file, the
line and the field (:class:`~companion.content.problems.Problem`); files are read through
:mod:`companion.guarded` (via ``loader.read_toml``), so a FIFO, a huge file or bad UTF-8 is refused.
Format and checks: docs/games/knightmare-content.md. Check a pack: ``python -m companion.content.knightmare``.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.content.knightmare_checks import Blocks, check_id, check_keys, entries_of
from companion.content.loader import read_toml
from companion.content.matching import answer_key, normalise, words
from companion.content.problems import ContentError, Problem
from companion.content.schema import LANGUAGE_PATTERN, TextLimit
from companion.terminal import shown

GAME = "knightmare"
CATEGORIES = ("mythology", "history", "nature", "tales-and-legends", "science", "riddle")
LEVELS = ("child", "adult")
PARTS = 4  # the Book of Riddles' parts: the n-th knight to reach the Chamber answers part n
PER_PART = 40  # a part must last a long game: four knights answering up to a bridge of 5, and misses
MAX_QUESTION = 200  # characters; read aloud in one breath
MAX_ANSWER = 80
MAX_NOTE = 200
MAX_ACCEPT = 12  # other answers a reader can run an eye over (the rules take up to 20)
#: The wizard's moments, in the order of a game.
MOMENTS = (
    "welcome", "turn", "card", "spell", "fight_won", "fight_tie", "fight_lost", "object_won", "dungeon",
    "dungeon_voluntary", "escape", "escape_failed", "chamber", "right_answer", "wrong_answer",
    "bridge_stop", "abandon", "throne",
)
MIN_VARIANTS = 3  # several lines per moment, so that the wizard does not repeat himself
LINE_LIMIT = TextLimit(3, 132)  # as Père Fouras's lines: three lines of the text panel
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
QUESTION_KEYS = {"id": str, "part": int, "category": str, "level": str, "question": str, "answer": str,
                 "accept": list, "note": str}
OPTIONAL = {"accept", "note"}
LINE_KEYS = {"id": str, "moment": str, "text": str}
MANIFEST_KEYS = {"id": str, "game": str, "name": str, "version": str, "license": str, "languages": list,
                 "description": str, "authors": list}
MANIFEST_OPTIONAL = {"description", "authors"}


@dataclass(frozen=True)
class Question:
    """One of Merlin's questions, in one language."""

    id: str
    part: int
    category: str
    level: str
    question: str
    answer: str
    accept: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Line:
    """Something the old wizard says at a moment of the game; ``{player}`` is the knight's name."""

    id: str
    moment: str
    text: str


@dataclass(frozen=True)
class KnightmarePack:
    """The pack as read: its manifest and, per language, its questions and lines in file order."""

    id: str
    name: str
    version: str
    languages: tuple[str, ...]
    path: Path
    questions: dict[str, tuple[Question, ...]] = field(default_factory=dict, compare=False)
    lines: dict[str, tuple[Line, ...]] = field(default_factory=dict, compare=False)

    def part(self, language: str, part: int) -> tuple[Question, ...]:
        return tuple(q for q in self.questions.get(language, ()) if q.part == part)


def default_dir() -> Path:
    """content/knightmare of the source tree, else the copy an installed companion has in share/."""
    source = Path(__file__).resolve().parents[2] / "content" / GAME
    if (source / "pack.toml").is_file():
        return source
    return Path(sys.prefix) / "share" / "fort-boyard-companion" / "content" / GAME


def _question_problems(entry: Mapping[str, Any], n: int, blocks: Blocks, item: str) -> list[Problem]:
    """The checks of one question whose keys have the right types."""
    problems = []
    if not 1 <= entry["part"] <= PARTS:
        problems.append(blocks.problem(
            f"must be a part of the Book of Riddles, 1 to {PARTS}, not {entry['part']}", n, item, "part"))
    if entry["category"] not in CATEGORIES:
        problems.append(blocks.problem(f"must be one of {', '.join(CATEGORIES)}, not {entry['category']!r}",
                                       n, item, "category"))
    if entry["level"] not in LEVELS:
        problems.append(blocks.problem(f"must be one of {', '.join(LEVELS)}, not {entry['level']!r}",
                                       n, item, "level"))
    text = entry["question"].strip()
    if len(text) > MAX_QUESTION:
        problems.append(blocks.problem(f"{len(text)} characters, at most {MAX_QUESTION}: a question is read "
                                       "aloud in one breath", n, item, "question"))
    if not text.endswith("?"):
        problems.append(blocks.problem("a question ends with a question mark", n, item, "question"))
    for key, limit in (("answer", MAX_ANSWER), ("note", MAX_NOTE)):
        if len(entry.get(key, "")) > limit:
            problems.append(blocks.problem(f"at most {limit} characters", n, item, key))
    if len(entry.get("accept", [])) > MAX_ACCEPT:
        problems.append(blocks.problem(f"{len(entry['accept'])} other answers, at most {MAX_ACCEPT}",
                                       n, item, "accept"))
    keys: dict[str, str] = {answer_key(entry["answer"]): "the answer"}
    for alt in entry.get("accept", []):
        if len(alt) > MAX_ANSWER:
            problems.append(blocks.problem(f"{alt!r}: at most {MAX_ANSWER} characters", n, item, "accept"))
        key = answer_key(alt)
        if key in keys:
            problems.append(blocks.problem(
                f"{alt!r} repeats {keys[key]} (case, accents and a leading article aside): the matcher "
                "already accepts it", n, item, "accept"))
        keys.setdefault(key, repr(alt))
    return problems


def read_questions(path: Path, language: str) -> tuple[list[Question], list[Problem]]:
    """The valid questions of ``path`` and every problem met (a bad question is left out)."""
    questions, problems, _ = _read_questions(path, language)
    return questions, problems


def _read_questions(path: Path, language: str) -> tuple[list[Question], list[Problem], Blocks | None]:
    source, data, problems = read_toml(path)
    if source is None or data is None:
        return [], problems, None
    blocks = Blocks(path, source.text, "question")
    entries, found = entries_of(data, "question", blocks)
    problems += found
    questions, seen, texts = [], {}, {}
    for n, entry in entries:
        item = entry["id"] if isinstance(entry.get("id"), str) else f"#{n + 1}"
        found = check_keys(entry, QUESTION_KEYS, OPTIONAL, blocks, n, item)
        found += check_id(entry, n, blocks, seen, item)
        if not found:
            found = _question_problems(entry, n, blocks, item)
            text = entry["question"].strip()
            if text in texts:
                found.append(blocks.problem(f"same question as line {texts[text]}", n, item, "question"))
            texts.setdefault(text, blocks.line(n, "question"))
        problems += found
        if not found:
            questions.append(Question(entry["id"], entry["part"], entry["category"], entry["level"],
                                      entry["question"].strip(), entry["answer"].strip(),
                                      tuple(a.strip() for a in entry.get("accept", [])),
                                      entry.get("note", "").strip()))
    counts = Counter(q.part for q in questions)
    for part in range(1, PARTS + 1):
        if counts[part] < PER_PART:
            first = next((n for n, e in entries if e.get("part") == part), None)
            problems.append(blocks.problem(f"part {part} has {counts[part]} valid questions in {language}, "
                                           f"at least {PER_PART} are needed", first, None, "part"))
    blocks.ids = {entry["id"]: n for n, entry in entries if isinstance(entry.get("id"), str)}
    return questions, problems, blocks


def read_lines(path: Path) -> tuple[list[Line], list[Problem]]:
    """The valid lines of ``path`` and every problem met; each moment needs several variants."""
    lines, problems, _ = _read_lines(path)
    return lines, problems


def _read_lines(path: Path) -> tuple[list[Line], list[Problem], Blocks | None]:
    source, data, problems = read_toml(path)
    if source is None or data is None:
        return [], problems, None
    blocks = Blocks(path, source.text, "line")
    entries, found = entries_of(data, "line", blocks)
    problems += found
    lines, seen, texts = [], {}, {}
    for n, entry in entries:
        item = entry["id"] if isinstance(entry.get("id"), str) else f"#{n + 1}"
        found = check_keys(entry, LINE_KEYS, set(), blocks, n, item) + check_id(entry, n, blocks, seen, item)
        if not found:
            if entry["moment"] not in MOMENTS:
                found.append(blocks.problem(f"must be one of {', '.join(MOMENTS)}, not {entry['moment']!r}",
                                            n, item, "moment"))
            wrong = [p for p in PLACEHOLDER.findall(entry["text"]) if p != "player"]
            if wrong:
                found.append(blocks.problem(
                    f"unknown placeholder {{{wrong[0]}}}: only {{player}} is replaced", n, item, "text"))
            overflow = LINE_LIMIT.overflow(entry["text"])
            if overflow:
                found.append(blocks.problem(f"does not fit the screen: {overflow}", n, item, "text"))
            if entry["text"] in texts:
                found.append(blocks.problem(f"same text as line {texts[entry['text']]}", n, item, "text"))
            texts.setdefault(entry["text"], blocks.line(n, "text"))
        problems += found
        if not found:
            lines.append(Line(entry["id"], entry["moment"], entry["text"].strip()))
    counts = Counter(line.moment for line in lines)
    for moment in MOMENTS:
        if counts[moment] < MIN_VARIANTS:
            problems.append(blocks.problem(f"moment {moment!r} has {counts[moment]} lines, at least "
                                           f"{MIN_VARIANTS} are needed", None, None, "moment"))
    blocks.ids = {entry["id"]: n for n, entry in entries if isinstance(entry.get("id"), str)}
    return lines, problems, blocks


def _read_manifest(path: Path) -> tuple[dict[str, Any] | None, list[Problem]]:
    source, data, problems = read_toml(path)
    if source is None or data is None:
        return None, problems
    blocks = Blocks(path, source.text, "-")
    problems = check_keys(data, MANIFEST_KEYS, MANIFEST_OPTIONAL, blocks, None, None)
    if problems:
        return None, problems
    if data["game"] != GAME:
        problems.append(blocks.problem(f"this is a pack of {data['game']!r}, not {GAME!r}", key="game"))
    languages = data["languages"]
    if not languages or len(set(languages)) != len(languages) or \
            not all(LANGUAGE_PATTERN.match(lang) for lang in languages):
        problems.append(blocks.problem("must list two-letter language codes, each once", key="languages"))
    return (None if problems else data), problems


#: Words that may open an answer and are not the answer ("the owl", "son orbite", "en briques").
_OPENERS = frozenset("le la les l un une des du de d en sa son ses ta ton tes ma mon mes "
                     "the a an in her his its their your my".split())


def _core(answer: str) -> tuple[str, bool] | None:
    """The words an answer is heard as, openers dropped, and whether it is a name (written with a capital:
    "Theseus", "the Round Table"); None for a number or a word too short to tell."""
    found, written = words(answer), answer.replace("’", " ").replace("'", " ").split()
    while len(found) > 1 and found[0] in _OPENERS:
        found = found[1:]
    while len(written) > 1 and " ".join(words(written[0])) in _OPENERS:
        written = written[1:]
    core = " ".join(found)
    return None if len(core) < 3 or core.isdigit() else (core, written[0][:1].isupper())


def _give_aways(questions: Sequence[Question], blocks: Blocks) -> list[Problem]:
    """A question heard at the table must not hold its own answer (a riddle may: "Lucy's father has four
    daughters...") nor the name that answers another question of the pack, which another knight may be
    asked ("Theseus", "the Round Table"; a common word such as "water" or "queen" is heard everywhere)."""
    problems = []
    cores = []
    for q in questions:
        forms = [q.answer, *q.accept]
        numeric = any(f.strip().isdigit() for f in forms)  # "three" and "3": too common a word to count
        cores.append((q, [] if numeric else [c for c in map(_core, forms) if c]))
    for q in questions:
        heard = f" {normalise(q.question)} "
        n = blocks.ids.get(q.id)
        for other, forms in cores:
            hit = next((c for c, name in forms if f" {c} " in heard and (name or other is q)), None)
            if hit is None or (other is q and q.category == "riddle"):
                continue
            where = blocks.line(blocks.ids.get(other.id), "answer")
            whose = "its own answer" if other is q else f"the answer of {other.id!r} (line {where})"
            problems.append(blocks.problem(f"gives away {whose}: {hit!r}", n, q.id, "question"))
    return problems


def _compare_languages(pack: KnightmarePack, files: Mapping[str, Blocks]) -> list[Problem]:
    """The same ids in every language, each with the same part, category and level: a table that
    switches language goes on with the same questions."""
    problems = []
    by_lang = {lang: {q.id: q for q in qs} for lang, qs in pack.questions.items()}
    for lang, blocks in files.items():
        for other, other_blocks in files.items():
            if other == lang:
                continue
            for qid, mine in blocks.ids.items():  # written, valid or not: a bad one has its own problem
                if qid not in other_blocks.ids:
                    problems.append(blocks.problem(
                        f"id missing in {other} ({other_blocks.path})", mine, qid, "id"))
                    continue
                q, theirs = by_lang[lang].get(qid), by_lang[other].get(qid)
                if q is not None and theirs is not None and lang < other:
                    for key in ("part", "category", "level"):
                        if getattr(q, key) != getattr(theirs, key):
                            problems.append(blocks.problem(
                                f"{getattr(q, key)!r} here, {getattr(theirs, key)!r} in {other}",
                                mine, qid, key))
    return problems


def _missing_ids(files: Mapping[str, Blocks]) -> list[Problem]:
    """Each id of a file that another language's file lacks, named where it is written."""
    return [blocks.problem(f"id missing in {other} ({theirs.path})", n, qid, "id")
            for lang, blocks in files.items() for other, theirs in files.items() if other != lang
            for qid, n in blocks.ids.items() if qid not in theirs.ids]


def read_pack(path: Path | None = None) -> tuple[KnightmarePack | None, list[Problem]]:
    """The pack in folder ``path`` (default: :func:`default_dir`) with what could be read, and every
    problem met. Never raises for a bad pack."""
    path = Path(path) if path is not None else default_dir()
    manifest, problems = _read_manifest(path / "pack.toml")
    if manifest is None:
        return None, problems
    languages = tuple(manifest["languages"])
    questions: dict[str, tuple[Question, ...]] = {}
    lines: dict[str, tuple[Line, ...]] = {}
    files, line_files = {}, {}
    for lang in languages:
        read, found, blocks = _read_questions(path / lang / "questions.toml", lang)
        questions[lang], problems = tuple(read), problems + found
        if blocks is not None:
            files[lang] = blocks
        read_l, found, blocks = _read_lines(path / lang / "lines.toml")
        lines[lang], problems = tuple(read_l), problems + found
        if blocks is not None:
            line_files[lang] = blocks
    pack = KnightmarePack(manifest["id"], manifest["name"], manifest["version"], languages, path,
                          questions, lines)
    for lang, blocks in files.items():
        problems += _give_aways(questions[lang], blocks)
    if len(files) == len(languages):  # every file parsed: ids can be compared (a bad entry too)
        problems += _compare_languages(pack, files)
    if len(line_files) == len(languages):  # the same lines in every language, for a table switching
        problems += _missing_ids(line_files)
    return pack, problems


def load_pack(path: Path | None = None) -> KnightmarePack:
    """The pack, or ContentError listing every problem."""
    pack, problems = read_pack(path)
    if problems or pack is None:
        raise ContentError(problems)
    return pack


def is_pack(folder: Path) -> bool:
    """Whether ``folder`` is a Knightmare pack (its manifest says ``game = "knightmare"``), for
    ``companion content check`` to hand it to :func:`main` rather than to Fort Boyard's checks."""
    manifest = Path(folder) / "pack.toml"
    if not manifest.is_file():
        return False
    _, data, _ = read_toml(manifest)
    return isinstance(data, dict) and data.get("game") == GAME


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m companion.content.knightmare [FOLDER]``: every problem of the pack, one a line."""
    args = list(sys.argv[1:] if argv is None else argv)
    folder = Path(args[0]) if args else default_dir()
    pack, problems = read_pack(folder)
    for problem in problems:
        print(shown(problem))  # a problem quotes the file's text: escape what a terminal would obey
    if problems or pack is None:
        print(shown(f"{folder}: {len(problems)} problem(s)"))
        return 1
    print(shown(f"{folder}: pack {pack.id!r} {pack.version} is valid"))
    for lang in pack.languages:
        parts = Counter(q.part for q in pack.questions[lang])
        levels = Counter(q.level for q in pack.questions[lang])
        print(f"{lang}: {len(pack.questions[lang])} questions (parts {dict(sorted(parts.items()))}, "
              f"levels {dict(sorted(levels.items()))}), {len(pack.lines[lang])} lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
