"""Answer matching for typed code words, riddle and duel answers: forgiving of form, strict on the word.

A typed answer is accepted when, once folded (:func:`answer_key`: case, accents, ligatures, spaces,
hyphens, apostrophes and a leading article set aside), it is

1. the answer or one of its listed alternatives, or one of their plurals (irregular ones included,
   see :mod:`companion.content.inflection`); or
2. one typo away from one of those: one letter added, missing, wrong, or two neighbours swapped
   (Damerau–Levenshtein distance 1), when the answer has :data:`TYPO_MIN_LETTERS` letters or more
   and is spelt with letters only, the first letter kept (bar a silent leading "h": "orloge"), and
   the typed word is neither listed in ``reject`` nor a word of the language's dictionary (unless
   it is one vowel away and pronounced exactly like the answer: "bred" for "bread", see
   :func:`heard_as`). Without a dictionary installed, no typo is forgiven: the matcher cannot
   tell "candel" from "handle", so it refuses both.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from rapidfuzz.distance import DamerauLevenshtein

from companion.content.inflection import phrase_plurals

if TYPE_CHECKING:
    from companion.content.lexicon import Lexicon

#: Articles ignored at the start of a typed answer ("la lune", "the moon", "l'horloge", "du pain").
ARTICLES = ("le", "la", "les", "un", "une", "des", "du", "the", "a", "an")
#: Answers with at least this many letters forgive one typo ("bread": "bred"; "lune" forgives none).
TYPO_MIN_LETTERS = 5
#: The one letter that may be added or dropped at the start: the French silent h ("orloge").
SILENT_INITIAL = "h"
#: The letters a homophone typo may touch ("bred" for "bread").
VOWELS = "aeiouy"

# Letters that Unicode does not decompose into a base letter plus accents.
_LIGATURES = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o"})
_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'"})
_NOT_WORD = re.compile(r"[^\w']+")
_ELIDED_ARTICLE = re.compile(r"^(?:de la |de l'|l')(?=\w)")


def fold(text: str) -> str:
    """Lower case, no accents, typographic apostrophes made plain; nothing else changed."""
    text = text.translate(_LIGATURES).translate(_APOSTROPHES)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def words(text: str) -> list[str]:
    """The folded words of ``text``; hyphens, punctuation and spaces all separate words."""
    return [w.strip("'") for w in _NOT_WORD.sub(" ", fold(text).replace("_", " ")).split() if w.strip("'")]


def normalise(text: str) -> str:
    """Folded words joined by single spaces: ``"  Arc-en-Ciel ! "`` -> ``"arc en ciel"``."""
    return " ".join(words(text))


def answer_key(text: str) -> str:
    """What two answers are compared on: normalised, leading article dropped, no spaces or apostrophes.

    The article goes only when something follows it, so the answer "un" (one) stays "un".
    """
    norm = normalise(text)
    norm = _ELIDED_ARTICLE.sub("", norm)
    first, _, rest = norm.partition(" ")
    if rest and first in ARTICLES:
        norm = rest
    return norm.replace(" ", "").replace("'", "")


def one_typo(typed: str, form: str) -> bool:
    """Whether ``typed`` is one Damerau–Levenshtein edit from ``form`` with the first letter kept."""
    if typed == form or DamerauLevenshtein.distance(typed, form, score_cutoff=1) != 1:
        return False
    if typed[:1] == form[:1]:
        return True
    return typed == SILENT_INITIAL + form or form == SILENT_INITIAL + typed


def _edited_letters(typed: str, form: str) -> str:
    """The letters that the one edit between ``typed`` and ``form`` adds, drops, replaces or swaps."""
    i = next((n for n, (a, b) in enumerate(zip(typed, form)) if a != b), min(len(typed), len(form)))
    if len(typed) < len(form):
        return form[i]
    if len(typed) > len(form):
        return typed[i]
    if typed[i + 1:] == form[i + 1:]:
        return typed[i] + form[i]
    return form[i:i + 2]


def heard_as(key: str, form: str, lexicon: Lexicon) -> bool:
    """Whether the dictionary word ``key`` is the answer's ``form`` said aloud: one vowel apart
    (added, dropped or changed) and pronounced exactly alike ("bred", "bread"). A consonant apart
    is never the same answer, even when silent ("pois" is not "poids", "lunette" not "lunettes").
    """
    return (set(_edited_letters(key, form)) <= set(VOWELS)) and lexicon.sounds_alike(key, form)


def installed_lexicons(language: str | None) -> tuple[Lexicon, ...]:
    """The installed dictionaries for ``language`` (None: French and English), each read once."""
    from companion.content.lexicon import DictionaryError, system_lexicon

    found = []
    for lang in ("fr", "en") if language is None else (language,):
        try:
            found.append(system_lexicon(lang))
        except DictionaryError:
            continue  # a broken list is a missing one here; `companion content check` says why
    return tuple(lex for lex in found if lex is not None)


@dataclass(frozen=True)
class AnswerMatcher:
    """What one item accepts, worked out once: its forms, those that forgive a typo, its rejects.

    ``lexicons`` are the dictionaries consulted for typos (with none, no typo is forgiven); None
    means the installed ones of ``language``, read only when a typo first needs them.
    """

    forms: frozenset[str]
    typo_forms: frozenset[str]
    rejects: frozenset[str]
    lexicons: tuple[Lexicon, ...] | None = ()
    language: str | None = None

    def accepts(self, typed: str) -> bool:
        """Whether ``typed`` counts as the answer (see the module's rules)."""
        key = answer_key(typed)
        if not key:
            return False
        if key in self.forms:
            return True
        near = [form for form in self.typo_forms if one_typo(key, form)]
        if not near or key in self.rejects:
            return False
        lexicons = installed_lexicons(self.language) if self.lexicons is None else self.lexicons
        return bool(lexicons) and any(not self.is_other_word(key, form, lexicons) for form in near)

    @staticmethod
    def is_other_word(key: str, form: str, lexicons: tuple[Lexicon, ...]) -> bool:
        """Whether ``key`` is a dictionary word that is not the answer's ``form`` said aloud."""
        return any(key in lex and not heard_as(key, form, lex) for lex in lexicons)


def forms_of(answer: str, language: str | None) -> frozenset[str]:
    """The keys an answer is accepted under: itself and its plurals."""
    return frozenset(k for k in (answer_key(answer), *map(answer_key, phrase_plurals(answer, language))) if k)


def typo_allowed(answer: str) -> bool:
    """Whether an answer forgives a typo: letters only, :data:`TYPO_MIN_LETTERS` of them at least."""
    key = answer_key(answer)
    return key.isalpha() and len(key) >= TYPO_MIN_LETTERS


def build_matcher(answers: Iterable[str], rejects: Iterable[str] = (), language: str | None = None,
                  lexicons: tuple[Lexicon, ...] | None = None) -> AnswerMatcher:
    """The matcher of an item; ``lexicons`` None means the installed dictionaries of ``language``."""
    answers = tuple(answers)
    forms = frozenset().union(*(forms_of(a, language) for a in answers))
    typo_forms = frozenset().union(*(forms_of(a, language) for a in answers if typo_allowed(a)))
    refused = frozenset().union(*(forms_of(r, language) for r in rejects)) - forms
    return AnswerMatcher(forms, typo_forms, refused, lexicons, language)


@lru_cache(maxsize=4096)
def _cached_matcher(answers: tuple[str, ...], rejects: tuple[str, ...], language: str | None) -> AnswerMatcher:
    return build_matcher(answers, rejects, language)


def is_accepted(typed: str, answers: Iterable[str], rejects: Iterable[str] = (),
                language: str | None = None) -> bool:
    """Whether ``typed`` counts as one of ``answers`` (the answer and its listed alternatives).

    ``rejects`` lists near misses to refuse even where the typo allowance would let them through
    (useful where no dictionary is installed, or for a word the dictionary lacks). ``language``
    ("fr", "en") chooses the plural rules and the dictionary; None applies both languages'.
    """
    return _cached_matcher(tuple(answers), tuple(rejects), language).accepts(typed)
