"""Forfort's rules (shared/rules/forfort-rules-en.txt, docs/games/forfort.md), one behaviour a test."""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.registry import game_entry
from companion.games.forfort.model import SPACES, directions_from, next_space
from companion.session import GameSession
from companion.store import GameLog
from tests.support import SessionTable


class Table(SessionTable):
    """A Forfort game in memory, driven like the headless protocol."""

    def __init__(self, players=("Ana", "Bob"), camps=("se", "se", "se", "se"), **new: Any) -> None:
        super().__init__({"cmd": "new", "game": "forfort", "players": list(players), "first": players[0], **new}, 5)
        for space in camps[:len(players)]:
            if camps:
                self.do("camp", space=space)

    def pass_turn(self) -> None:
        self.do("discard")
        self.do("end_turn")


def test_the_registry_knows_forfort_for_two_to_four_players():
    assert game_entry("forfort").players == (2, 4)


def test_each_player_starts_with_three_cards_in_hand_and_nineteen_in_the_dungeon():
    t = Table(camps=())
    assert [(p["hand"], p["dungeon"], p["discard"]) for p in t.v["players"]] == [(3, 19, 0), (3, 19, 0)]


def test_starting_camps_are_placed_in_turn_from_the_first_player_then_the_first_turn_starts():
    t = Table(players=("Ana", "Bob", "Cy"), camps=())
    assert (t.v["phase"], t.v["current"]) == ("setup", "Ana")
    t.do("camp", space="n")
    t.do("camp", space="s")
    assert (t.v["phase"], t.v["current"]) == ("setup", "Cy")
    t.do("camp", space="w")
    assert (t.v["phase"], t.v["current"], t.v["round"]) == ("action", "Ana", 1)
    assert t.p("Bob")["fort"]["s"] == {"top": "camp", "covered": 0}


def test_a_starting_camp_goes_in_ones_own_fort():
    t = Table(camps=())
    assert t.refuse("camp", space="n", fort="Bob")["code"] == "bad_field"


def test_a_wall_from_hand_moves_one_card_from_hand_to_the_fort():
    t = Table()
    t.do("build", space="nw")
    ana = t.p("Ana")
    assert (ana["hand"], ana["fort"]["nw"]["top"], t.v["phase"]) == (2, "wall", "end")


def test_a_wall_covers_a_camp_which_becomes_inactive():
    t = Table()
    t.do("build", space="se")
    assert t.p("Ana")["fort"]["se"] == {"top": "wall", "protected": False, "drawbridge": False, "covered": 1}


def test_the_turn_ends_with_a_draw_and_passes_clockwise():
    t = Table()
    t.do("build", space="nw")
    t.do("end_turn")
    ana = t.p("Ana")
    assert (ana["hand"], ana["dungeon"], t.v["current"]) == (3, 18, "Bob")


def test_one_action_a_turn():
    t = Table()
    t.do("build", space="nw")
    assert t.refuse("camp", space="n")["code"] == "wrong_phase"


def test_mason_builds_from_the_discard_pile_and_the_mason_card_goes_there():
    t = Table()
    assert t.refuse("build", space="n", **{"from": "discard"})["code"] == "empty_pile"
    t.pass_turn()
    t.pass_turn()  # Bob discarded too; Ana's discard holds one card
    t.do("build", space="n", **{"from": "discard"})
    ana = t.p("Ana")
    assert (ana["hand"], ana["discard"], ana["fort"]["n"]["top"]) == (2, 1, "wall")


def test_battering_ram_destroys_every_card_of_a_space_into_the_owners_discard_pile():
    t = Table()
    t.pass_turn()
    t.do("build", space="ne")  # Bob
    t.do("end_turn")
    t.do("destroy", fort="Bob", space="ne")
    bob = t.p("Bob")
    assert (bob["fort"]["ne"], bob["discard"]) == (None, 1)  # the wall


def test_a_protected_wall_resists_the_ram_but_not_the_double_ram():
    t = Table()
    t.pass_turn()
    t.do("build", space="ne", protected=True)
    t.do("end_turn")
    assert t.refuse("destroy", fort="Bob", space="ne")["code"] == "protected_wall"
    t.do("build", space="n")  # a pair is made: the double effect may follow
    t.do("destroy", fort="Bob", space="ne", double=True)
    assert t.p("Bob")["fort"]["ne"] is None


