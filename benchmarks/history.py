"""History benchmark: how long the history and statistics take on a family's log of many finished games.

    python -m benchmarks.history [--games N] [--dir DIR]

Builds a log of N random but legal games (4 to 6 players from a family of 8, names written in varying
case and accents), then measures, median of several runs: ``load_ms`` (read every finished game's active
line from SQLite), ``stats_ms`` (statistics and leaderboard of every player, from the events),
``screen_data_ms`` (what the leaderboard screen computes: load + aliases + statistics + treasure per game),
``shelf_again_ms`` (the same through the history screens' shelf once it holds the games: only the games
table is read), ``timeline_ms`` and ``keys_chart_ms`` (one game told again), ``bgstats_ms`` (one play
exported). The last
line is one JSON object with these figures, the number of games and commands, and the log's size.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from companion.games.fort_boyard.autoplay import legal_command
from companion.history.export import bgstats_play
from companion.history.games import GameShelf, load_game, load_games, load_names
from companion.history.stats import player_stats, treasure_per_game
from companion.history.timeline import keys_over_game, timeline
from companion.session import GameSession
from companion.store import GameLog

FAMILY = ["Marie-Christine", "Jean-Baptiste", "Zoé", "Maximilien", "Anne", "Bob", "Léa", "Noël"]


def spelled(name: str, rng: random.Random) -> str:
    """The same person, written as a hurried hand types it now and then."""
    roll = rng.random()
    if roll < 0.1:
        return name.lower()
    if roll < 0.15:
        return name.upper()
    if roll < 0.2:
        return name.replace("é", "e").replace("ë", "e")
    return name


def build_log(path: Path, games: int, seed: int = 1) -> int:
    rng = random.Random(seed)
    session = GameSession(GameLog(path), new_seed=lambda: rng.randrange(2**31))
    session.log.db.execute("PRAGMA synchronous=OFF")  # building only: the file is the same
    commands = 0
    for _ in range(games):
        players = [spelled(n, rng) for n in rng.sample(FAMILY, rng.randint(4, 6))]
        session.handle({"cmd": "new", "game": "fort-boyard", "players": players})
        while (cmd := legal_command(session.view(), rng, success=0.6)) is not None:
            assert session.handle(cmd)["ok"]
            commands += 1
    session.log.close()
    return commands


def median_ms(fn, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return round(statistics.median(times), 2)


def screen_data(log: GameLog, shelf: GameShelf | None = None) -> None:
    games = shelf.games() if shelf else load_games(log)
    names = load_names(log)
    player_stats(games, names)
    treasure_per_game(games, names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--dir", type=Path, help="where the log is built (default: a temporary directory)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        path = Path(tmp) / "history.sqlite3"
        start = time.perf_counter()
        commands = build_log(path, args.games)
        build_s = time.perf_counter() - start
        with GameLog(path) as log:
            games = load_games(log)
            names = load_names(log)
            newest = load_game(log, games[0].id)
            shelf = GameShelf(log)
            shelf.games()
            figures = {
                "games": len(games),
                "commands": commands,
                "players": len(player_stats(games, names)),
                "log_mb": round(path.stat().st_size / 1e6, 2),
                "build_s": round(build_s, 1),
                "load_ms": median_ms(lambda: load_games(log)),
                "stats_ms": median_ms(lambda: player_stats(games, names)),
                "screen_data_ms": median_ms(lambda: screen_data(log)),
                "shelf_again_ms": median_ms(lambda: screen_data(log, shelf)),
                "timeline_ms": median_ms(lambda: timeline(newest)),
                "keys_chart_ms": median_ms(lambda: keys_over_game(newest)),
                "bgstats_ms": median_ms(lambda: bgstats_play(newest, names)),
            }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
