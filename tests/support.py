"""Helpers for the tests: drive a game's pure rules with no log and no I/O (``RulesTable``; Fort Boyard's
``Table``), stop a
child process (``stop_process``), and run the real app offscreen on a window of the table's size
(``app_harness``; with an RFID reader on a pseudo-terminal, ``reader_port`` and ``reader_app_harness``)."""

from __future__ import annotations

import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from companion.engine import Refusal, event_to_json
from companion.games.fort_boyard import RULES


class RulesTable:
    """A game at the table, driven through one game's pure rules with no log and no I/O: a subclass names
    its ``rules`` (and the ``prefix`` of its event types, which ``types`` and ``event`` leave out) and
    builds its ``new`` command. ``recorded`` is the last command as the rules recorded it."""

    rules: Any
    prefix = ""

    def __init__(self, command: dict[str, Any]) -> None:
        self.state = self.rules.initial()
        self._take(self.rules.start(command))

    def _take(self, decision: Any) -> list[dict]:
        self.decision = decision
        self.recorded = decision.command
        for e in decision.events:
            self.state = self.rules.apply(self.state, e)
        self.events = [event_to_json(e) for e in decision.events]
        return self.events

    def do(self, cmd: str, **fields: Any) -> list[dict]:
        return self._take(self.rules.decide(self.state, {"cmd": cmd, **fields}))

    def refuse(self, cmd: str, **fields: Any) -> Refusal:
        before = self.state
        with pytest.raises(Refusal) as info:
            self.rules.decide(self.state, {"cmd": cmd, **fields})
        assert self.state == before
        return info.value

    @property
    def view(self) -> dict[str, Any]:
        return self.rules.view(self.state)

    @property
    def current(self) -> str | None:
        return self.view["current"]

    @property
    def phase(self) -> str:
        return self.view["phase"]

    def p(self, name: str) -> dict[str, Any]:
        return next(p for p in self.view["players"] if p["name"] == name)

    def types(self) -> list[str]:
        return [e["type"].removeprefix(self.prefix) for e in self.events]

    def event(self, kind: str) -> dict[str, Any]:
        return next(e for e in self.events if e["type"] == self.prefix + kind)


class SessionTable:
    """A game in memory driven like the headless protocol: through a session on an in-memory log, whose
    seeds are all ``seed``; ``do`` asserts the command is accepted, ``refuse`` that it is refused."""

    def __init__(self, new: dict[str, Any], seed: int) -> None:
        from companion.session import GameSession
        from companion.store import GameLog

        self.s = GameSession(GameLog(":memory:"), new_seed=lambda: seed)
        answer = self.s.handle(new)
        assert answer["ok"], answer

    def do(self, cmd: str, **fields: Any) -> list[dict]:
        answer = self.s.handle({"cmd": cmd, **fields})
        assert answer["ok"], answer
        return answer["events"]

    def refuse(self, cmd: str, **fields: Any) -> dict:
        answer = self.s.handle({"cmd": cmd, **fields})
        assert not answer["ok"], answer
        return answer["error"]

    @property
    def v(self) -> dict:
        return self.s.view()

    def p(self, name: str) -> dict:
        return next(p for p in self.v["players"] if p["name"] == name)


class Table(RulesTable):
    """A Fort Boyard game at the table, driven through the pure rules: ``t.do("land", space="force")``."""

    rules = RULES

    def __init__(self, players=("Ann", "Bob", "Cy"), first: str | None = "Ann", seed: int = 1, **house_rules):
        cmd: dict[str, Any] = {"cmd": "new", "game": "fort-boyard", "players": list(players), "seed": seed}
        if first is not None:
            cmd["first"] = first
        if house_rules:
            cmd["house_rules"] = house_rules
        super().__init__(cmd)

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


def round_2(first_player: str = "Bob") -> Table:
    """A Fort Boyard game whose Round 2 just started (Ann won Round 1 with 3 keys), ``first_player`` to play."""
    t = Table()
    t.to_round_2("Ann")
    assert t.current == first_player
    return t


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


@contextmanager
def reader_port() -> Iterator[Any]:
    """An RFID reader's serial port on a pseudo-terminal (companion.devices.rfid.emulate.PtyPort): write a
    reader's frames to it, and the app's reader reads them from ``port.path``. Closed when done."""
    from companion.devices.rfid.emulate import PtyPort

    port = PtyPort()
    try:
        yield port
    finally:
        port.close()


@contextmanager
def reader_app_harness(folder: Path, port: Any, **build: Any) -> Iterator[Any]:
    """``app_harness`` on ``folder`` with an RDM6300 reader on ``port`` (see ``reader_port``; the app's
    start starts the reader) and its tile registry in ``folder``/tiles.json. The reader's thread is
    closed before the caller closes the pty's master side."""
    from companion.devices.rfid import ReaderConfig

    with app_harness(folder, reader=ReaderConfig("rdm6300", port.path), tiles_path=folder / "tiles.json",
                     **build) as h:
        yield h
        h.app.tiles.close()


def pump_until(h: Any, predicate: Callable[[], bool], what: str, frames: int = 2000) -> None:
    """Pump the harness's frames until ``predicate()`` holds (what another thread, a reader's, posts to the
    UI thread takes a few frames); fails naming ``what`` when it never does."""
    import threading

    for _ in range(frames):
        if predicate():
            return
        h.pump(1)
        threading.Event().wait(0.002)
    raise AssertionError(f"never happened: {what}")


def scenario_report(h: Any, scenario: str, language: str = "fr") -> dict:
    """The widget report of a shots scenario (companion.app.games.fort_boyard.scenarios) shown in ``language`` through ``h``;
    fails when the app fell back to its error screen instead."""
    from companion.app.scenarios import SCENARIOS

    h.app.set_language(language)
    name = SCENARIOS[scenario](h.app)
    h.settle(frames=8)
    assert h.app.sm.current == name  # the screen itself, not the error screen
    return h.widget_report()


def shown_scenario(h: Any, scenario: str, frames: int = 6) -> Any:
    """The screen a shots scenario leaves on ``h``'s app, after ``frames`` frames (in the app's language)."""
    from companion.app.scenarios import SCENARIOS

    SCENARIOS[scenario](h.app)
    h.settle(frames=frames)
    return h.app.current_screen()


def judge_by_touch(h: Any, judge: str) -> None:
    """Tap the judge ``judge`` (its words) as a table does: the judges are muted until the hourglass has
    run, so start it first when they are (the screen is then laid out again with them enabled)."""
    if any(getattr(w, "judges_muted", False) for w in h.widgets(h.screen)):
        h.tap(h.app.controller.tr("hourglass.start"))
        h.settle(frames=4)
    h.tap(judge)
