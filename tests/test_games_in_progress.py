"""Several games in progress, one per game kind (issue 22): new abandons only the same kind's game,
resume makes one current, games lists them, and a new process resumes the one played most recently.
Fort Boyard and the test-only game Tally (tests/games/tally.py) are the two kinds."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from companion.session import GameSession
from companion.store import GameLog
from tests.games import tally  # noqa: F401  (the fixture)
from tests.history_support import Clock

FB = {"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob", "Cy"], "first": "Ann", "seed": 7}
TALLY = {"cmd": "new", "game": "tally", "players": ["Zoé", "Léo"], "seed": 3}


def ok(answer):
    assert answer["ok"], answer
    return answer


def refused(answer, code):
    assert not answer["ok"] and answer["error"]["code"] == code, answer
    return answer["error"]["message"]


@pytest.fixture
def path(tmp_path):
    return tmp_path / "g.sqlite3"


@pytest.fixture
def session(path, tally, monkeypatch):
    monkeypatch.setattr("companion.store.log._now", Clock())  # one minute a command: "most recent" is known
    s = GameSession(GameLog(path))
    yield s
    s.log.close()


def reopened(session):
    """A new process on the same log: the session of a fresh start."""
    session.log.close()
    return GameSession(GameLog(session.log.path))


def test_two_kinds_in_progress_are_resumed_in_turn(session):
    fb = ok(session.handle(FB))["state"]["game_id"]
    ok(session.handle({"cmd": "land", "space": "force"}))
    ty = ok(session.handle(TALLY))["state"]["game_id"]  # Fort Boyard stays in progress
    ok(session.handle({"cmd": "score", "points": 4}))
    state = ok(session.handle({"cmd": "resume", "game_id": fb}))["state"]
    assert (state["game"], state["game_id"], state["phase"], state["current"]) == ("fort-boyard", fb, "challenge", "Ann")
    ok(session.handle({"cmd": "result", "success": True}))
    state = ok(session.handle({"cmd": "resume", "game_id": ty}))["state"]
    assert state["game"] == "tally" and state["current"] == "Léo"
    assert [p["score"] for p in state["players"]] == [4, 0]
    state = ok(session.handle({"cmd": "score", "points": 2}))["state"]
    assert [p["score"] for p in state["players"]] == [4, 2]
    state = ok(session.handle({"cmd": "resume", "game_id": fb}))["state"]
    assert next(p for p in state["players"] if p["name"] == "Ann")["keys"] == 1


def test_undo_and_redo_act_on_the_current_game_only(session):
    fb = ok(session.handle(FB))["state"]["game_id"]
    ok(session.handle({"cmd": "land", "space": "door"}))
    ty = ok(session.handle(TALLY))["state"]["game_id"]
    ok(session.handle({"cmd": "score", "points": 5}))
    ok(session.handle({"cmd": "resume", "game_id": fb}))
    state = ok(session.handle({"cmd": "undo"}))["state"]
    assert state["game_id"] == fb and state["current"] == "Ann" and state["phase"] == "land"
    state = ok(session.handle({"cmd": "resume", "game_id": ty}))["state"]
    assert state["can_undo"] and [p["score"] for p in state["players"]] == [5, 0]
    refused(session.handle({"cmd": "redo"}), "nothing_to_redo")  # Fort Boyard's undo is not Tally's


def test_new_abandons_only_the_game_of_the_same_kind(session):
    first_fb = ok(session.handle(FB))["state"]["game_id"]
    ty = ok(session.handle(TALLY))["state"]["game_id"]
    second_fb = ok(session.handle(FB))["state"]["game_id"]
    status = {g.id: g.status for g in session.log.games()}
    assert status == {first_fb: "abandoned", ty: "in_progress", second_fb: "in_progress"}
    assert refused(session.handle({"cmd": "resume", "game_id": first_fb}), "game_abandoned")


def test_games_lists_the_games_in_progress_most_recent_first(session):
    fb = ok(session.handle(FB))["state"]["game_id"]
    ty = ok(session.handle(TALLY))["state"]["game_id"]
    ok(session.handle({"cmd": "resume", "game_id": fb}))
    ok(session.handle({"cmd": "land", "space": "door"}))  # Fort Boyard played last
    answer = ok(session.handle({"cmd": "games"}))
    assert set(answer) == {"ok", "games", "state"} and answer["state"]["game_id"] == fb
    assert [g["game_id"] for g in answer["games"]] == [fb, ty]
    assert answer["games"][0] == {"game_id": fb, "game": "fort-boyard", "players": ["Ann", "Bob", "Cy"],
                                  "last_played": answer["games"][0]["last_played"]}
    assert answer["games"][1]["players"] == ["Zoé", "Léo"] and answer["games"][1]["game"] == "tally"
    for g in answer["games"]:
        assert datetime.fromisoformat(g["last_played"]).tzinfo is not None  # ISO 8601 with its zone
    assert session.in_progress() == answer["games"]


def test_a_finished_game_leaves_the_list_and_cannot_be_resumed(session):
    ty = ok(session.handle(TALLY))["state"]["game_id"]
    for points in (1, 2, 3, 4):
        state = ok(session.handle({"cmd": "score", "points": points}))["state"]
    assert state["phase"] == "over" and state["winners"] == ["Léo"]
    fb = ok(session.handle(FB))["state"]["game_id"]
    assert [g["game_id"] for g in ok(session.handle({"cmd": "games"}))["games"]] == [fb]
    message = refused(session.handle({"cmd": "resume", "game_id": ty}), "game_finished")
    assert f"game {ty}" in message and "finished" in message
    assert session.game_id == fb  # refused: nothing changed


@pytest.mark.parametrize("game_id, code", [
    (99, "no_such_game"), (0, "bad_field"), (-1, "bad_field"), ("1", "bad_field"), (True, "bad_field"),
    (None, "bad_field"), (2**63, "bad_field"), (1.5, "bad_field"),
])
def test_resume_refuses_what_is_not_a_game_in_progress(session, game_id, code):
    fb = ok(session.handle(FB))["state"]["game_id"]
    before = session.view()
    command = {"cmd": "resume"} if game_id is None else {"cmd": "resume", "game_id": game_id}
    assert refused(session.handle(command), code)
    assert session.game_id == fb and session.view() == before


def test_resume_refuses_a_damaged_game_and_keeps_the_current_one(session):
    fb = ok(session.handle(FB))["state"]["game_id"]
    ty = ok(session.handle(TALLY))["state"]["game_id"]
    ok(session.handle({"cmd": "score", "points": 2}))
    session.log.db.execute("UPDATE commands SET events='[{\"type\":\"no_such_event\"}]' WHERE game_id=? AND seq=2", (ty,))
    ok(session.handle({"cmd": "resume", "game_id": fb}))
    message = refused(session.handle({"cmd": "resume", "game_id": ty}), "game_damaged")
    assert f"game {ty}" in message and "no_such_event" in message
    assert session.game_id == fb


def test_resume_refuses_a_game_this_companion_does_not_hold(session):
    fb = ok(session.handle(FB))["state"]["game_id"]
    gone = ok(session.handle(TALLY))["state"]["game_id"]
    session.log.db.execute("UPDATE games SET game='chess' WHERE id=?", (gone,))
    assert "chess" in refused(session.handle({"cmd": "resume", "game_id": gone}), "unknown_game")
    ok(session.handle({"cmd": "resume", "game_id": fb}))


def test_a_new_process_resumes_the_game_played_most_recently(session):
    fb = ok(session.handle(FB))["state"]["game_id"]
    ty = ok(session.handle(TALLY))["state"]["game_id"]
    ok(session.handle({"cmd": "resume", "game_id": fb}))
    ok(session.handle({"cmd": "land", "space": "door"}))
    again = reopened(session)
    assert again.game_id == fb and again.view()["current"] == "Bob"
    ok(again.handle({"cmd": "resume", "game_id": ty}))
    ok(again.handle({"cmd": "score", "points": 6}))
    third = reopened(again)
    try:
        assert third.game_id == ty and [p["score"] for p in third.view()["players"]] == [6, 0]
    finally:
        third.log.close()


def test_an_undo_is_a_move_at_the_table(session):
    fb = ok(session.handle(FB))["state"]["game_id"]
    ok(session.handle({"cmd": "land", "space": "door"}))
    ok(session.handle(TALLY))
    ok(session.handle({"cmd": "resume", "game_id": fb}))
    ok(session.handle({"cmd": "undo"}))
    assert session.in_progress()[0]["game_id"] == fb
    again = reopened(session)
    try:
        assert again.game_id == fb and again.view()["current"] == "Ann"
    finally:
        again.log.close()


def test_new_without_game_starts_the_registry_s_first(session):
    state = ok(session.handle({k: v for k, v in FB.items() if k != "game"}))["state"]
    assert state["game"] == "fort-boyard"


def test_the_headless_protocol_answers_games_and_resume(headless, tmp_path):
    lines = [json.dumps(FB), json.dumps({"cmd": "games"}), json.dumps({"cmd": "resume", "game_id": 1}),
             json.dumps({"cmd": "resume", "game_id": 7})]
    out, code = headless(lines, "--db", str(tmp_path / "g.sqlite3"))
    answers = [json.loads(line) for line in out]
    assert code == 0 and [a["ok"] for a in answers] == [True, True, True, False]
    assert answers[1]["games"] == [{"game_id": 1, "game": "fort-boyard", "players": ["Ann", "Bob", "Cy"],
                                    "last_played": answers[1]["games"][0]["last_played"]}]
    assert answers[2]["state"] == answers[0]["state"] and answers[2]["events"] == []
    assert answers[3]["error"]["code"] == "no_such_game"


DATA = __import__("pathlib").Path(__file__).parent / "data"


def test_a_fort_boyard_log_written_before_several_games_resumes_as_it_did(tmp_path):
    """tests/data/fort_boyard_log_before_issue_22.sqlite3 was written by the companion of main at ad695c2
    (one game kind, before this change): a finished game, an abandoned one, one in progress with an undo.
    Its .view.json is the state that companion showed on opening it."""
    path = tmp_path / "old.sqlite3"
    path.write_bytes((DATA / "fort_boyard_log_before_issue_22.sqlite3").read_bytes())
    expected = json.loads((DATA / "fort_boyard_log_before_issue_22.view.json").read_text(encoding="utf-8"))
    session = GameSession(GameLog(path))
    try:
        assert session.view() == expected
        assert [g["game_id"] for g in session.in_progress()] == [3]
        assert ok(session.handle({"cmd": "redo"}))["state"]["phase"] == "sea"  # its undo survived too
        refused(session.handle({"cmd": "resume", "game_id": 2}), "game_abandoned")
        refused(session.handle({"cmd": "resume", "game_id": 1}), "game_finished")
    finally:
        session.log.close()


def test_a_finished_game_is_summed_up_by_its_rules(session):
    ty = ok(session.handle(TALLY))["state"]["game_id"]
    for points in (6, 2, 3, 4):
        ok(session.handle({"cmd": "score", "points": points}))
    assert session.log.game(ty).summary == {"winners": ["Zoé"], "scores": {"Zoé": 9, "Léo": 6}, "rounds": 2}


def test_any_mix_of_new_resume_and_play_keeps_one_game_in_progress_per_kind(tmp_path, monkeypatch):
    """hypothesis: whatever the table does with two kinds of games, the log holds at most one game in
    progress per kind, games lists them most recent first, and a new process shows the one played last."""
    from hypothesis import HealthCheck, given, settings, strategies as st

    from companion.engine import registry
    from tests.games import TALLY as ENTRY

    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (ENTRY,))
    actions = st.lists(st.sampled_from(["new_fb", "new_tally", "play", "resume_other", "undo"]), max_size=25)
    runs = iter(range(10**6))

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(actions, st.randoms(use_true_random=False))
    def check(steps, rng):
        monkeypatch.setattr("companion.store.log._now", Clock())
        path = tmp_path / f"g{next(runs)}.sqlite3"
        session = GameSession(GameLog(path))
        played_last = None
        for step in steps:
            if step in ("new_fb", "new_tally"):
                answer = session.handle(FB if step == "new_fb" else TALLY)
            elif step == "play" and session.rules is not None and not session.rules.is_over(session.state):
                answer = session.handle({"cmd": "score", "points": rng.randint(0, 6)} if session.rules.name == "tally"
                                        else {"cmd": "land", "space": "door"})
            elif step == "resume_other":
                others = [g["game_id"] for g in session.in_progress() if g["game_id"] != session.game_id]
                answer = session.handle({"cmd": "resume", "game_id": others[0]}) if others else None
            elif step == "undo":
                answer = session.handle({"cmd": "undo"})
            else:
                answer = None
            if answer and answer["ok"] and step != "resume_other":  # resuming is not playing
                played_last = session.game_id
            games = session.handle({"cmd": "games"})["games"]
            kinds = [g["game"] for g in games]
            assert len(kinds) == len(set(kinds))
            assert [g["last_played"] for g in games] == sorted((g["last_played"] for g in games), reverse=True)
        session.log.close()
        again = GameSession(GameLog(path))
        try:
            if played_last is not None:
                assert again.game_id == played_last
        finally:
            again.log.close()

    check()
