"""One test per rule of Pixies' turns, placement and rounds (shared/rules/pixies-digest.md), draft mode,
each quoting the sentence it checks. Scoring: test_pixies_scoring.py; the score pad: test_pixies_pad.py."""

from __future__ import annotations

import pytest

from companion.engine import Refusal
from companion.engine.registry import game_entry
from companion.games.pixies import RULES
from companion.games.pixies.cards import CARDS
from tests.pixies_support import Pixies, up, val

# --- the game -----------------------------------------------------------------------------------------


def test_pixies_is_registered_for_two_to_five_players():
    entry = game_entry("pixies")
    assert (entry.rules, entry.players) == ("companion.games.pixies", (2, 5))


@pytest.mark.parametrize("players", [["Solo"], ["A", "B", "C", "D", "E", "F"]])
def test_two_to_five_players(players):
    """'Pixies (...; 2–5 players; 70 cards)'."""
    with pytest.raises(Refusal) as info:
        RULES.start({"cmd": "new", "game": "pixies", "players": players, "seed": 1})
    assert info.value.code == "bad_field" and "2 to 5" in info.value.message


def test_player_names_must_differ():
    with pytest.raises(Refusal) as info:
        RULES.start({"cmd": "new", "game": "pixies", "players": ["Zoé", "ZOÉ"], "seed": 1})
    assert "appears twice" in info.value.message


def test_the_score_pad_is_the_default_mode():
    d = RULES.start({"cmd": "new", "game": "pixies", "players": ["Ann", "Bob"], "seed": 1})
    assert d.command["mode"] == "pad"


@pytest.mark.parametrize("field,value", [("mode", "online"), ("house_rules", {"multicolour": "two"}),
                                         ("house_rules", {"zones": "all"}), ("house_rules", "best_one"), ("seed", "7")])
def test_new_refuses_a_bad_setting_naming_the_field(field, value):
    cmd = {"cmd": "new", "game": "pixies", "players": ["Ann", "Bob"], "seed": 1, field: value}
    with pytest.raises(Refusal) as info:
        RULES.start(cmd)
    assert info.value.code == "bad_field" and field in info.value.message


def test_the_first_player_is_drawn_from_the_recorded_seed():
    """'The first player of the game is chosen at random': from the seed recorded in the new command."""
    firsts = {Pixies(first=None, seed=s).view["first"] for s in range(40)}
    assert firsts == {"Ann", "Bob", "Cy"}
    assert Pixies(first=None, seed=5).events == Pixies(first=None, seed=5).events


def test_the_table_may_name_the_first_player():
    g = Pixies(first="Cy")
    assert g.view["first"] == "Cy" and ("pixies.first_player_chosen", "players") in [
        (e["type"], e.get("by")) for e in g.events]


def test_first_player_must_be_a_player():
    with pytest.raises(Refusal) as info:
        RULES.start({"cmd": "new", "game": "pixies", "players": ["Ann", "Bob"], "first": "Zed", "seed": 1})
    assert info.value.code == "unknown_player"


# --- a turn -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players,cards", [(("A", "B"), 4), (("A", "B", "C"), 3), (("A", "B", "C", "D"), 4),
                                           (("A", "B", "C", "D", "E"), 5)])
def test_the_first_player_reveals_as_many_cards_as_players_four_with_two(players, cards):
    """'The first player reveals as many cards as there are players (3 → 3, 4 → 4, 5 → 5; 2 players → 4)'."""
    g = Pixies(players=players, first="A")
    assert g.view["phase"] == "reveal" and g.view["cards_per_turn"] == cards
    wrong = g.refuse("reveal", cards=list(CARDS)[: cards - 1])
    assert wrong.code == "bad_field" and f"the {cards} cards A revealed" in wrong.message


