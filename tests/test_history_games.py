"""History, statistics and export per game (issue 22): a log with Fort Boyard's and Tally's plays
(tests/games/tally.py, registered by the fixture); every list names the game, the leaderboard is one
game's, --game takes a game's id."""

from __future__ import annotations

import json

import pytest

from companion import cli
from companion.history.games import load_games
from companion.history.stats import player_stats
from companion.store import GameLog
from tests.games import tally  # noqa: F401  (the fixture)
from tests.history_support import Clock, run_headless
from tests.test_headless import SCRIPTED_GAME

TALLY_GAME = [{"cmd": "new", "game": "tally", "players": ["Bob", "Zoé"], "rounds": 1, "seed": 1},
              {"cmd": "score", "points": 5}, {"cmd": "score", "points": 3}]  # Bob wins 5 to 3


@pytest.fixture
def db(tmp_path, tally):
    path = tmp_path / "games.sqlite3"
    clock = Clock()
    run_headless(path, SCRIPTED_GAME, clock)  # game 1: Fort Boyard, Bob wins with 80
    run_headless(path, TALLY_GAME, clock)  # game 2: Tally, Bob wins with 5
    run_headless(path, TALLY_GAME[:2], clock)  # game 3: Tally in progress
    return path


def history(capsys, *args):
    code = cli.main(["history", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_every_play_in_the_list_names_its_game(db, capsys):
    code, out, _ = history(capsys, "--db", db)
    lines = out.splitlines()
    assert code == 0 and [line.split()[0] for line in lines] == ["#2", "#1"]
    assert lines[0].endswith("winner: Bob  score: Bob 5, Zoé 3  (Tally)")
    assert lines[1].endswith("(Fort Boyard)")
    _, out, _ = history(capsys, "--db", db, "--json")
    assert [(g["id"], g["game"]) for g in json.loads(out)] == [(2, "tally"), (1, "fort-boyard")]


def test_game_with_a_game_id_lists_that_game_s_plays(db, capsys):
    _, out, _ = history(capsys, "--db", db, "--game", "tally", "--json")
    assert [g["id"] for g in json.loads(out)] == [2]
    _, out, _ = history(capsys, "--db", db, "--game", "fort-boyard")
    assert [line.split()[0] for line in out.splitlines()] == ["#1"]
    code, out, _ = history(capsys, "--db", db, "--game", "1")  # a number: still one play's timeline
    assert code == 0 and out.startswith("Game #1 (finished)")


def test_the_leaderboard_is_one_game_s(db, capsys):
    _, out, _ = history(capsys, "--db", db, "--stats", "--game", "tally", "--json")
    board = json.loads(out)
    assert [(p["rank"], p["name"], p["games"], p["wins"], p["best_treasure"]) for p in board] == [
        (1, "Bob", 1, 1, 5), (2, "Zoé", 1, 0, 3)]
    assert "keys_won" not in board[0]  # Fort Boyard's figures are Fort Boyard's
    _, out, _ = history(capsys, "--db", db, "--stats", "--game", "fort-boyard", "--json")
    fort = {p["name"]: p for p in json.loads(out)}
    assert set(fort) == {"Ann", "Bob", "Cy"} and fort["Bob"]["best_treasure"] == 80 and fort["Bob"]["games"] == 1
    _, text, _ = history(capsys, "--db", db, "--stats", "--game", "tally")
    assert text.splitlines()[0].split() == ["#", "player", "games", "wins", "average", "best"]


def test_stats_without_a_game_on_a_log_of_two_games_asks_for_one(db, capsys):
    code, _, err = history(capsys, "--db", db, "--stats")
    assert code == 1 and "Fort Boyard (fort-boyard), Tally (tally)" not in err  # newest first
    assert "Tally (tally), Fort Boyard (fort-boyard); name one with --game ID" in err


@pytest.mark.parametrize("args, message", [
    (["--stats", "--game", "2"], "--stats --game: expected a game's id"),
    (["--game", "chess"], "a play's number or 'last', got 'chess'"),
    (["--game", "tally", "--rename", "Bob", "Rob"], "--game: not with --rename"),
])
def test_bad_game_arguments_are_named(db, capsys, args, message):
    code, _, err = history(capsys, "--db", db, *args)
    assert code == 1 and message in err


def test_player_stats_never_mix_games(db):
    with GameLog(db, readonly=True) as log:
        games = load_games(log)
    assert {s.name for s in player_stats(games, game="tally")} == {"Bob", "Zoé"}
    assert {s.name for s in player_stats(games)} == {"Bob", "Zoé"}  # the game played last
    assert player_stats(games, game="fort-boyard")[0].keys_won >= 0


def test_bg_stats_export_names_the_game(db, capsys):
    code = cli.main(["export", "--db", str(db), "--game", "2", "--format", "bgstats"])
    play = json.loads(capsys.readouterr().out)
    assert code == 0 and play["game"] == {"name": "Tally", "sourceGameId": "tally", "highestWins": True,
                                          "noPoints": False}
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [("Bob", 5, True), ("Zoé", 3, False)]


def test_a_game_without_a_timeline_is_told_without_another_game_s_words(db, capsys):
    cli.main(["export", "--db", str(db), "--game", "2", "--format", "bgstats"])
    assert json.loads(capsys.readouterr().out)["comments"] == "Recorded by the Fort Boyard tabletop companion (game 2)."
    code, out, _ = history(capsys, "--db", db, "--game", "2")
    assert code == 0 and out.splitlines() == [out.splitlines()[0]] and "Bob, Zoé" in out  # no Boyards, no keys


def test_every_game_together_counts_plays_and_wins_and_the_games_each_played(db):
    from companion.history.games import load_names
    from companion.history.stats import across_games

    log = GameLog(db)
    try:
        board = across_games(load_games(log), load_names(log))
    finally:
        log.close()
    bob = next(s for s in board if s.name == "Bob")
    assert (board[0].name, bob.games, bob.wins, bob.kinds, bob.treasures) == ("Bob", 2, 2, 2, [])