def test_a_double_effect_costs_no_card_and_comes_only_right_after_a_build():
    t = Table()
    t.do("build", space="n")
    t.do("siege", fort="Bob", double=True)
    assert (t.p("Ana")["hand"], t.p("Bob")["dungeon"], t.p("Bob")["discard"]) == (2, 17, 2)
    t.do("end_turn")
    assert t.refuse("siege", fort="Ana", double=True)["code"] == "bad_field"


def test_a_placement_allows_at_most_two_double_effects():
    t = Table()
    t.do("build", space="n")
    t.do("siege", fort="Bob", double=True)
    t.do("siege", fort="Bob", double=True)
    assert t.refuse("siege", fort="Bob", double=True)["code"] == "wrong_phase"


def test_siege_tower_sends_the_top_of_an_opponents_dungeon_to_their_discard_pile():
    t = Table()
    t.do("siege", fort="Bob")
    bob = t.p("Bob")
    assert (bob["dungeon"], bob["discard"], t.p("Ana")["discard"]) == (18, 1, 1)


def test_effects_target_an_opponent_not_ones_own_fort():
    t = Table()
    assert t.refuse("siege", fort="Ana")["code"] == "not_an_opponent"


@pytest.mark.parametrize("space", SPACES)
def test_an_army_heads_only_along_the_forts_edge(space):
    allowed = directions_from(space)
    assert len(allowed) == 2
    for d in allowed:
        assert next_space(space, d) in SPACES
    if space in ("n", "s"):
        assert set(allowed) == {"e", "w"}
    if space in ("w", "e"):
        assert set(allowed) == {"n", "s"}


def test_garrison_places_an_army_on_an_empty_space_of_an_opponents_fort():
    t = Table()
    assert t.refuse("army", fort="Bob", space="se", direction="w")["code"] == "space_taken"  # Bob's camp
    assert t.refuse("army", fort="Bob", space="n", direction="s")["code"] == "bad_field"  # into the dungeon
    t.do("army", fort="Bob", space="n", direction="e")
    assert t.p("Bob")["fort"]["n"] == {"top": "army", "army_owner": "Ana", "direction": "e", "covered": 0}
    assert t.p("Ana")["armies_left"] == 2


def _army_in_bob(t: Table, space: str, direction: str) -> None:
    t.do("army", fort="Bob", space=space, direction=direction)
    t.do("end_turn")


def test_an_army_advances_at_the_start_of_its_owners_turn_and_destroys_what_it_enters():
    t = Table()
    _army_in_bob(t, "e", "s")  # heads for Bob's camp at se
    t.do("build", space="ne")
    t.do("end_turn")
    bob = t.p("Bob")
    assert bob["fort"]["e"] is None
    assert bob["fort"]["se"]["top"] == "army"  # the camp is gone for good
    assert bob["camps_left"] == 2


def test_an_army_entering_a_protected_wall_is_defeated_and_the_wall_stands():
    t = Table()
    _army_in_bob(t, "e", "n")
    t.do("build", space="ne", protected=True)
    t.do("end_turn")
    bob, ana = t.p("Bob"), t.p("Ana")
    assert (bob["fort"]["e"], bob["fort"]["ne"]["top"], ana["armies_defeated"]) == (None, "wall", 1)


def test_an_army_leaving_the_fort_goes_back_to_its_owner():
    t = Table()
    _army_in_bob(t, "n", "e")
    t.pass_turn()  # Bob
    assert t.p("Bob")["fort"]["ne"]["top"] == "army"
    t.pass_turn()  # Ana
    t.pass_turn()  # Bob; at Ana's next turn the army leaves
    assert t.p("Ana")["armies_left"] == 3
    assert all(v is None or v["top"] != "army" for v in t.p("Bob")["fort"].values())


def test_nothing_is_built_where_an_army_stands():
    t = Table()
    _army_in_bob(t, "n", "e")
    assert t.refuse("build", space="n")["code"] == "space_taken"


def test_garrison_defeats_an_army_invading_ones_own_fort():
    t = Table()
    _army_in_bob(t, "n", "e")
    t.do("defeat", fort="Bob", space="n")
    assert (t.p("Bob")["fort"]["n"], t.p("Ana")["armies_defeated"], t.p("Ana")["armies_left"]) == (None, 1, 2)


