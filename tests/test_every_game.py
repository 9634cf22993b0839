"""What holds for every registered game, through the generic path only (docs/games/README.md): each is
started with its rules' ``example_new(seed)`` and played with their ``autoplay``; its state has the
fields every client reads; undo, redo and a new process's resume give back the same state; the players
the games list shows are read from its recorded new command. Run for the real games and Tally."""

from __future__ import annotations

import importlib
import random

import pytest

from companion.engine import registry, rules_for
from companion.session import GameSession
from companion.store import GameLog
from tests.games import TALLY

SHARED_FIELDS = ("game", "game_id", "phase", "current", "expects", "winners", "players", "can_undo")
GAMES = [g.id for g in registry.GAMES] + [TALLY.id]
STEPS = 40  # autoplay commands per game: enough to pass a first turn, few enough for the 2-core suite


@pytest.fixture(params=GAMES)
def game(request, monkeypatch):
    monkeypatch.setattr(registry, "GAMES", registry.GAMES + (TALLY,))
    return request.param


def check_state(state: dict, game: str, game_id: int) -> None:
    missing = [f for f in SHARED_FIELDS if f not in state]
    assert not missing, f"{game}: the state lacks {missing}"
    assert state["game"] == game and state["game_id"] == game_id
    assert isinstance(state["phase"], str) and isinstance(state["expects"], list)
    assert state["current"] is None or isinstance(state["current"], str)
    assert isinstance(state["can_undo"], bool) and isinstance(state["winners"], list)
    assert state["players"] and all(isinstance(p.get("name"), str) for p in state["players"]), state["players"]
    assert set(state["winners"]) <= {p["name"] for p in state["players"]}


def autoplay_of(game: str):
    """The game's autoplay: its rules' ``autoplay(view, rng)``, else its package's
    ``autoplay.legal_command(view, rng)`` (docs/games/README.md); None when it has neither."""
    rules = rules_for(game)
    if callable(getattr(rules, "autoplay", None)):
        return rules.autoplay
    try:
        return importlib.import_module(registry.game_entry(game).rules + ".autoplay").legal_command
    except ModuleNotFoundError:
        return None


def test_every_game_offers_a_new_command_and_plays_through_the_session(game, tmp_path):
    rules = rules_for(game)
    assert callable(getattr(rules, "example_new", None)), f"{game}: its rules offer no example_new(seed)"
    session = GameSession(GameLog(tmp_path / "g.sqlite3"), new_seed=lambda: 5)
    try:
        answer = session.handle(rules.example_new(11))
        assert answer["ok"], answer
        game_id = answer["state"]["game_id"]
        check_state(answer["state"], game, game_id)
        seating = [p["name"] for p in answer["state"]["players"]]
        assert session.in_progress()[0]["players"] == seating, f"{game}: the recorded new lacks its players"
        rng = random.Random(3)
        autoplay = autoplay_of(game)
        for _ in range(STEPS if autoplay else 0):
            command = autoplay(session.view(), rng)
            if command is None:
                break
            answer = session.handle(command)
            assert answer["ok"], (command, answer)
            check_state(answer["state"], game, game_id)
        before = session.view()
        if before["can_undo"]:
            undone = session.handle({"cmd": "undo"})
            assert undone["ok"], undone
            check_state(undone["state"], game, game_id)
            assert session.handle({"cmd": "redo"})["state"] == before
        session.log.close()
        session = GameSession(GameLog(tmp_path / "g.sqlite3"))
        assert session.view() == before  # a new process replays it to the same state
    finally:
        session.log.close()


def test_every_game_played_to_its_end_is_in_its_history(game, tmp_path):
    """Autoplay to the end (for a game that has one), then its play in the history: winners and
    scores read from its game-over event, its own leaderboard."""
    from companion.history.games import load_games
    from companion.history.stats import player_stats

    autoplay = autoplay_of(game)
    if autoplay is None:
        pytest.skip(f"{game} has no autoplay")
    session = GameSession(GameLog(tmp_path / "g.sqlite3"), new_seed=lambda: 5)
    try:
        state = session.handle(rules_for(game).example_new(21))["state"]
        rng = random.Random(8)
        for _ in range(5000):
            command = autoplay(session.view(), rng)
            if command is None:
                break
            answer = session.handle(command)
            assert answer["ok"], (command, answer)
            state = answer["state"]
        assert state["phase"] == "over" and session.rules.is_over(session.state), f"{game}: not over in 5000 commands"
        (played,) = load_games(session.log)
        assert played.game == game and list(played.winners) == state["winners"] and played.winners
        assert set(played.scores) == {p["name"] for p in state["players"]}
        summary = session.log.game(played.id).summary
        assert summary["winners"] == state["winners"]
        board = player_stats([played], game=game)
        assert {s.name for s in board} == set(played.players) and sum(s.wins for s in board) == len(played.winners)
    finally:
        session.log.close()
