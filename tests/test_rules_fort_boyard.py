"""One test per rule of shared/rules/fort-boyard-rulebook.txt, each quoting the sentence it checks."""

from __future__ import annotations

import pytest

from companion.games.fort_boyard import RULES
from tests.support import Table

# --- Setup and turn order ------------------------------------------------------------------------------


def test_highest_die_roll_goes_first():
    """'Each player rolls the die. The player who rolls the highest number goes first.'"""
    t = Table(first=None, seed=7)
    rolls = [e for e in t.events if e["type"] == "dice_rolled"]
    final = rolls[-1]["rolls"]
    best = max(final.values())
    assert [n for n, v in final.items() if v == best] == [t.current]
    assert t.view["first"] == t.current


def test_tied_highest_rolls_roll_again():
    """Ties for the highest roll are re-rolled among the tied players only."""
    seed = next(s for s in range(500) if len([e for e in Table(first=None, seed=s).events if e["type"] == "dice_rolled"]) > 1)
    t = Table(first=None, seed=seed)
    rolls = [e["rolls"] for e in t.events if e["type"] == "dice_rolled"]
    first_top = max(rolls[0].values())
    assert sorted(rolls[1]) == sorted(n for n, v in rolls[0].items() if v == first_top)
    assert list(rolls[-1].values()).count(max(rolls[-1].values())) == 1


def test_seeded_die_rolls_are_deterministic():
    """The companion's dice come from the seed recorded in the log: same seed, same first player."""
    assert Table(first=None, seed=42).events == Table(first=None, seed=42).events


def test_players_may_say_who_goes_first():
    """'...or the players say who won': the roll done at the table is entered as ``first``."""
    t = Table(first="Cy")
    assert t.current == "Cy"
    assert ("first_player_chosen", "players") in [(e["type"], e.get("by")) for e in t.events]


def test_play_proceeds_clockwise():
    """'Play then proceeds clockwise.' The left-hand neighbour is the next player in seating order."""
    t = Table(players=("Ann", "Bob", "Cy", "Dee"), first="Cy")
    order = []
    for _ in range(5):
        order.append(t.current)
        t.pass_turn()
    assert order == ["Cy", "Dee", "Ann", "Bob", "Cy"]


@pytest.mark.parametrize("players", [["Solo"], ["A", "B", "C", "D", "E", "F", "G"]])
def test_two_to_six_players(players):
    """'6 pawns': 2 to 6 players."""
    t = Table()
    with pytest.raises(Exception) as info:
        RULES.start({"cmd": "new", "players": players, "seed": 1})
    assert info.value.code == "bad_field"
    assert "2 to 6" in info.value.message
    assert t.view["round"] == 1


def test_player_names_must_differ():
    with pytest.raises(Exception) as info:
        RULES.start({"cmd": "new", "players": ["Ann", "ann"], "seed": 1})
    assert "appears twice" in info.value.message


def test_first_player_must_be_a_player():
    with pytest.raises(Exception) as info:
        RULES.start({"cmd": "new", "players": ["Ann", "Bob"], "first": "Zed", "seed": 1})
    assert info.value.code == "unknown_player"


def test_key_stock_holds_twenty_keys():
    """'20 keys' (Components)."""
    assert Table().view["stock_keys"] == 20


# --- Round 1: every space ---------------------------------------------------------------------------


def test_door_has_no_effect():
    """'DOOR: ... Landing on it has no effect. Your turn ends and the next player takes their turn.'"""
    t = Table()
    t.pass_turn()
    assert t.current == "Bob"
    assert all(p["keys"] == 0 for p in t.view["players"])


@pytest.mark.parametrize("space", ["concentration", "force"])
def test_challenge_success_wins_a_key_from_the_stock(space):
    """'If you succeed, well done: you win a Key. Take a Key from the stock and place it in front of you.'"""
    t = Table()
    t.do("land", space=space)
    assert t.phase == "challenge"
    t.do("result", success=True)
    assert t.p("Ann")["keys"] == 1 and t.view["stock_keys"] == 19
    assert t.current == "Bob"


