"""Forfort games set up at each of its screens, for screenshots and tests: four forts in a realistic
mid-game (walls plain and protected, a drawbridge symbol and its token, camps, armies of three colours
heading along the edges), long names on purpose: the layout must hold the longest names a family types."""

from __future__ import annotations

from typing import Callable

from companion.app.controller import PlayerSetup
from companion.app.scenario_kit import close_overlays, fresh_session, play
from companion.app.scenario_kit import screen as _screen
from companion.app.theme import PLAYER_COLOURS

NAMES = ["Marie-Christine", "Jean-Baptiste", "Zoé", "Maximilien"]
MC, JB, ZO, MX = NAMES


def fresh_game(app, players: int = 4, teams: bool = False, **options) -> dict:
    """A new Forfort game in a fresh in-memory log, Marie-Christine first."""
    close_overlays()
    app.ensure_game("forfort")
    c = fresh_session(app)
    setups = [PlayerSetup(n, PLAYER_COLOURS[i][0]) for i, n in enumerate(NAMES[:players])]
    return c.start_game("forfort", setups, {"teams": teams, **options}, first=MC, seed=4)


END = {"cmd": "end_turn"}
CAMPS = [{"cmd": "camp", "space": s} for s in ("sw", "ne", "n", "nw")]  # MC, JB, Zoé, Max


def wall(space: str, protected: bool = False, drawbridge: bool = False) -> dict:
    return {"cmd": "build", "space": space, "protected": protected, "drawbridge": drawbridge}


def _script(app) -> list[dict]:
    """Three rounds: Marie-Christine's fort half built (a protected wall with the drawbridge symbol),
    Zoé's army in and out of it, Jean-Baptiste's drawbridge lowered, Maximilien's army in Zoé's fort."""
    return [*CAMPS,
            wall("n", protected=True), END,                                            # MC
            wall("e", drawbridge=True), END,                                           # JB
            {"cmd": "army", "fort": MC, "space": "s", "direction": "w"}, END,          # Zoé
            wall("w"), END,                                                            # Max
            wall("nw"), END,                                                           # MC
            {"cmd": "destroy", "fort": MX, "space": "w"}, END,                         # JB; Zoé's army marches
            wall("se"), END,                                                           # Zoé
            {"cmd": "army", "fort": ZO, "space": "e", "direction": "s"}, END,          # Max
            wall("ne", protected=True, drawbridge=True), END,                          # MC
            wall("s"), {"cmd": "drawbridge", "space": "e"}, END, wall("w"), END,       # JB twice
            wall("s")]                                                                 # Zoé; END: Max marches


def mid_game(app) -> None:
    """Marie-Christine's fourth turn, her action to play."""
    fresh_game(app)
    play(app, *_script(app), END, wall("n"), END)


def _play_screen(app, shown: str | None = None, picked: str | None = None, pair: str | None = None) -> None:
    screen = app.sm.get_screen("forfort_play")
    screen.shown, screen.picked, screen.pair = shown, picked, pair  # an earlier picture's never stays
    app.show_phase()
    screen.shown, screen.picked, screen.pair = shown, picked, pair
    screen.rebuild()


def _setup(app) -> None:
    fresh_game(app)
    play(app, *CAMPS[:2])
    _play_screen(app)


def _action(app, shown=None, picked=None) -> None:
    mid_game(app)
    _play_screen(app, shown, picked)


def _combo(app) -> None:
    """Marie-Christine has built and named a pair of Garrisons: Maximilien's framed space touched."""
    mid_game(app)
    play(app, wall("e"))
    _play_screen(app, MX, "e", pair="garrison")


def _pair_ram(app) -> None:
    """Marie-Christine has named a pair of Rams: only the cards on her opponents' front lines are framed."""
    mid_game(app)
    play(app, wall("e"))
    _play_screen(app, pair="ram")


