"""A saved player keeps their colour: the setup seats them in the colour of their newest game, the one
history shows (the shared review: Zoé teal in setup, violet in history)."""

from __future__ import annotations

import pytest

pytest.importorskip("kivy")

from tests.support import app_harness  # noqa: E402


def test_a_saved_player_is_seated_in_the_colour_of_their_newest_game(tmp_path):
    from companion.app.saved_players import saved_colours
    from companion.app.scenarios import SCENARIOS

    with app_harness(tmp_path) as h:
        SCENARIOS["history-games"](h.app)  # three evenings; Zoé sat fourth (violet), Anne second (mint) at the newest
        h.settle(frames=2)
        log = h.app.controller.session.log
        colours = saved_colours(log)
        assert colours["zoe"] == "violet" and colours["anne"] == "mint"
        h.app.go("new_game")
        screen = h.app.sm.get_screen("new_game")
        screen.reset_form("fort-boyard")
        screen.seat_saved("Zoé")
        zoe = next(r for r in screen.rows if r["name"] == "Zoé")
        assert zoe["colour"] == "violet"
        others = [r["colour"] for r in screen.rows if r is not zoe]
        assert "violet" not in others  # never two players in one colour
