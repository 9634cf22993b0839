"""Invariants that hold for any sequence of commands (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from companion.engine import Refusal, event_to_json
from companion.games.fort_boyard import RULES
from companion.games.fort_boyard.autoplay import any_command, legal_command
from companion.games.fort_boyard.model import BAG, KEY_STOCK, TOKEN_VALUES
from companion.session import GameSession
from companion.store import GameLog

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
WHOLE_BAG = sum(BAG[k] * TOKEN_VALUES[k] for k in BAG)


def keys_total(view: dict) -> int:
    return view["stock_keys"] + sum(p["keys"] for p in view["players"])


class GameMachine(RuleBasedStateMachine):
    """Random commands, legal and not, against a real session on a real log file."""

    def __init__(self) -> None:
        super().__init__()
        self._tmp = None

    @initialize(
        n=st.integers(min_value=2, max_value=6),
        seed=st.integers(min_value=0, max_value=2**31 - 1),
        roll=st.booleans(),
        house=st.sampled_from(["clue", "key", "nothing"]),
    )
    def start(self, n, seed, roll, house):
        import tempfile
        from pathlib import Path

        self._tmp = tempfile.TemporaryDirectory()
        self.path = Path(self._tmp.name) / "g.sqlite3"
        self.session = GameSession(GameLog(self.path))
        cmd = {"cmd": "new", "game": "fort-boyard", "players": NAMES[:n], "seed": seed,
               "house_rules": {"duel_clue_to_opponent": house}}
        if not roll:
            cmd["first"] = NAMES[seed % n]
        assert self.session.handle(cmd)["ok"]

    def teardown(self) -> None:
        if self._tmp:
            self.session.log.close()
            self._tmp.cleanup()

    @rule(seed=st.integers(min_value=0, max_value=2**32), success=st.sampled_from([0.1, 0.5, 0.9]))
    def command(self, seed, success):
        before_state, before_view = self.session.state, self.session.view()
        cmd = any_command(before_view, random.Random(seed), success)
        answer = self.session.handle(cmd)
        if not answer["ok"]:
            assert self.session.state == before_state and self.session.view() == before_view
            assert answer["error"]["code"] and answer["error"]["message"]

    @precondition(lambda self: self.session.view()["phase"] != "over")
    @rule(seed=st.integers(min_value=0, max_value=2**32))
    def undo_after_a_command_restores_the_previous_state(self, seed):
        before_state, before_view = self.session.state, self.session.view()
        cmd = legal_command(before_view, random.Random(seed))
        assert self.session.handle(cmd)["ok"]
        assert self.session.handle({"cmd": "undo"})["ok"]
        assert self.session.state == before_state
        assert self.session.view() == before_view

    @rule()
    def replaying_the_log_equals_the_live_state(self):
        replayed = GameSession(GameLog(self.path))
        assert replayed.state == self.session.state
        assert replayed.view() == self.session.view()
        replayed.log.close()

    @invariant()
    def keys_are_never_created_or_lost(self):
        if self._tmp:
            assert keys_total(self.session.view()) == KEY_STOCK

    @invariant()
    def clues_stay_within_zero_and_four(self):
        if self._tmp:
            assert all(0 <= p["clues"] <= 4 for p in self.session.view()["players"])

    @invariant()
    def boyards_never_exceed_the_bag(self):
        if self._tmp:
            assert all(0 <= p["boyards"] <= WHOLE_BAG for p in self.session.view()["players"])


GameMachine.TestCase.settings = settings(
    max_examples=60, stateful_step_count=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
TestGameMachine = GameMachine.TestCase


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), n=st.integers(min_value=2, max_value=6),
       success=st.floats(min_value=0.05, max_value=0.95))
def test_every_random_game_ends_with_the_winners_among_the_treasure_room(seed, n, success):
    """Pure engine, whole games: invariants after every event, and the game always ends."""
    rng = random.Random(seed)
    decision = RULES.start({"cmd": "new", "players": NAMES[:n], "seed": seed})
    state = RULES.initial()
    for e in decision.events:
        state = RULES.apply(state, e)
    for _ in range(20000):
        view = RULES.view(state)
        cmd = legal_command(view, rng, success)
        if cmd is None:
            break
        try:
            decision = RULES.decide(state, cmd)
        except Refusal as exc:  # legal_command only makes legal commands
            raise AssertionError(f"{cmd} refused: {exc.message}") from exc
        for e in decision.events:
            state = RULES.apply(state, e)
            v = RULES.view(state)
            assert keys_total(v) == KEY_STOCK, event_to_json(e)
            assert all(0 <= p["keys"] for p in v["players"])
            assert all(0 <= p["clues"] <= 4 for p in v["players"])
    view = RULES.view(state)
    assert view["phase"] == "over"
    treasure = [p for p in view["players"] if p["status"] == "treasure"]
    best = max((p["boyards"] for p in treasure), default=None)
    assert sorted(view["winners"]) == sorted(p["name"] for p in treasure if p["boyards"] == best)
