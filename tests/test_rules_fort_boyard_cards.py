"""The companion's own cards in the Fort Boyard rules: recorded for the turn, never repeated in a game, of the
space's deck, the Duel's drawn once the opponent is named, and a buzzer duel's record."""

from __future__ import annotations

from tests.support import Table


def test_companion_card_is_recorded_for_the_turn_and_cleared_after_it():
    t = Table()
    t.do("land", space="enigme")
    t.do("card", deck="enigme", card="fr-riddle-1")
    assert t.view["card"] == {"deck": "enigme", "id": "fr-riddle-1"}
    t.do("result", success=True)
    assert t.view["card"] is None and t.view["cards_drawn"] == [["enigme", "fr-riddle-1"]]


def test_companion_card_never_repeats_within_a_game():
    t = Table()
    t.do("land", space="force")
    t.do("card", deck="force", card="f-1")
    t.do("result", success=False)
    t.do("land", space="force")
    assert t.refuse("card", deck="force", card="f-1").code == "card_repeated"


def test_companion_card_must_match_the_space():
    t = Table()
    t.do("land", space="concentration")
    assert t.refuse("card", deck="enigme", card="x").code == "bad_field"
    assert t.refuse("card", deck="concentration", card="").code == "bad_field"


def test_duel_card_is_drawn_once_the_opponent_is_named():
    t = Table()
    t.do("land", space="duel")
    assert t.refuse("card", deck="duel", card="d-1").code == "wrong_phase"
    t.do("opponent", player="Bob")
    t.do("card", deck="duel", card="d-1")
    assert t.view["card"]["id"] == "d-1"


def test_buzzer_duel_record_is_kept_with_the_duel_result():
    t = Table()
    t.do("land", space="duel")
    t.do("opponent", player="Bob")
    record = {"mode": "reflex", "seed": "1:0", "runs": [{"delay_s": 3.2, "presses": [["Bob", 0.0], ["Ann", 12.4]]}]}
    t.do("result", winner="Bob", buzzers=record)
    assert next(e for e in t.events if e["type"] == "duel_result")["buzzers"] == record
    t2 = Table()
    t2.do("land", space="duel")
    t2.do("opponent", player="Bob")
    assert t2.refuse("result", winner="Bob", buzzers=[1]).code == "bad_field"
