"""Pixies games set up at each of its screens, for ``companion shots`` and the tests: long names on
purpose (the layout must hold what a family types), mid-game states reached by legal commands."""

from __future__ import annotations

import random
from typing import Any, Callable

from companion.app.controller import PlayerSetup
from companion.app.scenario_kit import close_overlays, fresh_session, play
from companion.app.scenario_kit import screen as _screen
from companion.app.theme import PLAYER_COLOURS
from companion.games.pixies.autoplay import legal_command

NAMES = ["Marie-Christine", "Jean-Baptiste", "Zoé", "Maximilien", "Anne"]

# The digest's worked example (round 2 there; 41 points): a grid a table could enter.
EXAMPLE = [{"up": "blue-1-6s"}, {"up": "yellow-2-star", "validated": True}, {"up": "multi-3-none", "validated": True},
           "down", {"up": "yellow-5-2x", "validated": True}, {"up": "yellow-6-none"},
           {"up": "green-7-2x", "validated": True}, {"up": "green-8-2x"}, {"up": "blue-9-1x", "validated": True}]
SECOND = [{"up": "red-1-3s"}, {"up": "red-2-5s", "validated": True}, {"up": "red-3-4s"}, {"up": "green-4-4s"},
          {"up": "red-5-star", "validated": True}, "down", {"up": "red-7-4x"}, None, {"up": "red-9-none", "validated": True}]
THIRD = [{"up": "green-1-5s", "validated": True}, {"up": "green-2-3s"}, {"up": "green-3-star"}, "down",
         {"up": "blue-5-none"}, {"up": "blue-6-1s", "validated": True}, None, {"up": "blue-8-3x"}, "down"]


def fresh_game(app: Any, players: int = 3, mode: str = "pad", multicolour: str = "all") -> dict:
    close_overlays()
    app.ensure_game("pixies")
    c = fresh_session(app)
    setups = [PlayerSetup(n, PLAYER_COLOURS[i][0]) for i, n in enumerate(NAMES[:players])]
    answer = c.start_game("pixies", setups, {"mode": mode, "multicolour": multicolour}, first=NAMES[0], seed=4)
    assert answer["ok"], answer
    return answer


def grids(grids: list) -> list[dict]:
    return [{"cmd": "grid", "player": NAMES[i], "spaces": g} for i, g in enumerate(grids)]


def draft_until(app: Any, done: Callable[[dict], bool], seed: int = 7, limit: int = 400) -> dict:
    """Legal draft commands (a seeded choice) until ``done(view)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        v = app.controller.view
        if done(v):
            return v
        play(app, legal_command(v, rng))
    raise AssertionError("the draft never reached the state asked")


def _pad(app: Any) -> None:
    """Round 2: Marie-Christine's grid in, Jean-Baptiste's half entered on the screen."""
    fresh_game(app)
    play(app, *grids([EXAMPLE, SECOND, THIRD]))
    play(app, grids([EXAMPLE])[0])
    app.show_phase()
    screen = app.current_screen()
    screen.choose(NAMES[1])
    for space, item in ((1, {"up": "red-1-3s"}), (2, {"up": "yellow-2-2s", "validated": True}), (4, "down")):
        screen.set_space(space, item)


def _pad_picker(app: Any) -> None:
    _pad(app)
    app.current_screen().open_space(5)


def _reveal(app: Any) -> None:
    fresh_game(app, 4, "draft")
    draft_until(app, lambda v: v["turn"] == 3 and v["phase"] == "reveal")
    app.show_phase()
    screen = app.current_screen()
    v = app.controller.view
    screen.choose(v["deck"][3])
    screen.choose(v["deck"][20])
    screen.choose_number(6)


def _pick(app: Any, needs: str | None = None) -> None:
    fresh_game(app, 4, "draft")
    want = (lambda v: v["phase"] == "pick" and v["turn"] >= 3 and any(
        c["needs"] == needs for c in v["choices"].values())) if needs else (
        lambda v: v["phase"] == "pick" and v["turn"] == 4 and len(v["revealed"]) == 3)
    draft_until(app, want)
    app.show_phase()
    if needs:
        v = app.controller.view
        app.current_screen().take(next(c for c, x in v["choices"].items() if x["needs"] == needs))


def _last_turn(app: Any) -> None:
    fresh_game(app, 4, "draft")
    draft_until(app, lambda v: v["phase"] == "pick" and v["last_turn"] and len(v["still_to_pick"]) >= 2)
    app.show_phase()


def _round(app: Any) -> None:
    fresh_game(app)
    answer = play(app, *grids([EXAMPLE, SECOND, THIRD]))
    app.ensure_game("pixies")
    screen = app.controller.ui("pixies").after_answer(app, {}, answer)
    app.go(screen)


def _podium(app: Any) -> None:
    fresh_game(app)
    for _ in range(3):
        play(app, *grids([EXAMPLE, SECOND, THIRD]))
    app.show_phase()


def _options(app: Any) -> None:
    fresh_game(app)
    screen = app.sm.get_screen("new_game")
    screen.reset_form("pixies")
    screen.rows = [{"name": n, "colour": PLAYER_COLOURS[i][0]} for i, n in enumerate(NAMES[:3])]
    screen.step = 2
    app.go("new_game")


def _rule_help(app: Any) -> None:
    _pad(app)
    app.current_screen().show_rule(None)


def _rule_help_score(app: Any) -> None:
    _rule_help(app)
    from kivy.core.window import Window

    next(w for w in Window.children if hasattr(w, "show") and hasattr(w, "page")).show(1)


SCENARIOS: dict[str, Callable[[Any], str]] = {
    "pad": _screen("pixies_pad", _pad),
    "pad-picker": _screen("pixies_pad", _pad_picker),
    "draft-reveal": _screen("pixies_draft", _reveal),
    "draft-pick": _screen("pixies_draft", _pick),
    "draft-keep": _screen("pixies_draft", lambda app: _pick(app, "keep")),
    "draft-down": _screen("pixies_draft", lambda app: _pick(app, "space")),
    "draft-last-turn": _screen("pixies_draft", _last_turn),
    "round": _screen("pixies_round", _round),
    "pixies-podium": _screen("podium", _podium),
    "pixies-options": _screen("new_game", _options),
    "rule-help": _screen("pixies_pad", _rule_help),  # listed as "pixies-rule-help" (Fort Boyard has one)
    "rule-help-score": _screen("pixies_pad", _rule_help_score),  # its second page: what scores
}
