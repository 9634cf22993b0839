"""The Challenge of Merlin and the Winner (rulebook IV-V), the table's corrections (adjust) and end_turn,
one test per rule, each quoting the sentence it checks."""

from __future__ import annotations

import pytest

from companion.games.knightmare import RULES
from tests.knightmare_support import Knights

Q = {"id": "merlin-1", "part": 1, "text": "Which bird is the symbol of wisdom?", "answer": "The owl",
     "accept": ["owl"]}


def test_the_challenge_needs_an_object():
    """'When you are in possession of one of the 4 objects ... you may attempt the Challenge of Merlin.'"""
    k = Knights(objects={"Ann": None, "Bob": "ring", "Cy": "book"})
    assert k.refuse("chamber").code == "no_object"


def test_the_challenge_needs_a_helmet_to_place():
    """'you must build a bridge using your "Helmets"': a knight with none has nothing to place."""
    k = Knights()
    k.give("Ann", 0)
    assert k.refuse("chamber").code == "not_enough_helmets"


def test_house_rule_the_whole_bridge_in_hand():
    """'provided you possess one of the 4 objects shown in the Chamber and sufficient "Helmets"'."""
    k = Knights(house_rules={"chamber_entry": "whole_bridge"}, bridge=4)
    k.give("Ann", 3)
    assert "whole bridge (4)" in k.refuse("chamber").message
    k.give("Ann", 4)
    k.do("chamber")
    assert k.phase == "question"


def test_parts_by_order_of_arrival():
    """'The first player to reach the Chamber of Merlin answers the questions of Part 1, the 2nd player the
    questions of Part 2, and so on.'"""
    k = Knights()
    k.enter_chamber("Cy")
    k.do("end_turn")
    k.enter_chamber("Ann")
    assert (k.p("Cy")["part"], k.p("Ann")["part"], k.p("Bob")["part"]) == (1, 2, None)
    assert k.event("chamber_entered") == {"type": "knightmare.chamber_entered", "player": "Ann", "object": "book",
                                          "part": 2}


def test_a_question_is_due_at_once_and_the_reader_is_on_the_right():
    """'The player to your right chooses the questions from your Part of the Book of Riddles and reads
    them to you one by one.'"""
    k = Knights()
    k.enter_chamber("Ann")
    assert (k.phase, k.view["question"], k.view["reader"]) == ("question", None, "Cy")
    assert RULES.question_due(k.state) == {"player": "Ann", "part": 1, "language": "fr", "asked": []}
    k.do("question", **Q)
    assert k.view["question"] == {**Q}
    assert RULES.question_due(k.state) is None


def test_the_answer_only_for_the_reader():
    k = Knights()
    k.enter_chamber("Ann")
    k.do("question", **Q)
    assert RULES.player_view(k.state, "Cy")["question"]["answer"] == "The owl"
    assert "answer" not in RULES.player_view(k.state, "Ann")["question"]
    assert "answer" not in RULES.player_view(k.state, "Bob")["question"]
    assert RULES.player_view(k.state, "Ghost") is None


def test_the_question_can_come_with_the_command_that_asks_it():
    """The session fills ``question`` into the command whose outcome asks one: one log row."""
    k = Knights()
    k.give("Ann", 4)
    k.do("chamber", question=Q)
    assert k.view["question"]["id"] == "merlin-1" and k.recorded["question"] == Q
    k.do("answer", correct=True, question={**Q, "id": "merlin-2"})
    assert k.phase == "continue" and k.view["question"]["id"] == "merlin-2"


def test_a_question_only_when_one_is_due():
    k = Knights()
    assert "no question" in k.refuse("move", roll=2, question=Q).message
    assert k.refuse("question", **Q).code == "wrong_phase"


def test_questions_are_checked():
    k = Knights()
    k.enter_chamber("Ann")
    assert "part 1, not 2" in k.refuse("question", **{**Q, "part": 2}).message
    assert "'id'" in k.refuse("question", **{**Q, "id": "a b"}).message
    assert "'answer'" in k.refuse("question", **{**Q, "answer": ""}).message
    assert "'accept[0]'" in k.refuse("question", **{**Q, "accept": ["\u0000"]}).message
    k.do("end_turn")
    k.turn_of("Cy")
    assert "'question.text'" in k.refuse("end_turn", question={**Q, "text": 3}).message  # Ann plays next


