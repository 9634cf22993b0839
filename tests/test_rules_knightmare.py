"""One test per rule of shared/rules/knightmare-rulebook.txt (setting up, movement, cards, combat, the
Dungeon, spells), each quoting the sentence it checks. The Challenge of Merlin: test_rules_knightmare_chamber.py."""

from __future__ import annotations

import pytest

from companion.engine import Refusal
from companion.games.knightmare import RULES
from tests.knightmare_support import Knights

# --- Setting up -----------------------------------------------------------------------------------------


def test_each_knight_starts_with_two_helmets_and_an_object():
    """'Each player takes 2 "Helmet" tokens and one "Object" token' (step 9): dealt in seating order."""
    k = Knights(players=("Ann", "Bob", "Cy", "Dee"))
    assert [(p["helmets"], p["object"], p["place"]) for p in k.view["players"]] == [
        (2, "book", "labyrinth"), (2, "wand", "labyrinth"), (2, "ring", "labyrinth"), (2, "crown", "labyrinth")]
    assert k.castle == 40 - 8


def test_the_table_chooses_the_starting_objects():
    """'one "Object" token from one of the 4 rooms at the corners': the table says which (null: none)."""
    k = Knights(players=("Ann", "Bob"), objects={"Ann": "crown", "Bob": None})
    assert (k.p("Ann")["object"], k.p("Bob")["object"]) == ("crown", None)
    assert k.recorded["objects"] == {"Ann": "crown", "Bob": None}


@pytest.mark.parametrize("objects, word", [({"Ann": "crown"}, "Bob"), ({"Ann": "ring", "Bob": "sword"}, "objects.Bob"),
                                           ({"Ann": "ring", "Bob": "ring", "Zed": "book"}, "Zed"), (["ring"], "objects")])
def test_starting_objects_are_checked(objects, word):
    with pytest.raises(Refusal) as info:
        Knights(players=("Ann", "Bob"), objects=objects)
    assert word in info.value.message


def test_highest_roll_begins():
    """'The players roll the die. The player who obtains the highest number begins the game.'"""
    k = Knights(first=None, seed=11)
    final = [e for e in k.events if e["type"] == "knightmare.first_rolls"][-1]["rolls"]
    assert [n for n, v in final.items() if v == max(final.values())] == [k.current]
    assert k.event("first_player")["by"] == "dice"


def test_tied_highest_rolls_roll_again():
    """Ties for the highest roll are rolled again among the tied knights only."""
    def rolloffs(seed):
        return [e["rolls"] for e in Knights(first=None, seed=seed).events if e["type"] == "knightmare.first_rolls"]

    seed = next(s for s in range(300) if len(rolloffs(s)) > 1)
    first, second = rolloffs(seed)[:2]
    assert sorted(second) == sorted(n for n, v in first.items() if v == max(first.values()))


def test_the_table_may_say_who_begins():
    k = Knights(first="Cy")
    assert k.current == "Cy" and k.event("first_player")["by"] == "players"


@pytest.mark.parametrize("players", [["Solo"], ["A", "B", "C", "D", "E"]])
def test_two_to_four_knights(players):
    """'4 figures': 2 to 4 players."""
    with pytest.raises(Refusal) as info:
        RULES.start({"cmd": "new", "game": "knightmare", "players": players, "seed": 1})
    assert "2 to 4" in info.value.message


def test_bridge_length_is_set_once_from_the_board():
    """The bridge's length is printed on the board: 5 unless the table says otherwise."""
    assert Knights().view["bridge_length"] == 5
    assert Knights(bridge=7).view["bridge_length"] == 7
    for bad in (0, 21, "5", True):
        with pytest.raises(Refusal) as info:
            Knights(bridge=bad)
        assert "'bridge'" in info.value.message


def test_house_rules_are_checked():
    with pytest.raises(Refusal) as info:
        Knights(house_rules={"fight_helmets": "lost"})
    assert "fight_helmets" in info.value.message
    with pytest.raises(Refusal):
        Knights(house_rules={"dragons": True})


# --- I. Movement ----------------------------------------------------------------------------------------


