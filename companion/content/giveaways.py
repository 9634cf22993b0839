"""Giveaways between decks: two cards that must not be drawn in the same game.

A riddle about the octopus and a duel question "how many hearts has an octopus?" give each other
away. The check is mechanical so that a writer can see why two items were paired:

- an item's **key words** are its answers (``answer``/``word`` and ``accept``) and its ``topics``
  (words a writer tags it with when the fact it gives away shares no word with it); numbers, words
  of fewer than 3 letters, colours, years and names (:data:`COMMON_WORDS`) are left out, as many cards
  have some, and so are the game's own words (fort, keys, hourglass), which the board says all game;
- two items of **different decks** are a giveaway pair when a key word of one appears in the other:
  in its texts, its answers or its topics, singular or plural (``pieuvre``/``pieuvres``,
  ``cheval``/``chevaux``); an answer of several words appears as a whole, or by its one word that
  is not an article ("la Lune" is ``lune``).

The content check lists the pairs as warnings (drawing avoids them, see :mod:`companion.content.draw`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.content.matching import words

#: The content kinds the companion draws cards from during a game (code words are the game's own).
DRAWN_KINDS = ("riddles", "duel_questions", "concentration", "force")
#: Fields whose text a player hears or reads, per content kind.
HEARD_FIELDS = {
    "riddles": ("text", "answer", "accept", "topics"),
    "duel_questions": ("question", "answer", "accept", "topics"),
    "concentration": ("title", "text", "success", "topics"),
    "force": ("title", "text", "success", "topics"),
}
_SMALL_WORDS = frozenset({
    "le", "la", "les", "l", "un", "une", "des", "du", "de", "d", "au", "aux", "en", "et", "the", "a", "an",
    "of", "and", "in", "on",
})
_NUMBERS = frozenset({
    "zero", "un", "une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
    "douze", "treize", "quatorze", "quinze", "seize", "vingt", "trente", "quarante", "cinquante",
    "soixante", "cent", "cents", "mille", "one", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
    "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "million", "millions",
    "vingts", "mil", "seventeen", "eighteen", "nineteen",
})
#: Words too common to identify a fact (colours, years, names), and the game's own words, which the
#: board and the hourglass say all game long: never key words.
COMMON_WORDS = frozenset({
    "rouge", "bleu", "vert", "jaune", "noir", "blanc", "orange", "rose", "violet", "gris", "marron",
    "red", "blue", "green", "yellow", "black", "white", "pink", "purple", "grey", "gray", "brown",
    "an", "ans", "annee", "year", "nom", "name",
    "fort", "boyard", "fouras", "pere", "sablier", "hourglass", "cle", "clef", "key", "tresor", "treasure",
})


@dataclass(frozen=True)
class Giveaway:
    """``word``, a key word of ``kind``/``item``, appears in ``other_kind``/``other``."""

    kind: str
    item: str
    other_kind: str
    other: str
    word: str

    @property
    def cards(self) -> tuple[tuple[str, str], tuple[str, str]]:
        return (self.kind, self.item), (self.other_kind, self.other)


def forms(word: str) -> frozenset[str]:
    """The word and what its singular may be: ``chevaux`` -> cheval; ``vaches`` -> vache (or vach);
    ``peaches`` -> peach. Two words are the same when their forms meet."""
    found = {word}
    if len(word) > 3 and word[-1] in "sx":
        found.add(word[:-1])
        if word.endswith("es"):
            found.add(word[:-2])
        if len(word) > 4 and word.endswith("aux"):
            found.add(word[:-3] + "al")
    return frozenset(found)


def _plain_words(text: str) -> list[str]:
    """Folded words, elided ones split (``l'arc`` -> ``l``, ``arc``)."""
    return [part for w in words(text) for part in w.split("'") if part]


def _texts(item: Any, fields: Sequence[str]) -> list[str]:
    found: list[str] = []
    for name in fields:
        value = getattr(item, name, None)
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, tuple):
            found.extend(v for v in value if isinstance(v, str))
    return found


