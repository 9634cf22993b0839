"""What a content pack holds: one dataclass per kind of item, and the rules each field follows.

A pack is a folder with ``pack.toml`` and one folder per language (``fr/``, ``en/``). Each language
folder holds one TOML file per kind (``riddles.toml``...), each item an ``[[table]]`` entry.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from typing import Any

#: Characters per line of the text panel of the 800x480 screen. The panel is 760 px wide and the
#: body font is 32 px (about 16 px a glyph on average), so 47 fit; 44 leaves room for wide letters.
SCREEN_COLUMNS = 44
#: A ``{player}`` placeholder is measured as a name this long.
PLAYER_NAME_WIDTH = 12
PLACEHOLDERS = ("player",)

ID_PATTERN = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
LEVELS = ("easy", "hard")
#: A riddle's metre (``metre``): French verse counts syllables the French way (e muet counted before a
#: consonant, elided before a vowel and at the end of a line).
METRES = ("heptasyllabe", "octosyllabe", "décasyllabe", "alexandrin")
#: English metres count stressed beats: tetrameter 4 feet, trimeter 3, pentameter 5; ballad metre
#: alternates iambic tetrameter and trimeter; a limerick is anapestic trimeter, lines 3 and 4 dimeter.
METRES_EN = ("iambic trimeter", "iambic tetrameter", "iambic pentameter", "trochaic tetrameter",
             "anapestic trimeter", "anapestic tetrameter", "ballad metre")
#: A riddle's form (``form``): how many lines of verse, before the closing "Qui suis-je ?".
FORMS = ("distique", "tercet", "quatrain", "quintil", "sizain")
#: English forms, before the closing "Who am I?": couplet 2 lines, quintain 5, sestet 6, limerick 5
#: (aabba); "tercet" (3) and "quatrain" (4) are the same words in English.
FORMS_EN = ("couplet", "quintain", "sestet", "limerick")
CLUES_PER_SET = 4
#: When Père Fouras speaks. Round changes: round_keys, round_clues, round_treasure.
MOMENTS = (
    "welcome", "turn", "success", "failure", "key_won", "key_lost", "clue_won", "prison", "sea",
    "dive", "round_keys", "round_clues", "round_treasure", "treasure", "victory", "time_up",
)


@dataclass(frozen=True)
class TextLimit:
    """How much text fits where the screen shows a field: lines once wrapped, and characters."""

    max_lines: int
    max_chars: int

    def measure(self, text: str) -> tuple[int, int]:
        """(lines once wrapped at :data:`SCREEN_COLUMNS`, characters) of ``text`` as displayed."""
        shown = text.replace("{player}", "N" * PLAYER_NAME_WIDTH).strip()
        lines = 0
        for paragraph in shown.split("\n"):
            lines += max(1, len(textwrap.wrap(paragraph, SCREEN_COLUMNS)))
        return lines, len(shown)

    def overflow(self, text: str) -> str | None:
        """Why ``text`` does not fit, or None when it does."""
        lines, chars = self.measure(text)
        if lines > self.max_lines:
            return f"{lines} lines on screen, at most {self.max_lines} fit ({SCREEN_COLUMNS} characters a line)"
        if chars > self.max_chars:
            return f"{chars} characters, at most {self.max_chars} fit"
        return None



@dataclass(frozen=True)
class Field:
    """One key of an item: its TOML type, whether it must be there, and how much of it fits."""

    name: str
    type: str  # "str", "list", "bool"
    required: bool = True
    limit: TextLimit | None = None
    choices: tuple[str, ...] = ()
    size: int | None = None  # exact length of a list


@dataclass(frozen=True)
class Riddle:
    """An Énigme: Père Fouras's rhymed riddle with a one-word answer."""

    id: str
    level: str
    text: str
    answer: str
    accept: tuple[str, ...] = ()
    reject: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()  # facts it gives away that share no word with it (docs/content.md)
    metre: str = ""  # one of METRES or METRES_EN, or "" when not stated
    form: str = ""  # one of FORMS or FORMS_EN, or "" when not stated

    @property
    def answers(self) -> tuple[str, ...]:
        return (self.answer, *self.accept)


@dataclass(frozen=True)
class CodeWord:
    """A Mot-code with its Clues: an easy set and a hard set of 4, each in a different sense."""

    id: str
    word: str
    easy: tuple[str, ...]
    hard: tuple[str, ...]
    accept: tuple[str, ...] = ()
    reject: tuple[str, ...] = ()

    @property
    def answers(self) -> tuple[str, ...]:
        return (self.word, *self.accept)

    def clues(self, level: str) -> tuple[str, ...]:
        return self.easy if level == "easy" else self.hard


@dataclass(frozen=True)
class Challenge:
    """A challenge card: what to do, and the rule that says it succeeded."""

    id: str
    title: str
    text: str
    success: str
    timed: bool = True
    props: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()  # keys of safety.SAFE_THINGS: what to take from the table
    topics: tuple[str, ...] = ()


