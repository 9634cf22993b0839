"""How well a pack's answers are matched: right forms refused, and near words accepted, per language.

For every riddle, code word and duel answer (and each listed alternative), :func:`measure` types

- the **right forms** (as written, in capitals, without accents, with an article, with spaces for
  hyphens, every plural, and, on answers that forgive a typo, one letter dropped, doubled, swapped
  or replaced, where that typo is not another dictionary word): each one refused is a *false reject*;
- the **near words**: every word of the language's dictionary *within reach* of the answer, that is
  at most two edits away (Damerau–Levenshtein, optimal string alignment) or starting with its root
  (the part the give-away check uses) and at most 3 letters longer, unless it is one of the item's
  accepted forms (answer, alternatives, their plurals, case and accents aside) or a one-typo
  spelling that sounds exactly like the answer ("bred"): each one accepted is a *false accept*.

Each finding names the item and says what to write in the pack to settle it.
"""

from __future__ import annotations

import bisect
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy

from rapidfuzz import process
from rapidfuzz.distance import OSA

from companion.content.inflection import phrase_plurals
from companion.content.lexicon import (
    DictionaryError, Lexicon, dictionary_dir, dictionary_path, system_lexicon,
)
from companion.content.loader import Pack
from companion.content.matching import (
    SILENT_INITIAL, AnswerMatcher, answer_key, build_matcher, heard_as, normalise, one_typo, typo_allowed,
)
from companion.content.problems import Problem
from companion.content.validate import root

#: The kinds whose answers are typed, and the field holding the main answer.
ANSWERED = {"riddles": "answer", "code_words": "word", "duel_questions": "answer"}
REACH_EDITS = 2
REACH_LONGER = 3
_ARTICLES = {"fr": ("la", "un"), "en": ("the", "a")}
_PLURAL_ARTICLES = {"fr": "les", "en": "the"}
_ELIDING = "aeiouyhéèêëàâîïôûœ"  # French "la" becomes "l’" before these


@dataclass(frozen=True)
class MatchReport:
    """The figures of one language of one pack, and the findings behind them."""

    language: str
    checked: int
    false_accepts: tuple[Problem, ...]
    false_rejects: tuple[Problem, ...]
    dictionary: str | None  # the word list used, None when there is none
    note: str = ""  # why there is no dictionary

    def figures(self) -> dict[str, Any]:
        return {"checked": self.checked, "false_accepts": len(self.false_accepts),
                "false_rejects": len(self.false_rejects), "dictionary": self.dictionary is not None}


@dataclass(frozen=True)
class _Reach:
    """A dictionary's keys arranged for the near-word search: by length, and sorted for prefixes."""

    by_length: dict[int, list[str]]
    ordered: list[str]
    windows: dict[int, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, lexicon: Lexicon) -> _Reach:
        by_length: dict[int, list[str]] = defaultdict(list)
        for key in lexicon.words:
            by_length[len(key)].append(key)
        return cls(dict(by_length), sorted(lexicon.words))

    def _window(self, length: int) -> list[str]:
        """The keys whose length is within :data:`REACH_EDITS` of ``length`` (kept for the next query)."""
        if length not in self.windows:
            self.windows[length] = [k for n in range(length - REACH_EDITS, length + REACH_EDITS + 1)
                                    for k in self.by_length.get(n, ())]
        return self.windows[length]

    def near(self, keys: Iterable[str]) -> dict[str, set[str]]:
        """For each key, the keys within reach: few edits away, or sharing its root.

        Keys of one length are compared with their window of the dictionary in one ``cdist`` call,
        which rapidfuzz runs vectorised on every core: about ten times faster than key by key.
        """
        found: dict[str, set[str]] = {key: set() for key in keys}
        by_length: dict[int, list[str]] = defaultdict(list)
        for key in found:
            by_length[len(key)].append(key)
        for length, group in by_length.items():
            window = self._window(length)
            if not window:
                continue
            distances = process.cdist(group, window, scorer=OSA.distance, score_cutoff=REACH_EDITS,
                                      dtype=numpy.uint8, workers=-1)
            for key, row in zip(group, distances):
                found[key].update(window[i] for i in numpy.flatnonzero(row <= REACH_EDITS))
        for key, near in found.items():
            near |= self._sharing_root(key)
        return found

    def _sharing_root(self, key: str) -> set[str]:
        stem = root(key)
        found = set()
        for i in range(bisect.bisect_left(self.ordered, stem), len(self.ordered)):
            other = self.ordered[i]
            if not other.startswith(stem):
                break
            if len(other) <= len(key) + REACH_LONGER:
                found.add(other)
        return found


