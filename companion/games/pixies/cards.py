"""The 70 Pixies cards as data (shared/rules/pixies-digest.md, 'The 70 cards'), with the ids of issue 24.

A card id is ``COLOUR-NUMBER-MARK``: COLOUR one of ``blue``, ``green``, ``yellow``, ``red``, ``multi``;
MARK ``none``, ``star``, ``Ns`` (N spirals) or ``Nx`` (N crosses): ``blue-1-6s``, ``yellow-2-star``,
``red-8-5x``, ``multi-3-none``. Only the game's numbers, colours and marks are here: no card text or art.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

COLOURS = ("blue", "green", "yellow", "red")
"""The four colours, in the order the companion lists them (and breaks ties between zones)."""
MULTI = "multi"
ALL_COLOURS = (*COLOURS, MULTI)

# Per colour, each card as "number:mark", as the digest's table prints it (S spirals, X crosses, * star,
# - no mark). The digest notes one transcription without blue 3's 3 spirals; the publisher's has them.
_TABLE = {
    "blue": "1:6S 2:4S 3:3S 3:1S 4:1S 4:* 4:- 5:- 5:2X 5:* 6:1S 6:1X 7:3X 8:3X 9:6X 9:1X",
    "green": "1:5S 2:3S 3:2S 3:* 4:4S 4:1X 5:- 5:1X 5:* 6:1S 6:1X 6:4X 7:- 7:2X 8:2X 9:4X",
    "yellow": "1:4S 2:2S 2:* 3:5S 3:- 4:3S 4:1X 5:- 5:2X 5:* 6:- 6:3X 7:1S 7:5X 8:1X 9:2X",
    "red": "1:3S 1:* 2:5S 3:4S 4:2S 4:- 5:- 5:1X 5:* 6:- 6:2X 7:1X 7:4X 8:- 8:5X 9:-",
    "multi": "2:- 3:- 4:- 6:1X 7:1X 8:1X",
}


@dataclass(frozen=True)
class Card:
    id: str
    colour: str  # one of ALL_COLOURS
    number: int  # 1-9: the space it belongs to
    spirals: int = 0
    crosses: int = 0
    star: bool = False

    @property
    def multi(self) -> bool:
        return self.colour == MULTI


def _mark(text: str) -> tuple[str, int, int, bool]:
    if text == "-":
        return "none", 0, 0, False
    if text == "*":
        return "star", 0, 0, True
    n = int(text[:-1])
    return (f"{n}s", n, 0, False) if text[-1] == "S" else (f"{n}x", 0, n, False)


def _cards() -> dict[str, Card]:
    out: dict[str, Card] = {}
    for colour, row in _TABLE.items():
        for item in row.split():
            number, mark = item.split(":")
            name, spirals, crosses, star = _mark(mark)
            card = Card(f"{colour}-{number}-{name}", colour, int(number), spirals, crosses, star)
            if card.id in out:
                raise ValueError(f"card {card.id} is listed twice")
            out[card.id] = card
    return out


CARDS: dict[str, Card] = _cards()
"""Every card by id, in the digest's order."""

DECK_SIZE = 70

ID_SHAPE = re.compile(r"(blue|green|yellow|red|multi)-([1-9])-(none|star|[1-9]s|[1-9]x)")


def cards_of_number(number: int) -> tuple[str, ...]:
    """The ids of the cards of ``number``: all a score pad's picker for space ``number`` needs (5 to 12)."""
    return tuple(c.id for c in CARDS.values() if c.number == number)


def numbers_of(colour: str) -> tuple[int, ...]:
    """The numbers that exist in ``colour`` (the multicolour cards: 2, 3, 4, 6, 7, 8)."""
    return tuple(sorted({c.number for c in CARDS.values() if c.colour == colour}))


def why_not_a_card(value: object) -> str:
    """Why ``value`` is not a card id, in words for the table: the ids of that colour and number that do
    exist when it has the shape of one (``multi-5-none``: there is no multicolour 5)."""
    if not isinstance(value, str):
        return f"{value!r} is not a card id (text such as 'blue-1-6s')"
    shown = repr(value) if len(value) <= 40 else repr(value[:40] + "…")
    match = ID_SHAPE.fullmatch(value)
    if match is None:
        return f"{shown} is not a card id: COLOUR-NUMBER-MARK, such as 'blue-1-6s', 'yellow-2-star', 'red-8-5x'"
    colour, number = match.group(1), int(match.group(2))
    word = "multicolour" if colour == MULTI else colour
    same = [c.id for c in CARDS.values() if c.colour == colour and c.number == number]
    if not same:
        listed = ", ".join(str(n) for n in numbers_of(colour))
        return f"there is no {word} {number} in Pixies: the {word} cards are {listed}"
    return f"{shown} is not a Pixies card; the {word} {number}s are {', '.join(same)}"