def test_players_take_one_card_each_clockwise_from_the_first_player():
    """'Players take one card each, clockwise from the first player.'"""
    g = Pixies(players=("Ann", "Bob", "Cy", "Dee"), first="Cy")
    g.reveal("blue-1-6s", "blue-2-4s", "blue-3-3s", "blue-4-1s")
    order = []
    for card in ("blue-1-6s", "blue-2-4s", "blue-3-3s", "blue-4-1s"):
        order.append(g.current)
        g.do("pick", player=g.current, card=card)
    assert order == ["Cy", "Dee", "Ann", "Bob"]


def test_with_two_players_each_takes_two_cards_a_b_a_b():
    """'With 2 players each takes two: A, B, A, B.'"""
    g = Pixies(players=("Ann", "Bob"), first="Bob")
    g.reveal("blue-1-6s", "blue-2-4s", "blue-3-3s", "blue-4-1s")
    assert g.view["still_to_pick"] == ["Bob", "Ann", "Bob", "Ann"]


def test_a_pick_out_of_turn_is_refused():
    g = Pixies()
    g.reveal("blue-1-6s", "blue-2-4s", "blue-3-3s")
    refusal = g.refuse("pick", player="Bob", card="blue-1-6s")
    assert refusal.code == "not_your_turn" and "Ann's pick" in refusal.message


def test_a_card_not_revealed_cannot_be_taken():
    g = Pixies()
    g.reveal("blue-1-6s", "blue-2-4s", "blue-3-3s")
    assert g.refuse("pick", player="Ann", card="red-9-none").code == "not_revealed"
    assert g.refuse("pick", player="Ann", card="multi-9-none").code == "unknown_card"


def test_whoever_took_the_last_card_is_first_next_turn():
    """'Whoever took the last card of a turn is the first player of the next turn.'"""
    g = Pixies(first="Ann")
    g.reveal("blue-1-6s", "blue-2-4s", "blue-3-3s")
    for card in ("blue-1-6s", "blue-2-4s", "blue-3-3s"):
        g.do("pick", player=g.current, card=card)
    assert g.view["first"] == "Cy" and g.view["phase"] == "reveal" and g.view["turn"] == 2
    g.reveal("red-1-3s", "red-2-5s", "red-3-4s")
    assert g.view["still_to_pick"] == ["Cy", "Ann", "Bob"]


def test_a_revealed_card_must_still_be_in_the_deck():
    """All 70 cards are in the deck at a round's start; a card taken this round cannot be revealed again."""
    g = Pixies()
    g.reveal("blue-1-6s", "blue-2-4s", "blue-3-3s")
    g.do("pick", player="Ann", card="blue-1-6s")
    for card in ("blue-2-4s", "blue-3-3s"):
        g.do("pick", player=g.current, card=card)
    refusal = g.refuse("reveal", cards=["blue-1-6s", "red-1-3s", "red-2-5s"])
    assert refusal.code == "card_in_play" and "Ann's grid (space 1)" in refusal.message
    twice = g.refuse("reveal", cards=["red-1-3s", "red-1-3s", "red-2-5s"])
    assert twice.code == "bad_field" and "cards[1]" in twice.message
    absent = g.refuse("reveal", cards=["red-1-3s", "multi-5-none", "red-2-5s"])
    assert absent.code == "unknown_card" and "no multicolour 5" in absent.message


# --- placement ----------------------------------------------------------------------------------------


def _one_pick(g: Pixies, card: str, **fields):
    others = [c for c in ("red-9-none", "green-9-4x", "yellow-9-2x", "blue-9-6x") if c != card]
    g.reveal(card, *others[: len(g.state.order) - 1])
    return g.do("pick", player=g.current, card=card, **fields)


def test_a_card_on_an_empty_space_goes_face_up():
    """'The space is empty: the card goes face up.'"""
    g = Pixies()
    _one_pick(g, "green-4-4s")
    assert g.p("Ann")["grid"][3] == up("green-4-4s")


