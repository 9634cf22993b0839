"""The table of an earlier game, to play again in one tap: "Same players as last time" on the setup
screen and "Rematch" on the podium. Read from the game log's ``new`` command (players in their seats,
their colours, the cards and level chosen), never from memory: a restart keeps it.

No Kivy here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from companion.app.controller import DECK_KINDS, PlayerSetup
from companion.app.look.palette import LEGACY_PLAYER_COLOURS, PLAYER_COLOURS

COLOUR_IDS = tuple(c for c, _ in PLAYER_COLOURS)
MAX_PLAYERS = len(COLOUR_IDS)


@dataclass(frozen=True)
class Lineup:
    """Who sat where with which colour, and the cards the table chose."""

    players: tuple[PlayerSetup, ...]
    card_text: str = "red"
    decks: tuple[tuple[str, str], ...] = tuple((d, "physical") for d in DECK_KINDS)
    level: str = "mixed"

    def deck_sources(self) -> dict[str, str]:
        return dict(self.decks)


def lineup_of(start: Mapping[str, Any] | None) -> Lineup | None:
    """The lineup recorded in a game's ``new`` command; None when it is not one or names no table of
    2 to 6 players. The log is trusted no more than any input: an unknown or repeated colour is replaced
    by a free one, an unknown deck source or level by the default."""
    if not isinstance(start, Mapping) or start.get("cmd") != "new":
        return None
    names = start.get("players")
    if not isinstance(names, list) or not 2 <= len(names) <= MAX_PLAYERS:
        return None
    if not all(isinstance(n, str) and n.strip() for n in names):
        return None
    table = start.get("table") if isinstance(start.get("table"), Mapping) else {}
    saved = table.get("colours") if isinstance(table.get("colours"), Mapping) else {}
    colours: list[str | None] = []
    for name in names:
        colour = saved.get(name.strip())
        colour = LEGACY_PLAYER_COLOURS.get(colour, colour) if isinstance(colour, str) else None
        colours.append(colour if colour in COLOUR_IDS and colour not in colours else None)
    free = [c for c in COLOUR_IDS if c not in colours]
    players = tuple(PlayerSetup(n.strip(), c if c is not None else free.pop(0)) for n, c in zip(names, colours))
    decks = table.get("decks") if isinstance(table.get("decks"), Mapping) else {}
    sources = tuple((d, decks.get(d) if decks.get(d) in ("physical", "companion") else "physical") for d in DECK_KINDS)
    card_text = table.get("card_text") if table.get("card_text") in ("red", "blue") else "red"
    level = table.get("level") if table.get("level") in ("mixed", "easy", "hard") else "mixed"
    return Lineup(players, card_text, sources, level)


def last_lineup(log) -> Lineup | None:
    """The lineup of the newest game in the log that was not abandoned (finished or still going); None
    when there is none or the log cannot be read (the setup screen then simply offers no shortcut)."""
    try:
        record = log.latest_game()
        if record is None:
            return None
        first = next(iter(log.active_commands(record.id)), None)
    except Exception:  # noqa: BLE001 (a log in use or damaged: no shortcut, and nothing breaks)
        return None
    return lineup_of(first.command if first is not None else None)


def rematch(controller) -> dict[str, Any]:
    """A new game (a new id in the log) with the same players in the same seats and colours and the same
    cards as the game shown; who starts is rolled by the die, as in any new game. The controller's answer."""
    lineup = lineup_of(controller.session.start_command)
    if lineup is None:
        return {"ok": False, "error": {"code": "no_game", "message": controller.tr("podium.no_rematch")}}
    return controller.new_game(list(lineup.players), None, lineup.card_text, lineup.deck_sources(),
                               level=lineup.level)
