"""What the table heard in its recent games, read from the log: the cards drawn, the code words dealt and
the questions asked, so that each game deals the least recently heard first. A row that does not read is
skipped: history must never stop a game."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator


class RecentContent:
    """The recent-content look-ups of :class:`~companion.store.log.GameLog` (which opens ``db``)."""

    db: sqlite3.Connection

    def _recent_commands(self, word: str, before_game: int | None, games: int,
                         game: str | None = None) -> Iterator[tuple[int, dict]]:
        """``(game id, command)`` of the commands (not undone) whose text holds ``"word"``, in the ``games``
        most recent games (of kind ``game``, when one is named) before ``before_game`` (all games when
        None), oldest first. A row that does not read as a JSON object is skipped: history must never
        stop a game."""
        kind = " AND game = ?" if game is not None else ""
        rows = self.db.execute(
            "SELECT game_id, CAST(command AS BLOB) FROM commands WHERE undone_at IS NULL AND command LIKE ? "
            f"AND game_id IN (SELECT id FROM games WHERE id < ?{kind} ORDER BY id DESC LIMIT ?) ORDER BY id",
            (f'%"{word}"%', before_game if before_game is not None else 2**62,
             *((game,) if game is not None else ()), games),
        )
        for game_id, text in rows:
            try:
                command = json.loads(text)
            except (ValueError, RecursionError, TypeError):
                continue
            if isinstance(command, dict):
                yield game_id, command

    def drawn_cards(self, before_game: int | None = None, games: int = 100) -> list[tuple[int, str, str]]:
        """``(game id, deck, card id)`` of the companion cards drawn (not undone) in the ``games`` most
        recent games before ``before_game`` (all games when None), for drawing the least heard first.
        A row that does not read as a card command is skipped: history must never stop a game."""
        found = []
        for game_id, command in self._recent_commands("card", before_game, games):
            deck, card = command.get("deck"), command.get("card")
            if command.get("cmd") == "card" and isinstance(deck, str) and isinstance(card, str):
                found.append((game_id, deck, card))
        return found

    def dealt_words(self, before_game: int | None = None, games: int = 100) -> list[tuple[int, str, str]]:
        """``(game id, "code_word", word id)`` of the code words the companion dealt (not undone) in the
        ``games`` most recent games before ``before_game``, in the shape of :meth:`drawn_cards`, so that
        the words of the table's recent games are dealt last. Unreadable rows are skipped."""
        found = []
        for game_id, command in self._recent_commands("deal", before_game, games):
            deal = command.get("deal")
            if isinstance(deal, dict):
                found += [(game_id, "code_word", e["id"]) for e in deal.values()
                          if isinstance(e, dict) and isinstance(e.get("id"), str)]
        return found

    def asked_questions(self, game: str, before_game: int | None = None, games: int = 100) -> list[tuple[int, str]]:
        """``(game id, question id)`` of the questions asked (not undone) in the ``games`` most recent games
        of kind ``game`` before ``before_game``: a command's ``question`` field or a ``question`` command
        (a game's quiz questions), so that the table's recently heard questions come last. Unreadable rows
        are skipped: history must never stop a game."""
        found = []
        for game_id, command in self._recent_commands("question", before_game, games, game):
            asked = command if command.get("cmd") == "question" else command.get("question")
            if isinstance(asked, dict) and isinstance(asked.get("id"), str):
                found.append((game_id, asked["id"]))
        return found