@pytest.mark.parametrize("space", ["concentration", "force"])
def test_challenge_failure_gains_nothing(space):
    """'If you fail, you gain nothing. Your turn ends and the next player takes their turn.'"""
    t = Table()
    t.do("land", space=space)
    t.do("result", success=False)
    assert t.p("Ann")["keys"] == 0 and t.view["stock_keys"] == 20 and t.current == "Bob"


def test_duel_names_an_opponent_first():
    """'DUEL: When you land on this space, name the opponent you want to face.'"""
    t = Table()
    t.do("land", space="duel")
    assert t.phase == "duel_opponent"
    assert t.refuse("result", winner="Ann").code == "wrong_phase"
    t.do("opponent", player="Cy")
    assert t.phase == "duel_result" and t.view["opponent"] == "Cy"


def test_duel_opponent_cannot_be_yourself():
    t = Table()
    t.do("land", space="duel")
    assert t.refuse("opponent", player="Ann").code == "bad_field"
    assert t.refuse("opponent", player="Zed").code == "unknown_player"


def test_duel_winner_takes_one_of_the_opponents_keys():
    """'If you win, well done: you win one of your opponent's Keys, provided they have at least one.'"""
    t = Table()
    t.pass_turn()
    t.win_challenge()  # Bob has a key
    t.pass_turn()
    t.do("land", space="duel")
    t.do("opponent", player="Bob")
    t.do("result", winner="Ann")
    assert (t.p("Ann")["keys"], t.p("Bob")["keys"], t.view["stock_keys"]) == (1, 0, 19)


def test_duel_against_a_player_without_keys_takes_a_key_from_the_stock():
    """'If the player you challenged had no Keys, take one Key from the stock instead.'"""
    t = Table()
    t.do("land", space="duel")
    t.do("opponent", player="Bob")
    t.do("result", winner="Ann")
    assert (t.p("Ann")["keys"], t.view["stock_keys"]) == (1, 19)


def test_duel_lost_gives_the_opponent_one_of_your_keys():
    """'If your opponent wins, they win one of your Keys, provided you have at least one.'"""
    t = Table()
    t.win_challenge()  # Ann 1
    t.pass_turn()
    t.pass_turn()
    t.do("land", space="duel")
    t.do("opponent", player="Cy")
    t.do("result", winner="Cy")
    assert (t.p("Ann")["keys"], t.p("Cy")["keys"], t.view["stock_keys"]) == (0, 1, 19)
    assert t.current == "Bob"


def test_duel_lost_without_keys_the_opponent_takes_from_the_stock():
    """'If you had no Keys, they take one Key from the stock instead.'"""
    t = Table()
    t.do("land", space="duel")
    t.do("opponent", player="Cy")
    t.do("result", winner="Cy")
    assert (t.p("Cy")["keys"], t.view["stock_keys"]) == (1, 19)


def test_duel_winner_must_be_one_of_the_duellists():
    t = Table()
    t.do("land", space="duel")
    t.do("opponent", player="Cy")
    assert t.refuse("result", winner="Bob").code == "bad_field"


def test_enigme_solved_wins_a_key():
    """'ÉNIGME ... If you succeed, well done: you win a Key.'"""
    t = Table()
    t.do("land", space="enigme")
    assert t.phase == "enigme"
    t.do("result", success=True)
    assert t.p("Ann")["keys"] == 1 and t.current == "Bob"


def test_enigme_failed_throws_the_key_into_the_sea():
    """'If you fail, Père Fouras throws the Key into the sea. You then have the choice between: DIVING ...
    ABANDONING THIS KEY.'"""
    t = Table()
    t.do("land", space="enigme")
    t.do("result", success=False)
    assert t.phase == "sea" and t.view["expects"] == ["sea"]
    assert "riddle_failed" in t.types()


def test_abandoning_the_key_ends_the_turn():
    """'ABANDONING THIS KEY. Your turn then ends and the next player takes their turn.'"""
    t = Table()
    t.do("land", space="enigme")
    t.do("result", success=False)
    t.do("sea", choice="abandon")
    assert t.p("Ann")["status"] == "playing" and t.current == "Bob" and t.p("Ann")["keys"] == 0


