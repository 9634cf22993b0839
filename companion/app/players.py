"""What shows a player at the table besides their colour: initials unique at the table.

A colour alone is never the only cue (a colour-blind player, a dim room): every chip, disc and button of a
player also carries their initials. Two players whose names start with the same letter get two letters,
"Ma" and "Mx", so that the initials alone tell everyone apart. No Kivy here: the setup screen, the play
screens and tests use it alike.
"""

from __future__ import annotations

from typing import Sequence


def initials(names: Sequence[str]) -> dict[str, str]:
    """Each name's initials, unique at the table, in seating order.

    A name whose first letter no one else's shares gets that letter alone ("Zoé" → "Z"). The others get
    their first letter and then the first later letter of their name that makes them unique, in seating
    order: "Marie-Christine" → "Ma", "Maximilien" → "Mx" ("Ma" is taken). When no letter of the name
    does it (names such as "Ann" and "Anne"), a digit follows the first letter ("A2").
    """
    firsts = [_first(n) for n in names]
    shared = {f.casefold() for f in firsts if sum(g.casefold() == f.casefold() for g in firsts) > 1}
    taken: set[str] = set()
    out: dict[str, str] = {}
    for name, first in zip(names, firsts):
        if first.casefold() not in shared:
            out[name] = first
            taken.add(first.casefold())
            continue
        chosen = None
        for c in _later_letters(name):
            candidate = first + c.lower()
            if candidate.casefold() not in taken:
                chosen = candidate
                break
        n = 2
        while chosen is None or chosen.casefold() in taken:
            chosen, n = f"{first}{n}", n + 1
        out[name] = chosen
        taken.add(chosen.casefold())
    return out


def _first(name: str) -> str:
    stripped = name.strip()
    letter = next((c for c in stripped if c.isalnum()), stripped[:1] or "?")
    return letter.upper()


def _later_letters(name: str) -> list[str]:
    """The letters after the first one, in order, each once."""
    letters = [c for c in name.strip() if c.isalpha()]
    seen, out = set(), []
    for c in letters[1:]:
        if c.casefold() not in seen:
            seen.add(c.casefold())
            out.append(c)
    return out