def test_a_card_on_a_lone_face_down_card_goes_face_up_and_is_validated():
    """'The space holds only a face-down card: the card goes face up on it and is validated.'"""
    g = Pixies()
    g.set_grid("Ann", [None, None, None, "down", None, None, None, None, None])
    _one_pick(g, "green-4-4s")
    assert g.p("Ann")["grid"][3] == val("green-4-4s")


@pytest.mark.parametrize("keep,face_up,covered", [("new", "green-4-4s", "red-4-2s"), ("old", "red-4-2s", "green-4-4s")])
def test_two_face_up_cards_are_stacked_and_the_player_says_which_stays_up(keep, face_up, covered):
    """'The space holds one face-up card: the two are stacked back to back and the player chooses which stays
    face up; the space is now validated.'"""
    g = Pixies()
    g.set_grid("Ann", [None, None, None, up("red-4-2s"), None, None, None, None, None])
    g.reveal("green-4-4s", "red-9-none", "green-9-4x")
    assert g.view["choices"]["green-4-4s"]["needs"] == "keep"
    assert g.refuse("pick", player="Ann", card="green-4-4s").code == "bad_field"
    g.do("pick", player="Ann", card="green-4-4s", keep=keep)
    assert g.p("Ann")["grid"][3] == val(face_up) and g.p("Ann")["face_down"][3] == covered


def test_a_card_whose_space_is_validated_goes_face_down_on_an_empty_space_of_the_players_choice():
    """'The space is already validated: the card goes face down on an empty space.'"""
    g = Pixies()
    g.set_grid("Ann", [None, None, up("blue-3-1s"), val("red-4-2s"), None, None, None, None, None])
    g.reveal("green-4-4s", "red-9-none", "green-9-4x")
    assert g.view["choices"]["green-4-4s"] == {"goes": "down", "needs": "space", "space": None,
                                               "spaces": [1, 2, 5, 6, 7, 8, 9]}
    missing = g.refuse("pick", player="Ann", card="green-4-4s")
    taken = g.refuse("pick", player="Ann", card="green-4-4s", space=3)
    assert missing.code == taken.code == "bad_field" and "empty space" in taken.message
    g.do("pick", player="Ann", card="green-4-4s", space=7)
    assert g.p("Ann")["grid"][6] == "down" and g.p("Ann")["face_down"][6] == "green-4-4s"


def test_a_card_that_must_go_face_down_with_no_empty_space_is_discarded():
    """The issue's reading: 'A card that must go face down when no space is empty is discarded.'"""
    g = Pixies(players=("Ann", "Bob"))
    g.set_grid("Ann", ["down", "down", "down", val("red-4-2s"), "down", "down", "down", "down", None])
    g.reveal("red-9-none", "green-9-4x", "green-4-4s", "yellow-9-2x")
    g.do("pick", player="Ann", card="red-9-none")  # fills the grid: the round ends with this turn
    g.do("pick", player="Bob", card="green-9-4x")
    refused = g.refuse("pick", player="Ann", card="green-4-4s", space=9)
    assert refused.code == "bad_field" and "discarded" in refused.message
    g.do("pick", player="Ann", card="green-4-4s")
    assert ("pixies.card_placed", "discarded") in [(e["type"], e.get("face")) for e in g.events]


@pytest.mark.parametrize("field,value", [("keep", "new"), ("space", 5)])
def test_keep_or_space_given_where_the_placement_does_not_need_it_is_refused(field, value):
    g = Pixies()
    g.reveal("green-4-4s", "red-9-none", "green-9-4x")
    refusal = g.refuse("pick", player="Ann", card="green-4-4s", **{field: value})
    assert refusal.code == "bad_field" and f"'{field}'" in refusal.message


# --- the end of a round and of the game -------------------------------------------------------------


def _fill_all_but_9(g: Pixies, name: str) -> None:
    g.set_grid(name, ["down"] * 8 + [None])