def test_diving_ends_the_turn_and_puts_the_pawn_on_the_submerged_track():
    """'DIVING ... Place your pawn on the space ... below the Père Fouras space. Your turn then ends.'"""
    t = Table()
    t.do("land", space="enigme")
    t.do("result", success=False)
    t.do("sea", choice="dive")
    assert t.p("Ann")["status"] == "diving" and t.p("Ann")["dive_stake"] == "key"
    assert t.current == "Bob"


def test_diver_reaching_the_sunken_key_wins_it_without_a_riddle():
    """'...reach the sunken Key space ... you win Père Fouras's Key, without having to give a correct
    answer to the riddle. ... bring your pawn back up onto the Fort ... Your turn then ends.'"""
    t = Table(players=("Ann", "Bob"))
    t.do("land", space="enigme")
    t.do("result", success=False)
    t.do("sea", choice="dive")
    t.pass_turn()
    assert t.current == "Ann" and t.phase == "dive"
    t.do("dive", reached=True)
    assert t.p("Ann")["keys"] == 1 and t.p("Ann")["status"] == "playing" and t.current == "Bob"


def test_diver_may_need_several_turns():
    """'Once you have completed a full circuit of the Fort (in one or several turns)...'"""
    t = Table(players=("Ann", "Bob"))
    t.do("land", space="enigme")
    t.do("result", success=False)
    t.do("sea", choice="dive")
    t.pass_turn()
    t.do("dive", reached=False)
    assert t.p("Ann")["status"] == "diving" and t.p("Ann")["keys"] == 0 and t.current == "Bob"
    t.pass_turn()
    assert t.phase == "dive"
    assert t.refuse("land", space="force").code == "wrong_phase"


def test_prison_skips_the_next_turn():
    """'PRISON: Your current turn ends, but you must also pass your next turn as well!'"""
    t = Table()
    t.do("land", space="prison")
    assert t.p("Ann")["status"] == "prison" and t.current == "Bob"
    t.pass_turn()
    t.pass_turn()  # Cy
    assert t.current == "Bob"
    assert [e["type"] for e in t.events][-2:] == ["turn_skipped", "turn_started"]
    assert t.p("Ann")["status"] == "playing"
    t.pass_turn()
    t.pass_turn()
    assert t.current == "Ann"


def test_prison_with_two_players_gives_the_other_two_turns_in_a_row():
    t = Table(players=("Ann", "Bob"))
    t.do("land", space="prison")
    t.pass_turn()
    assert t.current == "Bob"


def test_passe_partout_moves_to_any_space_and_follows_it():
    """'PASSE PARTOUT: You may immediately move your pawn to any space you choose ... Then follow the
    instructions of its new space.'"""
    t = Table()
    t.do("land", space="passe_partout")
    assert t.phase == "passe_partout" and t.current == "Ann"
    t.do("land", space="force")
    assert t.phase == "challenge" and t.view["via_passe_partout"]
    t.do("result", success=True)
    assert t.p("Ann")["keys"] == 1 and t.current == "Bob"


def test_passe_partout_to_prison_imprisons():
    t = Table()
    t.do("land", space="passe_partout")
    t.do("land", space="prison")
    assert t.p("Ann")["status"] == "prison"


def test_passe_partout_cannot_choose_passe_partout_again():
    t = Table()
    t.do("land", space="passe_partout")
    assert t.refuse("land", space="passe_partout").code == "bad_field"


def test_unknown_space_is_refused():
    t = Table()
    refusal = t.refuse("land", space="moat")
    assert refusal.code == "bad_field" and "space" in refusal.message


def test_round_1_stops_immediately_at_the_third_key():
    """'The round continues in this way until one of you has 3 Keys in front of you. Round 1 then stops
    immediately!'"""
    t = Table()
    t.to_round_2("Ann")
    assert t.view["round"] == 2
    assert t.p("Ann")["keys"] == 3
    ended = [e for e in t.events if e["type"] == "round_ended"]
    assert ended == [{"type": "round_ended", "round": 1, "player": "Ann", "reason": "third_key"}]


def test_round_2_starts_with_the_left_hand_neighbour_of_the_third_key_winner():
    """'The player who now has the turn (the left-hand neighbour of the player who has just won their 3rd
    Key) may roll the die...'"""
    t = Table(first="Ann")
    t.to_round_2("Bob")
    assert t.current == "Cy"


