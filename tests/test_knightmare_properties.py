"""Invariants of Knightmare over random legal games (hypothesis): the 40 helmets are conserved, nobody
goes below 0, a refused command changes nothing, replaying the recorded events gives the live state,
and undo restores it exactly (redo brings the same state back)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.engine import Refusal, event_from_json, event_to_json
from companion.games.knightmare import RULES
from companion.games.knightmare.autoplay import any_command, legal_command
from companion.games.knightmare.model import HELMETS
from companion.session import GameSession
from companion.store import GameLog

NAMES = ["Ann", "Bob", "Cy", "Dee"]


def check(view: dict) -> None:
    players = view["players"]
    assert view["castle_helmets"] + sum(p["helmets"] + p["bridge"] for p in players) == HELMETS
    assert view["castle_helmets"] >= 0
    assert all(p["helmets"] >= 0 and p["spells"] >= 0 and 0 <= p["bridge"] <= view["bridge_length"] for p in players)
    assert all(p["bridge"] == 0 for p in players if p["place"] not in ("chamber", "throne"))
    parts = [p["part"] for p in players if p["part"] is not None]
    assert sorted(parts) == list(range(1, len(parts) + 1))
    assert (view["phase"] == "over") == bool(view["winners"]) == any(p["place"] == "throne" for p in players)


def new_game(rng: random.Random) -> dict:
    n = rng.randint(2, 4)
    cmd = {"cmd": "new", "game": "knightmare", "players": NAMES[:n], "seed": rng.randrange(2**31),
           "bridge": rng.randint(1, 6)}
    if rng.random() < 0.5:
        cmd["house_rules"] = {"fight_helmets": rng.choice(["spent", "returned_on_win"]),
                              "chamber_entry": rng.choice(["one_helmet", "whole_bridge"])}
    return cmd


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_helmets_conserved_and_replay_equals_live(seed):
    rng = random.Random(seed)
    decision = RULES.start(new_game(rng))
    live = RULES.initial()
    log = []
    for e in decision.events:
        live = RULES.apply(live, e)
        log.append(json.loads(json.dumps(event_to_json(e))))
    for _ in range(300):
        view = RULES.view(live)
        check(view)
        if RULES.is_over(live):
            break
        cmd = any_command(view, rng)
        if cmd["cmd"] == "state":
            continue
        before = live
        try:
            decision = RULES.decide(live, cmd)
        except Refusal as refusal:
            assert refusal.code and refusal.message
            assert live == before
            continue
        # The recorded command decides the same events, its dice now the table's (no die_rolled).
        again = RULES.decide(live, decision.command)
        assert again.events == tuple(e for e in decision.events if e.type != "knightmare.die_rolled")
        for e in decision.events:
            live = RULES.apply(live, e)
            log.append(json.loads(json.dumps(event_to_json(e))))
    replayed = RULES.initial()
    for e in log:
        replayed = RULES.apply(replayed, event_from_json(e))
    assert replayed == live


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_undo_restores_exactly_and_resume_equals_live(tmp_path_factory, seed):
    rng = random.Random(seed)
    path = tmp_path_factory.mktemp("km") / "games.sqlite3"
    with GameLog(path, role="headless") as log:
        session = GameSession(log)
        assert session.handle(new_game(rng))["ok"]
        for _ in range(100):
            view = session.view()
            if view["phase"] == "over":
                break
            cmd = legal_command(view, rng)
            before = session.state
            reply = session.handle(cmd)
            assert reply["ok"], (cmd, reply)
            after = session.state
            check(session.view())
            if rng.random() < 0.2:
                assert session.handle({"cmd": "undo"})["ok"]
                assert session.state == before
                assert session.handle({"cmd": "redo"})["ok"]
                assert session.state == after
        with GameLog(path, readonly=True) as reader:
            resumed = GameSession(reader)
            assert resumed.state == session.state and resumed.view() == session.view()
