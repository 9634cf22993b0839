"""Plurals of answers, French and English, irregular ones included: what a player may type instead.

Plurals are generated forwards from the answer as the pack writes it (``œil`` -> ``yeux``,
``mouse`` -> ``mice``), never guessed backwards from what was typed, so that a word that merely
looks like a plural (``baux`` is the plural of ``bail``, not of ``bal``) is never taken for one.
English uses ``inflect`` (modern and classical plurals); French has no maintained library, so its
rules are here, from the grammar: -s, -x, -al/-aux, -ail/-aux, -au/-eau/-eu/-ou with their listed
exceptions, and the irregular nouns.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from itertools import product

#: Words that stay singular inside a compound answer ("crayons à papier", "arcs-en-ciel").
_LINKS = frozenset({
    "a", "à", "au", "aux", "de", "d", "du", "des", "en", "la", "le", "les", "l", "sur", "sous", "et", "pour",
    "par", "avec", "sans", "of", "the", "an", "in", "on", "and", "to", "for", "with", "at", "by",
})
#: A phrase with more words than this keeps its words singular (the forms multiply per word).
MAX_PLURAL_WORDS = 4

_FR_IRREGULAR = {
    "œil": ("yeux", "œils"), "ciel": ("cieux", "ciels"), "aïeul": ("aïeux", "aïeuls"), "ail": ("aulx", "ails"),
    "monsieur": ("messieurs",), "madame": ("mesdames",), "mademoiselle": ("mesdemoiselles",),
    "bonhomme": ("bonshommes",), "gentilhomme": ("gentilshommes",), "lieu": ("lieux", "lieus"),
    "val": ("vals", "vaux"), "idéal": ("idéals", "idéaux"), "final": ("finals", "finaux"),
    "étal": ("étals", "étaux"),
}
# Nouns in -al that take -s, in -ail that take -aux, in -au/-eu that take -s, in -ou that take -x.
_FR_AL_S = frozenset({
    "bal", "carnaval", "chacal", "festival", "récital", "régal", "cal", "narval", "cérémonial", "pal",
    "aval", "cantal", "choral", "nopal", "serval", "gavial", "caracal", "rorqual", "santal",
})
_FR_AIL_AUX = frozenset({"bail", "corail", "émail", "soupirail", "travail", "vantail", "vitrail"})
_FR_X_TO_S = frozenset({"landau", "sarrau", "bleu", "émeu", "pneu", "enfeu"})
_FR_OU_X = frozenset({"bijou", "caillou", "chou", "genou", "hibou", "joujou", "pou", "ripou"})

_EN_EXTRA = {"fish": ("fishes",), "person": ("persons",)}
#: English words in -us of at least this many letters also take the learned plural in -i (octopi).
_EN_LATIN_I_MIN = 6


def french_plurals(word: str) -> tuple[str, ...]:
    """The plural(s) of a lower-case French noun or adjective (``cheval`` -> ``("chevaux",)``)."""
    if word in _FR_IRREGULAR:
        return _FR_IRREGULAR[word]
    if word.endswith(("s", "x", "z")):
        return ()
    if word.endswith("al"):
        return (word + "s",) if word in _FR_AL_S else (word[:-2] + "aux",)
    if word.endswith("ail"):
        return (word[:-3] + "aux",) if word in _FR_AIL_AUX else (word + "s",)
    if word.endswith(("au", "eu")):
        return (word + "s",) if word in _FR_X_TO_S else (word + "x",)
    if word.endswith("ou"):
        return (word + "x",) if word in _FR_OU_X else (word + "s",)
    return (word + "s",)


@cache
def _inflect_engines() -> tuple[object, object]:
    import inflect  # imported on first use: it takes a noticeable moment to load

    modern, classical = inflect.engine(), inflect.engine()
    classical.classical(all=True)
    return modern, classical


def english_plurals(word: str) -> tuple[str, ...]:
    """The plural(s) of a lower-case English noun: modern and classical (``octopus`` -> octopuses, octopi)."""
    found: list[str] = []
    for engine in _inflect_engines():
        plural = engine.plural_noun(word)  # type: ignore[attr-defined]
        if plural:
            found.append(plural)
    if word.endswith("us") and len(word) >= _EN_LATIN_I_MIN:
        found.append(word[:-2] + "i")
    found += _EN_EXTRA.get(word, ())
    return tuple(dict.fromkeys(p for p in found if p != word))


def plurals(word: str, language: str | None) -> tuple[str, ...]:
    """The plurals of one word in ``language`` (None: French and English both)."""
    if not word.isalpha() or len(word) < 2 or word in _LINKS:
        return ()
    found: tuple[str, ...] = ()
    if language in ("fr", None):
        found += french_plurals(word)
    if language in ("en", None):
        found += english_plurals(word)
    return tuple(dict.fromkeys(found))


def _is_proper_noun(word: str) -> bool:
    return word[:1].isupper() and not word.isupper()


@cache
def phrase_plurals(phrase: str, language: str | None) -> tuple[str, ...]:
    """The plural spellings of an answer, word by word (``cerf-volant`` -> ``cerfs-volants``...).

    Every word of a compound may take its plural or not, so that "cerfs-volants" and "crayons à
    papier" are both found without knowing which words of a compound agree. Names (a capital
    letter: "Jupiter", "Paris") and numbers have no plural.
    """
    text = unicodedata.normalize("NFC", phrase.strip())
    # Keep the separators (space, hyphen, apostrophe) so the plural is spelled like the answer.
    pieces: list[str] = []
    current = ""
    for char in text:
        if char.isalpha() or unicodedata.combining(char):
            current += char
        else:
            pieces += [current, char] if current else [char]
            current = ""
    if current:
        pieces.append(current)
    word_slots = [i for i, p in enumerate(pieces) if p[:1].isalpha()]
    if not word_slots or len(word_slots) > MAX_PLURAL_WORDS:
        return ()
    choices = []
    for i, piece in enumerate(pieces):
        if i in word_slots and not _is_proper_noun(piece):
            choices.append((piece, *plurals(piece.lower(), language)))
        else:
            choices.append((piece,))
    spelled = {"".join(combo) for combo in product(*choices)}
    spelled.discard(text)
    return tuple(sorted(spelled))
