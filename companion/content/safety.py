"""What a challenge card may ask a family to take from the table, and the words it may not use.

Challenges are played by children and grandparents together, so a card ``needs`` only things from
:data:`SAFE_THINGS` (the app can show them by name), and no text of the card may name anything of
:data:`UNSAFE_WORDS`: things small enough to swallow, sharp, hot or breakable, or standing on one foot
or blindfolded. The lists are docs/content.md's; change both together.
"""

from __future__ import annotations

import re
import unicodedata

#: Things a challenge may need: the key written in ``needs``, then the French and English names.
#: Nothing here fits in a child's mouth, cuts, burns or breaks when it falls from a table.
SAFE_THINGS: dict[str, tuple[str, str]] = {
    "plastic cup": ("gobelet en plastique", "plastic cup"),
    "plastic bottle": ("bouteille en plastique", "plastic bottle"),
    "water": ("eau", "water"),
    "sheet of paper": ("feuille de papier", "sheet of paper"),
    "newspaper": ("journal", "newspaper"),
    "paper napkin": ("serviette en papier", "paper napkin"),
    "paper plate": ("assiette en carton", "paper plate"),
    "plate": ("assiette", "plate"),
    "bowl": ("bol", "bowl"),
    "salad bowl": ("saladier", "salad bowl"),
    "tablespoon": ("cuillère à soupe", "tablespoon"),
    "teaspoon": ("petite cuillère", "teaspoon"),
    "book": ("livre", "book"),
    "paperback": ("livre de poche", "paperback"),
    "pencil": ("crayon", "pencil"),
    "coloured pencils": ("crayons de couleur", "coloured pencils"),
    "ruler": ("règle", "ruler"),
    "playing cards": ("jeu de cartes", "pack of cards"),
    "tea towel": ("torchon", "tea towel"),
    "socks": ("paire de chaussettes", "pair of socks"),
    "cardboard box": ("boîte en carton", "cardboard box"),
    "clementine": ("clémentine", "clementine"),
    "orange": ("orange", "orange"),
    "apple": ("pomme", "apple"),
    "chair": ("chaise", "chair"),
    "household objects": ("objets de la maison", "household objects"),
}

#: Words (and phrases) no challenge may use, per language, with their plurals, in lower case with their
#: accents ("dés", dice, is not "des"). Hyphens and apostrophes count as spaces ("cure-dents" is two
#: words). Per language because a word can be harmless in the other: French "coin" is a corner.
UNSAFE_WORDS: dict[str, tuple[str, ...]] = {
    "fr": (
        # Assez petit pour être avalé.
        "pièce", "pièces", "monnaie", "bouchon", "bouchons", "capsule", "capsules", "pâtes", "pates",
        "macaroni", "macaronis", "gomme", "gommes", "perle", "perles", "dé", "dés", "bouton", "boutons",
        "bille", "billes", "carré de papier", "carrés de papier", "confetti", "confettis", "trombone",
        "trombones", "aimant", "aimants", "pile bouton", "piles bouton", "bonbon", "bonbons",
        "cacahuète", "cacahuètes", "noisette", "noisettes", "raisin", "raisins", "riz", "lentille",
        "lentilles", "morceau de sucre", "morceaux de sucre", "ballon de baudruche",
        "ballons de baudruche", "baudruche", "ping pong", "élastique", "élastiques",
        # Coupant ou pointu.
        "couteau", "couteaux", "ciseaux", "fourchette", "fourchettes", "aiguille", "aiguilles",
        "épingle", "épingles", "punaise", "punaises", "cure dent", "cure dents", "agrafe", "agrafes",
        "compas", "cutter", "cutters",
        # Chaud ou brûlant.
        "allumette", "allumettes", "bougie", "bougies", "briquet", "briquets", "feu", "bouillant",
        "bouillante", "brûlant", "brûlante", "eau chaude",
        # Fragile.
        "verre", "verres", "porcelaine",
        # Sur un pied, ou aveugle debout.
        "sur un pied", "sur une jambe", "cloche pied", "bandeau", "yeux bandés",
    ),
    "en": (
        # Small enough to swallow.
        "coin", "coins", "cap", "caps", "bottle top", "bottle tops", "cork", "corks", "pasta",
        "macaroni", "eraser", "erasers", "rubber", "rubbers", "bead", "beads", "dice", "button",
        "buttons", "marble", "marbles", "paper square", "paper squares", "squares of paper",
        "confetti", "paper clip", "paper clips", "paperclip", "paperclips", "magnet", "magnets",
        "battery", "batteries", "sweet", "sweets", "candy", "candies", "peanut", "peanuts", "nut",
        "nuts", "grape", "grapes", "raisin", "raisins", "rice", "lentil", "lentils", "sugar cube",
        "sugar cubes", "sugar lump", "sugar lumps", "balloon", "balloons", "ping pong",
        "rubber band", "rubber bands",
        # Sharp or pointed.
        "knife", "knives", "scissors", "fork", "forks", "needle", "needles", "pin", "pins",
        "drawing pin", "drawing pins", "thumbtack", "thumbtacks", "toothpick", "toothpicks",
        "staple", "staples", "compasses", "cutter", "cutters",
        # Hot or burning.
        "matchstick", "matchsticks", "candle", "candles", "lighter", "lighters", "fire", "boiling",
        "hot water",
        # Breakable.
        "glass", "porcelain", "china",
        # On one foot, or blind on one's feet.
        "on one foot", "on one leg", "hopping", "blindfold", "blindfolded",
    ),
}

_APOSTROPHES = str.maketrans({"’": " ", "‘": " ", "'": " ", "ʼ": " ", "-": " ", "‑": " "})
_WORD = re.compile(r"\w+")


def tokens(text: str) -> list[str]:
    """Lower-case words of ``text``, accents kept; hyphens and apostrophes separate words."""
    return _WORD.findall(unicodedata.normalize("NFC", text).translate(_APOSTROPHES).casefold())


def _phrases(words: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return tuple(sorted({tuple(tokens(w)) for w in words}, key=len, reverse=True))


_UNSAFE = {language: _phrases(listed) for language, listed in UNSAFE_WORDS.items()}
_UNSAFE_ANY = _phrases(tuple(w for listed in UNSAFE_WORDS.values() for w in listed))


def unsafe_words(text: str, language: str | None = None) -> list[str]:
    """The unsafe words and phrases of ``language`` (every language's when it has no list) that
    ``text`` names, in the order met."""
    phrases = _UNSAFE.get(language or "", _UNSAFE_ANY)
    found: list[str] = []
    seen = tokens(text)
    for start in range(len(seen)):
        for phrase in phrases:
            if tuple(seen[start:start + len(phrase)]) == phrase:
                word = " ".join(phrase)
                if word not in found:
                    found.append(word)
                break
    return found


def thing_name(key: str, language: str) -> str:
    """The name of a safe thing in ``language`` (French or English; the key otherwise)."""
    names = SAFE_THINGS.get(key)
    if names is None:
        return key
    return names[0] if language == "fr" else names[1]