def test_third_key_won_as_duel_opponent_ends_round_1():
    """A key won by defending a Duel counts: the round ends with the opponent's left-hand neighbour."""
    t = Table(players=("Ann", "Bob", "Cy"))
    t.pass_turn()
    for _ in range(2):
        t.win_challenge()  # Bob
        t.pass_turn()  # Cy
        t.pass_turn()  # Ann
    assert t.p("Bob")["keys"] == 2 and t.current == "Bob"
    t.pass_turn()
    t.do("land", space="duel")  # Cy challenges Bob and loses
    t.do("opponent", player="Bob")
    t.do("result", winner="Bob")
    assert t.view["round"] == 2 and t.view["round_winner"] == "Bob" and t.current == "Cy"


def test_round_2_begins_with_every_players_first_clue():
    """'Before the round begins, each player reveals to their left-hand neighbour the first Clue of their
    Code Word.'"""
    t = Table()
    t.to_round_2()
    assert [p["clues"] for p in t.view["players"]] == [1, 1, 1]
    assert [e["reason"] for e in t.events if e["type"] == "clue_won"] == ["first_clue"] * 3


def test_keys_are_kept_into_round_2():
    """'Keep the Keys you won in Round 1 in front of you at all times.'"""
    t = Table()
    t.to_round_2()
    assert t.p("Ann")["keys"] == 3 and t.view["stock_keys"] == 17


# --- Round 2 ---------------------------------------------------------------------------------------------


def round_2(first_player: str = "Bob") -> Table:
    """Round 2 just started (Ann won Round 1 with 3 keys), ``Bob`` to play."""
    t = Table()
    t.to_round_2("Ann")
    assert t.current == first_player
    return t


@pytest.mark.parametrize("space", ["concentration", "force"])
def test_round_2_success_wins_a_clue_instead_of_a_key(space):
    """'Instead of winning a Key when you succeed at a challenge, you win a Clue.'"""
    t = round_2()
    t.do("land", space=space)
    t.do("result", success=True)
    assert (t.p("Bob")["clues"], t.p("Bob")["keys"]) == (2, 0)


def test_round_2_duel_stake_is_said_before_the_opponent():
    """'Important: you must say aloud your choice (Key or Clue) before you name the player you are
    challenging.'"""
    t = round_2()
    t.do("land", space="duel")
    assert t.phase == "duel_stake"
    assert t.refuse("opponent", player="Ann").code == "wrong_phase"
    t.do("stake", stake="clue")
    assert t.phase == "duel_opponent" and t.view["stake"] == "clue"


def test_round_2_duel_for_a_key_takes_the_opponents_key():
    """'On DUEL challenges, you now have the choice between winning one of your opponent's Keys (or one
    from the stock)...'"""
    t = round_2()
    t.do("land", space="duel")
    t.do("stake", stake="key")
    t.do("opponent", player="Ann")
    t.do("result", winner="Bob")
    assert (t.p("Bob")["keys"], t.p("Ann")["keys"], t.p("Bob")["clues"]) == (1, 2, 1)


def test_round_2_duel_for_a_clue_wins_a_clue():
    """'...or obtaining a new Clue for your Code Word.'"""
    t = round_2()
    t.do("land", space="duel")
    t.do("stake", stake="clue")
    t.do("opponent", player="Ann")
    t.do("result", winner="Bob")
    assert (t.p("Bob")["clues"], t.p("Ann")["keys"]) == (2, 3)


def test_round_2_duel_for_a_key_lost_gives_the_opponent_a_key():
    """'Round 2 plays exactly like Round 1': the opponent who wins a Key duel takes a key."""
    t = round_2()
    t.do("land", space="duel")
    t.do("stake", stake="key")
    t.do("opponent", player="Cy")
    t.do("result", winner="Cy")
    assert (t.p("Cy")["keys"], t.view["stock_keys"]) == (1, 16)


