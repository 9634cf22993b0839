"""Initials that tell the players apart at a glance: each player's disc carries one, and two players of
the table never carry the same ("Marie" and "Maximilien" become "Ma" and "Mx", not "M" twice), so that
colour is never the only cue (issue 13: a colour-blind player could not tell orange M from vermillion M).

No Kivy here: the rule is plain Python and tested on its own."""

from __future__ import annotations

import unicodedata

WORD_PARTS = (" ", "-", "'", "’", ".")  # what parts "Marie-Christine" or "Jean Paul" into words


def _plain(text: str) -> str:
    """Case and accents folded: "É" and "e" look alike across a table, so they count as the same."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _lead(name: str) -> str:
    """The first letter or digit of ``name`` ("-Éloi" starts with "É"), else its first character."""
    return next((c for c in name if c.isalnum()), name[0])


def _candidates(name: str) -> list[str]:
    """Two-character initials for ``name``, best first: first letter and the first letter of the next
    word ("Marie-Christine": "MC"), then the first letter with each later letter in turn ("Ma", "Mr"...)."""
    first = _lead(name).upper()
    words = name
    for sep in WORD_PARTS:
        words = words.replace(sep, " ")
    parts = [w for w in words.split(" ") if w]
    found = []
    if len(parts) > 1:
        found.append(first + parts[1][0].upper())
    found += [first + ch.lower() for ch in name[name.index(_lead(name)) + 1:] if ch.isalnum()]
    return list(dict.fromkeys(found))  # in order, each once


def _several_words(name: str) -> bool:
    for sep in WORD_PARTS:
        name = name.replace(sep, " ")
    return len([w for w in name.split(" ") if w]) > 1


def unique_initials(names: list[str]) -> dict[str, str]:
    """Each name's initial: its first letter when no other name at the table starts with the same one
    (accents and case aside) and it is one word; a name of several words always its words' initials
    ("Marie-Christine" is "MC" at every table, so the same person carries the same disc in setup, play,
    podium and history); else two characters no other player has; a name of one letter that clashes
    gets a number ("M2"). Names are taken as written (surrounding blanks ignored); an empty name gets "?"."""
    cleaned = [n.strip() for n in names]
    firsts: dict[str, int] = {}
    for name in cleaned:
        if name:
            firsts[_plain(_lead(name))] = firsts.get(_plain(_lead(name)), 0) + 1
    taken: set[str] = set()
    result: dict[str, str] = {}
    for original, name in zip(names, cleaned):
        if not name:
            result[original] = "?"
            continue
        if firsts[_plain(_lead(name))] == 1 and not _several_words(name):
            initial = _lead(name).upper()
        else:
            initial = next((c for c in _candidates(name) if _plain(c) not in taken), None)
            n = 2
            while initial is None or _plain(initial) in taken:  # "M" and "M": a number tells them apart
                initial = f"{_lead(name).upper()}{n}"
                n += 1
        taken.add(_plain(initial))
        result[original] = initial
    return result
