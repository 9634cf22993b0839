"""Forfort's invariants over random legal games (hypothesis): walls conserved per player (hand + dungeon +
discard + fort = 22), replay = live state, undo restores exactly. Its headless fuzz through the real
process is tests/test_games_headless_fuzz.py's, as every game's."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.games.forfort.autoplay import legal_command
from companion.games.forfort.decide import FIELDS
from companion.games.forfort.model import WALLS
from companion.session import GameSession
from companion.store import GameLog

NAMES = ["Ana", "Bob", "Cy", "Dee"]


def new_game(rng: random.Random) -> dict:
    n = rng.randint(2, 4)
    return {"cmd": "new", "game": "forfort", "players": NAMES[:n], "seed": rng.randrange(2**31),
            "teams": n == 4 and rng.random() < 0.5, "armies": rng.randint(0, 4), "camps": rng.randint(1, 4),
            "house_rules": {"march": rng.choice(["each", "one"]), "no_action": rng.choice(["go_on", "pass"])}}


def walls_conserved(session: GameSession) -> None:
    for p in session.state.players:
        assert p.hand + p.dungeon + p.discard + p.walls_in_fort() == WALLS, p
        assert min(p.hand, p.dungeon, p.discard, p.armies_left, p.camps_left) >= 0, p


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31 - 1))
def test_random_legal_games_conserve_walls_and_replay_to_the_live_state(seed):
    rng = random.Random(seed)
    log = GameLog(":memory:")
    s = GameSession(log)
    assert s.handle(new_game(rng))["ok"]
    for _ in range(400):
        cmd = legal_command(s.view(), rng)
        if cmd is None:
            break
        answer = s.handle(cmd)
        assert answer["ok"], (cmd, answer)
        assert set(answer["state"]["expects"]) <= set(FIELDS)
        walls_conserved(s)
    replayed = GameSession(log)
    assert replayed.state == s.state
    assert replayed.view() == s.view()


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**31 - 1))
def test_undo_restores_exactly_and_redo_brings_the_same_state_back(seed):
    rng = random.Random(seed)
    s = GameSession(GameLog(":memory:"))
    assert s.handle(new_game(rng))["ok"]
    for _ in range(120):
        cmd = legal_command(s.view(), rng)
        if cmd is None:
            break
        before = s.state
        assert s.handle(cmd)["ok"]
        after = s.state
        if rng.random() < 0.3:
            assert s.handle({"cmd": "undo"})["ok"]
            assert s.state == before
            assert s.handle({"cmd": "redo"})["ok"]
            assert s.state == after
