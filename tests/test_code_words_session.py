"""Companion code words through the session (the headless protocol): words dealt from the real packs and
recorded in the log, replay without the packs, undo, typed proposals judged by the answer matcher, and the
phone links' secrets."""

from __future__ import annotations

import json
import random

import pytest

from companion.content.dealing import deal_words
from companion.content.library import load_library
from companion.session import GameSession
from companion.store import GameLog

NAMES = ["Ann", "Bob", "Cy"]


class NoPacks:
    """Stands in for the content on resume: replay must never ask it for anything."""

    def deal(self, *a):
        raise AssertionError("the packs were read on replay")

    def judge(self, *a):
        raise AssertionError("the packs were read on replay")


@pytest.fixture
def session(tmp_path):
    s = GameSession(GameLog(tmp_path / "g.sqlite3"))
    yield s
    s.log.close()


def ok(answer):
    assert answer["ok"], answer
    return answer


def new(session, names=NAMES, **extra):
    return ok(session.handle({"cmd": "new", "players": names, "seed": 7, "first": names[0],
                              "code_words": "companion", **extra}))


def player(session, name):
    return next(p for p in session.view()["players"] if p["name"] == name)


def to_round_2(session, winner="Ann"):
    while session.view()["round"] == 1:
        if session.view()["current"] == winner:
            ok(session.handle({"cmd": "land", "space": "force"}))
            answer = ok(session.handle({"cmd": "result", "success": True}))
        else:
            ok(session.handle({"cmd": "land", "space": "door"}))
    return answer


def to_round_3(session):
    to_round_2(session)
    while session.view()["round"] == 2:
        v = session.view()
        me = v["current"]
        if me == "Ann":
            ok(session.handle({"cmd": "land", "space": "force"}))
            ok(session.handle({"cmd": "result", "success": True}))
        elif player(session, me)["keys"] < 2:
            for cmd in ({"cmd": "land", "space": "enigme"}, {"cmd": "stake", "stake": "key"},
                        {"cmd": "result", "success": True}):
                ok(session.handle(cmd))
        else:
            ok(session.handle({"cmd": "land", "space": "door"}))


def test_round_2_deals_words_from_the_packs_with_clues_of_each_level(session):
    new(session, levels={"Bob": "hard"}, language="en")
    answer = to_round_2(session)
    dealt = {e["player"]: e for e in answer["events"] if e["type"] == "code_word_dealt"}
    assert sorted(dealt) == NAMES
    pack = {w.id: w for w in load_library().items("code_words", "en")}
    for name, e in dealt.items():
        item = pack[e["id"]]
        level = "hard" if name == "Bob" else "easy"
        assert e["word"] == item.word and e["clues"] == list(item.clues(level)) and e["level"] == level
        assert player(session, name)["clue_texts"] == [item.clues(level)[0]]
        assert player(session, name)["code_word"] == item.word
    assert len({e["word"] for e in dealt.values()}) == 3
    assert session.commands[-1]["deal"][  # the words travel in the recorded command, with their clues
        "Bob"]["clues"] == dealt["Bob"]["clues"]


def test_a_resumed_game_reads_its_words_from_the_log_not_the_packs(session, tmp_path):
    new(session)
    to_round_2(session)
    before = session.state
    again = GameSession(GameLog(tmp_path / "g.sqlite3"), words=NoPacks())
    try:
        assert again.state == before and again.view()["players"][0]["clue_texts"]
    finally:
        again.log.close()


def test_undo_of_a_clue_won_gives_back_the_state_before_it(session):
    new(session)
    to_round_2(session)
    while session.view()["current"] != "Cy":
        ok(session.handle({"cmd": "land", "space": "door"}))
    ok(session.handle({"cmd": "land", "space": "force"}))
    before = session.state
    ok(session.handle({"cmd": "result", "success": True}))
    assert len(player(session, "Cy")["clue_texts"]) == 2
    ok(session.handle({"cmd": "undo"}))
    assert session.state == before and len(player(session, "Cy")["clue_texts"]) == 1


def test_undo_of_the_command_that_dealt_takes_back_the_words_and_deals_the_same_again(session):
    new(session)
    while True:
        v = session.view()
        if v["current"] == "Ann" and player(session, "Ann")["keys"] == 2:
            break
        if v["current"] == "Ann":
            ok(session.handle({"cmd": "land", "space": "force"}))
            ok(session.handle({"cmd": "result", "success": True}))
        else:
            ok(session.handle({"cmd": "land", "space": "door"}))
    ok(session.handle({"cmd": "land", "space": "force"}))
    before = session.state
    first = ok(session.handle({"cmd": "result", "success": True}))
    ok(session.handle({"cmd": "undo"}))
    assert session.state == before and session.view()["round"] == 1
    second = ok(session.handle({"cmd": "result", "success": True}))
    assert [e for e in first["events"] if e["type"] == "code_word_dealt"] == \
        [e for e in second["events"] if e["type"] == "code_word_dealt"]


def test_words_of_the_tables_recent_games_are_dealt_last(session):
    six = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
    seen = []
    for game in range(5):  # 33 words, 6 a game: five games never deal a word twice
        new(session, names=six)
        answer = to_round_2(session)
        seen += [e["id"] for e in answer["events"] if e["type"] == "code_word_dealt"]
    assert len(seen) == len(set(seen)) == 30