def test_move_then_draw_a_card():
    """'When you enter a new room, you draw a card and follow its instructions.'"""
    k = Knights()
    k.do("move", roll=2)
    assert k.phase == "card" and k.current == "Ann"
    assert k.recorded == {"cmd": "move", "roll": 2, "helmets": 0}


def test_companion_die_is_recorded_and_shown_before():
    """Without a roll the companion rolls, seeded, and records the value in the command; the screen can
    show that die before the command (next_dice)."""
    k = Knights(seed=5)
    preview = RULES.next_dice(k.state, 1)[0]
    k.do("move")
    assert k.recorded["roll"] == preview == k.event("die_rolled")["value"] == k.event("moved")["roll"]


def test_helmets_change_the_roll_and_go_back_to_the_castle():
    """'If they play one "Helmet" token, they may act as if they had rolled "1" or "3". (The "Helmet" is
    then replaced in the right compartment.)'"""
    k = Knights()
    castle = k.castle
    k.do("move", roll=2, helmets=1)
    assert k.p("Ann")["helmets"] == 1 and k.castle == castle + 1


def test_no_more_helmets_than_held():
    k = Knights()
    assert k.refuse("move", roll=2, helmets=3).code == "not_enough_helmets"
    assert "'helmets'" in k.refuse("move", roll=2, helmets=6).message
    assert "'roll'" in k.refuse("move", roll=7).message
    assert "'helmets'" in k.refuse("move", roll=2, helmets=True).message


def test_a_taken_room_costs_a_helmet_or_the_turn():
    """'If the room indicated by the die roll is occupied, you must play a "Helmet" token to modify the
    number obtained. If you have none, you lose your turn.'"""
    k = Knights()
    assert k.refuse("blocked").code == "must_play_helmet"
    k.give("Ann", 0)
    k.do("blocked", roll=4)
    assert k.current == "Bob" and k.phase == "turn"
    assert k.types()[-2:] == ["turn_ended", "turn_started"]


def test_play_goes_clockwise():
    """The next knight is the left-hand neighbour, in seating order."""
    k = Knights(players=("Ann", "Bob", "Cy"), first="Bob")
    order = []
    for _ in range(4):
        order.append(k.current)
        k.pass_turn()
    assert order == ["Bob", "Cy", "Ann", "Bob"]


# --- II. The cards --------------------------------------------------------------------------------------


def test_a_spell_card_gives_a_helmet_and_a_spell():
    """'When you draw a "Spell" card, you immediately receive a "Helmet"'."""
    k = Knights()
    k.do("move", roll=1)
    k.do("card", kind="spell")
    assert (k.p("Ann")["helmets"], k.p("Ann")["spells"], k.current) == (3, 1, "Bob")


def test_no_helmet_when_the_castle_is_empty():
    """Helmets are conserved: with the castle empty, the Spell card's helmet is not given."""
    k = Knights()
    k.give("Ann", 36)  # 40 - 2 (Bob) - 2 (Cy)
    k.do("move", roll=1)
    k.do("card", kind="spell")
    assert k.castle == 0 and k.p("Ann")["helmets"] == 36 and k.event("helmet_unavailable")["reason"] == "spell"


def test_present_obeyed_or_the_dungeon():
    """'You are sent to the Dungeon ... you cannot obey the instructions of a "PRESENT" card'."""
    k = Knights()
    k.do("move", roll=1)
    assert "'obeyed'" in k.refuse("card", kind="present").message
    k.do("card", kind="present", obeyed=True)
    assert k.p("Ann")["place"] == "labyrinth" and k.current == "Bob"
    k.do("move", roll=1)
    k.do("card", kind="present", obeyed=False)
    assert (k.p("Bob")["place"], k.p("Bob")["object"], k.p("Bob")["helmets"]) == ("dungeon", None, 2)


def test_obeyed_is_for_a_present_only():
    k = Knights()
    k.do("move", roll=1)
    assert "present" in k.refuse("card", kind="trap", obeyed=True).message