def test_no_question_twice_in_a_game():
    k = Knights()
    k.enter_chamber("Ann")
    k.do("question", **Q)
    k.do("answer", correct=False)
    k.enter_chamber("Bob")
    assert k.refuse("question", **{**Q, "part": 2}).code == "question_repeated"


def test_a_right_answer_places_a_helmet():
    """'If you answer the first question correctly, you place your first "Helmet".'"""
    k = Knights()
    k.enter_chamber("Ann", helmets=5)
    k.do("question", **Q)
    k.do("answer", correct=True)
    assert (k.p("Ann")["helmets"], k.p("Ann")["bridge"], k.phase, k.view["placed"]) == (4, 1, "continue", 1)
    assert k.event("answered") == {"type": "knightmare.answered", "player": "Ann", "correct": True,
                                   "id": "merlin-1", "part": 1}


def test_go_on_or_stop_keeping_the_bridge():
    """'You may then choose to answer a new question or to stop there for this turn.' The next turn in the
    Chamber starts with a question and the bridge built so far."""
    k = Knights()
    k.enter_chamber("Ann", helmets=5)
    k.do("answer", correct=True)
    k.do("answer", correct=True)  # going on
    k.do("stop")
    assert (k.p("Ann")["bridge"], k.p("Ann")["place"], k.current) == (2, "chamber", "Bob")
    k.turn_of("Ann")
    assert (k.phase, k.p("Ann")["bridge"], k.view["placed"]) == ("question", 2, 0)


def test_a_wrong_answer_ends_the_turn_and_this_turns_helmets_fall():
    """'If you do not answer correctly, your turn is over. You lose all the "Helmets" placed on the board
    during this turn. Your pawn remains on the room it occupied at the start of this turn.'"""
    k = Knights()
    k.enter_chamber("Ann", helmets=6)
    k.do("answer", correct=True)
    k.do("stop")  # 1 on the bridge from an earlier turn
    k.turn_of("Ann")
    k.do("answer", correct=True)
    k.do("answer", correct=True)
    castle = k.castle
    k.do("answer", correct=False)
    assert (k.p("Ann")["bridge"], k.p("Ann")["helmets"], k.p("Ann")["place"]) == (1, 3, "chamber")
    assert k.castle == castle + 2 and k.current == "Bob"
    assert k.event("bridge_fell")["helmets"] == 2


def test_the_throne_wins():
    """'To reach the Throne at the centre of the room, you must build a bridge'; 'The first player to
    reach the Throne of Merlin wins the game.'"""
    k = Knights(bridge=3)
    k.enter_chamber("Ann", helmets=4)
    for _ in range(3):
        k.do("answer", correct=True)
    v = k.view
    assert (v["phase"], v["current"], v["winners"], k.p("Ann")["place"]) == ("over", None, ["Ann"], "throne")
    assert RULES.is_over(k.state)
    assert RULES.summary(k.state)["winners"] == ["Ann"] and RULES.summary(k.state)["scores"]["Ann"] == 3
    assert k.refuse("move", roll=1).code == "game_over"


def test_the_last_helmet_placed_ends_the_turn():
    k = Knights()
    k.enter_chamber("Ann", helmets=1)
    k.do("answer", correct=True)
    assert (k.p("Ann")["bridge"], k.p("Ann")["helmets"], k.current) == (1, 0, "Bob")
    k.turn_of("Ann")
    assert k.refuse("answer", correct=True).code == "not_enough_helmets"


def test_abandon_at_the_start_of_a_turn():
    """'you may announce at the start of a turn that you abandon the Challenge. You then return immediately
    to one of the Rooms of Iselle and draw a card. You lose all your "Helmets" as well as the object you
    possessed ... The "Helmets" already placed on the board are removed from the board.'"""
    k = Knights()
    k.enter_chamber("Ann", helmets=3)
    k.do("answer", correct=True)
    k.do("stop")
    k.turn_of("Ann")
    castle = k.castle
    k.do("abandon")
    a = k.p("Ann")
    assert (a["place"], a["helmets"], a["object"], a["bridge"], a["part"]) == ("labyrinth", 0, None, 0, 1)
    assert k.castle == castle + 3 and (k.phase, k.current) == ("card", "Ann")


