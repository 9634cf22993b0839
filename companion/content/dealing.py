"""The companion's code words at the table: which word each player is dealt, and whether a typed
proposal is their word. An adapter between the pure rules and the content packs (it reads files).

The session calls :meth:`CodeWordContent.deal` when Round 2 starts with companion code words; the words
it returns travel in the ``deal`` field of the command and are recorded in the game log with their clues,
so replay and resume never read the packs again.
"""

from __future__ import annotations

import random
import sqlite3
from typing import Any, Callable, Iterable, Mapping

from companion.content.draw import choose_card, games_ago
from companion.content.library import Library, load_library
from companion.content.matching import is_accepted

DECK = "code_word"


def deal_words(
    items: Iterable[Any],
    levels: Mapping[str, str],
    history: Iterable[tuple[int, str, str]],
    rng: random.Random,
) -> dict[str, dict[str, Any]] | None:
    """A word for each player of ``levels`` (name -> level, in seating order), or None when the packs
    hold fewer words than players. No word twice at the table; words never dealt at this table first,
    then those dealt longest ago (``history``: the log's ``(game id, deck, id)`` of earlier games)."""
    by_id = {item.id: item for item in items}
    heard = games_ago(history)
    drawn: list[tuple[str, str]] = []
    used_words: set[str] = set()
    deal: dict[str, dict[str, Any]] = {}
    for name, level in levels.items():
        candidates = sorted(
            i for i, item in by_id.items()
            if (DECK, i) not in drawn and item.word.casefold() not in used_words and len(item.clues(level)) == 4
        )
        chosen = choose_card(DECK, candidates, drawn, {}, heard, rng)
        if chosen is None:
            return None
        item = by_id[chosen]
        drawn.append((DECK, chosen))
        used_words.add(item.word.casefold())
        deal[name] = {
            "id": item.id,
            "word": item.word,
            "clues": list(item.clues(level)),
            "accept": list(item.accept),
            "reject": list(item.reject),
        }
    return deal


class CodeWordContent:
    """The packs' code words for a session: dealing and judging. The library is read on first use."""

    def __init__(self, library: Callable[[], Library] = load_library,
                 enabled: Callable[[], Iterable[str] | None] = lambda: None) -> None:
        self._load = library
        self._library: Library | None = None
        self._enabled = enabled

    def items(self, language: str) -> tuple[Any, ...]:
        if self._library is None:
            self._library = self._load()
        return self._library.items("code_words", language, self._enabled())

    def deal(self, log: Any, game_id: int | None, state: Any) -> dict[str, dict[str, Any]] | None:
        """The ``deal`` for ``state`` (a game waiting for its words), seeded by the game: an undo deals the
        same words again."""
        try:
            history = log.dealt_words(before_game=game_id)
        except (sqlite3.Error, AttributeError):  # an unreadable history only loses the order, never the game
            history = []
        levels = {p.name: p.level or "easy" for p in state.players}
        rng = random.Random(f"{state.seed}:{DECK}")
        return deal_words(self.items(state.language), levels, history, rng)

    @staticmethod
    def judge(typed: str, card: Any, language: str) -> bool:
        """The answer matcher's verdict on a typed proposal for a dealt ``card`` (the log's copy)."""
        return is_accepted(typed, card.answers, card.reject, language)
