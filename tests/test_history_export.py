"""The BG Stats play export, validated against the fields BG Stats documents for plays pushed from other
apps, and the `companion export --format bgstats` process."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import timedelta, timezone
from urllib.parse import quote, unquote

import pytest

from companion.history.export import ExportError, bgstats_play
from companion.history.games import load_game, load_games, load_names, rename_player
from companion.store import GameLog
from tests.conftest import ROOT
from tests.history_support import DUO_GAME, FAMILY, run_headless
from tests.test_headless import SCRIPTED_GAME

# BG Stats, "Push plays to BG Stats from other apps or websites"
# (https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/): the app opens
# https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON> and shows its import dialog. The page
# documents the JSON by an example; these are its fields with the type each has there.
DOCUMENTED_PLAY = {"sourceName": str, "sourcePlayId": str, "playDate": str, "durationMin": int, "board": str,
                   "comments": str, "location": str, "game": dict, "players": list}
DOCUMENTED_GAME = {"name": str, "bggId": int, "sourceGameId": str, "highestWins": bool, "noPoints": bool}
DOCUMENTED_PLAYER = {"name": str, "sourcePlayerId": str, "startPlayer": bool, "rank": int, "role": str,
                     "score": (int, float), "winner": bool}
PLAY_DATE = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")  # the example's "2020-10-23 19:16:58"


def documented_problems(play: dict) -> list[str]:
    """Everything in ``play`` that the BG Stats page does not document, or documents with another type."""
    problems = []

    def check(obj: dict, fields: dict, where: str) -> None:
        for key, value in obj.items():
            if key not in fields:
                problems.append(f"{where}{key}: not a documented field")
            elif isinstance(value, bool) and fields[key] is not bool:
                problems.append(f"{where}{key}: a boolean where the page has {fields[key]}")
            elif not isinstance(value, fields[key]):
                problems.append(f"{where}{key}: {type(value).__name__}, the page has {fields[key]}")

    check(play, DOCUMENTED_PLAY, "")
    check(play.get("game", {}), DOCUMENTED_GAME, "game.")
    for i, p in enumerate(play.get("players", [])):
        check(p, DOCUMENTED_PLAYER, f"players[{i}].")
    if not PLAY_DATE.fullmatch(play.get("playDate", "")):
        problems.append(f"playDate: {play.get('playDate')!r} is not written like 2020-10-23 19:16:58")
    # What the import needs to match a game and players: the game's name, each player's name, and (as
    # apps that push plays found out) an explicit winner flag for every player.
    for required in ("sourceName", "sourcePlayId", "playDate", "game", "players"):
        if required not in play:
            problems.append(f"{required}: missing")
    if "name" not in play.get("game", {}):
        problems.append("game.name: missing")
    for i, p in enumerate(play.get("players", [])):
        for required in ("name", "winner"):
            if required not in p:
                problems.append(f"players[{i}].{required}: missing")
    return problems


def test_the_validator_catches_what_the_page_does_not_document():
    bad = {"sourceName": "x", "sourcePlayId": 3, "playDate": "2020-10-23T19:16", "game": {"title": "Fort"},
           "players": [{"name": "Ann", "points": 3, "winner": "yes"}], "date": "today"}
    problems = documented_problems(bad)
    for expected in ("sourcePlayId: int", "date: not a documented", "game.title: not a documented",
                     "players[0].points: not", "players[0].winner: str", "playDate:", "game.name: missing"):
        assert any(p.startswith(expected) for p in problems), (expected, problems)


@pytest.fixture(scope="module")
def family(tmp_path_factory):
    db = tmp_path_factory.mktemp("bgstats") / "games.sqlite3"
    run_headless(db, FAMILY)
    log = GameLog(db)
    yield log
    log.close()


def test_every_finished_game_exports_only_documented_fields(family):
    for game in load_games(family):
        play = bgstats_play(game, load_names(family), tz=timezone.utc)
        assert documented_problems(play) == [], game.id


def test_bgstats_play_has_the_game_the_players_scores_ranks_and_winner(family):
    play = bgstats_play(load_game(family, 1), tz=timezone.utc)
    assert play["sourceName"] == "Fort Boyard tabletop companion"
    assert play["playDate"] == "2026-03-01 18:00:00" and play["durationMin"] == len(SCRIPTED_GAME) - 1
    assert play["game"] == {"name": "Fort Boyard", "sourceGameId": "fort-boyard", "highestWins": True, "noPoints": False}
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        ("Ann", 0, 3, False, True), ("Bob", 80, 1, True, False), ("Cy", 50, 2, False, False)]
    assert "Code word found by Bob, Cy." in play["comments"]


def test_play_date_is_in_the_zone_asked_for(family):
    paris_winter = timezone(timedelta(hours=1))
    assert bgstats_play(load_game(family, 1), tz=paris_winter)["playDate"] == "2026-03-01 19:00:00"


def test_the_same_person_keeps_the_same_source_player_id_in_every_play(family):
    names = load_names(family)
    ids = {bgstats_play(load_game(family, g), names)["players"][0]["sourcePlayerId"] for g in (1, 2)}
    assert ids == {"ann"}  # 'Ann' and 'ANN'
    assert len({bgstats_play(load_game(family, g), names)["sourcePlayId"] for g in (1, 2, 3, 4)}) == 4


def test_a_renamed_player_is_exported_under_the_new_name(tmp_path):
    db = tmp_path / "g.sqlite3"
    run_headless(db, DUO_GAME)
    with GameLog(db) as log:
        rename_player(log, "Dee", "Delphine")
        play = bgstats_play(load_game(log, 1), load_names(log))
    assert [(p["name"], p["sourcePlayerId"]) for p in play["players"]] == [("Robert", "robert"), ("Delphine", "delphine")]


def test_an_unfinished_game_is_not_a_play(family):
    with pytest.raises(ExportError, match="game 5 is not finished"):
        bgstats_play(load_game(family, 5))


def test_the_export_fits_the_import_link(family):
    play = bgstats_play(load_game(family, 3), load_names(family))
    link = "https://app.bgstatsapp.com/createPlay.html?data=" + quote(json.dumps(play), safe="")
    assert json.loads(unquote(link.split("?data=", 1)[1])) == play


def test_companion_export_bgstats_prints_the_play(companion_env, family):
    proc = subprocess.run([sys.executable, "-m", "companion", "export", "--game", "last", "--format", "bgstats",
                           "--db", str(family.path)], capture_output=True, env={**companion_env, "TZ": "UTC"},
                          cwd=ROOT, timeout=60)
    play = json.loads(proc.stdout)
    assert proc.returncode == 0 and documented_problems(play) == []
    assert play["playDate"] == "2026-03-01 19:57:00" and play["durationMin"] == len(DUO_GAME) - 1
    assert [(p["name"], p["winner"], p["score"]) for p in play["players"]] == [("Robert", True, 70), ("Dee", False, 0)]
