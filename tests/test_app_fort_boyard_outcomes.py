"""Fort Boyard after the family review of issue 28: the duel's outcome said large (winner, prize, who
plays next), the time-up page naming its player and the next tap, the answer held at a key figure's size,
keys and clues as counts (no faint slots read as owned), Round 3 without the key stock or a lone coin."""

from __future__ import annotations

import pytest

from tests.support import app_harness, shown_scenario as shown


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("fb-outcomes")) as h:
        h.app.set_language("en")
        yield h


def texts(harness, screen) -> list[str]:
    return [w.text for w in harness.widgets(screen) if hasattr(w, "text")]


def test_a_duel_won_shows_who_won_what_and_who_plays_next(harness):
    screen = shown(harness, "duel-result")
    tr = harness.app.controller.tr
    assert harness.app.sm.current == "duel_outcome"
    words = texts(harness, screen)
    assert tr("duel.outcome.winner", player="Maximilien") in words
    assert tr("duel.outcome.key_from", player="Maximilien", loser="Marie-Christine", left=0) in words
    assert tr("duel.outcome.next", player="Jean-Baptiste") in words


def test_a_key_taken_from_the_loser_says_what_they_have_left_and_leaves_the_stock_alone(harness):
    """Her chip showed 0 beside "takes a key from Marie-Christine": the words now give that 0, and the
    stock the header shows is the one before the duel (her earlier win took it to 19, not the duel)."""
    screen = shown(harness, "duel-result")
    view = harness.app.controller.view
    keys = {p["name"]: p["keys"] for p in view["players"]}
    assert (keys["Marie-Christine"], keys["Maximilien"]) == (0, 1)
    assert view["stock_keys"] == 19  # 20 less Marie-Christine's force win: the duel's key came from her
    words = texts(harness, screen)
    assert "Maximilien takes a key from Marie-Christine (0 left)" in words


def test_continue_on_the_duels_outcome_goes_to_the_next_turn(harness):
    shown(harness, "duel-result")
    harness.tap(harness.app.controller.tr("common.continue"))
    harness.settle(frames=4)
    assert harness.app.sm.current == "turn" and harness.app.controller.view["current"] == "Jean-Baptiste"


def test_the_outcome_tells_a_clue_from_a_key_and_an_empty_stock():
    from companion.app.games.fort_boyard.outcome import duel_outcome

    duel = {"type": "duel_result", "winner": "Bob", "loser": "Ann", "stake": "clue"}
    assert duel_outcome([duel, {"type": "clue_won", "player": "Bob"}])["won"] == "clue"
    assert duel_outcome([duel, {"type": "key_unavailable", "player": "Bob"}])["won"] == "no_key"
    assert duel_outcome([duel])["won"] == "nothing"
    assert duel_outcome([{"type": "turn_started", "player": "Bob"}]) is None


def test_time_up_names_the_player_and_the_next_tap(harness):
    screen = shown(harness, "time-up")
    tr = harness.app.controller.tr
    words = texts(harness, screen.time_up_overlay)
    assert tr("fb.time_up.whose", player="Marie-Christine") in words
    assert tr("fb.time_up.judge", success=tr("common.success"), failure=tr("common.failure")) in words


def test_the_answer_held_is_a_key_figure(harness):
    screen = shown(harness, "enigme-answer")
    strip = next(w for w in harness.widgets(screen) if getattr(w, "answer_hold", False))
    assert strip.state == "down" and strip.base_font >= 28


def test_keys_and_clues_are_counts_without_faint_slots():
    from companion.app.games.fort_boyard.ui import FortBoyardUI

    ui = FortBoyardUI()
    for round_ in (1, 2):
        figures = ui.standing({"round": round_, "phase": "land"}, {"name": "Ann", "keys": 1, "clues": 1})
        assert all(f.slots == 0 for f in figures), round_


def test_counting_the_treasure_shows_no_lone_coin_and_no_key_stock(harness):
    screen = shown(harness, "treasure")
    view = harness.app.controller.view
    ui = harness.app.controller.ui()
    for p in view["players"]:
        figures = ui.standing(view, p)
        assert [f for f in figures if f.icon == "boyard" and not f.value] == [], p["name"]
    info, _ = ui.bar_info(screen)
    assert harness.app.controller.tr("common.stock", n=view["stock_keys"]) not in info


def test_the_turn_says_to_tap_the_space_the_pawn_stops_on(harness):
    screen = shown(harness, "turn")
    assert harness.app.controller.tr("play.tap_landed") in texts(harness, screen)


def test_the_compact_strip_keeps_all_six_players(harness):
    from companion.app.screens.chips import PlayerChip

    screen = shown(harness, "challenge-six")
    chips = [w for w in harness.widgets(screen) if isinstance(w, PlayerChip)]
    assert [c.player for c in chips] == [p["name"] for p in harness.app.controller.view["players"]]
    assert all(c.width > 0 and c.right <= screen.width + 1 for c in chips)


def test_a_round_2_winner_without_a_key_hears_what_the_clues_were_worth(harness):
    """"Jean-Baptiste wins Round 2!" then "no treasure for Jean-Baptiste": the line between says why."""
    screen = shown(harness, "moment-round3")
    tr = harness.app.controller.tr
    assert tr("moment.clues_without_key", player="Jean-Baptiste") in texts(harness, screen)