class ConcentrationChallenge(Challenge):
    """A Concentration card: memory, observation or counting, done at the table."""


class ForceChallenge(Challenge):
    """A Force card: stacking, balancing, flicking, holding; safe for children."""


@dataclass(frozen=True)
class DuelQuestion:
    """A quick question for a buzzer Duel."""

    id: str
    question: str
    answer: str
    accept: tuple[str, ...] = ()
    reject: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()  # facts it gives away that share no word with it (docs/content.md)

    @property
    def answers(self) -> tuple[str, ...]:
        return (self.answer, *self.accept)


@dataclass(frozen=True)
class FourasLine:
    """Something Père Fouras says at a moment of the game; ``{player}`` is the player's name."""

    id: str
    moment: str
    text: str


@dataclass(frozen=True)
class Kind:
    """One kind of item: its file, its TOML table, its fields and which of them hold answers."""

    name: str
    table: str
    cls: type
    fields: tuple[Field, ...]
    answer_fields: tuple[str, ...] = ()  # what the players must find
    hiding_fields: tuple[str, ...] = ()  # texts that must not give the answer away
    unique_fields: tuple[str, ...] = ()  # no two items of a language share one (normalised)

    @property
    def file(self) -> str:
        return f"{self.name}.toml"

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)

    def build(self, values: dict[str, Any]) -> Any:
        """The dataclass for checked ``values`` (lists become tuples)."""
        return self.cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in values.items()})


_ID = Field("id", "str")
_ANSWER = TextLimit(1, 30)
_CLUE = TextLimit(1, 34)
_TITLE = TextLimit(1, 32)
_CHALLENGE = Field("text", "str", limit=TextLimit(5, 200))
_SUCCESS = Field("success", "str", limit=TextLimit(2, 88))
_CHALLENGE_FIELDS = (
    _ID, Field("title", "str", limit=_TITLE), _CHALLENGE, _SUCCESS,
    Field("timed", "bool", required=False), Field("props", "list", required=False, limit=_TITLE),
    Field("needs", "list", required=False, limit=_TITLE), Field("topics", "list", required=False, limit=_ANSWER),
)
#: Optional words an item is about, for the giveaway check (companion.content.giveaways).
_TOPICS = Field("topics", "list", required=False, limit=_ANSWER)

KINDS: tuple[Kind, ...] = (
    Kind(
        "riddles", "riddle", Riddle,
        (
            _ID, Field("level", "str", choices=LEVELS), Field("text", "str", limit=TextLimit(7, 260)),
            Field("answer", "str", limit=_ANSWER), Field("accept", "list", required=False, limit=_ANSWER),
            Field("reject", "list", required=False, limit=_ANSWER), _TOPICS,
            Field("metre", "str", required=False, choices=METRES + METRES_EN),
            Field("form", "str", required=False, choices=FORMS + FORMS_EN),
        ),
        answer_fields=("answer", "accept"), hiding_fields=("text",), unique_fields=("text", "answer"),
    ),
    Kind(
        "code_words", "code_word", CodeWord,
        (
            _ID, Field("word", "str", limit=_ANSWER),
            Field("easy", "list", limit=_CLUE, size=CLUES_PER_SET),
            Field("hard", "list", limit=_CLUE, size=CLUES_PER_SET),
            Field("accept", "list", required=False, limit=_ANSWER),
            Field("reject", "list", required=False, limit=_ANSWER),
        ),
        answer_fields=("word", "accept"), hiding_fields=("easy", "hard"), unique_fields=("word",),
    ),
    Kind("concentration", "challenge", ConcentrationChallenge, _CHALLENGE_FIELDS,
         unique_fields=("title", "text")),
    Kind("force", "challenge", ForceChallenge, _CHALLENGE_FIELDS, unique_fields=("title", "text")),
    Kind(
        "duel_questions", "question", DuelQuestion,
        (
            _ID, Field("question", "str", limit=TextLimit(3, 132)), Field("answer", "str", limit=_ANSWER),
            Field("accept", "list", required=False, limit=_ANSWER),
            Field("reject", "list", required=False, limit=_ANSWER), _TOPICS,
        ),
        answer_fields=("answer", "accept"), hiding_fields=("question",), unique_fields=("question",),
    ),
    Kind(
        "lines", "line", FourasLine,
        (_ID, Field("moment", "str", choices=MOMENTS), Field("text", "str", limit=TextLimit(3, 132))),
        unique_fields=("text",),
    ),
)
KIND_BY_NAME = {k.name: k for k in KINDS}
KIND_BY_FILE = {k.file: k for k in KINDS}

#: Keys of ``pack.toml``.
MANIFEST_FIELDS = (
    Field("id", "str"), Field("name", "str"), Field("version", "str"), Field("license", "str"),
    Field("languages", "list"), Field("description", "str", required=False),
    Field("authors", "list", required=False), Field("game", "str", required=False),
)
LANGUAGE_PATTERN = re.compile(r"^[a-z]{2}$")