@pytest.mark.parametrize("kind", ["trap", "imprisonment"])
def test_trap_and_imprisonment_send_to_the_dungeon(kind):
    """'you fall into a "TRAP"; you suffer the "IMPRISONMENT SPELL"' ... 'You must then return to the
    corresponding rooms all the objects you had collected, but you keep your "Helmets".'"""
    k = Knights()
    k.do("move", roll=1)
    k.do("card", kind=kind)
    assert (k.p("Ann")["place"], k.p("Ann")["object"], k.p("Ann")["helmets"]) == ("dungeon", None, 2)
    assert k.event("sent_to_dungeon") == {"type": "knightmare.sent_to_dungeon", "player": "Ann", "reason": kind,
                                          "returned": "book"}


def test_other_cards_end_the_turn_and_change_nothing():
    k = Knights()
    k.do("move", roll=1)
    before = k.view["players"]
    k.do("card", kind="other")
    assert k.view["players"] == before and k.current == "Bob"


def test_unknown_card_kind_is_refused():
    k = Knights()
    k.do("move", roll=1)
    assert "'kind'" in k.refuse("card", kind="dragon").message


# --- II.A Combat ----------------------------------------------------------------------------------------


def _fight(k: Knights, **fight):
    k.do("move", roll=1)
    k.do("card", kind="challenge")
    assert k.phase == "fight"
    return k.do("fight", **fight)


def test_strength_three_plus_helmets_plus_die():
    """'you choose to play 1 "Helmet", then you roll the die and obtain "2". Your score for this combat is
    therefore 3 + 1 + 2 = 6.' 'The strength of the character you are fighting is equal to the number
    written in the yellow shield, increased by the number obtained by the die roll of the player to your
    left.'"""
    k = Knights()
    _fight(k, shield=4, helmets=1, roll=2, opponent_roll=1)
    f = k.event("fought")
    assert (f["strength"], f["opponent_strength"], f["roller"], f["outcome"]) == (6, 5, "Bob", "won")
    assert k.phase == "reward"


def test_companion_rolls_both_fight_dice():
    k = Knights(seed=9)
    expected = RULES.next_dice(k.state, 2)  # the move was rolled at the table
    _fight(k, shield=3)
    assert [k.recorded["roll"], k.recorded["opponent_roll"]] == expected
    assert [e["purpose"] for e in k.events if e["type"] == "knightmare.die_rolled"] == ["fight", "opponent"]


def test_won_fight_a_helmet_or_the_room_object():
    """'if you win, you may take either a "Helmet" or the object which is in the room'."""
    k = Knights()
    _fight(k, shield=1, roll=6, opponent_roll=1)
    k.do("reward", take="helmet")
    assert k.p("Ann")["helmets"] == 3 and k.current == "Bob"
    _fight(k, shield=1, roll=6, opponent_roll=1)
    k.do("reward", take="object", object="crown")
    assert k.p("Bob")["object"] == "crown" and k.event("object_taken")["returned"] == "wand"


def test_reward_object_names_the_object():
    k = Knights()
    _fight(k, shield=1, roll=6, opponent_roll=1)
    assert "'object'" in k.refuse("reward", take="object").message
    assert "'object'" in k.refuse("reward", take="object", object="sword").message
    assert "'take'" in k.refuse("reward", take="gold").message


def test_lost_fight_the_dungeon():
    """'if you lose, you are sent to the Dungeon'; the object goes back, the helmets are kept."""
    k = Knights()
    _fight(k, shield=6, roll=1, opponent_roll=1)
    assert (k.p("Ann")["place"], k.p("Ann")["object"], k.p("Ann")["helmets"], k.current) == ("dungeon", None, 2, "Bob")


def test_tie_nothing():
    """'in case of a tie, you are not sent to the Dungeon, but you may not take either a "Helmet" or an object.'"""
    k = Knights()
    _fight(k, shield=4, roll=3, opponent_roll=2)
    assert k.event("fought")["outcome"] == "tie"
    assert (k.p("Ann")["place"], k.p("Ann")["object"], k.current) == ("labyrinth", "book", "Bob")


def test_helmets_played_in_a_fight_are_spent():
    """Reading: helmets 'played before rolling the die' go back to the castle whatever the outcome."""
    k = Knights()
    _fight(k, shield=1, helmets=2, roll=6, opponent_roll=1)
    assert k.p("Ann")["helmets"] == 0 and k.castle == 36


