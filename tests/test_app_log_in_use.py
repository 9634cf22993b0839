"""The app started while another process plays on its game log: the error screen says who holds it,
and "try again" opens the log once it is free (issue 15, defect 1)."""

from __future__ import annotations

import pytest

from tests.test_game_log_guard import NEW, Player
from tests.support import app_harness


@pytest.fixture(scope="module")
def held(tmp_path_factory):
    import os

    from tests.conftest import ROOT

    tmp = tmp_path_factory.mktemp("held")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    holder = Player(env, tmp / "games.sqlite3")
    assert holder.send(NEW)["ok"]
    yield tmp, holder
    if holder.proc.poll() is None:
        holder.close()


def test_the_error_screen_names_the_process_and_opens_the_log_once_it_is_free(held):
    from kivy.uix.label import Label

    tmp, holder = held
    with app_harness(tmp) as h:
        app = h.app
        tr = app.controller.tr
        assert app.sm.current == "error"
        texts = [w.text for w in h.widgets(h.screen) if isinstance(w, Label)]
        assert tr("error.log_title") in texts
        assert any(f"process {holder.proc.pid}" in t and "companion play --headless" in t for t in texts), texts
        h.tap(tr("error.retry"))  # still held: still the error screen, nothing played on a log of its own
        assert app.sm.current == "error" and app.log_problem
        assert holder.send({"cmd": "land", "space": "door"})["ok"]
        assert holder.close() == 0
        h.tap(tr("error.retry"))
        assert app.log_problem is None and app.sm.current == "turn"
        assert app.controller.view["current"] == "Bob" and app.controller.session.log.path == tmp / "games.sqlite3"


def test_nothing_is_played_unsaved_while_the_log_is_held_whatever_the_route(tmp_path):
    """Issue 27, defect 5: Ctrl+Z on this screen went home, "New game" then played on a log of nothing and
    "Try again" was gone; a later retry replaced that game silently."""
    import os

    from kivy.core.window import Window
    from kivy.uix.label import Label

    from tests.conftest import ROOT

    holder = Player({**os.environ, "PYTHONPATH": str(ROOT)}, tmp_path / "games.sqlite3")
    try:
        assert holder.send(NEW)["ok"]
        with app_harness(tmp_path) as h:
            app = h.app
            tr = app.controller.tr

            def on_error_screen_saying_why() -> None:
                h.settle()
                assert app.sm.current == "error" and h.button(tr("error.retry"))
                texts = [w.text for w in h.widgets(h.screen) if isinstance(w, Label)]
                assert any(f"process {holder.proc.pid}" in t for t in texts), texts

            for letter in "zyzy":  # Ctrl+Z, Ctrl+Y: refused undo and redo used to go home
                Window.dispatch("on_key_down", ord(letter), 0, letter, ["ctrl"])
                on_error_screen_saying_why()
                assert app._toast is not None and app._toast.text == tr("error.log_nothing_played")
            for screen in ("home", "newgame", "turn", "history", "settings"):  # any route the screens take
                app.go(screen)
                on_error_screen_saying_why()
            answer = app.send(NEW)
            assert answer["ok"] is False and answer["error"]["code"] == "log_in_use"
            on_error_screen_saying_why()
            # Behind the screens too (a phone, a scenario): the log of nothing refuses every command.
            answer = app.controller.session.handle(NEW)
            assert answer["ok"] is False and "in use" in answer["error"]["message"]
            assert app.controller.view["phase"] == "no_game"
            assert holder.close() == 0
            h.tap(tr("error.retry"))
            h.settle()
            assert app.log_problem is None and app.sm.current == "turn"
            assert app.controller.view["players"][0]["name"] == "Ann"  # the log's game, nothing replaced it
    finally:
        if holder.proc.poll() is None:
            holder.close()