@pytest.mark.parametrize(
    "house, cy_clues, cy_keys, bob_keys",
    [("clue", 2, 0, 1), ("key", 1, 1, 0), ("nothing", 1, 0, 1)],
)
def test_round_2_clue_duel_lost_house_rule(house, cy_clues, cy_keys, bob_keys):
    """Ambiguous: what the opponent wins when they win a Duel played for a Clue (docs/rules.md)."""
    t = Table(duel_clue_to_opponent=house)
    t.to_round_2("Ann")
    t.do("land", space="enigme")  # Bob wins a key first
    t.do("stake", stake="key")
    t.do("result", success=True)
    t.pass_turn()  # Cy
    t.pass_turn()  # Ann
    t.do("land", space="duel")
    t.do("stake", stake="clue")
    t.do("opponent", player="Cy")
    t.do("result", winner="Cy")
    assert (t.p("Cy")["clues"], t.p("Cy")["keys"], t.p("Bob")["keys"]) == (cy_clues, cy_keys, bob_keys)


def test_round_2_enigme_stake_is_said_before_the_reading():
    """'Important: you must say aloud your choice (Key or Clue) before your left-hand neighbour reads the
    ÉNIGME card to you.'"""
    t = round_2()
    t.do("land", space="enigme")
    assert t.phase == "enigme_stake"
    assert t.refuse("result", success=True).code == "wrong_phase"
    t.do("stake", stake="key")
    assert t.phase == "enigme"


@pytest.mark.parametrize("stake, keys, clues", [("key", 1, 1), ("clue", 0, 2)])
def test_round_2_enigme_wins_the_chosen_stake(stake, keys, clues):
    """'On ÉNIGME spaces, you now have the choice between trying to win a Key or obtaining a new Clue.'"""
    t = round_2()
    t.do("land", space="enigme")
    t.do("stake", stake=stake)
    t.do("result", success=True)
    assert (t.p("Bob")["keys"], t.p("Bob")["clues"]) == (keys, clues)


def test_round_2_clue_thrown_into_the_sea_is_won_by_diving():
    """'The principle of the Key thrown into the sea becomes the Clue thrown into the sea.'"""
    t = round_2()
    t.do("land", space="enigme")
    t.do("stake", stake="clue")
    t.do("result", success=False)
    t.do("sea", choice="dive")
    assert t.p("Bob")["dive_stake"] == "clue"
    t.pass_turn()
    t.pass_turn()
    t.do("dive", reached=True)
    assert (t.p("Bob")["clues"], t.p("Bob")["keys"]) == (2, 0)


def test_round_2_stops_immediately_at_the_fourth_clue():
    """'The round continues in this way until one of you has all 4 Clues. Round 2 then stops immediately!'"""
    t = round_2()
    while t.view["round"] == 2:
        if t.current == "Cy":
            t.win_challenge()
        else:
            t.pass_turn()
    assert t.p("Cy")["clues"] == 4
    assert {"type": "round_ended", "round": 2, "player": "Cy", "reason": "fourth_clue"} in t.events


# --- Round 3 ---------------------------------------------------------------------------------------------


def test_round_3_players_without_keys_are_out():
    """'If you have no Keys in front of you, you cannot access the Fort's Treasure; the game ends here for
    you.'"""
    t = Table()
    t.to_round_3({"Bob": 1}, clue_winner="Ann")
    assert t.p("Cy")["status"] == "out"
    assert {"type": "player_out", "player": "Cy"} in t.events


def test_round_3_proposals_start_with_the_player_with_four_clues():
    """'Each player with 1 Key or more, in turn, starting with the player who has 4 Clues, may propose
    what they believe is their Code Word.'"""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Bob")
    assert t.view["round"] == 3 and t.phase == "propose" and t.current == "Bob"
    t.do("propose", player="Bob", correct=True)
    assert t.current == "Cy"


def test_round_3_proposal_out_of_turn_is_refused():
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Bob")
    assert t.refuse("propose", player="Cy", correct=True).code == "not_your_turn"


def test_round_3_correct_code_word_opens_the_treasure_room():
    """'If your answer is correct and you have at least 1 Key in front of you, you gain access to the
    Treasure Room!'"""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    t.do("propose", player="Ann", correct=True)
    assert t.p("Ann")["status"] == "treasure"


