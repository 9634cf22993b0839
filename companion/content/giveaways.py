"""Giveaways between decks: two cards that must not be drawn in the same game.

A riddle about the octopus and a duel question "how many hearts has an octopus?" give each other
away. The check is mechanical so that a writer can see why two items were paired:

- an item's **key words** are its answers (``answer``/``word`` and ``accept``) and its ``topics``
  (words a writer tags it with when the fact it gives away shares no word with it); numbers, words
  of fewer than 3 letters, colours, years and names (:data:`COMMON_WORDS`) are left out, as many cards
  have some, and so are the game's own words (fort, keys, hourglass), which the board says all game;
- two items of **different decks** are a giveaway pair when a key word of one appears in the other:
  in its texts, its answers or its topics, singular or plural (``pieuvre``/``pieuvres``,
  ``cheval``/``chevaux``); an answer of several words appears as a whole, less a leading
  article ("la Lune" is ``lune``; « dé à jouer » stays whole);
- three facts no single key word carries are key words too: a **counted answer** is the number with
  what it counts ("Combien de faces a un cube ? six" is ``six faces``, heard as "Six faces" or "6
  faces"); a **name** written with a capital inside a sentence (Pinocchio) ties every item that says
  it; and a key word of 4 letters or more that **begins another item's key word** gives that one
  away as a charade's part does (``alpha`` and ``alphabet``).

The content check lists the pairs as warnings (drawing avoids them, see :mod:`companion.content.draw`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
import re
from typing import Any

from companion.content.matching import fold, words

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
#: Articles as written (accents kept: « dé » is no « de »), which a key phrase does not start with.
_ARTICLES = frozenset({"le", "la", "les", "l", "un", "une", "des", "du", "de", "d", "the", "a", "an"})
_WRITTEN_WORD = re.compile(r"[^\w]+")
_NUMBERS = frozenset({
    "zero", "un", "une", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze",
    "douze", "treize", "quatorze", "quinze", "seize", "vingt", "trente", "quarante", "cinquante",
    "soixante", "cent", "cents", "mille", "one", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
    "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "million", "millions",
    "vingts", "mil", "seventeen", "eighteen", "nineteen",
})
#: Number words one to twenty and their digits: a counted answer is heard either way ("six", "6").
_DIGITS = {
    **{w: str(n) for n, w in enumerate(("zero un deux trois quatre cinq six sept huit neuf dix onze douze "
                                         "treize quatorze quinze seize").split())},
    **{w: str(n) for n, w in enumerate(("zero one two three four five six seven eight nine ten eleven twelve "
                                         "thirteen fourteen fifteen sixteen seventeen eighteen nineteen "
                                         "twenty").split())},
    "une": "1", "vingt": "20",
}
#: The words that open a count in a question: "combien (…) de", "how many".
_COUNT_OPENERS = {"combien": ("de", "d"), "many": ()}
#: A prefix shorter than this, or a rest shorter than _CHARADE_REST, is no charade's part (mer/merci).
_CHARADE_PREFIX = 4
_CHARADE_REST = 3
#: A capitalised word that follows one of these (or opens the text or a line) opens a sentence.
_SENTENCE_ENDS = ".!?…:\n"
#: What may stand between a sentence's end and its first word: spaces, quotes, dashes, a bracket.
_OPENING_MARKS = frozenset(" \t«»“”\"'’—–-(")
_NAME = re.compile(r"[^\W\d_]+")
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
    if word in _DIGITS:
        found.add(_DIGITS[word])
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
        # only leading articles go, told apart before accents are folded: « dé à jouer » is no
        # « de … jouer », which would make the die pair with every card that says « jouer »
        written = [w for w in _WRITTEN_WORD.split(text.lower().replace("’", "'")) if w]
        while len(phrase) > 1 and len(written) == len(phrase) and written[0] in _ARTICLES:
            phrase, written = phrase[1:], written[1:]
        if phrase and not all(_ignored(w) for w in phrase) and phrase not in found:
            found.append(phrase)
    return found


def _is_number(word: str) -> bool:
    return word.isdigit() or word in _NUMBERS or word in _DIGITS


def counted_phrases(item: Any) -> list[tuple[str, ...]]:
    """A duel answer that is a number, with the noun its question counts: ``("six", "faces")`` for
    "Combien de faces a un cube ?" answered "six" (a number alone tells nothing, six faces do)."""
    question = _plain_words(getattr(item, "question", "") or "")
    noun = None
    for i, word in enumerate(question):
        if word in _COUNT_OPENERS and (word != "many" or (i and question[i - 1] == "how")):
            links = _COUNT_OPENERS[word]
            rest = question[i + 1:i + 7]
            if links:
                at = next((j for j, w in enumerate(rest) if w in links), None)
                rest = rest[at + 1:] if at is not None else []
            noun = next((w for w in rest if not _ignored(w)), None) if rest[:1] and not _ignored(rest[0]) else None
            break
    if noun is None:
        return []
    found = []
    for text in _texts(item, ("answer", "accept")):
        number = tuple(w for w in _plain_words(text) if w not in _SMALL_WORDS)
        if number and all(_is_number(w) for w in number) and number + (noun,) not in found:
            found.append(number + (noun,))
    return found


def _spoken(item: Any, kind: str) -> list[str]:
    return _texts(item, [f for f in HEARD_FIELDS.get(kind, ()) if f not in ("answer", "accept", "topics")])


def _capitals(texts: Sequence[str]) -> tuple[set[str], set[str]]:
    """The words ``texts`` write with a capital inside a sentence, and those they write in lower
    case, as written (folding each word is the slow part: the caller folds each distinct one once)."""
    capital, lower = set(), set()
    for text in texts:
        for match in _NAME.finditer(text):
            word = match.group()
            if word.islower():
                lower.add(word)
                continue
            at = match.start() - 1
            while at >= 0 and text[at] in _OPENING_MARKS:
                at -= 1
            if word[0].isupper() and at >= 0 and text[at] not in _SENTENCE_ENDS:
                capital.add(word)
    return capital, lower


def name_phrases(item: Any, kind: str, common: frozenset[str] = frozenset()) -> list[tuple[str, ...]]:
    """The names an item says: words written with a capital inside a sentence (« le nez de
    Pinocchio ») and never in lower case (``common``: the folded forms of the words some item of the
    language writes in lower case, so the Tower of "Eiffel Tower" or the Snow of "Snow White" is no
    name), the game's own names aside. A line of verse opens on a capital, so a word there is no
    name; the same name said at a line's start in another item still pairs with this one."""
    return _names(_capitals(_spoken(item, kind))[0], common)


