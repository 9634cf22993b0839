"""Forfort's Battering Ram and Trebuchet on their lines (readings file, point 8; docs/games/forfort.md),
declining a pair's double effect, and the score's parts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.games.forfort.model import SPACES, facing, line_of
from tests.test_rules_forfort import Table

FOUR = ("Ana", "Bob", "Cy", "Dee")


def test_two_players_face_each_other_the_opponents_top_row_is_the_front_line():
    assert {s for s in SPACES if line_of(2, 0, 1, s) == 1} == {"nw", "n", "ne"}
    assert {s for s in SPACES if line_of(2, 0, 1, s) == 3} == {"sw", "s", "se"}


def test_with_four_the_next_players_right_side_the_opposite_players_top_the_previous_players_left_face_you():
    assert [facing(4, 0, t) for t in (1, 2, 3)] == ["right", "top", "left"]
    assert {s for s in SPACES if line_of(4, 0, 1, s) == 1} == {"ne", "e", "se"}
    assert {s for s in SPACES if line_of(4, 0, 3, s) == 1} == {"nw", "w", "sw"}


def test_with_three_both_opponents_are_neighbours():
    assert [facing(3, 0, t) for t in (1, 2)] == ["right", "left"]


@given(st.integers(2, 4).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n - 1), st.integers(1, n - 1))))
def test_every_fort_has_three_front_spaces_two_second_and_three_third(args):
    n, attacker, k = args
    lines = sorted(line_of(n, attacker, (attacker + k) % n, s) for s in SPACES)
    assert lines == [1, 1, 1, 2, 2, 3, 3, 3]


def _bob_builds(t: Table, space: str, **wall) -> None:
    """Ana discards, Bob builds on ``space``: Ana's turn, her action."""
    t.pass_turn()
    t.do("build", space=space, **wall)
    t.do("end_turn")


def test_the_ram_is_refused_on_a_second_line_space_as_seated():
    t = Table()
    _bob_builds(t, "w")
    assert t.refuse("destroy", fort="Bob", space="w", effect="ram")["code"] == "wrong_line"


def test_the_trebuchet_destroys_a_second_line_space():
    t = Table()
    _bob_builds(t, "w")
    events = t.do("destroy", fort="Bob", space="w", effect="trebuchet")
    hit = next(e for e in events if e["type"] == "forfort.space_destroyed")
    assert (t.p("Bob")["fort"]["w"], hit["cause"]) == (None, "trebuchet")


def test_the_trebuchet_is_refused_on_the_front_line():
    t = Table()
    _bob_builds(t, "n")
    assert t.refuse("destroy", fort="Bob", space="n", effect="trebuchet")["code"] == "wrong_line"


def test_at_four_the_ram_reaches_the_next_players_right_side():
    t = Table(players=FOUR)
    t.pass_turn()  # Ana
    t.do("build", space="e")  # Bob, seated at Ana's left: his right side faces her
    t.do("end_turn")
    t.pass_turn()  # Cy
    t.pass_turn()  # Dee
    t.do("destroy", fort="Bob", space="e", effect="ram")
    assert t.p("Bob")["fort"]["e"] is None


def test_at_four_the_ram_cannot_reach_the_next_players_top_side():
    t = Table(players=FOUR)
    t.pass_turn()
    t.do("build", space="n")  # Bob's top side is his 2nd line for Ana
    t.do("end_turn")
    t.pass_turn()
    t.pass_turn()
    assert t.refuse("destroy", fort="Bob", space="n", effect="ram")["code"] == "wrong_line"


def test_the_any_space_house_rule_lets_the_ram_reach_the_third_line():
    t = Table(house_rules={"lines": "any"})
    _bob_builds(t, "s")
    t.do("destroy", fort="Bob", space="s", effect="ram")
    assert t.p("Bob")["fort"]["s"] is None


def test_a_destroy_without_its_effect_is_recorded_as_the_effect_of_the_spaces_line():
    t = Table()
    _bob_builds(t, "s")
    t.do("destroy", fort="Bob", space="s")
    assert list(t.s.log.active_commands(t.s.game_id))[-1].command["effect"] == "trebuchet"


def test_the_view_gives_each_opponents_lines_as_the_current_player_is_seated():
    t = Table(players=FOUR, teams=True)
    lines = t.v["lines"]
    assert sorted(lines) == ["Bob", "Dee"]  # Cy is Ana's teammate
    assert (lines["Bob"]["e"], lines["Dee"]["w"], lines["Dee"]["e"]) == (1, 1, 3)


def test_a_pair_may_be_declined_then_no_double_effect_follows():
    t = Table()
    _bob_builds(t, "n")
    t.do("build", space="nw")
    t.do("decline")
    assert "destroy" not in t.v["expects"] and t.v["combos"] == 0
    assert t.refuse("destroy", fort="Bob", space="n", double=True)["code"] == "wrong_phase"


def test_the_second_army_of_a_garrison_pair_may_be_declined():
    t = Table()
    t.do("build", space="nw")
    t.do("army", fort="Bob", space="n", direction="e")
    assert t.v["garrison_left"] == 1
    t.do("decline")
    assert (t.v["garrison_left"], t.v["expects"]) == (0, ["drawbridge", "end_turn"])


def test_decline_is_refused_when_no_pair_is_offered():
    t = Table()
    assert t.refuse("decline")["code"] == "wrong_phase"


def test_the_score_parts_count_walls_camps_armies_abroad_and_the_dungeon_bonus():
    t = Table()
    t.do("build", space="nw")
    t.do("army", fort="Bob", space="n", direction="e")
    ana = t.p("Ana")
    assert ana["score_parts"] == {"walls": 1, "camps": 1, "armies": 1, "dungeon": 2}
    assert ana["score"] == 2 * 1 + 1 + 1 + 2