def test_the_round_ends_at_the_end_of_the_turn_in_which_a_grid_fills():
    """'A round ends at the end of the turn in which some player has at least one card on each of the nine
    spaces (the turn is finished so everyone has taken the same number of cards).'"""
    g = Pixies(first="Ann")
    _fill_all_but_9(g, "Ann")
    g.reveal("red-9-none", "green-9-4x", "yellow-9-2x")
    events = g.do("pick", player="Ann", card="red-9-none")
    filled = next(e for e in events if e["type"] == "pixies.grid_filled")
    assert filled["still_to_pick"] == ["Bob", "Cy"] and g.view["last_turn"] and g.view["round"] == 1
    g.do("pick", player="Bob", card="green-9-4x")
    g.do("pick", player="Cy", card="yellow-9-2x")
    assert "pixies.round_ended" in g.types() and g.view["round"] == 2


def test_the_next_round_begins_with_empty_grids_and_the_finished_grid_stays_in_rounds():
    g = Pixies(first="Ann")
    _fill_all_but_9(g, "Ann")
    g.reveal("red-9-none", "green-9-4x", "yellow-9-2x")
    for card in ("red-9-none", "green-9-4x", "yellow-9-2x"):
        g.do("pick", player=g.current, card=card)
    ann = g.p("Ann")
    assert ann["grid"] == [None] * 9 and ann["rounds"][0]["grid"] == ["down"] * 8 + [up("red-9-none")]
    assert g.p("Cy")["rounds"][0]["grid"][8] == up("yellow-9-2x")
    assert g.view["first"] == "Cy"  # 'also across rounds'
    assert g.view["deck"] == list(CARDS)  # 'All 70 cards are reshuffled between rounds'


def test_the_game_ends_after_round_three_and_ties_are_shared():
    """'The game ends after round 3; most points wins; no tie-break is printed: ties are shared.'"""
    g = Pixies(players=("Ann", "Bob"), first="Ann")
    for rnd in (1, 2, 3):
        assert g.view["round"] == rnd
        for name in ("Ann", "Bob"):
            g.set_grid(name, ["down"] * 4 + [None] + ["down"] * 4)
        g.reveal("blue-5-none", "green-5-none", "yellow-5-none", "red-5-none")
        g.do("pick", player=g.current, card="blue-5-none")  # fills the first grid
        g.do("pick", player=g.current, card="green-5-none")
        g.do("pick", player=g.current, card="yellow-5-none", keep="new")
        g.do("pick", player=g.current, card="red-5-none", keep="old")
    assert g.view["phase"] == "over" and RULES.is_over(g.state)
    assert [p["total"] for p in g.view["players"]] == [15, 15]  # validated 5, three times each
    assert g.view["winners"] == ["Ann", "Bob"]
    assert RULES.summary(g.state)["scores"] == {"Ann": 15, "Bob": 15}
    assert g.refuse("reveal", cards=[]).code == "game_over"


def test_a_round_ends_when_the_deck_cannot_fill_a_turn():
    """Reading (docs/games/pixies.md): the rules are silent on a deck too short for a turn; the round ends."""
    from companion.engine.core import evolve

    g = Pixies(players=("Ann", "Bob", "Cy", "Dee", "Eve"))
    rest = [c for c in CARDS if c not in ("red-9-none", "green-9-4x", "yellow-9-2x", "blue-9-6x", "blue-9-1x")]
    g.state = g.state.with_player(4, evolve(g.state.players[4], discarded=tuple(rest[:61])))
    g.reveal("red-9-none", "green-9-4x", "yellow-9-2x", "blue-9-6x", "blue-9-1x")
    for card in ("red-9-none", "green-9-4x", "yellow-9-2x", "blue-9-6x", "blue-9-1x"):
        g.do("pick", player=g.current, card=card)
    ended = next(e for e in g.events if e["type"] == "pixies.round_ended")
    assert ended["reason"] == "deck_short" and g.view["round"] == 2


def test_grid_is_refused_in_a_draft_game_and_pick_in_a_pad_game():
    assert "pad mode" in Pixies().refuse("grid", player="Ann", spaces=[None] * 9).message
    assert "draft mode" in Pixies(mode="pad").refuse("pick", player="Ann", card="blue-1-6s").message