def _ignored(word: str) -> bool:
    return bool(forms(word) & (_SMALL_WORDS | _NUMBERS | COMMON_WORDS)) or word.isdigit() or len(word) < 3


def key_phrases(item: Any) -> list[tuple[str, ...]]:
    """What an item is about, as phrases of words: its answers and topics. "La Lune" is ``lune``;
    a word too common to tell a fact is none ("huit", "rouge"); "trois cœurs" stays a phrase."""
    found: list[tuple[str, ...]] = []
    for text in _texts(item, ("answer", "word", "accept", "topics")):
        phrase = tuple(_plain_words(text))
        content = tuple(w for w in phrase if w not in _SMALL_WORDS)
        if len(content) == 1:
            phrase = content
        if phrase and not all(_ignored(w) for w in phrase) and phrase not in found:
            found.append(phrase)
    return found


def _contains(heard: Sequence[frozenset[str]], phrase: tuple[str, ...]) -> bool:
    wanted = [forms(w) for w in phrase]
    n = len(wanted)
    return any(all(heard[i + j] & wanted[j] for j in range(n)) for i in range(len(heard) - n + 1))


def find_giveaways(items: Mapping[str, Sequence[Any]]) -> list[Giveaway]:
    """Every pair of items of different kinds in ``items`` (kind -> items of one language) where a key
    word of one appears in the other; each pair once, with the first key word found."""
    heard: dict[tuple[str, str], list[frozenset[str]]] = {}
    having: dict[str, set[tuple[str, str]]] = {}  # a word's form -> the items that say it
    for kind, kind_items in items.items():
        for item in kind_items:
            said = [forms(w) for t in _texts(item, HEARD_FIELDS.get(kind, ())) for w in _plain_words(t)]
            heard[(kind, item.id)] = said
            for form in set().union(*said):
                having.setdefault(form, set()).add((kind, item.id))
    found: dict[frozenset, Giveaway] = {}
    for kind, kind_items in items.items():
        for item in kind_items:
            for phrase in key_phrases(item):
                first = set().union(*(having.get(f, set()) for f in forms(phrase[0])))
                for other_kind, other_id in sorted(first):
                    pair = frozenset({(kind, item.id), (other_kind, other_id)})
                    if other_kind != kind and pair not in found and _contains(heard[(other_kind, other_id)], phrase):
                        found[pair] = Giveaway(kind, item.id, other_kind, other_id, " ".join(phrase))
    return list(found.values())


def conflicts(giveaways: Sequence[Giveaway]) -> dict[tuple[str, str], frozenset[tuple[str, str]]]:
    """(kind, id) -> the (kind, id) of every item it gives away or is given away by."""
    linked: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for g in giveaways:
        a, b = g.cards
        linked.setdefault(a, set()).add(b)
        linked.setdefault(b, set()).add(a)
    return {card: frozenset(others) for card, others in linked.items()}


def pack_giveaways(pack: Any) -> dict[str, list[Giveaway]]:
    """The giveaway pairs of a read pack (:class:`companion.content.loader.Pack`), per language."""
    return {lang: find_giveaways({k: pack.get(lang, k) for k in DRAWN_KINDS}) for lang in pack.languages}


def describe(pack: Any, language: str, giveaway: Giveaway) -> str:
    """A warning line naming both items with their file and line, and the word they share."""
    def where(kind: str, item: str) -> str:
        source = pack.sources.get((language, kind))
        if source is None:
            return f"{kind} item {item!r}"
        problem = source.problem("", item, "id")
        return f"{problem.file}:{problem.line}: item {item!r}"

    return (f"{where(giveaway.kind, giveaway.item)} and {where(giveaway.other_kind, giveaway.other)} "
            f"give each other away ({giveaway.word!r}); warning: the companion keeps them apart in a game")
