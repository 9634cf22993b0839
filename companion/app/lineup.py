"""The table of an earlier game, to play again in one tap: "Same players as last time" on the setup
screen and "Rematch" on the podium. Read from the game log's ``new`` command (players in their seats,
their colours, the game's options), never from memory: a restart keeps it. The options are the game's
to read (``GameUI.options_of``): this module never knows what they are.

No Kivy here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from companion.app.controller import PlayerSetup
from companion.app.look.palette import LEGACY_PLAYER_COLOURS, PLAYER_COLOURS

COLOUR_IDS = tuple(c for c, _ in PLAYER_COLOURS)
MAX_PLAYERS = len(COLOUR_IDS)


@dataclass(frozen=True)
class Lineup:
    """Who sat where with which colour, at which game, and what the table chose for it."""

    players: tuple[PlayerSetup, ...]
    game: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)


def _options(game: str) -> Callable[[Mapping[str, Any]], dict]:
    from companion.app.game_ui import ui_for

    return ui_for(game).options_of


def lineup_of(start: Mapping[str, Any] | None) -> Lineup | None:
    """The lineup recorded in a game's ``new`` command; None when it is not one or names no table of
    2 to 6 players. The log is trusted no more than any input: an unknown or repeated colour is replaced
    by a free one; the game checks its own options (an unknown value becomes the box's default)."""
    if not isinstance(start, Mapping) or start.get("cmd") != "new":
        return None
    names = start.get("players")
    if not isinstance(names, list) or not 2 <= len(names) <= MAX_PLAYERS:
        return None
    if not all(isinstance(n, str) and n.strip() for n in names):
        return None
    game = start.get("game")
    try:
        options = _options(game)(start) if isinstance(game, str) else {}
    except Exception:  # noqa: BLE001 (a game no longer in this companion: no options to read)
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
    return Lineup(players, game, options)


def last_lineup(log, game: str | None = None) -> Lineup | None:
    """The lineup of the newest game (of ``game``'s kind when given) in the log that was not abandoned
    (finished or still going); None when there is none or the log cannot be read (the setup screen then
    simply offers no shortcut)."""
    try:
        if game is None:
            record = log.latest_game()
        else:
            record = next((g for g in log.games() if g.game == game and g.status != "abandoned"), None)
        if record is None:
            return None
        first = next(iter(log.active_commands(record.id)), None)
    except Exception:  # noqa: BLE001 (a log in use or damaged: no shortcut, and nothing breaks)
        return None
    return lineup_of(first.command if first is not None else None)


def rematch(controller) -> dict[str, Any]:
    """A new game (a new id in the log) of the same game, with the same players in the same seats and
    colours and the same options as the game shown; who starts is rolled by the die (or the game's own
    rule), as in any new game. The controller's answer."""
    lineup = lineup_of(controller.session.start_command)
    if lineup is None:
        return {"ok": False, "error": {"code": "no_game", "message": controller.tr("podium.no_rematch")}}
    return controller.start_game(lineup.game, list(lineup.players), lineup.options)