def test_the_drawbridge_draws_one_and_gives_the_same_player_a_new_turn():
    t = Table()
    t.do("build", space="e", drawbridge=True)
    t.do("drawbridge", space="e")
    assert t.p("Ana")["hand"] == 3
    t.do("end_turn")
    assert (t.v["current"], t.v["round"], t.p("Ana")["hand"], t.p("Ana")["drawbridge"]) == ("Ana", 1, 4, "e")
    t.pass_turn()
    assert t.v["current"] == "Bob"


def test_the_drawbridge_token_comes_back_when_its_wall_is_covered():
    t = Table()
    t.do("build", space="e", drawbridge=True)
    t.do("drawbridge", space="e")
    t.do("end_turn")
    t.do("build", space="e")
    assert t.p("Ana")["drawbridge"] is None


def test_a_fort_of_eight_visible_walls_wins_at_once():
    t = Table()
    for space in SPACES:
        t.do("build", space=space)
        if t.v["phase"] == "over":
            break
        t.do("end_turn")
        t.pass_turn()  # Bob
    assert (t.v["phase"], t.v["winners"], t.v["won_by"]) == ("over", ["Ana"], "fort")


def test_an_empty_dungeon_ends_the_game_once_every_player_has_played_as_many_turns():
    t = Table(players=("Ana", "Bob", "Cy"))
    t.pass_turn()  # Ana
    while t.p("Cy")["dungeon"]:
        t.do("siege", fort="Cy")  # Bob empties Cy's dungeon, one card a turn
        t.do("end_turn")
        if t.p("Cy")["dungeon"] and t.v["current"] == "Cy":
            t.pass_turn()
            t.pass_turn()
    assert t.v["ending"] is True
    assert t.v["phase"] != "over"  # the round is played out: Cy plays
    while t.v["phase"] != "over":
        t.pass_turn()
    assert t.v["current"] is None


def test_the_score_counts_visible_walls_camps_armies_abroad_and_a_dungeon_not_empty():
    t = Table()
    t.do("build", space="nw")
    t.do("end_turn")
    t.do("army", fort="Ana", space="n", direction="e")
    t.do("end_turn")
    # Ana: one wall (2) + a camp (1) + dungeon (2); Bob: a camp (1) + his army in Ana's fort (1) + dungeon (2)
    assert (t.p("Ana")["score"], t.p("Bob")["score"]) == (5, 4)


def test_teams_sit_diagonally_and_share_a_completed_fort():
    t = Table(players=("Ana", "Bob", "Cy", "Dee"), teams=True)
    assert [p["team"] for p in t.v["players"]] == [1, 2, 1, 2]
    assert t.refuse("siege", fort="Cy")["code"] == "not_an_opponent"
    t.do("camp", space="n", fort="Cy")  # a camp in a partner's fort
    assert t.p("Cy")["fort"]["n"]["top"] == "camp"


def test_the_team_game_is_for_four_players():
    s = GameSession(GameLog(":memory:"))
    answer = s.handle({"cmd": "new", "game": "forfort", "players": ["A", "B", "C"], "teams": True})
    assert answer["error"]["code"] == "bad_field"


def test_one_army_house_rule_asks_which_army_advances():
    t = Table(house_rules={"march": "one"})
    _army_in_bob(t, "n", "e")
    t.pass_turn()  # Bob
    assert t.p("Bob")["fort"]["ne"]["top"] == "army"  # a single army advances by itself
    _army_in_bob(t, "sw", "e")
    t.pass_turn()  # Bob
    assert (t.v["phase"], t.v["expects"]) == ("march", ["march"])
    t.do("march", fort="Bob", space="ne")  # it leaves the fort; the other army stays
    assert (t.v["phase"], t.p("Ana")["armies_left"], t.p("Bob")["fort"]["sw"]["top"]) == ("action", 2, "army")


def test_forced_discard_pass_house_rule_ends_the_turn_at_once():
    t = Table(house_rules={"no_action": "pass"})
    t.do("discard")
    assert (t.v["current"], t.p("Ana")["hand"]) == ("Bob", 3)


def test_undo_takes_back_an_armys_march_with_the_turn_that_started_it():
    t = Table()
    _army_in_bob(t, "e", "s")
    t.do("discard")
    t.do("end_turn")  # Bob's end: Ana's army marches onto the camp
    assert t.p("Bob")["fort"]["se"]["top"] == "army"
    t.do("undo")
    assert (t.v["current"], t.v["phase"], t.p("Bob")["fort"]["se"]["top"]) == ("Bob", "end", "camp")
