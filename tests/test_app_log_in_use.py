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
