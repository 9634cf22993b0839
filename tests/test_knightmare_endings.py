"""Knightmare games end: a knight who plays to win (autoplay.finishing_command) reaches the Throne
within 3,000 commands, the cards, shields and dice left to chance. Random play (legal_command) seldom
ends a game by its own choices (it spends its helmets and enters the Chamber without enough of them);
this proves that no rule makes the ending unreachable, and exercises the game's end (the winner, the
summary the podium and the history read)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.knightmare import RULES
from companion.games.knightmare.autoplay import finishing_command
from companion.session import GameSession
from companion.store import GameLog
from tests.test_knightmare_properties import check, new_game

LIMIT = 3000


def play_rules(seed: int) -> tuple[object, int]:
    rng = random.Random(seed)
    state = RULES.initial()
    for e in RULES.start(new_game(rng)).events:
        state = RULES.apply(state, e)
    for n in range(LIMIT):
        if RULES.is_over(state):
            return state, n
        view = RULES.view(state)
        check(view)
        for e in RULES.decide(state, finishing_command(view, rng)).events:
            state = RULES.apply(state, e)
    return state, LIMIT


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_a_knight_playing_to_win_reaches_the_throne_within_3000_commands(seed):
    state, n = play_rules(seed)
    view = RULES.view(state)
    assert view["phase"] == "over", (seed, n, view["players"])
    (winner,) = view["winners"]
    at_throne = [p for p in view["players"] if p["place"] == "throne"]
    assert [p["name"] for p in at_throne] == [winner]
    assert at_throne[0]["bridge"] == view["bridge_length"]
    assert view["current"] is None and view["question"] is None
    check(view)


def test_a_game_in_a_session_ends_with_the_packs_questions_and_its_summary_recorded():
    """Through the session: Merlin's questions drawn from the content packs ride on the commands, and
    the finished game's row carries the winner and the bridges (what the podium and the history show)."""
    with GameLog(":memory:") as log:
        for seed in (1, 2, 3):
            rng = random.Random(seed)
            session = GameSession(log)
            new = {**new_game(rng), "seed": seed}
            assert session.handle(new)["ok"]
            for _ in range(LIMIT):
                view = session.view()
                if view["phase"] == "over":
                    break
                cmd = finishing_command(view, rng)
                assert cmd["cmd"] != "question", "the session draws the questions from the packs"
                reply = session.handle(cmd)
                assert reply["ok"], (cmd, reply)
            view = session.view()
            assert view["phase"] == "over" and len(view["winners"]) == 1
            asked = [q for g, q in log.asked_questions("knightmare") if g == session.game_id]
            assert asked and len(asked) == len(set(asked))
            record = log.game(session.game_id)
            assert record.status == "finished"
            assert record.summary["winners"] == view["winners"]
            assert record.summary["scores"][view["winners"][0]] == view["bridge_length"]


def test_a_finishing_stream_through_the_real_process_ends_at_the_throne(headless, tmp_path):
    """The same game fed to `companion play --headless`: every line accepted, the last state over, and
    equal to the in-process session's (the questions drawn alike from the packs, seeded)."""
    import json

    rng = random.Random(5)
    shadow = GameSession(GameLog(":memory:"))
    lines = [json.dumps({**new_game(rng), "seed": 5})]
    shadow.handle(json.loads(lines[0]))
    while shadow.view()["phase"] != "over" and len(lines) < LIMIT:
        cmd = finishing_command(shadow.view(), rng)
        assert shadow.handle(cmd)["ok"]
        lines.append(json.dumps(cmd))
    out, code = headless(lines, "--db", str(tmp_path / "g.sqlite3"))
    assert code == 0 and all(json.loads(line)["ok"] for line in out)
    last = json.loads(out[-1])["state"]
    assert last["phase"] == "over" and last["winners"] == shadow.view()["winners"]
    assert last["players"] == shadow.view()["players"]