def test_house_rule_helmets_returned_on_a_won_fight():
    k = Knights(house_rules={"fight_helmets": "returned_on_win"})
    _fight(k, shield=1, helmets=2, roll=6, opponent_roll=1)
    assert k.p("Ann")["helmets"] == 2
    k.do("reward", take="helmet")
    _fight(k, shield=9, helmets=1, roll=1, opponent_roll=1)
    assert k.p("Bob")["helmets"] == 1


def test_fight_fields_are_checked():
    k = Knights()
    k.do("move", roll=1)
    k.do("card", kind="challenge")
    assert "'shield'" in k.refuse("fight").message
    assert "'shield'" in k.refuse("fight", shield=-1).message
    assert k.refuse("fight", shield=3, helmets=3).code == "not_enough_helmets"
    assert "'opponent_roll'" in k.refuse("fight", shield=3, opponent_roll=0).message


# --- III. The Dungeon -----------------------------------------------------------------------------------


def test_voluntary_dungeon_keeps_the_object_and_draws_no_card():
    """'If you go to the Dungeon voluntarily, you keep your objects but you may not draw a card.'"""
    k = Knights()
    k.do("dungeon")
    assert (k.p("Ann")["place"], k.p("Ann")["object"], k.current) == ("dungeon", "book", "Bob")
    k.turn_of("Ann")
    assert k.phase == "escape"


@pytest.mark.parametrize("roll, helmets, out", [(4, 0, True), (3, 0, False), (2, 2, True), (1, 2, False)])
def test_out_of_the_dungeon_on_four_or_more(roll, helmets, out):
    """'To leave the Dungeon, you must obtain 4 or more on the die. You may also use your "Helmets" to
    increase your score.' The helmets played go to the castle either way."""
    k = Knights()
    k.do("dungeon")
    k.turn_of("Ann")
    castle = k.castle
    k.do("escape", roll=roll, helmets=helmets)
    assert k.p("Ann")["place"] == ("labyrinth" if out else "dungeon")
    assert k.castle == castle + helmets and k.current == "Bob"


def test_out_of_the_dungeon_moves_on_the_next_turn():
    k = Knights()
    k.do("dungeon")
    k.turn_of("Ann")
    k.do("escape", roll=5)
    k.turn_of("Ann")
    assert k.phase == "turn"


def test_escape_helmets_are_checked():
    k = Knights()
    k.do("dungeon")
    k.turn_of("Ann")
    assert "'helmets'" in k.refuse("escape", helmets=4).message
    assert k.refuse("escape", helmets=3).code == "not_enough_helmets"
    assert k.refuse("move", roll=3).code == "wrong_phase"


# --- Spells ---------------------------------------------------------------------------------------------


def test_cast_a_held_spell_at_any_time():
    """'You may cast a spell at any time during your turn. Certain spells may be used during another
    player's turn (for example, to defend yourself).'"""
    k = Knights()
    k.do("move", roll=1)
    k.do("card", kind="spell")  # Ann's turn ends
    k.do("move", roll=1)
    k.do("card", kind="challenge")  # Bob's fight: Ann casts now
    k.do("cast", player="Ann")
    assert k.p("Ann")["spells"] == 0 and k.event("spell_cast") == {
        "type": "knightmare.spell_cast", "player": "Ann", "turn_of": "Bob"}
    assert k.phase == "fight" and k.current == "Bob"


def test_cast_needs_a_spell():
    k = Knights()
    assert k.refuse("cast").code == "no_spell"
    assert k.refuse("cast", player="Ghost").code == "unknown_player"


def test_cast_in_the_dungeon():
    """'On the other hand, you may cast a spell' (in the Dungeon)."""
    k = Knights()
    k.do("move", roll=1)
    k.do("card", kind="spell")
    k.turn_of("Ann")
    k.do("dungeon")
    k.turn_of("Ann")
    k.do("cast")
    assert k.recorded == {"cmd": "cast", "player": "Ann"} and k.phase == "escape"