def _names(capitals: set[str], common: frozenset[str]) -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = []
    for word in sorted(fold(w) for w in capitals):
        if not _ignored(word) and not forms(word) & common and (word,) not in found:
            found.append((word,))
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
    starting: dict[str, set[tuple[str, str]]] = {}  # a prefix of a key word -> the items whose key word it begins
    written_lower: set[str] = set()  # the words some item writes in lower case: no names
    capitals: dict[tuple[str, str], set[str]] = {}
    phrases: dict[tuple[str, str], list[tuple[str, ...]]] = {}
    for kind, kind_items in items.items():
        for item in kind_items:
            capitals[(kind, item.id)], lowers = _capitals(_spoken(item, kind))
            written_lower |= lowers
            phrases[(kind, item.id)] = key_phrases(item)
            for phrase in phrases[(kind, item.id)]:
                if len(phrase) == 1:
                    for end in range(_CHARADE_PREFIX, len(phrase[0]) - _CHARADE_REST + 1):
                        starting.setdefault(phrase[0][:end], set()).add((kind, item.id))
    lower = frozenset().union(*(forms(fold(w)) for w in written_lower))
    for kind, kind_items in items.items():
        for item in kind_items:
            own = phrases[(kind, item.id)]
            for phrase in own:
                if len(phrase) == 1:
                    for other_kind, other_id in sorted(starting.get(phrase[0], ())):
                        pair = frozenset({(kind, item.id), (other_kind, other_id)})
                        if other_kind != kind and pair not in found:
                            found[pair] = Giveaway(kind, item.id, other_kind, other_id, phrase[0])
            for phrase in own + counted_phrases(item) + _names(capitals[(kind, item.id)], lower):
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
