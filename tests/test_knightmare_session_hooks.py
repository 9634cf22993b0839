"""Merlin's questions at the table (companion/games/knightmare/session_hooks.py): drawn from the content
pack when the rules say one is due, recorded in the command that asks it (one log row: undo takes both
back), never twice in a game, the table's least recently heard first, and replayed from the log alone."""

from __future__ import annotations

import pytest

from companion.content.knightmare import Question, read_pack
from companion.games.knightmare import session_hooks
from companion.session import GameSession
from companion.store import GameLog

NAMES = ["Ann", "Bob"]


def ok(answer):
    assert answer["ok"], answer
    return answer


def small_pack(n: int = 3) -> dict[str, tuple[Question, ...]]:
    """A few questions of each part in French: the draws are then easy to follow."""
    return {"fr": tuple(Question(f"q{part}-{k}", part, "riddle", "adult", f"Question {part}.{k} ?", f"r{k}")
                        for part in range(1, 5) for k in range(n))}


@pytest.fixture
def log_path(tmp_path):
    return tmp_path / "g.sqlite3"


def session_on(path, pack=None) -> GameSession:
    s = GameSession(GameLog(path))
    if pack is not None:
        s._hooks["knightmare"] = session_hooks.Hooks(questions=lambda: pack)
    return s


def new(s, **extra):
    return ok(s.handle({"cmd": "new", "game": "knightmare", "players": NAMES, "first": "Ann", "seed": 3,
                        "language": "fr", **extra}))


def test_the_chamber_command_carries_a_question_of_the_knights_part_from_the_real_pack(log_path):
    s = session_on(log_path)
    new(s)
    answer = ok(s.handle({"cmd": "chamber"}))
    q = answer["state"]["question"]
    pack, _ = read_pack()
    ids = {x.id for x in pack.part("fr", 1)}
    assert q["part"] == 1 and q["id"] in ids
    assert s.commands[-1]["question"]["id"] == q["id"]  # in the command: the log's row holds it
    assert answer["state"]["reader"] == "Bob"
    asked = [e for e in answer["events"] if e["type"] == "knightmare.question_asked"]
    assert [e["id"] for e in asked] == [q["id"]]
    s.log.close()


def test_no_question_is_asked_twice_in_a_game(log_path):
    s = session_on(log_path, small_pack(n=6))
    new(s, bridge=20)
    ok(s.handle({"cmd": "adjust", "player": "Ann", "helmets": 10}))
    ok(s.handle({"cmd": "chamber"}))
    seen = [s.view()["question"]["id"]]
    for _ in range(5):
        ok(s.handle({"cmd": "answer", "correct": True}))
        seen.append(s.view()["question"]["id"])
    assert sorted(seen) == [f"q1-{k}" for k in range(6)]
    # the part is spent: a right answer still places a helmet, and no question comes (the table's book)
    ok(s.handle({"cmd": "answer", "correct": True}))
    assert s.view()["question"] is None and s.view()["phase"] == "continue"
    s.log.close()


def test_undo_takes_back_the_command_and_its_question_and_the_same_one_comes_again(log_path):
    s = session_on(log_path, small_pack())
    new(s)
    first = ok(s.handle({"cmd": "chamber"}))["state"]["question"]["id"]
    ok(s.handle({"cmd": "undo"}))
    assert s.view()["question"] is None and s.view()["questions_asked"] == []
    again = ok(s.handle({"cmd": "chamber"}))["state"]["question"]["id"]
    assert again == first  # seeded by the game: an undo does not shuffle the book
    s.log.close()


def test_replay_shows_the_same_questions_without_the_pack(log_path):
    s = session_on(log_path, small_pack())
    new(s)
    ok(s.handle({"cmd": "chamber"}))
    ok(s.handle({"cmd": "answer", "correct": True}))
    before = s.view()
    s.log.close()

    def no_pack():
        raise AssertionError("the pack was read on replay")

    replayed = session_on(log_path, pack=None)
    replayed._hooks["knightmare"] = session_hooks.Hooks(questions=no_pack)
    after = replayed.view()
    assert after["question"] == before["question"] and after["questions_asked"] == before["questions_asked"]
    assert after == before
    replayed.log.close()


def test_the_questions_heard_in_an_earlier_game_come_last(log_path):
    s = session_on(log_path, small_pack(n=2))
    new(s)
    heard = ok(s.handle({"cmd": "chamber"}))["state"]["question"]["id"]
    new(s)  # a second game at the same table, same seed: the other question of part 1 comes first
    assert ok(s.handle({"cmd": "chamber"}))["state"]["question"]["id"] == next(
        f"q1-{k}" for k in range(2) if f"q1-{k}" != heard)
    s.log.close()


def test_an_undone_question_does_not_count_as_heard(log_path):
    s = session_on(log_path, small_pack(n=2))
    new(s)
    ok(s.handle({"cmd": "chamber"}))
    ok(s.handle({"cmd": "undo"}))
    assert s.log.asked_questions("knightmare", before_game=s.game_id + 1) == []
    s.log.close()


def test_the_reader_asks_for_another_question_and_gets_one_not_yet_asked(log_path):
    s = session_on(log_path, small_pack())
    new(s)
    first = ok(s.handle({"cmd": "chamber"}))["state"]["question"]["id"]
    other = ok(s.handle({"cmd": "question"}))["state"]["question"]
    assert other["id"] != first and other["part"] == 1
    assert s.view()["questions_asked"] == [first, other["id"]]
    s.log.close()


def test_a_game_in_a_language_the_pack_lacks_waits_for_the_tables_own_book(log_path):
    s = session_on(log_path, small_pack())
    new(s, language="en")
    answer = ok(s.handle({"cmd": "chamber"}))
    assert answer["state"]["question"] is None and answer["state"]["phase"] == "question"
    ok(s.handle({"cmd": "answer", "correct": True}))  # the reader judged it from the book
    s.log.close()


def test_a_turn_ending_before_a_knight_in_the_chamber_brings_their_question_with_it(log_path):
    s = session_on(log_path, small_pack())
    new(s)
    ok(s.handle({"cmd": "chamber"}))                      # Ann: part 1
    ok(s.handle({"cmd": "answer", "correct": False}))     # her turn ends; Bob is in the labyrinth: no question
    assert s.view()["question"] is None and s.view()["current"] == "Bob"
    assert "question" not in s.commands[-1]
    bob = ok(s.handle({"cmd": "chamber"}))["state"]["question"]
    assert bob["part"] == 2
    ok(s.handle({"cmd": "answer", "correct": False}))     # Bob's wrong answer: Ann's turn starts in the Chamber
    v = s.view()
    assert v["current"] == "Ann" and v["phase"] == "question" and v["question"]["part"] == 1
    assert s.commands[-1]["question"]["id"] == v["question"]["id"]  # on the command that ended Bob's turn
    s.log.close()
