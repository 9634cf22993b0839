"""Knightmare's screens after the second blind review (Kivy offscreen, 800×480): a fight's verdict shows
the sums a table checks, its dice as they were rolled, the fighter lit until Continue; the chips' figures
are named under the strip; one bridge length from the options to the Chamber; "occupant" in both
languages; the torches clear of the headings; a new game never opens on the last game's roll."""

from __future__ import annotations

import pytest

pytest.importorskip("kivy")

from companion.app.games.knightmare.scenarios import NAMES, SCENARIOS, fresh_game, play
from tests.support import app_harness

WON = {"cmd": "fight", "shield": 4, "helmets": 1, "roll": 5, "opponent_roll": 2}
LOST = {"cmd": "fight", "shield": 9, "roll": 1, "opponent_roll": 6}


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("app-knightmare-second-review")) as h:
        yield h


def tr(h, key, **kw):
    return h.app.controller.tr(key, **kw)


def labels(h, role: str) -> list:
    return [w for w in h.widgets(h.screen) if getattr(w, "role", None) == role]


def verdict(h, fight: dict) -> None:
    fresh_game(h.app)
    play(h.app, {"cmd": "move", "roll": 2}, {"cmd": "card", "kind": "challenge"}, fight)
    h.app.go("km_verdict")
    h.pump()


def lit_chips(h) -> list[str]:
    from companion.app import theme

    return [w.player for w in labels(h, "standing_chip") if list(w.bg) != list(theme.SEA_LIGHT)]


def test_a_won_fight_shows_both_sums_with_their_parts_at_28_px_and_more(harness):
    h = harness
    verdict(h, WON)
    sums = {w.text: w.font_size for w in labels(h, "strength")}
    knight = tr(h, "knightmare.fight.sum_helmets", base=3, roll=5, n=1, total=9)
    occupant = tr(h, "knightmare.fight.sum_shield", shield=4, roll=2, total=6)
    assert set(sums) == {knight, occupant}
    assert min(sums.values()) >= 28


def test_a_fight_without_helmets_adds_three_and_the_die(harness):
    h = harness
    verdict(h, LOST)
    shown = [w.text for w in labels(h, "strength")]
    assert tr(h, "knightmare.fight.sum", base=3, roll=1, total=4) in shown
    assert tr(h, "knightmare.fight.sum_shield", shield=9, roll=6, total=15) in shown


def test_the_verdicts_dice_land_on_the_rolls_the_sums_add(harness):
    h = harness
    verdict(h, WON)
    [knight], [occupant] = labels(h, "knight_die"), labels(h, "occupant_die")
    for die in (knight, occupant):
        die.finish()  # a tumble the table did not wait for
    assert (knight.shown, occupant.shown) == (WON["roll"], WON["opponent_roll"])


def test_the_fighter_stays_lit_after_a_loss_until_continue(harness):
    h = harness
    verdict(h, LOST)
    assert h.app.controller.view["current"] == NAMES[1]  # the turn has passed in the rules
    assert lit_chips(h) == [NAMES[0]]
    h.tap(tr(h, "knightmare.continue"))
    assert h.app.sm.current == "km_turn" and lit_chips(h) == [NAMES[1]]


def test_the_strip_names_what_each_figure_of_the_chips_counts(harness):
    h = harness
    fresh_game(h.app)
    h.app.show_phase()
    h.pump()
    [legend] = labels(h, "legend")
    for key in ("helmets", "object", "place"):
        assert tr(h, "knightmare.legend." + key) in legend.text
    assert legend.font_size >= 20


def test_the_chambers_bridge_is_the_length_the_options_offer(harness):
    from companion.app.games.knightmare.options import DEFAULT_BRIDGE

    h = harness
    SCENARIOS["chamber"](h.app)
    h.pump()
    assert h.app.controller.view["bridge_length"] == DEFAULT_BRIDGE
    assert tr(h, "knightmare.chamber.bridge", n=0, length=DEFAULT_BRIDGE) in [w.text for w in labels(h, "bridge_count")]


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_rooms_fighter_is_the_occupant_never_a_monster(language):
    from companion.app.table.catalogues import messages

    said = [text for key, forms in messages(language).items() if key.startswith("knightmare.") for text in forms]
    assert not [t for t in said if "monst" in t.lower()]
    assert any("occupant" in t.lower() for t in said)


@pytest.mark.parametrize("shot", ["turn", "fight", "card", "escape", "fight-won"])
def test_no_torch_burns_behind_a_heading(harness, shot):
    from kivy.core.window import Window

    from companion.app.games.knightmare.backdrops import torch_spots
    from companion.app.games.knightmare.ui import backdrop_name

    h = harness
    SCENARIOS[shot](h.app)
    h.pump()
    w, height = Window.size
    steps = [w for w in labels(h, "step") if w.text]  # the heading (and a rolled die's words)
    assert steps
    for step in steps:
        x0, y0 = step.to_window(*step.pos)
        for x, y, s in torch_spots(backdrop_name(h.app.controller.view), w, height):
            top, bottom = height - (y - 1.9 * s), height - (y + 4 * s)  # the flame's tip, the stem's end
            beside = x + s < x0 or x - s > x0 + step.width
            assert beside or top < y0 or bottom > y0 + step.height, (shot, step.text, x, y)


def test_a_new_game_with_the_same_seed_does_not_open_on_the_last_games_roll(harness):
    from companion.app.widgets.die import DieFace

    h = harness
    fresh_game(h.app)
    h.app.show_phase()
    h.pump()
    [face] = [w for w in h.widgets(h.screen) if isinstance(w, DieFace) and int(w.value) == 3]
    h.tap(face)
    assert h.app.sm.get_screen("km_turn")._roll() == (3, "table")
    fresh_game(h.app)  # a fresh log: its first game is number 1 again, the same seed, the same turn
    h.app.show_phase()
    h.pump()
    assert h.app.sm.get_screen("km_turn")._roll() is None
    assert tr(h, "knightmare.turn.step", player=NAMES[0]) in [w.text for w in labels(h, "step")]