def test_round_3_wrong_code_word_with_two_keys_allows_a_new_proposal_for_one_key():
    """'If your answer is wrong and you have at least 2 Keys in front of you, you may make a new proposal
    in exchange for one of your Keys.'"""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    t.do("propose", player="Ann", correct=False)
    assert t.phase == "propose_again" and t.current == "Ann" and t.p("Ann")["keys"] == 3
    stock = t.view["stock_keys"]
    t.do("propose", player="Ann", correct=True)
    assert t.p("Ann")["keys"] == 2 and t.view["stock_keys"] == stock + 1
    assert t.p("Ann")["status"] == "treasure"


def test_round_3_wrong_code_word_with_one_key_eliminates():
    """'If your answer is wrong and you have only 1 Key in front of you, you cannot access the Treasure
    Room; the game ends here for you.'"""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    t.do("propose", player="Ann", correct=True)
    t.do("propose", player="Bob", correct=False)
    assert t.p("Bob")["status"] == "eliminated" and t.current == "Cy"


def test_round_3_paying_down_to_one_key_then_wrong_eliminates():
    t = Table()
    t.to_round_3({"Bob": 2, "Cy": 1}, clue_winner="Ann")
    t.do("propose", player="Ann", correct=True)
    t.do("propose", player="Bob", correct=False)
    t.do("propose", player="Bob", correct=False)  # pays one key: 1 left, wrong again
    assert t.p("Bob")["keys"] == 1 and t.p("Bob")["status"] == "eliminated"


def test_round_3_player_may_give_up_after_a_wrong_proposal():
    """'...you MAY make a new proposal': passing instead eliminates, keeping the keys."""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    assert t.refuse("pass", player="Ann").code == "wrong_phase"
    t.do("propose", player="Ann", correct=False)
    t.do("pass", player="Ann")
    assert t.p("Ann")["status"] == "eliminated" and t.p("Ann")["keys"] == 3 and t.current == "Bob"


def test_treasure_draws_equal_keys_held():
    """'You are entitled to as many draws of Boyards as you have Keys in front of you.'"""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 2}, clue_winner="Ann")
    for name in ("Ann", "Bob", "Cy"):
        t.do("propose", player=name, correct=True)
    assert t.phase == "draw" and t.current == "Ann" and t.p("Ann")["draws_left"] == 3
    for _ in range(3):
        t.do("draw", player="Ann", tokens={"10": 1})
    assert t.current == "Bob" and t.p("Bob")["draws_left"] == 1
    assert t.p("Ann")["boyards"] == 30


def test_draws_are_taken_one_player_after_the_other_in_turn():
    """'One after the other, each player who has found their Code Word draws Boyards from the Treasure Bag.'"""
    t = Table()
    t.to_round_3({"Ann": 1, "Cy": 1}, clue_winner="Bob")
    for name in ("Bob", "Cy", "Ann"):
        t.do("propose", player=name, correct=True)
    assert t.current == "Bob"
    assert t.refuse("draw", player="Cy", tokens={}).code == "not_your_turn"


def test_boyards_are_the_sum_of_token_values_and_pebbles_are_worth_nothing():
    """'Add together the value of each token you drew. Be careful: some tokens are pebbles and are worth
    nothing.'"""
    t = Table()
    t.to_round_3({"Ann": 2, "Cy": 1}, clue_winner="Bob")
    t.do("propose", player="Bob", correct=True)
    t.do("propose", player="Cy", correct=False)
    t.do("propose", player="Ann", correct=False)
    t.do("pass", player="Ann")
    t.do("draw", player="Bob", tokens={"pebble": 2, "10": 1, "20": 1, "50": 1})
    assert t.p("Bob")["boyards"] == 80


def test_a_players_draws_cannot_exceed_the_bag():
    """'100 Boyard tokens: 10 pebble tokens, 60 worth 10, 20 worth 20, 10 worth 50.' Tokens go back only
    after the player's last handful."""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    for name in ("Ann", "Bob", "Cy"):
        t.do("propose", player=name, correct=True)
    t.do("draw", player="Ann", tokens={"50": 8})
    refusal = t.refuse("draw", player="Ann", tokens={"50": 3})
    assert refusal.code == "bag_exceeded" and "10" in refusal.message
    t.do("draw", player="Ann", tokens={"50": 2})
    t.do("draw", player="Ann", tokens={"pebble": 10})
    t.do("draw", player="Bob", tokens={"50": 10})  # the bag is full again for Bob
    assert t.p("Bob")["boyards"] == 500


