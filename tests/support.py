"""Helpers for the tests: drive the pure Fort Boyard engine with no log and no I/O (``Table``), stop a
child process (``stop_process``), and run the real app offscreen on a window of the table's size
(``app_harness``)."""

from __future__ import annotations

import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from companion.engine import Refusal, event_to_json
from companion.games.fort_boyard import RULES


class Table:
    """A game at the table, driven through the pure rules: ``t.do("land", space="force")``."""

    def __init__(self, players=("Ann", "Bob", "Cy"), first: str | None = "Ann", seed: int = 1, **house_rules):
        cmd: dict[str, Any] = {"cmd": "new", "game": "fort-boyard", "players": list(players), "seed": seed}
        if first is not None:
            cmd["first"] = first
        if house_rules:
            cmd["house_rules"] = house_rules
        decision = RULES.start(cmd)
        self.state = RULES.initial()
        for e in decision.events:
            self.state = RULES.apply(self.state, e)
        self.events = [event_to_json(e) for e in decision.events]

    def do(self, cmd: str, **fields: Any) -> list[dict]:
        decision = RULES.decide(self.state, {"cmd": cmd, **fields})
        for e in decision.events:
            self.state = RULES.apply(self.state, e)
        self.events = [event_to_json(e) for e in decision.events]
        return self.events

    def refuse(self, cmd: str, **fields: Any) -> Refusal:
        before = self.state
        with pytest.raises(Refusal) as info:
            RULES.decide(self.state, {"cmd": cmd, **fields})
        assert self.state == before
        return info.value

    @property
    def view(self) -> dict[str, Any]:
        return RULES.view(self.state)

    @property
    def current(self) -> str | None:
        return self.view["current"]

    @property
    def phase(self) -> str:
        return self.view["phase"]

    def p(self, name: str) -> dict[str, Any]:
        return next(p for p in self.view["players"] if p["name"] == name)

    def types(self) -> list[str]:
        return [e["type"] for e in self.events]

    # --- shortcuts -------------------------------------------------------------------------------

    def win_challenge(self) -> list[dict]:
        self.do("land", space="force")
        return self.do("result", success=True)

    def pass_turn(self) -> list[dict]:
        return self.do("land", space="door")

    def to_round_2(self, winner: str = "Ann") -> None:
        """Round 1 ends with ``winner`` taking three keys by Force while the others pass by the Door."""
        while self.view["round"] == 1:
            if self.current == winner:
                self.win_challenge()
            else:
                self.pass_turn()

    def to_round_3(self, keys: dict[str, int], clue_winner: str) -> None:
        """Round 1 won by ``clue_winner`` (3 keys); in Round 2 the others win Keys by Énigme until they hold
        ``keys[name]``; then ``clue_winner`` collects the 4th clue by Force."""
        self.to_round_2(winner=clue_winner)
        # Round 2: players reach their wanted keys through Énigmes played for a Key, then pass.
        guard = 0
        while any(self.p(n)["keys"] < k for n, k in keys.items()) and guard < 500:
            guard += 1
            me = self.current
            if self.p(me)["keys"] < keys.get(me, 0):
                self.do("land", space="enigme")
                self.do("stake", stake="key")
                self.do("result", success=True)
            else:
                self.pass_turn()
        while self.view["round"] == 2:
            if self.current == clue_winner:
                self.win_challenge()
            else:
                self.pass_turn()


def stop_process(proc: subprocess.Popen, timeout: float = 10) -> None:
    """Ask a child process to stop (SIGTERM), kill it when it has not within ``timeout`` s, and reap it."""
    proc.terminate()
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


TABLE_SIZE = (800, 480)  # the official 7" display: the size every app test lays the screens out at


@contextmanager
def built_app(db: Path, settings: Path | None, **build: Any) -> Iterator[Any]:
    """The app built by ``build_app(db, settings, **build)`` and not started (its start-up notices, its
    library); its LED ring thread and its game log are closed when done."""
    from companion.app.launch import build_app

    app = build_app(db, settings, **build)
    try:
        yield app
    finally:
        app.ring.close()
        app.controller.session.log.close()


@contextmanager
def app_harness(folder: Path, *, settings: str = "settings.toml", before_start: Callable[[Any], None] | None = None,
                **build: Any) -> Iterator[Any]:
    """The real app on ``folder``/games.sqlite3 and ``folder``/``settings``, started offscreen and driven by
    a Harness (companion.app.harness) on an 800×480 window; ``build`` goes to ``build_app``, and
    ``before_start(app)`` runs between building the app and starting it (to wire its sound, say).
    Closing it takes the app off the window and closes its ring and game log.

    Kivy's window lives as long as the test process and outlives every app: a module that imports the
    motion layer at collection makes it before any fixture runs (at Kivy's default 800×600 but for
    conftest's KCFG_GRAPHICS_*), and a test may leave it at another profile's size. Screens laid out at
    the wrong size measure what the table never shows (the chips' numbers pushed over their edge, at
    1.5:1 contrast), so the window is put back to 800×480 here, whatever made it."""
    from companion.app.launch import configure_kivy

    configure_kivy(*TABLE_SIZE)  # for a window not made yet
    from kivy.core.window import Window

    from companion.app.harness import Harness

    if tuple(Window.size) != TABLE_SIZE:
        Window.size = TABLE_SIZE
    with built_app(folder / "games.sqlite3", folder / settings, **build) as app:
        if before_start is not None:
            before_start(app)
        h = Harness(app)
        try:
            yield h
        finally:
            h.close()


def scenario_report(h: Any, scenario: str, language: str = "fr") -> dict:
    """The widget report of a shots scenario (companion.app.scenarios) shown in ``language`` through ``h``;
    fails when the app fell back to its error screen instead."""
    from companion.app.scenarios import SCENARIOS

    h.app.set_language(language)
    name = SCENARIOS[scenario](h.app)
    h.settle(frames=8)
    assert h.app.sm.current == name  # the screen itself, not the error screen
    return h.widget_report()
