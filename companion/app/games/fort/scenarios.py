"""Fort games set up at each of its screens, for screenshots and tests: four kids' forts in a realistic
mid-game (points on the victory track, forts at levels 0–2, made-up rules and perks taken, the park deck
running down), long names on purpose: the layout must hold the longest names a family types."""

from __future__ import annotations

from typing import Callable

from companion.app.controller import PlayerSetup
from companion.app.scenario_kit import close_overlays, fresh_session, play
from companion.app.scenario_kit import screen as _screen
from companion.app.theme import PLAYER_COLOURS

NAMES = ["Marie-Christine", "Jean-Baptiste", "Zoé", "Maximilien"]
MC, JB, ZO, MX = NAMES
END = {"cmd": "end_turn"}


def fresh_game(app, players: int = 4, **options) -> dict:
    """A new Fort game in a fresh in-memory log, Marie-Christine first."""
    close_overlays()
    app.ensure_game("fort")
    c = fresh_session(app)
    setups = [PlayerSetup(n, PLAYER_COLOURS[i][0]) for i, n in enumerate(NAMES[:players])]
    return c.start_game("fort", setups, {"park_deck": 30, **options}, first=MC, seed=4)


def pts(player: str, n: int) -> dict:
    return {"cmd": "points", "player": player, "points": n}


def follow(*answers: bool) -> list[dict]:
    """The others' answers in turn from the leader's left (the app's view says who is awaited)."""
    return [{"cmd": "follow", "follows": a} for a in answers]


def run(app, script: list[dict]) -> None:
    for cmd in script:
        if cmd["cmd"] == "follow":
            cmd = {**cmd, "player": app.controller.view["follower"]}
        play(app, cmd)


def round_one() -> list[dict]:
    return [
        {"cmd": "play", "suit": "book", "resource": "pizza"}, *follow(True, False, True), pts(MC, 2), pts(MX, 2),
        {"cmd": "recruit", "from": "park"}, END,
        {"cmd": "play", "suit": "shovel", "resource": "none"}, *follow(True, False, False),
        {"cmd": "level", "player": JB, "level": 1}, {"cmd": "rule", "player": JB, "rule": "sleepover"},
        {"cmd": "recruit", "from": "yard"}, END,
        {"cmd": "play", "suit": None}, pts(ZO, 3), {"cmd": "recruit", "from": "deck"}, END,
        {"cmd": "play", "suit": "crown", "resource": "toys"}, *follow(True, True, False), pts(MX, 1),
        {"cmd": "level", "player": MX, "level": 1}, {"cmd": "rule", "player": MX, "rule": "play-palace"},
        {"cmd": "recruit", "from": "park"}, END,
    ]


def mid_game(app) -> None:
    """Marie-Christine's second turn (the cleanup applies), after a round of play."""
    fresh_game(app)
    run(app, round_one() + [pts(MC, 6), {"cmd": "level", "player": MC, "level": 1},
                            {"cmd": "rule", "player": MC, "rule": "pizza-party"}, pts(JB, 5)])


def _turn(app, *more: dict) -> None:
    mid_game(app)
    run(app, list(more))
    turn = app.sm.get_screen("fort_turn")  # no card chosen yet: an earlier picture's choice is not this one's
    turn.selected, turn.declared, turn.resource = None, None, "none"
    app.show_phase()


def _ask(app) -> None:
    """Marie-Christine reaches level 2: the perk to take (her rule was asked at level 1)."""
    _turn(app, {"cmd": "level", "player": MC, "level": 2})


def _ask_rule(app) -> None:
    _turn(app, {"cmd": "level", "player": ZO, "level": 1})


def _last_round(app) -> None:
    """Jean-Baptiste reaches 25 points while following: the last round, who still leads."""
    _turn(app, {"cmd": "play", "suit": "glue", "resource": "pizza"}, *follow(True), pts(JB, 20),
          *follow(False, True), {"cmd": "recruit", "from": "park"})