@pytest.mark.parametrize("tokens", [{"gold": 1}, {"10": -1}, {"20": 1.5}, {"50": True}, [1, 2]])
def test_bad_handful_is_refused(tokens):
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    for name in ("Ann", "Bob", "Cy"):
        t.do("propose", player=name, correct=True)
    assert t.refuse("draw", player="Ann", tokens=tokens).code == "bad_field"


def test_a_handful_keeps_the_rfid_tags_scanned_into_it():
    """The companion's own record (not the rulebook): the tags a reader counted are kept with the handful."""
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    for name in ("Ann", "Bob", "Cy"):
        t.do("propose", player=name, correct=True)
    events = t.do("draw", player="Ann", tokens={"10": 2, "pebble": 1}, tags=["0A0B0C0D0E", "1A1B1C1D1E"])
    drawn = next(e for e in events if e["type"] == "handful_drawn")
    assert drawn["tags"] == ["0A0B0C0D0E", "1A1B1C1D1E"] and drawn["value"] == 20
    events = t.do("draw", player="Ann", tokens={"20": 1})  # counted by hand: no tags
    assert next(e for e in events if e["type"] == "handful_drawn")["tags"] == []


@pytest.mark.parametrize("tags, says", [
    ("0A0B0C0D0E", "must be a list of tag ids"),
    ([7], "must be a list of tag ids"),
    ([""], "must be a list of tag ids"),
    (["0A0B0C0D0E", "0A0B0C0D0E"], "'0A0B0C0D0E' is listed twice"),
    (["A", "B", "C"], "3 scanned tokens, but the handful holds 2"),
])
def test_bad_handful_tags_are_refused_and_named(tags, says):
    t = Table()
    t.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    for name in ("Ann", "Bob", "Cy"):
        t.do("propose", player=name, correct=True)
    refusal = t.refuse("draw", player="Ann", tokens={"10": 2}, tags=tags)
    assert refusal.code == "bad_field" and says in refusal.message and "draw: " in refusal.message
    assert t.p("Ann")["handfuls"] == []


def test_most_boyards_wins():
    """'The player with the most Boyards wins the game!'"""
    t = Table()
    t.to_round_3({"Ann": 3, "Cy": 1}, clue_winner="Bob")
    for name in ("Bob", "Cy", "Ann"):
        t.do("propose", player=name, correct=True)
    for _ in range(3):
        t.do("draw", player="Bob", tokens={"50": 1} if _ == 0 else {})
    t.do("draw", player="Cy", tokens={"20": 3})
    for _ in range(3):
        t.do("draw", player="Ann", tokens={"pebble": 1})
    assert t.phase == "over" and t.view["winners"] == ["Cy"] and t.current is None
    assert t.events[-1]["scores"] == {"Ann": 0, "Bob": 50, "Cy": 60}


def test_equal_boyards_share_the_victory():
    """Ties are shared: every player with the most Boyards wins."""
    t = Table()
    t.to_round_3({"Ann": 3, "Cy": 1}, clue_winner="Bob")
    for name in ("Bob", "Cy", "Ann"):
        t.do("propose", player=name, correct=True)
    for _ in range(3):
        t.do("draw", player="Bob", tokens={"50": 1} if _ == 0 else {})
    t.do("draw", player="Cy", tokens={"20": 1, "10": 3})
    for _ in range(3):
        t.do("draw", player="Ann", tokens={})
    assert t.view["winners"] == ["Bob", "Cy"]


def test_players_who_did_not_find_their_code_word_cannot_win():
    """'Players who have not found their Code Word are eliminated.' If nobody found it, nobody wins."""
    t = Table()
    t.to_round_3({"Ann": 1, "Cy": 1}, clue_winner="Bob")
    t.do("propose", player="Bob", correct=False)
    t.do("pass", player="Bob")
    t.do("propose", player="Cy", correct=False)
    t.do("propose", player="Ann", correct=False)
    assert t.phase == "over" and t.view["winners"] == []
    assert [p["status"] for p in t.view["players"]] == ["eliminated"] * 3


