"""Fort Boyard's share of the controller: the decks the table chose (the game's cards or the companion's),
the companion's own card drawn when a turn needs one (seeded: an undo draws the same card again), the
cards heard in earlier games and the cards that give one another away. No Kivy here."""

from __future__ import annotations

import random
import sqlite3
from typing import Any

from companion.content.draw import choose_card, games_ago
from companion.content.giveaways import conflicts, find_giveaways

DECK_KINDS = {"concentration": "concentration", "force": "force", "duel": "duel_questions", "enigme": "riddles"}
CARD_PHASES = {"challenge", "duel_result", "enigme"}


class FortBoyardTable:
    """The controller's Fort Boyard part (``controller.game_part`` during a Fort Boyard game)."""

    def __init__(self, controller: Any) -> None:
        self.c = controller
        self._conflicts: tuple[Any, dict] = (None, {})  # (language and packs, conflicts between cards)
        self._heard: tuple[Any, dict] = (None, {})  # (game id, games ago each earlier card was drawn)

    def deck_source(self, deck: str) -> str:
        return self.c.table.get("decks", {}).get(deck, "physical")

    def deck_items(self, deck: str) -> tuple:
        """The companion's cards of ``deck`` in the current language; riddles at the level chosen for
        the game ("mixed", "easy" or "hard")."""
        items = self.c.library.items(DECK_KINDS[deck], self.c.tr.language, self.c.enabled_packs())
        level = self.c.table.get("level", "mixed")
        if deck == "enigme" and level != "mixed":
            items = tuple(i for i in items if getattr(i, "level", level) == level)
        return items

    def card_item(self) -> Any | None:
        """The content item of this turn's companion card, found whatever the table's language became
        since it was drawn (the log records only its deck and id). In the table's language when that
        language has the card: one id is one card in every language (docs/content.md), so a family that
        switches to English mid-riddle hears the same riddle in English. Else in the language it was drawn
        in: a riddle written for French only stays in French until it is answered. Whatever the game's
        level too, which chose the card and must not hide it (an easy riddle may be hard in English)."""
        card = self.c.view.get("card")
        if not card or self.c.library is None:
            return None
        kind, packs = DECK_KINDS[card["deck"]], self.c.enabled_packs()
        for language in self._card_languages():
            found = next((i for i in self.c.library.items(kind, language, packs) if i.id == card["id"]), None)
            if found is not None:
                return found
        return None

    def _card_languages(self) -> list[str]:
        """Where a drawn card is looked for, in order: the table's language, the game's first language,
        then every language of the packs (the card was drawn in one of them)."""
        packs = (lang for p in self.c.library.packs for lang in p.languages)
        found = [self.c.tr.language, self.c.table.get("language"), *packs]
        return list(dict.fromkeys(lang for lang in found if isinstance(lang, str)))

    def deck_exhausted(self) -> bool:
        v = self.c.view
        return (
            v["phase"] in CARD_PHASES and v.get("space") in DECK_KINDS
            and self.deck_source(v["space"]) == "companion" and v.get("card") is None
        )

    def follow_up(self) -> dict[str, Any] | None:
        """After an accepted command (the controller asks): the companion's card when this turn needs one."""
        v = self.c.view
        deck = v.get("space")
        if deck not in DECK_KINDS or self.deck_source(deck) != "companion":
            return None
        cmd = self._card_command(deck)
        return None if cmd is None else self.c.session.handle(cmd)

    def draw_card(self, deck: str) -> dict[str, Any] | None:
        """Draw the companion's own card of ``deck`` for this turn, also when the table plays with the game's
        cards (a buzzer question duel needs a question); None when there is nothing to draw."""
        cmd = self._card_command(deck)
        return None if cmd is None else self.c.send(cmd)

    def _card_command(self, deck: str) -> dict[str, Any] | None:
        v = self.c.view
        if v["phase"] not in CARD_PHASES or v.get("card") or v.get("space") != deck or self.c.library is None:
            return None
        drawn = [(c[0], c[1]) for c in v.get("cards_drawn", [])]
        ids = sorted({i.id for i in self.deck_items(deck)} - {c for d, c in drawn if d == deck})
        # Seeded by the game and by how many cards were drawn, with the earlier games' cards (which do
        # not change during a game): an undo draws the same card again, and a replay reads it in the log.
        rng = random.Random(f"{v['seed']}:{deck}:{len(drawn)}")
        card = choose_card(deck, ids, drawn, self.card_conflicts(), self.heard_before(), rng)
        return None if card is None else {"cmd": "card", "deck": deck, "card": card}

    def card_conflicts(self) -> dict:
        """(deck, id) -> the cards it gives away or is given away by, among the enabled packs' items in
        the current language (companion.content.giveaways); worked out once per language and packs."""
        key = (self.c.tr.language, tuple(self.c.enabled_packs()))
        if self._conflicts[0] != key:
            items = {kind: self.c.library.items(kind, self.c.tr.language, key[1]) for kind in DECK_KINDS.values()}
            deck_of = {kind: deck for deck, kind in DECK_KINDS.items()}
            found = conflicts(find_giveaways(items))
            self._conflicts = (key, {
                (deck_of[k], i): frozenset((deck_of[ok], oi) for ok, oi in others)
                for (k, i), others in found.items()
            })
        return self._conflicts[1]

    def heard_before(self) -> dict:
        """(deck, id) -> how many games ago the table last heard it, from the log's earlier games."""
        game_id = self.c.session.game_id
        if self._heard[0] != game_id:
            try:
                history = self.c.session.log.drawn_cards(before_game=game_id)
            except sqlite3.Error:  # an unreadable history only loses the order, never the game
                history = []
            self._heard = (game_id, games_ago(history))
        return self._heard[1]