def to_final(app) -> None:
    _last_round(app)
    run(app, [END] + [c for _ in range(3) for c in ({"cmd": "play", "suit": None}, {"cmd": "recruit", "from": "park"}, END)])


def _final(app, counted: int = 1) -> None:
    to_final(app)
    counts = {JB: {"cards": 21}, MC: {"cards": 18, "pizza": 4}}
    run(app, [{"cmd": "final", "player": n, "counts": counts[n]} for n in (MC, JB)][:counted])
    app.show_phase()
    screen = app.sm.get_screen("fort_final")
    screen.of = None
    screen.rebuild()
    if counted == 1:  # Jean-Baptiste halfway through counting his cards
        for _ in range(3):
            screen.bump("cards", 5)


def _final_first(app, page: int = 0) -> None:
    """Marie-Christine's two questions (her Pizza Party's pizza, the cards for Sleepover): the first, or
    the second with the way back."""
    to_final(app)
    app.show_phase()
    screen = app.sm.get_screen("fort_final")
    screen.of = None
    screen.rebuild()
    screen.bump("pizza", 4)
    if page:
        screen.turn_page(1)
        screen.bump("cards", 5)


def _podium(app) -> None:
    to_final(app)
    run(app, [{"cmd": "final", "player": MC, "counts": {"cards": 18, "pizza": 4}},
              {"cmd": "final", "player": JB, "counts": {"cards": 21}},
              {"cmd": "final", "player": ZO, "counts": {"cards": 16}},
              {"cmd": "final", "player": MX, "counts": {"cards": 21, "crown": 5}}])
    app.show_phase()


def _sheet(app) -> None:
    """Jean-Baptiste's sheet, holding two perks (a table that plays with them all shows each)."""
    _turn(app, {"cmd": "perk", "player": JB, "perk": "birthday-party"}, {"cmd": "perk", "player": JB, "perk": "copy-cat"})
    app.current_screen().open_sheet(JB)


def _glossary(app) -> None:
    _turn(app)
    app.current_screen().show_rule("squirtgun")


def _options(app) -> None:
    fresh_game(app)
    screen = app.sm.get_screen("new_game")
    screen.reset_form("fort")
    screen.rows = [{"name": n, "colour": PLAYER_COLOURS[i][0]} for i, n in enumerate(NAMES)]
    screen.step = 2
    app.go("new_game")


SCENARIOS: dict[str, Callable[[object], str]] = {
    "play": _screen("fort_turn", _turn),
    "play-chosen": _screen("fort_turn", lambda app: (_turn(app), setattr(app.current_screen(), "selected", "squirtgun"),
                                                     setattr(app.current_screen(), "declared", None),
                                                     app.current_screen().rebuild())),
    "play-wild": _screen("fort_turn", lambda app: (_turn(app), setattr(app.current_screen(), "selected", "wild"),
                                                   setattr(app.current_screen(), "declared", "glue"),
                                                   app.current_screen().rebuild())),
    "follow": _screen("fort_turn", lambda app: _turn(app, {"cmd": "play", "suit": "skateboard", "resource": "none"},
                                                    *follow(True))),
    "recruit": _screen("fort_turn", lambda app: _turn(app, {"cmd": "play", "suit": None})),
    "last-round": _screen("fort_turn", _last_round),
    "last-round-play": _screen("fort_turn", lambda app: (_last_round(app), run(app, [END]), app.show_phase())),
    "ask-rule": _screen("fort_turn", _ask_rule),
    "ask-perk": _screen("fort_turn", _ask),
    "sheet": _screen("fort_turn", _sheet),
    "glossary": _screen("fort_turn", _glossary),
    "final": _screen("fort_final", _final),
    "final-first": _screen("fort_final", _final_first),
    "final-second": _screen("fort_final", lambda app: _final_first(app, 1)),
    "fort-options": _screen("new_game", _options),
    "podium": _screen("podium", _podium),
}