def _pair(app) -> None:
    """Marie-Christine has built: the question "which pair?", with "No pair"."""
    mid_game(app)
    play(app, wall("e"))
    _play_screen(app)


def _end(app) -> None:
    mid_game(app)
    play(app, {"cmd": "destroy", "fort": JB, "space": "s"})
    _play_screen(app)


def _marches(app) -> None:
    """Maximilien's turn starts: his army enters Zoé's bottom-right space and destroys her wall."""
    fresh_game(app)
    play(app, *_script(app))
    app.send(END)  # through the app: the marches screen comes from the answer


def autoplay_until(app, done, seed: int = 7, limit: int = 600) -> None:
    """Random legal commands (companion.games.forfort.autoplay) until ``done(view)``."""
    import random

    from companion.games.forfort.autoplay import legal_command

    rng = random.Random(seed)
    for _ in range(limit):
        v = app.controller.view
        if done(v) or v["phase"] == "over":
            return
        cmd = legal_command(v, rng)
        answer = app.controller.send(cmd)
        if not answer["ok"]:  # a legal guess the rules refuse (a protected wall): the turn ends instead
            play(app, {"cmd": "discard"} if "discard" in v["expects"] else END)


def _ending(app) -> None:
    fresh_game(app)
    play(app, *_script(app))
    autoplay_until(app, lambda v: v.get("ending") and v["phase"] == "action")
    _play_screen(app)


def _podium(app, teams: bool = False) -> None:
    fresh_game(app, teams=teams)
    autoplay_until(app, lambda v: False, seed=11 if teams else 5)
    app.show_phase()


def _teams(app) -> None:
    """Two teams (Marie-Christine and Zoé against Jean-Baptiste and Maximilien): Jean-Baptiste's army has
    marched into Marie-Christine's fort; her teammate Zoé's fort shown large."""
    fresh_game(app, teams=True)
    play(app, *CAMPS, wall("n"), END, {"cmd": "army", "fort": MC, "space": "s", "direction": "w"}, END,
         {"cmd": "army", "fort": JB, "space": "s", "direction": "e"}, END, wall("w"), END, wall("ne"), END,
         wall("e"), END, wall("s"), END, wall("e"), END)  # JB's army took MC's camp; Zoé's went on in JB's fort
    _play_screen(app, ZO)


def _options(app, page: int = 1) -> None:
    fresh_game(app)
    screen = app.sm.get_screen("new_game")
    screen.reset_form("forfort")
    screen.rows = [{"name": n, "colour": PLAYER_COLOURS[i][0]} for i, n in enumerate(NAMES)]
    screen.step = 1 + page  # step 2: the options' first page
    app.go("new_game")


def _help(app) -> None:
    _action(app)
    app.current_screen().show_rule("march")


SCENARIOS: dict[str, Callable[[object], str]] = {
    "camps": _screen("forfort_play", _setup),
    "action": _screen("forfort_play", _action),
    "build": _screen("forfort_play", lambda app: _action(app, MC, "e")),
    "attack": _screen("forfort_play", lambda app: _action(app, JB, "s")),
    "army": _screen("forfort_play", lambda app: _action(app, MX, "e")),
    "siege": _screen("forfort_play", lambda app: _action(app, ZO, "dungeon")),
    "combo": _screen("forfort_play", _combo),
    "pair": _screen("forfort_play", _pair),
    "pair-ram": _screen("forfort_play", _pair_ram),
    "end-turn": _screen("forfort_play", _end),
    "teams": _screen("forfort_play", _teams),
    "marches": _screen("forfort_marches", _marches),
    "ending": _screen("forfort_play", _ending),
    "rules": _screen("forfort_play", _help),
    "forfort-options": _screen("new_game", _options),
    "forfort-house-rules": _screen("new_game", lambda app: _options(app, page=2)),
    "podium": _screen("forfort_podium", _podium),
    "podium-teams": _screen("forfort_podium", lambda app: _podium(app, teams=True)),
}