_REACHES: dict[int, tuple[Lexicon, _Reach]] = {}


def _reach(lexicon: Lexicon) -> _Reach:
    kept = _REACHES.get(id(lexicon))
    if kept is None or kept[0] is not lexicon:
        kept = _REACHES[id(lexicon)] = (lexicon, _Reach.of(lexicon))
    return kept[1]


def _bare(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _with_article(article: str, answer: str, language: str) -> str:
    if language == "fr" and article == "la" and answer[:1].lower() in _ELIDING:
        return f"l’{answer}"
    if language == "en" and article == "a" and answer[:1].lower() in "aeiou":
        return f"an {answer}"
    return f"{article} {answer}"


def _typos(key: str) -> list[str]:
    """One-typo spellings of ``key`` that keep its first letter: dropped, doubled, swapped, replaced."""
    typos = []
    for i in range(1, len(key)):
        typos.append(key[:i] + key[i + 1:])
        typos.append(key[:i] + key[i] + key[i:])
        typos.append(key[:i] + ("x" if key[i] != "x" else "z") + key[i + 1:])
        if i + 1 < len(key) and key[i] != key[i + 1]:
            typos.append(key[:i] + key[i + 1] + key[i] + key[i + 2:])
    if key.startswith(SILENT_INITIAL):
        typos.append(key[1:])
    return typos


def right_forms(answer: str, language: str, lexicon: Lexicon | None, item_forms: frozenset[str],
                rejects: frozenset[str]) -> list[tuple[str, str]]:
    """(typed, what it is) for every form of ``answer`` that must be accepted."""
    forms = [(answer, "as written"), (answer.upper(), "in capitals"), (_bare(answer), "without accents"),
             (f"  {answer}\t", "with spaces around")]
    # An answer that starts with an article ("a hundred", "l’écho") takes no second one.
    takes_article = answer_key(answer) == normalise(answer).replace(" ", "").replace("'", "")
    if takes_article:
        forms += [(_with_article(a, answer, language), f"with the article {a!r}") for a in _ARTICLES.get(language, ())]
    if "-" in answer:
        forms.append((answer.replace("-", " "), "with spaces for its hyphens"))
    for plural in phrase_plurals(answer, language):
        forms.append((plural, "plural"))
        if takes_article:
            forms.append((f"{_PLURAL_ARTICLES.get(language, 'les')} {plural}", "plural with article"))
    if lexicon is not None and typo_allowed(answer):
        key = answer_key(answer)
        typos = [t for t in dict.fromkeys(_typos(key)) if t not in item_forms and t not in rejects]
        forms += [(t, "one typo") for t in typos if t not in lexicon or heard_as(t, key, lexicon)]
    return forms


def _within_reach(answers: tuple[str, ...], matcher: AnswerMatcher, near: dict[str, set[str]]) -> set[str]:
    """The dictionary keys within reach of any of ``answers`` that are not among its forms."""
    found: set[str] = set()
    for answer in answers:
        found |= near[answer_key(answer)]
    return found - matcher.forms


def _sound_alike(key: str, matcher: AnswerMatcher, lexicon: Lexicon) -> bool:
    """A one-typo spelling pronounced like the answer: the answer said aloud, accepted on purpose."""
    return any(one_typo(key, f) and heard_as(key, f, lexicon) for f in matcher.typo_forms)


def _language_lexicon(language: str) -> tuple[Lexicon | None, str]:
    path, package = dictionary_path(language)
    if path is None:
        if package == "none":
            return None, f"no word list is known for {language!r}: near words not checked, typos not forgiven"
        return None, (f"no {language} word list installed (Debian package {package}, in {dictionary_dir()}): "
                      "near words not checked, typos not forgiven")
    try:
        return system_lexicon(language), ""
    except DictionaryError as exc:
        return None, f"the {language} word list cannot be used ({exc}): near words not checked"


@dataclass(frozen=True)
class _Item:
    """One answered item, ready to be typed at: its kind (its file), its matcher, its near words."""

    kind: str
    item: Any
    matcher: AnswerMatcher
    near: frozenset[str]


def _prepare(pack: Pack, language: str, lexicon: Lexicon | None) -> list[_Item]:
    lexicons = (lexicon,) if lexicon is not None else ()
    items = [(kind, item) for kind in ANSWERED for item in pack.get(language, kind)]
    keys = {answer_key(a) for _kind, item in items for a in item.answers}
    near = _reach(lexicon).near(keys) if lexicon is not None else {}
    prepared = []
    for kind, item in items:
        matcher = build_matcher(item.answers, item.reject, language, lexicons)
        within = _within_reach(item.answers, matcher, near) if lexicon is not None else set()
        prepared.append(_Item(kind, item, matcher, frozenset(within)))
    if lexicon is not None:
        # Ask espeak-ng once for every word whose pronunciation may decide (one process, not hundreds).
        wanted = []
        for p in prepared:
            typos = {t for a in p.item.answers if typo_allowed(a) for t in _typos(answer_key(a))}
            one_off = (k for k in p.near if any(one_typo(k, f) for f in p.matcher.typo_forms))
            wanted += [*p.matcher.typo_forms, *(t for t in typos if t in lexicon), *one_off]
        lexicon.sound(wanted)
    return prepared


def measure(pack: Pack, language: str, lexicon: Lexicon | None = None) -> MatchReport:
    """The matching figures of ``pack`` in ``language`` (``lexicon`` None: the installed one, if any)."""
    note = ""
    if lexicon is None:
        lexicon, note = _language_lexicon(language)
    checked = 0
    accepts: list[Problem] = []
    rejects: list[Problem] = []
    for prepared in _prepare(pack, language, lexicon):
        item, matcher = prepared.item, prepared.matcher
        source = pack.sources[(language, prepared.kind)]
        for answer in item.answers:
            where = ANSWERED[prepared.kind] if answer == item.answers[0] else "accept"
            for typed, what in right_forms(answer, language, lexicon, matcher.forms, matcher.rejects):
                checked += 1
                if not matcher.accepts(typed):
                    rejects.append(source.problem(_refused(typed, what, answer, matcher), item.id, where))
        for key in sorted(prepared.near):  # empty without a dictionary
            assert lexicon is not None
            if _sound_alike(key, matcher, lexicon):
                continue
            checked += 1
            word = lexicon.words[key]
            if matcher.accepts(word):
                accepts.append(source.problem(_accepted(word, key, item.answers, matcher), item.id, "reject"))
    return MatchReport(language, checked, tuple(accepts), tuple(rejects),
                       lexicon.source if lexicon is not None else None, note)


def _refused(typed: str, what: str, answer: str, matcher: AnswerMatcher) -> str:
    key = answer_key(typed)
    fix = ("it is listed in reject: remove it" if key in matcher.rejects
           else f'add "{typed.strip()}" to accept')
    return f"false reject: {typed.strip()!r} ({what} of {answer!r}) is refused; {fix}"


def _accepted(word: str, key: str, answers: tuple[str, ...], matcher: AnswerMatcher) -> str:
    typo_of = next((f for f in sorted(matcher.typo_forms) if one_typo(key, f)), None)
    how = f"one typo from {typo_of!r}" if typo_of else "as one of its forms"
    return (f"false accept: the word {word!r} is accepted for {answers[0]!r} ({how}) but is another word; "
            f'add "{word}" to reject')
