"""Between the screens and the game session: commands in, state out, plus what the table chose at the
start (colours, decks) and the companion's own cards. No Kivy here, so it is tested on its own."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass
from typing import Any, Callable

from companion.app.table.language import Translator
from companion.app.settings import Settings
from companion.app.theme import PLAYER_COLOURS
from companion.content.draw import choose_card, games_ago
from companion.content.giveaways import conflicts, find_giveaways
from companion.session import GameSession

DECK_KINDS = {"concentration": "concentration", "force": "force", "duel": "duel_questions", "enigme": "riddles"}
CARD_PHASES = {"challenge", "duel_result", "enigme"}


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    colour: str  # a name from theme.PLAYER_COLOURS


class Controller:
    """Sends commands to the session and keeps what the screens need to draw the game."""

    def __init__(self, session: GameSession, settings: Settings, library: Any = None,
                 tr: Translator | None = None) -> None:
        self.session = session
        self.settings = settings
        self.library = library
        self.tr = tr or Translator(settings.language)
        self.listeners: list[Callable[[dict], None]] = []
        self._conflicts: tuple[Any, dict] = (None, {})  # (language and packs, conflicts between cards)
        self._heard: tuple[Any, dict] = (None, {})  # (game id, games ago each earlier card was drawn)

    # --- state -------------------------------------------------------------------------------------

    @property
    def view(self) -> dict[str, Any]:
        return self.session.view()

    @property
    def in_progress(self) -> bool:
        v = self.view
        return v["game"] is not None and v["phase"] != "over"

    @property
    def table(self) -> dict[str, Any]:
        """The table's options recorded with the game's ``new`` command."""
        start = self.session.start_command or {}
        return start.get("table", {})

    def colour_of(self, name: str) -> str:
        colours = self.table.get("colours", {})
        if name in colours:
            return colours[name]
        names = [p["name"] for p in self.view["players"]]
        i = names.index(name) if name in names else 0
        return PLAYER_COLOURS[i % len(PLAYER_COLOURS)][0]

    def deck_source(self, deck: str) -> str:
        return self.table.get("decks", {}).get(deck, "physical")

    # --- commands ----------------------------------------------------------------------------------

    def send(self, command: dict[str, Any]) -> dict[str, Any]:
        """Send a command; after it, draw the companion's card when this turn needs one."""
        answer = self.session.handle(command)
        if answer["ok"]:
            drawn = self._draw_card_if_needed()
            if drawn is not None and drawn["ok"]:
                answer = {**drawn, "events": answer["events"] + drawn["events"]}
        for listener in list(self.listeners):
            listener(answer)
        return answer

    def new_game(self, players: list[PlayerSetup], first: str | None, card_text: str,
                 decks: dict[str, str], seed: int | None = None, level: str = "mixed",
                 code_words: str = "cards", levels: dict[str, str] | None = None) -> dict[str, Any]:
        cmd: dict[str, Any] = {
            "cmd": "new",
            "game": "fort-boyard",
            "players": [p.name for p in players],
            "house_rules": self.settings.house_rules(),
            "table": {
                "colours": {p.name.strip(): p.colour for p in players},
                "card_text": card_text,
                "decks": decks,
                "level": level,
                "language": self.tr.language,
            },
        }
        if code_words == "companion":  # the companion deals the code words at Round 2 (docs/headless.md)
            cmd.update({"code_words": "companion", "levels": dict(levels or {}), "language": self.tr.language})
        if first:
            cmd["first"] = first
        if seed is not None:
            cmd["seed"] = seed
        return self.send(cmd)

    def undo(self) -> dict[str, Any]:
        """Take back the last thing the table did; a card the companion drew goes with what caused it."""
        answer = self.session.handle({"cmd": "undo"})
        if answer["ok"] and answer["events"][0]["command"].get("cmd") == "card":
            again = self.session.handle({"cmd": "undo"})
            if again["ok"]:
                answer = again
        for listener in list(self.listeners):
            listener(answer)
        return answer

    def redo(self) -> dict[str, Any]:
        """Bring back what undo took back; a card the companion drew comes back with what caused it."""
        answer = self.session.handle({"cmd": "redo"})
        if answer["ok"] and (self.session.redoable() or {}).get("cmd") == "card":
            again = self.session.handle({"cmd": "redo"})
            if again["ok"]:
                answer = again
        for listener in list(self.listeners):
            listener(answer)
        return answer

    def redo_label(self) -> str | None:
        """What redo would bring back, in words; None when there is nothing to redo."""
        if self.view.get("game") is None:
            return None
        cmd = self.session.redoable()
        return None if cmd is None else self.describe(cmd)

    def undo_label(self) -> str | None:
        """What undo would take back, in words; None when nothing can be undone."""
        v = self.view
        last = v.get("last_command")
        if not v.get("can_undo") or not last:
            return None
        if last.get("cmd") == "card":
            commands = self.session.commands
            last = commands[-2] if len(commands) > 2 else last
        return self.tr("common.undo", what=self.describe(last))

    def describe(self, cmd: dict[str, Any]) -> str:
        tr = self.tr
        name = cmd.get("cmd")
        if name == "land":
            return tr("space." + cmd.get("space", "door")) if cmd.get("space") in _SPACES else str(cmd.get("space"))
        if name == "stake":
            return tr("undo.stake", stake=tr("common." + cmd["stake"]))
        if name == "opponent":
            return tr("undo.opponent", player=cmd["player"])
        if name == "result":
            if "winner" in cmd:
                return tr("undo.result_winner", player=cmd["winner"])
            return tr("undo.result_success" if cmd.get("success") else "undo.result_failure")
        if name == "sea":
            return tr("sea.dive" if cmd.get("choice") == "dive" else "sea.abandon")
        if name in ("propose", "pass", "draw"):
            return tr("undo." + name, player=cmd.get("player", ""))
        if name in ("dive", "card", "new"):
            return tr("undo." + name)
        return name or "?"

    # --- the companion's own cards -------------------------------------------------------------------

    def enabled_packs(self) -> list[str]:
        """The content packs the table uses (all valid ones but those switched off in settings)."""
        if self.library is None:
            return []
        return [p.id for p in self.library.packs if p.id not in self.settings.disabled_packs]

    def deck_items(self, deck: str) -> tuple:
        """The companion's cards of ``deck`` in the current language; riddles at the level chosen for
        the game ("mixed", "easy" or "hard")."""
        items = self.library.items(DECK_KINDS[deck], self.tr.language, self.enabled_packs())
        level = self.table.get("level", "mixed")
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
        card = self.view.get("card")
        if not card or self.library is None:
            return None
        kind, packs = DECK_KINDS[card["deck"]], self.enabled_packs()
        for language in self._card_languages():
            found = next((i for i in self.library.items(kind, language, packs) if i.id == card["id"]), None)
            if found is not None:
                return found
        return None

    def _card_languages(self) -> list[str]:
        """Where a drawn card is looked for, in order: the table's language, the game's first language,
        then every language of the packs (the card was drawn in one of them)."""
        packs = (lang for p in self.library.packs for lang in p.languages)
        found = [self.tr.language, self.table.get("language"), *packs]
        return list(dict.fromkeys(lang for lang in found if isinstance(lang, str)))

    def deck_exhausted(self) -> bool:
        v = self.view
        return (
            v["phase"] in CARD_PHASES and v.get("space") in DECK_KINDS
            and self.deck_source(v["space"]) == "companion" and v.get("card") is None
        )

    def _draw_card_if_needed(self) -> dict[str, Any] | None:
        v = self.view
        deck = v.get("space")
        if deck not in DECK_KINDS or self.deck_source(deck) != "companion":
            return None
        cmd = self._card_command(deck)
        return None if cmd is None else self.session.handle(cmd)

    def draw_card(self, deck: str) -> dict[str, Any] | None:
        """Draw the companion's own card of ``deck`` for this turn, also when the table plays with the game's
        cards (a buzzer question duel needs a question); None when there is nothing to draw."""
        cmd = self._card_command(deck)
        return None if cmd is None else self.send(cmd)

    def _card_command(self, deck: str) -> dict[str, Any] | None:
        v = self.view
        if v["phase"] not in CARD_PHASES or v.get("card") or v.get("space") != deck or self.library is None:
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
        key = (self.tr.language, tuple(self.enabled_packs()))
        if self._conflicts[0] != key:
            items = {kind: self.library.items(kind, self.tr.language, key[1]) for kind in DECK_KINDS.values()}
            deck_of = {kind: deck for deck, kind in DECK_KINDS.items()}
            found = conflicts(find_giveaways(items))
            self._conflicts = (key, {
                (deck_of[k], i): frozenset((deck_of[ok], oi) for ok, oi in others)
                for (k, i), others in found.items()
            })
        return self._conflicts[1]

    def heard_before(self) -> dict:
        """(deck, id) -> how many games ago the table last heard it, from the log's earlier games."""
        game_id = self.session.game_id
        if self._heard[0] != game_id:
            try:
                history = self.session.log.drawn_cards(before_game=game_id)
            except sqlite3.Error:  # an unreadable history only loses the order, never the game
                history = []
            self._heard = (game_id, games_ago(history))
        return self._heard[1]


_SPACES = ("door", "concentration", "force", "duel", "enigme", "prison", "passe_partout")