def test_finished_game_refuses_further_commands():
    t = Table()
    t.to_round_3({"Ann": 1, "Cy": 1}, clue_winner="Bob")
    t.do("propose", player="Bob", correct=False)
    t.do("pass", player="Bob")
    t.do("propose", player="Cy", correct=False)
    t.do("propose", player="Ann", correct=False)
    assert t.refuse("land", space="door").code == "game_over"


# --- Readings where the rulebook is silent (docs/rules.md) -----------------------------------------------


def test_empty_key_stock_wins_nothing():
    """'Take a Key from the stock': when the stock is empty there is no key to take."""
    t = Table(players=("Ann", "Bob"))
    t.to_round_2("Ann")  # Ann 3 keys, stock 17; Bob then collects every key left by Énigmes for a Key
    while t.view["stock_keys"] > 0:
        if t.current == "Bob":
            t.do("land", space="enigme")
            t.do("stake", stake="key")
            t.do("result", success=True)
        else:
            t.pass_turn()
    assert t.current == "Ann"
    t.do("land", space="enigme")
    t.do("stake", stake="key")
    t.do("result", success=True)
    assert t.p("Ann")["keys"] == 3 and t.view["stock_keys"] == 0
    assert {"type": "key_unavailable", "player": "Ann", "reason": "enigme"} in t.events


@pytest.mark.parametrize("carries, status, skipped", [(False, "playing", False), (True, "prison", True)])
def test_pending_prison_turn_at_round_end(carries, status, skipped):
    """'Place each player's pawn back on the DÉPART space': a Prison turn not yet served is forgotten
    unless the house rule keeps it."""
    t = Table(prison_carries_over=carries)
    t.win_challenge()  # Ann 1
    t.pass_turn()
    t.pass_turn()
    t.win_challenge()  # Ann 2
    t.pass_turn()  # Bob
    t.do("land", space="prison")  # Cy
    t.win_challenge()  # Ann 3: round 1 ends before Cy served the Prison turn; Bob starts round 2
    assert t.p("Cy")["status"] == status
    t.pass_turn()  # Bob
    assert (t.current == "Ann") is skipped


def test_dive_in_progress_is_lost_at_round_end():
    """Pawns go back to DÉPART when a round ends: a diver's Key stays at the bottom of the sea."""
    t = Table()
    t.win_challenge()  # Ann 1
    t.do("land", space="enigme")  # Bob fails and dives
    t.do("result", success=False)
    t.do("sea", choice="dive")
    t.pass_turn()
    t.win_challenge()  # Ann 2
    t.do("dive", reached=False)
    t.pass_turn()
    t.win_challenge()  # Ann 3
    assert t.p("Bob")["status"] == "playing" and t.p("Bob")["dive_stake"] is None


def test_four_clue_player_without_keys_is_out_and_the_next_player_proposes_first():
    """Proposals start with the 4-clue player, but a player without a key cannot enter: the next player
    clockwise with a key proposes first."""
    t = Table()
    t.to_round_2("Ann")  # Bob first; Bob wins clues but no key
    while t.view["round"] == 2:
        if t.current == "Bob":
            t.win_challenge()
        else:
            t.pass_turn()
    assert t.p("Bob")["status"] == "out" and t.current == "Ann"


def test_player_who_lost_every_key_in_round_2_is_out_of_round_3():
    """'If you have no Keys in front of you, you cannot access the Fort's Treasure': keys lost in Round 2
    Key duels count."""
    t = Table(players=("Ann", "Bob"))
    t.to_round_2("Ann")
    while t.p("Ann")["keys"]:  # Bob takes Ann's three keys in Key duels
        if t.current == "Bob":
            t.do("land", space="duel")
            t.do("stake", stake="key")
            t.do("opponent", player="Ann")
            t.do("result", winner="Bob")
        else:
            t.pass_turn()
    while t.view["round"] == 2:
        if t.current == "Bob":
            t.win_challenge()
        else:
            t.pass_turn()
    assert t.p("Ann")["status"] == "out" and t.current == "Bob" and t.phase == "propose"


def test_refused_commands_change_nothing():
    t = Table()
    before = t.state
    for cmd, fields in [("land", {}), ("result", {"success": True}), ("stake", {"stake": "key"}), ("fly", {})]:
        t.refuse(cmd, **fields)
    assert t.state == before


# --- The companion's own cards ------------------------------------------------------------------------


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
