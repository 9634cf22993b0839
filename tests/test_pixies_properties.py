"""Hypothesis over random legal Pixies drafts (issue 24's proof): every card in at most one place, the
same number of cards taken by everyone at each turn's end, replay = live state, and a grid entered on the
score pad scores as the same grid reached by the draft."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.engine import event_from_json, event_to_json
from companion.games.pixies import RULES
from companion.games.pixies.autoplay import legal_command
from companion.games.pixies.cards import CARDS
from companion.games.pixies.model import HIDDEN, GameState, Phase
from companion.session import GameSession
from companion.store import GameLog

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def new_command(rng: random.Random, mode: str) -> dict:
    n = rng.randint(2, 5)
    return {"cmd": "new", "game": "pixies", "players": NAMES[:n], "seed": rng.randrange(2**31), "mode": mode,
            "house_rules": {"multicolour": rng.choice(["all", "best_one"])}}


def places(state: GameState) -> list[str]:
    """Every card out of the deck this round, once per place it lies in."""
    out = list(state.revealed)
    for p in state.players:
        out += [c for s in p.grid for c in (s.up, s.down) if c not in (None, HIDDEN)]
        out += list(p.discarded)
    return out


def cards_taken(state: GameState) -> list[int]:
    return [sum((s.up is not None) + (s.down is not None) for s in p.grid) + len(p.discarded) for p in state.players]


def play_draft(rng: random.Random, check) -> tuple[dict, list, GameState]:
    """A whole random legal draft: its new command, its events (as JSON) and the last state; ``check`` sees
    each state."""
    cmd = new_command(rng, "draft")
    decision = RULES.start(cmd)
    events = [event_to_json(e) for e in decision.events]
    state = RULES.initial()
    for e in decision.events:
        state = RULES.apply(state, e)
    while not RULES.is_over(state):
        decision = RULES.decide(state, legal_command(RULES.view(state), rng))
        for e in decision.events:
            state = RULES.apply(state, e)
            events.append(event_to_json(e))
        check(state)
    return cmd, events, state


def _invariants(state: GameState) -> None:
    spots = places(state)
    assert len(spots) == len(set(spots)), "a card in two places"
    assert set(spots) <= set(CARDS)
    for p in state.players:
        for n, s in enumerate(p.grid, 1):
            assert s.up is None or CARDS[s.up].number == n  # a face-up card lies on the space of its number
    if state.phase == Phase.REVEAL:
        assert len(set(cards_taken(state))) == 1, cards_taken(state)  # 'everyone has taken the same number'


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_random_draft_keeps_every_card_in_one_place_and_replays_to_the_live_state(seed):
    cmd, events, live = play_draft(random.Random(seed), _invariants)
    replayed = RULES.initial()
    for e in events:
        replayed = RULES.apply(replayed, event_from_json(e))
    assert replayed == live and RULES.view(replayed) == RULES.view(live)
    assert len(live.winners) >= 1 and all(len(p.rounds) == 3 for p in live.players)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_each_drafted_grid_entered_on_the_score_pad_scores_alike(seed):
    cmd, _, drafted = play_draft(random.Random(seed), lambda s: None)
    pad = RULES.initial()
    for e in RULES.start({**cmd, "mode": "pad"}).events:
        pad = RULES.apply(pad, e)
    for rnd in range(3):
        ordering = list(drafted.players)
        random.Random(seed + rnd).shuffle(ordering)  # the table enters the grids in any order
        for p in ordering:
            grid = list(p.rounds[rnd].grid)
            for e in RULES.decide(pad, {"cmd": "grid", "player": p.name, "spaces": grid}).events:
                pad = RULES.apply(pad, e)
    assert [p.rounds for p in pad.players] == [p.rounds for p in drafted.players]
    assert pad.winners == drafted.winners


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), mode=st.sampled_from(["pad", "draft"]))
def test_a_game_resumed_from_the_log_is_the_game_played(tmp_path_factory, seed, mode):
    rng = random.Random(seed)
    path = tmp_path_factory.mktemp("pixies") / "games.sqlite3"
    with GameLog(path, role="headless") as log:
        session = GameSession(log)
        assert session.handle(new_command(rng, mode))["ok"]
        for _ in range(rng.randint(5, 60)):
            if session.rules.is_over(session.state):
                break
            reply = session.handle(legal_command(session.view(), rng))
            assert reply["ok"], reply
            if rng.random() < 0.15:  # undo takes back exactly one command
                before = session._states[-2]
                assert session.handle({"cmd": "undo"})["ok"] and session.state == before
        with GameLog(path, readonly=True) as reader:
            resumed = GameSession(reader)
            assert resumed.state == session.state and resumed.view() == session.view()
