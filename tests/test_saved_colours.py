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


def test_one_person_has_one_colour_on_setup_podium_history_and_statistics(tmp_path):
    # The shared review: a player's colour differed between setup / podium and history / statistics.
    from companion.app.controls import Swatch, colour_rgba
    from companion.app.saved_players import saved_colours
    from companion.app.scenarios import SCENARIOS

    with app_harness(tmp_path) as h:
        SCENARIOS["history-stats-all"](h.app)  # the family's evenings, then other games with other people
        h.settle(frames=3)
        log = h.app.controller.session.log
        saved = saved_colours(log)

        def discs(screen: str) -> dict[str, tuple]:
            cells = [w for w in h.widgets(h.app.sm.get_screen(screen)) if getattr(w, "person", None)]
            return {c.person: tuple(next(s.rgba for s in c.walk() if isinstance(s, Swatch))) for c in cells}

        every = discs("history_stats")  # every game's leaderboard
        assert len(every) >= 6
        for key, rgba in every.items():
            assert rgba == tuple(colour_rgba(saved[key])), key
        stats = h.app.sm.get_screen("history_stats")
        stats.game = "fort-boyard"
        stats.rebuild()
        h.settle(frames=2)
        one_game = discs("history_stats")
        assert one_game and all(rgba == every[key] for key, rgba in one_game.items())
        # The podium of the last Fort Boyard evening: the colours the table had, the same ones.
        podium_players = [p["name"] for p in h.app.controller.view["players"]]
        for name in podium_players:
            key = log_key(log, name)
            if key in one_game:
                assert tuple(colour_rgba(h.app.controller.colour_of(name))) == one_game[key], name
        # Setup seats a saved person in that colour.
        h.app.go("new_game")
        screen = h.app.sm.get_screen("new_game")
        screen.reset_form("fort-boyard")
        for name in ("Marie-Christine", "Zoé"):
            screen.seat_saved(name)
            seat = next(r for r in screen.rows if r["name"] == name)
            assert tuple(colour_rgba(seat["colour"])) == every[log_key(log, name)], name


def log_key(log, name: str) -> str:
    from companion.history.names import Names

    return Names(log.player_aliases()).key(name)


def test_a_saved_player_takes_their_colour_from_an_empty_seat_that_only_held_it(tmp_path):
    # An empty seat's colour is a placeholder: Anne (mint at the newest evening) sat down in the first seat
    # while the second, still unnamed, showed mint; she kept the first seat's colour and lost her own.
    from companion.app.saved_players import saved_colours
    from companion.app.scenarios import SCENARIOS

    with app_harness(tmp_path) as h:
        SCENARIOS["history-games"](h.app)
        h.settle(frames=2)
        assert saved_colours(h.app.controller.session.log)["anne"] == "mint"
        h.app.go("new_game")
        screen = h.app.sm.get_screen("new_game")
        screen.reset_form("fort-boyard")
        from companion.app.lineup import COLOUR_IDS

        others = [c for c in COLOUR_IDS if c != "mint"]
        for k, row in enumerate(screen.rows):  # every seat empty, each in its own colour, the second mint
            row["name"], row["colour"] = "", others[k]
        first, second = screen.rows[0], screen.rows[1]
        second["colour"] = "mint"
        before = first["colour"]
        screen.seat_saved("Anne")
        assert (first["name"], first["colour"]) == ("Anne", "mint")
        assert second["colour"] == before  # the empty seat took the colour Anne left
        assert len({r["colour"] for r in screen.rows}) == len(screen.rows)  # still each colour once
