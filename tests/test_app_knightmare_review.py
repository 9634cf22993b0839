"""Knightmare's screens after the blind review (Kivy offscreen, 800×480): the move's words say the number is
looked up on the room's grid, the room taken with no helmet left loses the turn in one tap, the Challenge
of Merlin counts its helmets against the bridge and warns what a wrong answer costs."""

from __future__ import annotations

import pytest

pytest.importorskip("kivy")

from companion.app.games.knightmare.scenarios import NAMES, fresh_game, play
from tests.support import app_harness


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("app-knightmare-review")) as h:
        yield h


def tr(h, key, **kw):
    return h.app.controller.tr(key, **kw)


def view(h):
    return h.app.controller.view


def texts(h) -> list[str]:
    return [w.text for w in h.widgets(h.screen) if isinstance(getattr(w, "text", None), str)]


def rolled(h, helmets: int, value: int = 3) -> None:
    """Marie-Christine holding ``helmets`` has tapped ``value`` on the table's die."""
    from companion.app.widgets.die import DieFace

    fresh_game(h.app)
    play(h.app, {"cmd": "adjust", "player": NAMES[0], "helmets": helmets})
    h.app.show_phase()
    h.pump()
    [face] = [w for w in h.widgets(h.screen) if isinstance(w, DieFace) and int(w.value) == value]
    h.tap(face)


def test_the_rolled_number_is_kept_and_looked_up_on_the_rooms_grid_not_counted(harness):
    h = harness
    rolled(h, helmets=1)
    shown = texts(h)
    assert tr(h, "knightmare.move.as_is", roll=3) in shown
    assert tr(h, "knightmare.move.hint") in shown
    assert not any("Move 3" in t or "Avancer de 3" in t for t in shown)
    h.tap(tr(h, "knightmare.move.as_is", roll=3))
    assert h.app.sm.current == "km_card" and view(h)["players"][0]["helmets"] == 1


def test_a_room_taken_and_no_helmet_left_loses_the_turn_in_one_tap(harness):
    h = harness
    rolled(h, helmets=0)
    h.tap(tr(h, "knightmare.move.blocked"))
    v = view(h)
    assert v["current"] == NAMES[1] and v["phase"] == "turn"
    assert h.app.sm.current == "km_turn"


def test_with_a_helmet_left_the_lost_turn_is_not_offered_the_helmet_must_be_played(harness):
    h = harness
    rolled(h, helmets=2)
    assert tr(h, "knightmare.move.blocked") not in texts(h)


def chamber_after_a_right_answer(h, bridge: int = 4) -> None:
    fresh_game(h.app, bridge=bridge)
    play(h.app, {"cmd": "adjust", "player": NAMES[0], "helmets": 4}, {"cmd": "chamber"},
         {"cmd": "answer", "correct": True})
    h.app.show_phase()
    h.pump()
    assert h.app.sm.current == "km_chamber" and view(h)["phase"] == "continue"


def test_carrying_on_counts_the_helmets_placed_against_the_bridge_and_says_what_each_choice_costs(harness):
    h = harness
    chamber_after_a_right_answer(h, bridge=4)
    shown = texts(h)
    assert tr(h, "knightmare.chamber.placed_step", player=NAMES[0], n=1, length=4) in shown
    assert tr(h, "knightmare.chamber.risk") in shown and tr(h, "knightmare.chamber.stop_hint") in shown
    [row] = [w for w in h.widgets(h.screen) if hasattr(w, "stones")]
    assert row.stones == 1 and len([w for w in row.children if getattr(w, "filled", None) is not None]) == 4 + 1


def test_the_throne_ends_the_bridge_in_words_not_with_the_crown_one_of_the_objects(harness):
    h = harness
    chamber_after_a_right_answer(h)
    [throne] = [w for w in h.widgets(h.screen) if getattr(w, "throne", "")]
    assert throne.word.text == tr(h, "knightmare.chamber.throne")
    assert "km_crown" not in throne.icon.source


def test_the_options_explain_each_choice_in_a_sentence_naming_the_printed_rule(harness):
    from kivy.core.window import Window

    from companion.app.games.knightmare.help import OPTION_TOPICS, OptionsHelp
    from companion.app.games.knightmare.scenarios import SCENARIOS

    h = harness
    SCENARIOS["knightmare-options"](h.app)
    h.pump()
    [button] = [w for w in h.widgets(h.screen) if getattr(w, "options_help", False)]
    h.tap(button)
    [modal] = [w for w in Window.children if isinstance(w, OptionsHelp)]
    said = [w.text for w in modal.walk() if getattr(w, "role", None) == "rule"]
    assert said == [tr(h, "knightmare.options.help." + o) for o in OPTION_TOPICS]
    assert sum(tr(h, "knightmare.options.help.objects").count(w) for w in ("(la règle)", "(the rule)")) == 1
    modal.dismiss(animation=False)


def test_the_dungeon_of_ones_own_will_is_offered_after_the_roll_not_before(harness):
    h = harness
    fresh_game(h.app)
    h.app.show_phase()
    h.pump()
    assert tr(h, "knightmare.move.dungeon") not in texts(h)
    rolled(h, helmets=1)
    h.tap(tr(h, "knightmare.move.dungeon"))
    assert view(h)["players"][0]["place"] == "dungeon"


def test_the_bridge_says_in_words_how_many_helmets_of_how_many_it_holds(harness):
    h = harness
    chamber_after_a_right_answer(h, bridge=4)
    assert tr(h, "knightmare.chamber.bridge", n=1, length=4) in texts(h)


def test_the_spells_screen_corrects_a_knights_object_and_place_with_adjust(harness):
    from companion.app.games.knightmare.scenarios import SCENARIOS

    h = harness
    SCENARIOS["spells-fix"](h.app)
    h.pump()
    first = view(h)["players"][0]
    assert first["object"] == "book" and first["place"] == "labyrinth"
    [obj] = [w for w in h.widgets(h.screen) if getattr(w, "role", "") == "fix_object:" + NAMES[0]]
    h.tap(obj)
    [where] = [w for w in h.widgets(h.screen) if getattr(w, "role", "") == "fix_place:" + NAMES[0]]
    h.tap(where)
    first = view(h)["players"][0]
    assert first["object"] == "wand" and first["place"] == "dungeon"
    assert h.app.sm.current == "km_spells"