def test_abandon_only_before_the_turns_first_answer():
    k = Knights()
    k.enter_chamber("Ann")
    k.do("answer", correct=True)
    assert k.refuse("abandon").code == "wrong_phase"


def test_renewed_challenge_keeps_the_part():
    """'You may renew your Challenge attempt provided you possess one of the 4 objects': same part."""
    k = Knights()
    k.enter_chamber("Bob")
    k.do("abandon")
    k.do("card", kind="other")
    k.enter_chamber("Ann")
    k.do("end_turn")
    k.turn_of("Bob")
    k.do("adjust", player="Bob", object="ring", helmets=2)
    k.do("chamber")
    assert (k.p("Bob")["part"], k.p("Ann")["part"]) == (1, 2)


# --- the table's corrections and end_turn --------------------------------------------------------------


def test_adjust_sets_helmets_from_and_to_the_castle():
    k = Knights()
    k.do("adjust", player="Bob", helmets=7)
    assert k.p("Bob")["helmets"] == 7 and k.castle == 40 - 6 - 5
    k.do("adjust", player="Bob", helmets=0)
    assert k.castle == 40 - 4
    assert k.refuse("adjust", player="Bob", helmets=37).code == "not_enough_helmets"


def test_adjust_changes_only_what_it_names():
    k = Knights()
    k.do("adjust", player="Bob", object=None)
    assert (k.p("Bob")["object"], k.p("Bob")["helmets"]) == (None, 2)
    assert k.recorded == {"cmd": "adjust", "player": "Bob", "object": None}
    assert "at least one" in k.refuse("adjust", player="Bob").message
    assert "'place'" in k.refuse("adjust", player="Bob", place="throne").message
    assert "chamber" in k.refuse("adjust", player="Bob", place="chamber").message


def test_adjust_the_current_knights_place_goes_on_from_there():
    """A spell that imprisons the knight whose turn it is: the turn goes on in the Dungeon."""
    k = Knights()
    k.do("adjust", player="Ann", place="dungeon")
    assert (k.phase, k.current, k.p("Ann")["object"]) == ("escape", "Ann", "book")


def test_leaving_the_chamber_clears_the_bridge():
    k = Knights()
    k.enter_chamber("Ann", helmets=3)
    k.do("answer", correct=True)
    castle = k.castle
    k.do("adjust", player="Ann", place="labyrinth")
    assert (k.p("Ann")["bridge"], k.castle, k.phase) == (0, castle + 1, "turn")


def test_end_turn_in_the_chamber_keeps_the_bridge():
    k = Knights()
    k.enter_chamber("Ann", helmets=3)
    k.do("answer", correct=True)
    k.do("end_turn")
    assert (k.p("Ann")["bridge"], k.current) == (1, "Bob")


def test_end_turn_after_a_won_fight_takes_nothing():
    """'you may take either a Helmet or the object': may, so nothing is a choice too."""
    k = Knights()
    k.do("move", roll=1)
    k.do("card", kind="challenge")
    k.do("fight", shield=1, roll=6, opponent_roll=1)
    k.do("end_turn")
    assert (k.p("Ann")["helmets"], k.current) == (2, "Bob")


@pytest.mark.parametrize("junk", [{"x": 1}, {"roll": 3, "cmd2": "move"}])
def test_unknown_fields_are_dropped_from_the_record(junk):
    k = Knights()
    k.do("move", **{"roll": 3, **junk})
    assert k.recorded == {"cmd": "move", "roll": 3, "helmets": 0}


def test_a_player_is_named_in_any_case():
    """'Zoé' and 'ZOÉ' are one name at the table: adjust records the name as seated."""
    k = Knights()
    k.do("adjust", player="  bob ", helmets=3)
    assert k.recorded == {"cmd": "adjust", "player": "Bob", "helmets": 3} and k.p("Bob")["helmets"] == 3
