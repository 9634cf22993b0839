"""Code words dealt by the companion, in the pure rules: levels, the deal, clues revealed, typed proposals,
and what one player may see (player_view)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from companion.engine import Refusal, event_from_json, event_to_json
from companion.games.fort_boyard import RULES
from companion.games.fort_boyard.autoplay import legal_command
from tests.support import Table


def words_for(names, tag="w"):
    return {
        n: {"id": f"{tag}-{n.lower()}", "word": f"{tag}mot{n.lower()}",
            "clues": [f"{tag} clue {k} of {n}" for k in range(1, 5)], "accept": [f"{tag}alt{n.lower()}"]}
        for n in names
    }


class WordTable(Table):
    """A Table whose game takes its code words from the companion."""

    def __init__(self, players=("Ann", "Bob", "Cy"), levels=None, language="fr", **extra):
        super().__init__(players=players)
        cmd = {"cmd": "new", "players": list(players), "seed": 1, "first": players[0],
               "code_words": "companion", "language": language, **extra}
        if levels is not None:
            cmd["levels"] = levels
        decision = RULES.start(cmd)
        self.state = RULES.initial()
        for e in decision.events:
            self.state = RULES.apply(self.state, e)
        self.events = [event_to_json(e) for e in decision.events]
        self.log = list(self.events)  # every event of the game, as the game log keeps them
        self.deal = words_for(players)

    def do(self, cmd, **fields):
        events = super().do(cmd, **fields)
        self.log += events
        return events

    def to_dealt_round_2(self, winner="Ann"):
        self.to_round_2(winner=winner)
        assert self.phase == "deal"
        return self.do("deal", deal=self.deal)


def test_companion_code_words_are_chosen_at_new_with_levels_easy_by_default():
    t = WordTable(levels={"Bob": "hard"}, language="en")
    chosen = next(e for e in t.events if e["type"] == "code_words_chosen")
    assert chosen == {"type": "code_words_chosen", "source": "companion", "language": "en",
                      "levels": {"Ann": "easy", "Bob": "hard", "Cy": "easy"}}
    assert [t.p(n)["level"] for n in ("Ann", "Bob", "Cy")] == ["easy", "hard", "easy"]
    assert t.view["code_words"] == "companion" and t.p("Ann")["code_word"] is None


def test_a_game_with_the_cards_records_and_shows_nothing_of_code_words():
    t = Table()
    assert "code_words_chosen" not in t.types()
    assert "code_word" not in t.p("Ann") and "clue_texts" not in t.p("Ann") and "code_words" not in t.view


@pytest.mark.parametrize("extra, field", [
    ({"code_words": "dice"}, "code_words"),
    ({"code_words": "companion", "levels": {"Zed": "hard"}}, "levels"),
    ({"code_words": "companion", "levels": {"Ann": "medium"}}, "level"),
    ({"code_words": "companion", "levels": ["Ann"]}, "levels"),
    ({"code_words": "companion", "language": "de"}, "language"),
    ({"levels": {"Ann": "hard"}}, "levels"),
])
def test_bad_code_word_options_are_refused_naming_the_field(extra, field):
    with pytest.raises(Refusal) as info:
        RULES.start({"cmd": "new", "players": ["Ann", "Bob"], "seed": 1, **extra})
    assert field in info.value.message


def test_a_level_may_change_before_the_first_clue_only():
    t = WordTable()
    t.do("level", player="Cy", level="hard")
    assert t.p("Cy")["level"] == "hard"
    t.to_round_2()
    t.do("level", player="Bob", level="hard")  # Round 2 waits for its words: still before the first clue
    t.do("deal", deal=t.deal)
    assert t.p("Bob")["clue_texts"] == ["w clue 1 of Bob"]
    assert t.refuse("level", player="Ann", level="hard").code == "wrong_phase"
    assert Table().refuse("level", player="Ann", level="hard").code == "wrong_phase"


def test_round_2_waits_for_the_words_then_deals_them_and_reveals_each_first_clue():
    t = WordTable(levels={"Cy": "hard"})
    t.to_round_2()
    assert t.phase == "deal" and t.view["expects"] == ["deal"]
    assert all(t.p(n)["clues"] == 0 and t.p(n)["clue_texts"] == [] for n in ("Ann", "Bob", "Cy"))
    events = t.do("deal", deal=t.deal)
    dealt = [e for e in events if e["type"] == "code_word_dealt"]
    assert [(e["player"], e["word"], e["level"]) for e in dealt] == [
        ("Ann", "wmotann", "easy"), ("Bob", "wmotbob", "easy"), ("Cy", "wmotcy", "hard")]
    assert dealt[0]["clues"] == [f"w clue {k} of Ann" for k in range(1, 5)] and dealt[0]["accept"] == ["waltann"]
    for n in ("Ann", "Bob", "Cy"):
        assert t.p(n)["code_word"] == f"wmot{n.lower()}"
        assert t.p(n)["clue_texts"] == [f"w clue 1 of {n}"]
    assert t.phase == "land" and t.current == "Bob"  # the left-hand neighbour of Round 1's winner


def test_the_words_may_come_with_the_command_that_starts_round_2():
    t = WordTable()
    while t.p("Ann")["keys"] < 2:
        t.win_challenge() if t.current == "Ann" else t.pass_turn()
    while t.current != "Ann":
        t.pass_turn()
    t.do("land", space="force")
    types = [e["type"] for e in t.do("result", success=True, deal=t.deal)]
    assert types.index("round_started") < types.index("code_word_dealt") < types.index("clue_won")
    assert t.p("Cy")["clue_texts"] == ["w clue 1 of Cy"] and t.phase == "land"


def test_each_clue_won_reveals_the_next_in_order():
    t = WordTable()
    t.to_dealt_round_2()
    while t.current != "Bob":
        t.pass_turn()
    t.win_challenge()
    assert t.p("Bob")["clue_texts"] == ["w clue 1 of Bob", "w clue 2 of Bob"]
    while t.current != "Bob":
        t.pass_turn()
    t.win_challenge()
    assert t.p("Bob")["clue_texts"] == [f"w clue {k} of Bob" for k in (1, 2, 3)]
    assert t.p("Ann")["clue_texts"] == ["w clue 1 of Ann"]


@pytest.mark.parametrize("change, words", [
    (lambda d: d.pop("Cy"), "each player"),
    (lambda d: d["Bob"].update(word="wmotann", id="x"), "same word"),
    (lambda d: d["Bob"].update(clues=["a", "b", "c"]), "4 clues"),
    (lambda d: d["Bob"].update(clues=["a", "b", "c", 7]), "clues[3]"),
    (lambda d: d["Bob"].update(word=""), "word"),
])
def test_a_bad_deal_is_refused_and_changes_nothing(change, words):
    t = WordTable()
    t.to_round_2()
    deal = json.loads(json.dumps(t.deal))
    change(deal)
    assert words in t.refuse("deal", deal=deal).message


def test_a_deal_on_a_command_that_deals_nothing_is_refused():
    t = WordTable()
    assert t.refuse("land", space="door", deal=t.deal).code == "bad_field"


def round_3(t):
    t.to_round_2(winner="Ann")
    t.do("deal", deal=t.deal)
    while t.view["round"] == 2:
        if t.current == "Ann":
            t.win_challenge()
        elif t.p(t.current)["keys"] < 2:
            t.do("land", space="enigme")
            t.do("stake", stake="key")
            t.do("result", success=True)
        else:
            t.pass_turn()
    return t


def test_a_typed_proposal_counts_as_the_session_judged_it():
    t = round_3(WordTable())
    assert t.current == "Ann"
    events = t.do("propose", player="Ann", word="wmotann", accepted=True)
    assert [e["type"] for e in events][:3] == ["code_word_typed", "code_word_proposed", "code_word_found"]
    assert events[0] == {"type": "code_word_typed", "player": "Ann", "typed": "wmotann", "accepted": True}
    assert t.current == "Bob"
    t.do("propose", player="Bob", word="nope", accepted=False)
    assert t.phase == "propose_again" and t.p("Bob")["last_typed"] == "nope"


def test_the_tables_correct_overrules_the_matcher():
    t = round_3(WordTable())
    events = t.do("propose", player="Ann", word="wmotan", accepted=False, correct=True)
    assert events[1] == {"type": "code_word_proposed", "player": "Ann", "correct": True}


def test_a_typed_word_without_a_verdict_or_without_a_dealt_word_is_refused():
    t = round_3(WordTable())
    assert "verdict" in t.refuse("propose", player="Ann", word="wmotann").message
    cards = Table()
    cards.to_round_3({"Bob": 1, "Cy": 1}, clue_winner="Ann")
    assert "printed cards" in cards.refuse("propose", player="Ann", word="moon").message


def test_the_words_are_replayed_from_the_recorded_events_alone():
    t = WordTable(levels={"Bob": "hard"})
    t.to_dealt_round_2()
    while t.current != "Cy":
        t.pass_turn()
    t.win_challenge()
    replayed = RULES.initial()
    for e in json.loads(json.dumps(t.log)):  # through JSON, as the game log keeps them
        replayed = RULES.apply(replayed, event_from_json(e))
    assert replayed == t.state
    assert replayed.players[2].clue_texts == ("w clue 1 of Cy", "w clue 2 of Cy")
    assert replayed.players[1].code_word == t.state.players[1].code_word
    assert replayed.players[1].code_word.level == "hard"


# --- what one player may see --------------------------------------------------------------------------


def test_player_view_shows_the_players_own_clues_and_level_but_not_their_word():
    t = WordTable(levels={"Ann": "hard"})
    t.to_dealt_round_2()
    v = RULES.player_view(t.state, "Ann")
    assert v["player"] == "Ann" and v["level"] == "hard" and v["clues"] == ["w clue 1 of Ann"]
    assert v["round"] == 2 and v["my_turn_to_propose"] is False and v["last_proposal"] is None
    assert "wmotann" not in json.dumps(v)
    assert RULES.player_view(t.state, "Zed") is None


def test_player_view_says_when_it_is_the_players_turn_to_propose_and_how_it_went():
    t = round_3(WordTable())
    assert RULES.player_view(t.state, "Ann")["my_turn_to_propose"] is True
    assert RULES.player_view(t.state, "Bob")["my_turn_to_propose"] is False
    t.do("propose", player="Ann", word="wmotan", accepted=True)
    assert RULES.player_view(t.state, "Ann")["last_proposal"] == {"typed": "wmotan", "correct": True}
    assert RULES.player_view(t.state, "Bob")["my_turn_to_propose"] is True


SECRET = st.text(alphabet="bcdfghjklmnpqrstvwxz", min_size=10, max_size=10)  # none inside another


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.integers(2, 6), success=st.floats(0.1, 0.9),
       secrets=st.lists(SECRET, min_size=30, max_size=30, unique=True))
def test_player_view_never_holds_another_players_word_or_clue(seed, n, success, secrets):
    """Random whole games: at every step, no other player's word, alternative or clue text appears
    anywhere in a player's serialized view."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][:n]
    deal = {name: {"id": secrets[5 * k], "word": secrets[5 * k + 1], "accept": [secrets[5 * k + 2]],
                   "clues": [secrets[5 * k + 3] + str(c) for c in range(4)], "reject": [secrets[5 * k + 4]]}
            for k, name in enumerate(names)}
    own = {name: {deal[name]["id"], deal[name]["word"], *deal[name]["accept"], *deal[name]["clues"],
                  *deal[name]["reject"]} for name in names}
    rng = random.Random(seed)
    state = RULES.initial()
    for e in RULES.start({"cmd": "new", "players": names, "seed": seed, "code_words": "companion"}).events:
        state = RULES.apply(state, e)
    for _ in range(5000):
        for name in names:
            text = json.dumps(RULES.player_view(state, name), ensure_ascii=False)
            for other in names:
                if other != name:
                    assert not any(s in text for s in own[other]), (name, other, text)
            assert deal[name]["word"] not in text
        view = RULES.view(state)
        cmd = {"cmd": "deal", "deal": deal} if view["phase"] == "deal" else legal_command(view, rng, success)
        if cmd is None:
            break
        for e in RULES.decide(state, cmd).events:
            state = RULES.apply(state, e)
    assert RULES.view(state)["phase"] == "over"
