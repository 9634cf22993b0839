"""Fort Boyard games brought to a moment of the evening by legal commands, for the scenarios (the
pictures of companion/app/games/fort_boyard/scenarios.py) and the tests: a fresh game of long names (the
layout must hold the longest names a family types), Rounds 2 and 3 reached, the hourglass frozen."""

from __future__ import annotations

from companion.app.controller import PlayerSetup
from companion.app.games.fort_boyard.cards import DECK_KINDS
from companion.app.games.fort_boyard.ui import new_game
from companion.app.scenario_kit import close_overlays, fresh_session, play
from companion.app.theme import PLAYER_COLOURS

__all__ = ["DOOR", "NAMES", "close_overlays", "companion_words_game", "fresh_game", "frozen_hourglass", "play",
           "to_round_2", "to_round_3", "win"]

NAMES = ["Marie-Christine", "Jean-Baptiste", "Zoé", "Maximilien", "Anne", "Bob"]


def fresh_game(app, players: int = 4, first: str | None = "Marie-Christine", decks: str = "companion") -> dict:
    """A new game in a fresh in-memory log, with the companion's own cards unless ``decks`` says not."""
    close_overlays()
    app.ensure_game("fort-boyard")  # its screens in the app, as a game of its kind being started does
    duel_screen = app.sm.get_screen("duel")
    kept = getattr(duel_screen, "buzzer_duel", None)
    if kept is not None:  # a duel of an earlier shot (same game id in a fresh log) starts afresh
        kept[1].close()
        duel_screen.buzzer_duel = None
    c = fresh_session(app)
    setups = [PlayerSetup(n, PLAYER_COLOURS[i][0]) for i, n in enumerate(NAMES[:players])]
    return new_game(c, setups, first, "red", {d: decks for d in DECK_KINDS}, seed=4)


def companion_words_game(app, players: int = 4) -> dict:
    """A new game whose code words the companion deals (issue 17), Jean-Baptiste at the hard level."""
    app.ensure_game("fort-boyard")
    c = fresh_session(app)
    setups = [PlayerSetup(n, PLAYER_COLOURS[i][0]) for i, n in enumerate(NAMES[:players])]
    levels = {n: "hard" if n == "Jean-Baptiste" else "easy" for n in NAMES[:players]}
    return new_game(c, setups, "Marie-Christine", "red", {d: "companion" for d in DECK_KINDS}, seed=4,
                      code_words="companion", levels=levels)


def win(space: str = "force") -> list[dict]:
    return [{"cmd": "land", "space": space}, {"cmd": "result", "success": True}]


DOOR = {"cmd": "land", "space": "door"}


def to_round_2(app) -> None:
    """Marie-Christine wins three keys while the others pass by the Door (4 players)."""
    for _ in range(2):
        play(app, *win(), DOOR, DOOR, DOOR)
    play(app, *win())


def to_round_3(app) -> None:
    """Round 2: everyone but Marie-Christine wins a key by riddle, then Jean-Baptiste collects his clues."""
    to_round_2(app)
    riddle_for_key = [{"cmd": "land", "space": "enigme"}, {"cmd": "stake", "stake": "key"},
                      {"cmd": "result", "success": True}]
    play(app, *riddle_for_key * 3, DOOR)
    play(app, *win(), DOOR, DOOR, DOOR)
    play(app, *win(), DOOR, DOOR, DOOR)
    play(app, *win())


def frozen_hourglass(app) -> None:
    """A full hourglass waiting to be started, so that screenshots are the same every time."""
    app.ring.hourglass(app.settings.hourglass_seconds, paused=True)

