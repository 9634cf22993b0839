"""Answer matching for typed code words and riddle answers: forgiving of form, strict on the word.

A typed answer is accepted when, after :func:`answer_key`, it equals the answer or one of its listed
alternatives, or is one typo away (Levenshtein distance 1) from one of them that has 6 letters or more.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

#: Articles ignored at the start of a typed answer ("la lune", "the moon", "l'horloge", "du pain").
ARTICLES = ("le", "la", "les", "un", "une", "des", "du", "the", "a", "an")
#: Answers with at least this many letters forgive one typo.
TYPO_MIN_LETTERS = 6

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


def levenshtein(a: str, b: str, limit: int | None = None) -> int:
    """Edit distance between ``a`` and ``b``; stops early and returns ``limit + 1`` once past ``limit``."""
    if len(a) < len(b):
        a, b = b, a
    if limit is not None and len(a) - len(b) > limit:
        return limit + 1
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if limit is not None and min(current) > limit:
            return limit + 1
        previous = current
    return previous[-1]


def is_accepted(typed: str, answers: Iterable[str], rejects: Iterable[str] = ()) -> bool:
    """Whether ``typed`` counts as one of ``answers`` (the answer and its listed alternatives).

    ``rejects`` lists near misses that the typo allowance would otherwise let through
    ("poison" for "poisson"); they are refused even though they are one letter away.
    """
    key = answer_key(typed)
    if not key:
        return False
    keys = [answer_key(a) for a in answers]
    if key in keys:
        return True
    if key in {answer_key(r) for r in rejects}:
        return False
    return any(
        len(k) >= TYPO_MIN_LETTERS and levenshtein(key, k, limit=1) <= 1 for k in keys
    )