def test_describe_says_what_the_companion_waits_for():
    g = Pixies()
    assert RULES.describe(g.state) == "the 3 cards Ann reveals for turn 1 (reveal)"
    g.reveal("blue-1-6s", "blue-2-4s", "blue-3-3s")
    assert RULES.describe(g.state).startswith("the card Ann takes")


# --- what the rules object offers the platform ------------------------------------------------------


def test_the_registry_gives_these_rules_and_example_new_starts_a_game():
    from companion.engine import rules_for

    assert rules_for("pixies") is RULES
    decision = RULES.start(RULES.example_new(7))
    assert decision.command["seed"] == 7 and decision.command["game"] == "pixies"


def test_a_space_picker_shows_only_the_cards_of_its_number():
    """'A space holds its number's card, so a picker shows only that number's cards, at most a dozen.'"""
    from companion.games.pixies.cards import cards_of_number

    assert [len(cards_of_number(n)) for n in range(1, 10)] == [5, 6, 8, 10, 12, 10, 8, 6, 5]
    assert all(CARDS[c].number == 5 for c in cards_of_number(5))


def test_summary_of_a_finished_game_has_winners_and_scores():
    g = Pixies(players=("Ann", "Bob"), mode="pad")
    for _ in range(3):
        g.do("grid", player="Ann", spaces=[val("red-1-3s")] + ["down"] * 8)
        g.do("grid", player="Bob", spaces=["down"] * 9)
    summary = RULES.summary(g.state)
    assert summary["winners"] == ["Ann"] and summary["scores"] == {"Ann": 12, "Bob": 0}
    assert summary["rounds"] == {"Ann": [4, 4, 4], "Bob": [0, 0, 0]}


def test_a_players_view_is_their_grid_and_their_pick():
    g = Pixies()
    g.reveal("blue-1-6s", "blue-2-4s", "blue-3-3s")
    ann, bob = RULES.player_view(g.state, "Ann"), RULES.player_view(g.state, "Bob")
    assert ann["my_pick"] and set(ann["choices"]) == {"blue-1-6s", "blue-2-4s", "blue-3-3s"}
    assert not bob["my_pick"] and bob["choices"] == {} and bob["grid"] == [None] * 9
    assert RULES.player_view(g.state, "Zed") is None


def test_the_last_card_with_no_choice_is_a_forced_pick():
    """'A player must take a card; the last one takes what is left': with nothing to say about its place,
    the state gives the pick to send without asking."""
    g = Pixies()
    g.reveal("blue-1-6s", "blue-2-4s", "blue-3-3s")
    assert g.view["forced"] is None
    g.do("pick", player="Ann", card="blue-1-6s")
    g.do("pick", player="Bob", card="blue-2-4s")
    assert g.view["forced"] == {"cmd": "pick", "player": "Cy", "card": "blue-3-3s"}


def test_the_last_card_needing_a_choice_is_not_forced():
    g = Pixies()
    g.set_grid("Cy", [None, None, up("red-3-4s")] + [None] * 6)
    g.reveal("blue-1-6s", "blue-2-4s", "blue-3-3s")
    g.do("pick", player="Ann", card="blue-1-6s")
    g.do("pick", player="Bob", card="blue-2-4s")
    assert g.view["forced"] is None and g.view["choices"]["blue-3-3s"]["needs"] == "keep"


def test_a_player_named_in_another_case_is_recorded_under_their_seated_name():
    g = Pixies()
    g.reveal("blue-1-6s", "blue-2-4s", "blue-3-3s")
    g.do("pick", player="ANN", card="blue-1-6s")
    assert g.decision.command == {"cmd": "pick", "player": "Ann", "card": "blue-1-6s"}


def test_no_summary_before_the_game_is_over():
    assert RULES.summary(Pixies().state) is None
