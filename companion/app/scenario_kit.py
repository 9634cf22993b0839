"""What every game's scenarios (companion/app/games/*/scenarios.py, gathered by companion/app/scenarios.py)
set up their pictures with: an earlier picture's popups closed, a fresh in-memory log, commands played
that must be accepted, and a scenario that names the screen it shows.

    SCENARIOS = {"turn": screen("turn", lambda app: (fresh_game(app), play(app, {"cmd": "land", ...})))}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def close_overlays() -> None:
    """Close what an earlier shot left open over the screens (a rule's help)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    for w in list(Window.children):
        if isinstance(w, ModalView):
            w.dismiss(animation=False)


def fresh_session(app: Any) -> Any:
    """The app's controller on a fresh in-memory log (its earlier log closed), whose new games are seeded
    with 4: the same pictures every time."""
    from companion.session import GameSession
    from companion.store import GameLog

    c = app.controller
    c.session.log.close()
    c.session = GameSession(GameLog(":memory:"), new_seed=lambda: 4)
    return c


def play(app: Any, *commands: dict) -> dict:
    """Send each command in turn, every one of which must be accepted (a scenario reaches its moment by
    legal commands only); the last answer."""
    answer: dict = {}
    for cmd in commands:
        answer = app.controller.send(cmd)
        assert answer["ok"], (cmd, answer)
    return answer


def screen(name: str, setup: Callable[[Any], None]) -> Callable[[Any], str]:
    """The scenario that runs ``setup(app)`` with nothing left open over the screens and returns ``name``,
    the screen it shows (kept as ``.screen``: a game's own screen names its pictures after the game)."""
    def prepare(app: Any) -> str:
        close_overlays()  # a help or popup of the previous picture never lies over this one
        setup(app)
        return name

    prepare.screen = name
    return prepare