def test_deal_words_puts_words_heard_longest_ago_first():
    items = load_library().items("code_words", "fr")
    ids = sorted(i.id for i in items)
    history = [(1, "code_word", i) for i in ids[:-2]] + [(2, "code_word", ids[0])]
    deal = deal_words(items, {"Ann": "easy", "Bob": "easy", "Cy": "easy"}, history, random.Random(1))
    chosen = [e["id"] for e in deal.values()]
    assert sorted(chosen[:2]) == sorted(ids[-2:])  # the two never dealt
    assert chosen[2] in ids[1:-2]  # then one of those heard two games ago, not the last game's
    assert deal_words(items[:2], {"Ann": "easy", "Bob": "easy", "Cy": "easy"}, [], random.Random(1)) is None


@pytest.mark.parametrize("typed, accepted", [
    (lambda w: w, True), (lambda w: w.upper(), True), (lambda w: "le " + w, True),
    (lambda w: "xylophone", False),
])
def test_a_typed_proposal_is_judged_by_the_answer_matcher_and_the_answer_says_so(session, typed, accepted):
    new(session)
    to_round_3(session)
    word = session.state.players[0].code_word.word
    answer = ok(session.handle({"cmd": "propose", "player": "Ann", "word": typed(word)}))
    assert answer["verdict"] == {"player": "Ann", "word": typed(word), "accepted": accepted, "correct": accepted}
    v = session.view()  # Ann holds 3 keys: a wrong word lets her try again for one
    assert (player(session, "Ann")["status"], v["phase"]) == \
        (("treasure", "propose") if accepted else ("waiting", "propose_again"))
    assert session.commands[-1]["accepted"] is accepted  # the verdict is in the log


def test_the_tables_correct_overrules_the_matchers_verdict(session):
    new(session)
    to_round_3(session)
    answer = ok(session.handle({"cmd": "propose", "player": "Ann", "word": "xylophone", "correct": True}))
    assert answer["verdict"]["accepted"] is False and answer["verdict"]["correct"] is True
    assert player(session, "Ann")["status"] == "treasure"


def test_each_game_records_new_phone_secrets_of_at_least_128_bits_never_shown(session):
    first = new(session)
    tokens = session.phone_tokens()
    assert sorted(tokens) == NAMES and all(len(t) >= 32 for t in tokens.values())  # 24 bytes, base64
    assert not any(t in json.dumps(first) for t in tokens.values())
    new(session, phones={"Ann": "chosen-by-the-caller"})
    assert set(session.phone_tokens().values()).isdisjoint(tokens.values())
    assert "chosen-by-the-caller" not in session.phone_tokens().values()
    ok(session.handle({"cmd": "new", "players": NAMES, "seed": 1}))
    assert session.phone_tokens() == {}  # the cards: nothing private to show


def test_the_headless_protocol_deals_and_judges_through_the_real_process(headless, tmp_path):
    db = str(tmp_path / "h.sqlite3")
    lines = [json.dumps({"cmd": "new", "players": ["Ann", "Bob"], "seed": 2, "first": "Ann",
                         "code_words": "companion", "levels": {"Bob": "hard"}, "language": "en"})]
    for _ in range(3):  # Ann wins three keys by Force, Bob passes by the Door
        lines += [json.dumps({"cmd": "land", "space": "force"}), json.dumps({"cmd": "result", "success": True})]
        lines += [json.dumps({"cmd": "land", "space": "door"})]
    answers, code = headless(lines[:-1], "--db", db)
    assert code == 0
    last = json.loads(answers[-1])
    assert last["ok"] and last["state"]["round"] == 2 and last["state"]["code_words"] == "companion"
    bob = last["state"]["players"][1]
    assert bob["level"] == "hard" and len(bob["clue_texts"]) == 1 and bob["code_word"]
    assert any(e["type"] == "code_word_dealt" for e in last["events"])
    reader = GameSession(GameLog(tmp_path / "h.sqlite3"))
    tokens = reader.phone_tokens()
    reader.log.close()
    assert len(tokens) == 2 and not any(t in "".join(answers) for t in tokens.values())


class FewWords:
    """Packs with too few words for the table, until more are added."""

    def __init__(self):
        from companion.content.dealing import CodeWordContent

        self.real = CodeWordContent()
        self.enough = False

    def deal(self, log, game_id, state):
        return self.real.deal(log, game_id, state) if self.enough else None

    def judge(self, *args):
        return self.real.judge(*args)


def test_without_enough_words_round_2_waits_and_a_level_change_then_deals(tmp_path):
    words = FewWords()
    session = GameSession(GameLog(tmp_path / "few.sqlite3"), words=words)
    try:
        new(session)
        to_round_2(session)
        assert session.view()["phase"] == "deal" and "code words" in session.view()["waiting_for"]
        assert player(session, "Ann")["clue_texts"] == []
        words.enough = True
        answer = ok(session.handle({"cmd": "level", "player": "Bob", "level": "hard"}))
        assert session.view()["phase"] == "land" and player(session, "Bob")["level"] == "hard"
        assert [e["level"] for e in answer["events"] if e["type"] == "code_word_dealt"] == ["easy", "hard", "easy"]
    finally:
        session.log.close()
