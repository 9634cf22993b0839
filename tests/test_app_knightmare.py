"""Knightmare through the real app's widgets (Kivy offscreen, 800×480): a whole game played with touches
from the setup to the podium, and every Knightmare screen legible from across the table in both
languages (companion/app/legibility.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("kivy")

from companion.app.legibility import check_shot
from tests.support import app_harness

KM_SHOTS = ("knightmare-turn", "turn-rolled", "escape", "card", "present", "fight", "fight-dice", "fight-dice-occupant",
            "spells", "spells-fix", "fight-won", "fight-lost",
            "chamber", "chamber-continue", "chamber-next", "knightmare-podium", "knightmare-options",
            "knightmare-options-rules")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("app-knightmare")) as h:
        yield h


def tr(h, key, **kw):
    return h.app.controller.tr(key, **kw)


def view(h):
    return h.app.controller.view


def tap_face(h, value: int) -> None:
    from companion.app.widgets.die import DieFace

    [face] = [w for w in h.widgets(h.screen) if isinstance(w, DieFace) and int(w.value) == value]
    h.tap(face)


def tap_choice(h, name: str, value) -> None:
    [segment] = [w for w in h.widgets(h.screen) if getattr(w, "choice", None) == (name, value)]
    h.tap(segment)


def tap_step(h, name: str, direction: int, times: int = 1) -> None:
    for _ in range(times):  # the page is rebuilt after each tap: find the button again
        [b] = [w for w in h.widgets(h.screen) if getattr(w, "step", None) == (name, direction)]
        h.tap(b)


def start_by_touch(h, names, first):
    from kivy.uix.textinput import TextInput

    h.app.go("home")
    h.pump()
    h.tap(tr(h, "knightmare.name"))  # its tile on home
    inputs = sorted((w for w in h.widgets(h.screen) if isinstance(w, TextInput)),
                    key=lambda w: -w.to_window(*w.center)[1])
    for box, name in zip(inputs, names):
        h.type_into(box, name)
    h.tap(tr(h, "new.more_options"))
    tap_choice(h, "first", first)
    tap_step(h, "bridge", -1, times=3)  # the board's bridge: 2 stones
    running = h.app.controller.in_progress
    h.tap(tr(h, "new.start"))
    if running:
        h.tap(tr(h, "common.confirm"))


def test_a_whole_game_by_touch_from_the_setup_to_the_podium(harness):
    h = harness
    start_by_touch(h, ["Ann", "Bob"], "Ann")
    v = view(h)
    assert v["game"] == "knightmare" and v["bridge_length"] == 2 and v["current"] == "Ann"
    assert h.app.sm.current == "km_turn"

    # Ann rolls the table's own die (3), moves as rolled, and draws a Spell: a helmet, the turn ends.
    tap_face(h, 3)
    h.tap(tr(h, "knightmare.move.as_is", roll=3))
    assert h.app.sm.current == "km_card"
    h.tap(tr(h, "knightmare.card.spell"))
    v = view(h)
    assert v["current"] == "Bob" and v["players"][0]["helmets"] == 3 and v["players"][0]["spells"] == 1

    # Bob plays a helmet on his roll of 2 ("2 — with a helmet: 1 or 3"), then fights the room's occupant.
    tap_face(h, 2)
    h.tap(tr(h, "knightmare.move.with", roll=2, n=1, faces=tr(h, "knightmare.or").join(["1", "3"])))
    assert view(h)["players"][1]["helmets"] == 1
    h.tap(tr(h, "knightmare.card.challenge"))
    assert h.app.sm.current == "km_fight"
    h.tap(tr(h, "knightmare.fight.go"))
    assert h.app.sm.current == "km_verdict"
    fight = view(h)["fight"]
    assert fight["strength"] == 3 + fight["roll"] and fight["opponent_strength"] == 5 + fight["opponent_roll"]
    if view(h)["phase"] == "reward":
        h.tap(tr(h, "knightmare.reward.helmet"))
    else:
        h.tap(tr(h, "knightmare.continue"))
    assert view(h)["current"] == "Ann" and h.app.sm.current == "km_turn"

    # Ann enters the Chamber of Merlin: the question comes from the pack, its answer only while held.
    h.tap(tr(h, "knightmare.turn.chamber"))
    assert h.app.sm.current == "km_chamber"
    q = view(h)["question"]
    assert q is not None and q["part"] == 1
    texts = [w.text for w in h.widgets(h.screen) if hasattr(w, "text")]
    assert h.app.controller.tr.typeset(q["text"]) in texts
    [strip] = [w for w in h.widgets(h.screen) if getattr(w, "answer_hold", False)]
    assert q["answer"] not in strip.text
    strip.dispatch("on_press")
    assert strip.text.startswith(h.app.controller.tr.typeset(q["answer"]))
    strip.dispatch("on_release")
    assert q["answer"] not in strip.text
    h.tap(tr(h, "knightmare.chamber.right"))
    assert view(h)["phase"] == "continue" and view(h)["players"][0]["bridge"] == 1
    h.tap(tr(h, "knightmare.chamber.go_on"))
    second = view(h)["question"]
    assert second["id"] != q["id"]
    h.tap(tr(h, "knightmare.chamber.right"))
    v = view(h)
    assert v["phase"] == "over" and v["winners"] == ["Ann"]
    assert h.app.sm.current == "podium"


def test_undo_on_the_chamber_takes_back_the_question_with_it(harness):
    h = harness
    start_by_touch(h, ["Ann", "Bob"], "Ann")
    h.tap(tr(h, "knightmare.turn.chamber"))
    assert view(h)["question"] is not None
    h.app.undo()
    v = view(h)
    assert v["phase"] == "turn" and v["question"] is None and v["questions_asked"] == []
    assert h.app.sm.current == "km_turn"


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("shot", KM_SHOTS)
def test_every_knightmare_screen_is_legible_from_across_the_table(harness, shot, language):
    from companion.app.scenarios import SCENARIOS, shot_name

    app = harness.app
    app.controller.settings = app.settings.changed(language=language)
    app.controller.tr.set_language(language)
    assert SCENARIOS[shot](app) == app.sm.current  # the screen itself, not the error screen
    harness.settle(frames=8)
    report = harness.widget_report()
    name = shot_name(shot, "800x480", language)
    assert name.startswith("knightmare-")
    assert [str(p) for p in check_shot(name, report, 1.0)] == []
    assert harness.overflowing_labels() == []
    if shot not in ("knightmare-podium", "knightmare-options", "knightmare-options-rules"):
        assert [t for t in report["texts"] if t.get("role") == "step"], "each screen says who and what now"
        standings = [t for t in report["texts"] if t.get("role") == "standing"]
        assert len(standings) >= len(app.controller.view["players"])
