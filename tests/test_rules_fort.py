"""Fort's turn, end and final scoring (shared/rules/fort-digest.md, docs/games/fort.md), a behaviour a test."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.games.fort.autoplay import legal_command
from companion.session import GameSession
from companion.store import GameLog
from tests.support import SessionTable


class Table(SessionTable):
    def __init__(self, players=("Ana", "Bob", "Cy"), **new: Any) -> None:
        super().__init__({"cmd": "new", "game": "fort", "players": list(players), "first": players[0], **new}, 3)

    def turn(self, suit: str | None = None, follows: bool = False, source: str = "park") -> None:
        self.do("play", suit=suit)
        while self.v["step"] == "follow":
            self.do("follow", player=self.v["follower"], follows=follows)
        self.do("recruit", **{"from": source})
        self.do("end_turn")


def test_the_leader_plays_then_each_other_player_follows_or_passes_from_the_leaders_left():
    t = Table()
    t.do("play", suit="crown", resource="pizza")
    assert (t.v["step"], t.v["follower"], t.v["resource"]) == ("follow", "Bob", "pizza")
    assert t.refuse("follow", player="Cy", follows=True)["code"] == "not_your_turn"
    t.do("follow", player="Bob", follows=True)
    t.do("follow", player="Cy", follows=False)
    assert t.v["step"] == "recruit"
    assert t.v["follows"] == [{"player": "Bob", "follows": True}, {"player": "Cy", "follows": False}]


def test_no_card_played_means_nothing_to_follow():
    t = Table()
    t.do("play", suit=None)
    assert t.v["step"] == "recruit"


def test_cleanup_is_skipped_on_a_players_own_first_turn():
    t = Table(players=("Ana", "Bob"))
    assert t.v["cleanup"] is False
    t.turn()
    assert (t.v["leader"], t.v["cleanup"]) == ("Bob", False)
    t.turn()
    assert (t.v["leader"], t.v["cleanup"]) == ("Ana", True)


def test_recruit_from_the_park_or_the_deck_takes_one_from_the_park_deck_a_yard_does_not():
    t = Table(park_deck=10)
    t.turn(source="park")
    t.turn(source="yard")
    t.turn(source="deck")
    assert t.v["park_deck"] == 8


def test_with_the_park_deck_empty_the_park_still_recruits_the_deck_does_not():
    t = Table(park_deck=0)
    t.do("play", suit=None)
    assert t.refuse("recruit", **{"from": "deck"})["code"] == "park_deck_empty"
    t.do("recruit", **{"from": "park"})
    assert t.v["park_deck"] == 0


def test_points_and_levels_change_at_any_step():
    t = Table()
    t.do("play", suit="book")
    t.do("points", player="Bob", points=2)  # a follower's action
    t.do("level", player="Bob", level=1)
    assert (t.p("Bob")["points"], t.p("Bob")["level"]) == (2, 1)


def test_level_one_asks_for_a_made_up_rule_and_level_two_for_a_perk_once_each():
    t = Table()
    t.do("level", player="Ana", level=1)
    t.do("level", player="Ana", level=2)
    assert t.v["asks"] == [{"player": "Ana", "take": "rule"}, {"player": "Ana", "take": "perk"}]
    t.do("rule", player="Ana", rule="sleepover")
    t.do("perk", player="Ana", perk="xxl-backpack")
    t.do("level", player="Ana", level=1)
    t.do("level", player="Ana", level=2)
    assert t.v["asks"] == []
    assert (t.p("Ana")["rules"], t.p("Ana")["perks"]) == (["sleepover"], ["xxl-backpack"])


def test_one_card_of_each_made_up_rule():
    t = Table()
    t.do("rule", player="Ana", rule="loner")
    assert t.refuse("rule", player="Bob", rule="loner")["code"] == "card_taken"


def test_a_made_up_rules_refusal_never_names_its_secret_holder():
    t = Table()
    t.do("rule", player="Ana", rule="loner")
    assert "Ana" not in t.refuse("rule", player="Bob", rule="loner")["message"]


def test_a_coin_card_led_is_followed_in_the_suit_its_leader_declares():
    t = Table()
    t.do("play", suit="wild", resource="pizza", declared="glue")
    assert (t.v["suit"], t.v["declared"], t.v["follow_suit"]) == ("wild", "glue", "glue")
    t.do("follow", player="Bob", follows=True)
    t.do("follow", player="Cy", follows=False)
    t.do("recruit", **{"from": "park"})
    t.do("end_turn")
    assert (t.v["declared"], t.v["follow_suit"]) == (None, None)


def test_a_coin_card_needs_one_of_the_six_suits_declared_and_no_other_card_is_declared():
    t = Table()
    assert t.refuse("play", suit="wild")["code"] == "bad_field"
    assert t.refuse("play", suit="wild", declared="wild")["code"] == "bad_field"
    assert t.refuse("play", suit="book", declared="crown")["code"] == "bad_field"
    t.do("play", suit="book")
    assert t.v["follow_suit"] == "book"


def test_the_level_points_setting_scores_each_new_level_once_and_can_trigger_the_end():
    t = Table(players=("Ana", "Bob"), house_rules={"level_points": 2})
    t.do("level", player="Ana", level=2)
    assert t.v["players"][0]["points"] == 4
    t.do("level", player="Ana", level=1)
    t.do("level", player="Ana", level=2)  # reached before: no points again
    assert t.v["players"][0]["points"] == 4
    t.do("points", player="Bob", points=20)
    t.do("level", player="Bob", level=3)
    assert (t.v["players"][1]["points"], t.v["last_round"], t.v["trigger"]) == (26, True, "points")


def test_without_the_level_points_setting_a_level_scores_nothing():
    t = Table()
    t.do("level", player="Ana", level=3)
    assert t.v["players"][0]["points"] == 0


def test_the_first_to_reach_level_five_takes_the_macaroni_sculpture():
    t = Table()
    t.do("level", player="Bob", level=5)
    t.do("level", player="Cy", level=5)
    assert (t.p("Bob")["macaroni"], t.p("Cy")["macaroni"]) == (True, False)


@pytest.mark.parametrize("trigger", ["points", "level", "park_deck"])
def test_the_last_round_after_each_trigger_ends_with_the_start_player(trigger):
    t = Table(park_deck=1)
    t.turn(source="yard")  # Ana
    t.do("play", suit="glue")  # Bob leads
    if trigger == "points":
        t.do("follow", player="Cy", follows=True)
        t.do("points", player="Cy", points=25)  # during a follower's action
        t.do("follow", player="Ana", follows=False)
        t.do("recruit", **{"from": "yard"})
    elif trigger == "level":
        t.do("level", player="Bob", level=5)
        t.do("follow", player="Cy", follows=False)
        t.do("follow", player="Ana", follows=False)
        t.do("recruit", **{"from": "yard"})
    else:
        t.do("follow", player="Cy", follows=False)
        t.do("follow", player="Ana", follows=False)
        t.do("recruit", **{"from": "deck"})  # the last kid of the park deck
    assert (t.v["last_round"], t.v["trigger"], t.v["still_to_lead"]) == (True, trigger, ["Bob", "Cy"])
    t.do("end_turn")
    t.turn(source="yard")  # Cy, the last before the start player
    assert (t.v["step"], t.v["leader"]) == ("final", None)
    assert [p["turns"] for p in t.v["players"]] == [1, 1, 1]  # everyone as many turns


def _to_final(t: Table) -> None:
    t.do("points", player="Ana", points=25)
    while t.v["step"] != "final":
        t.turn(source="yard")


def test_final_scoring_asks_only_what_a_players_rules_need():
    t = Table(players=("Ana", "Bob"))
    t.do("rule", player="Ana", rule="slime-lab")
    t.do("rule", player="Bob", rule="minimalism")
    _to_final(t)
    assert [p["needs"] for p in t.v["players"]] == [["book"], []]
    assert t.refuse("final", player="Ana", counts={})["code"] == "bad_field"
    t.do("final", player="Ana", counts={"book": 4, "pizza": 99})
    t.do("final", player="Bob", counts={})
    assert t.v["step"] == "over"
    assert (t.p("Ana")["final"], t.p("Bob")["final"]) == ({"slime-lab": 4}, {"minimalism": 0})
    assert t.v["winners"] == ["Ana"]


@pytest.mark.parametrize("cards, points", [((12, 9, 9), 8), ((12, 12, 9), 4), ((9, 12, 9), 0)])
def test_sleepover_scores_eight_for_the_most_cards_and_four_when_tied(cards, points):
    t = Table()
    t.do("rule", player="Ana", rule="sleepover")
    _to_final(t)
    assert all(p["needs"] == ["cards"] for p in t.v["players"])  # counted across the table
    for p, n in zip(("Ana", "Bob", "Cy"), cards):
        t.do("final", player=p, counts={"cards": n})
    assert t.p("Ana")["final"] == {"sleepover": points}


@pytest.mark.parametrize("rule, counts, points", [
    ("big-plans", {"advance": 3}, 3), ("loner", {"best_friends": 0}, 5), ("loner", {"best_friends": 1}, 0),
    ("friendship-bracelet", {"suits": 5}, 5), ("friendship-bracelet", {"suits": 6}, 7),
    ("play-palace", {"crown": 6}, 6), ("popularity", {"lookout": 2}, 2), ("secret-stash", {"pack": 4}, 4),
    ("pizza-party", {"pizza": 3}, 3), ("piggy-bank", {"toys": 5}, 5),
])
def test_each_made_up_rule_scores_as_the_digest_says(rule, counts, points):
    t = Table(players=("Ana", "Bob"))
    t.do("rule", player="Ana", rule=rule)
    _to_final(t)
    t.do("final", player="Ana", counts=counts)
    t.do("final", player="Bob", counts={})
    assert t.p("Ana")["final"] == {rule: points}


def test_a_tie_is_shared_by_default_and_broken_by_the_fort_level_by_choice():
    for rule, winners in (("shared", ["Ana", "Bob"]), ("fort_level", ["Bob"])):
        t = Table(players=("Ana", "Bob"), house_rules={"tie_break": rule})
        t.do("points", player="Bob", points=25)
        t.do("level", player="Bob", level=1)
        t.do("points", player="Ana", points=25)
        while t.v["step"] != "final":
            t.turn(source="yard")
        t.do("final", player="Ana", counts={})
        t.do("final", player="Bob", counts={})
        assert t.v["winners"] == winners


def test_the_macaroni_sculpture_counts_its_set_value():
    t = Table(players=("Ana", "Bob"), house_rules={"macaroni_points": 3})
    t.do("level", player="Bob", level=5)
    while t.v["step"] != "final":
        t.turn(source="yard")
    t.do("final", player="Ana", counts={})
    t.do("final", player="Bob", counts={})
    assert t.v["winners"] == ["Bob"]


def test_a_players_made_up_rules_are_secret_from_the_others_until_the_end():
    t = Table(players=("Ana", "Bob"))
    t.do("rule", player="Ana", rule="loner")
    seen_by_bob = t.s.rules.player_view(t.s.state, "Bob")
    assert seen_by_bob["players"][0]["rules"] == [None]
    assert t.s.rules.player_view(t.s.state, "Ana")["players"][0]["rules"] == ["loner"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31 - 1))
def test_random_legal_games_replay_to_the_live_state_and_undo_restores_exactly(seed):
    rng = random.Random(seed)
    log = GameLog(":memory:")
    s = GameSession(log)
    n = rng.randint(2, 4)
    assert s.handle({"cmd": "new", "game": "fort", "players": ["A", "B", "C", "D"][:n],
                     "park_deck": rng.randint(0, 15), "seed": seed,
                     "house_rules": {"level_points": rng.choice([0, 0, 2])}})["ok"]
    for _ in range(400):
        cmd = legal_command(s.view(), rng)
        if cmd is None:
            break
        before = s.state
        assert s.handle(cmd)["ok"], cmd
        if rng.random() < 0.2:
            after = s.state
            assert s.handle({"cmd": "undo"})["ok"] and s.state == before
            assert s.handle({"cmd": "redo"})["ok"] and s.state == after
    assert GameSession(log).state == s.state
