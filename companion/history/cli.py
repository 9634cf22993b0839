"""``companion history`` and ``companion export``: finished games, statistics and shared results."""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from companion.terminal import json_text, shown

FORMATS = ("bgstats", "csv", "json")


class CliError(Exception):
    """Bad input: the message names what was wrong."""


def register(sub: argparse._SubParsersAction) -> None:
    h = sub.add_parser(
        "history",
        help="finished games, a game's timeline, statistics and the family leaderboard",
        description="Finished games, newest first (date, duration, players, winners, treasure). With --game: "
        "one game told again. With --stats: statistics per player and the family leaderboard. Player names "
        "match across games whatever their case, accents or spaces; --rename merges one player's history "
        "into another's (the game log itself is never rewritten).",
    )
    h.add_argument("--db", type=Path, help="game log file (default: the user data directory)")
    what = h.add_mutually_exclusive_group()
    what.add_argument("--game", metavar="ID|last", help="tell one game again: its timeline")
    what.add_argument("--stats", action="store_true", help="statistics per player and the leaderboard")
    what.add_argument("--rename", nargs=2, metavar=("OLD", "NEW"),
                      help="count OLD's games under NEW (merges them when NEW is already a player)")
    what.add_argument("--undo-rename", metavar="OLD", help="count OLD's games under its own name again")
    h.add_argument("--json", action="store_true", help="JSON instead of text")
    h.set_defaults(func=run_history)

    e = sub.add_parser(
        "export",
        help="a game as a BG Stats play, its timeline as CSV, or its raw log as JSON",
        description="Write one game to stdout: 'bgstats' is BG Stats' play-import JSON (open "
        "https://app.bgstatsapp.com/createPlay.html?data=<it, URL-encoded> on a phone with BG Stats), 'csv' the "
        "game's timeline, 'json' the game and every command of the log, undone ones included.",
    )
    e.add_argument("--game", required=True, metavar="ID|last", help="a game number, or 'last' (the newest finished game)")
    e.add_argument("--format", required=True, choices=FORMATS, help="bgstats, csv or json")
    e.add_argument("--db", type=Path, help="game log file (default: the user data directory)")
    e.set_defaults(func=run_export)


def _open(db: Path | None, write: bool = False):
    """The log, read-only (history and export work while a game is played on it); ``write`` for renames,
    which wait their turn like any writer (refused while the app or a headless game holds the log)."""
    from companion.store import GameLog, LogError, default_db_path

    path = db or default_db_path()
    if not path.exists():
        where = "--db" if db else "the user data directory"
        raise CliError(f"no game log at {path} ({where}): play a game first, or name the log with --db")
    try:
        return GameLog(path, role="history", readonly=not write)
    except LogError as exc:
        raise CliError(str(exc)) from exc


def _game_id(log, text: str) -> int:
    """A game number of the log, from 'ID' or 'last' (the newest finished game)."""
    if text == "last":
        finished = log.games("finished")
        if not finished:
            raise CliError(f"no finished game in {log.path} yet")
        return finished[0].id
    try:
        game_id = int(text)
    except ValueError:
        raise CliError(f"--game: expected a game number or 'last', got {text!r}") from None
    if not 0 < game_id < 2**63 or log.game(game_id) is None:  # SQLite's integers stop at 2**63
        known = ", ".join(str(g.id) for g in log.games()[:10]) or "none"
        raise CliError(f"--game: no game {text} in {log.path} (games: {known})")
    return game_id


def _fail(command: str, exc: Exception) -> int:
    print(shown(f"companion {command}: {exc}"), file=sys.stderr)
    return 1


def _say(line: str = "") -> None:
    """A line for the terminal: names and texts from the log may hold control characters."""
    print(shown(line))


def _problems(command: str, log) -> None:
    """What the log found damaged and set right while reading (a game's summary): said, never fatal."""
    for problem in log.problems:
        print(shown(f"companion {command}: {problem}"), file=sys.stderr)


def run_history(args: argparse.Namespace) -> int:
    from companion.history.names import RenameError

    try:
        log = _open(args.db, write=bool(args.rename or args.undo_rename))
    except CliError as exc:
        return _fail("history", exc)
    try:
        sys.stdout.reconfigure(encoding="utf-8")
        if args.game:
            return _show_game(log, _game_id(log, args.game), args.json)
        if args.stats:
            return _show_stats(log, args.json)
        if args.rename:
            return _rename(log, *args.rename)
        if args.undo_rename:
            return _undo_rename(log, args.undo_rename)
        return _list_games(log, args.json)
    except (CliError, RenameError) as exc:
        return _fail("history", exc)
    finally:
        _problems("history", log)
        log.close()


def run_export(args: argparse.Namespace) -> int:
    from companion.app.table.language import Translator
    from companion.history.export import ExportError, bgstats_play, raw_log, timeline_csv
    from companion.history.games import load_game, load_names

    try:
        log = _open(args.db)
    except CliError as exc:
        return _fail("export", exc)
    try:
        game_id = _game_id(log, args.game)
        sys.stdout.reconfigure(encoding="utf-8")
        if args.format == "json":
            _print_json(raw_log(log, game_id))
        elif args.format == "csv":
            sys.stdout.write(timeline_csv(load_game(log, game_id), Translator("en")))
        else:
            _print_json(bgstats_play(load_game(log, game_id), load_names(log)))
        return 0
    except (CliError, ExportError) as exc:
        return _fail("export", exc)
    finally:
        _problems("export", log)
        log.close()


def _print_json(value: Any) -> None:
    print(json_text(value, indent=2))


# --- text and JSON answers ------------------------------------------------------------------------


def _when(game) -> str:
    return game.started.astimezone().strftime("%Y-%m-%d %H:%M")


def _minutes(game) -> int:
    return round(game.duration_s / 60)


def _list_games(log, as_json: bool) -> int:
    from companion.history.games import load_games

    games = load_games(log)
    if as_json:
        _print_json([{
            "id": g.id, "started": g.created_at, "finished": g.finished_at, "duration_min": _minutes(g),
            "players": list(g.players), "winners": list(g.winners), "treasure": g.scores,
        } for g in games])
        return 0
    if not games:
        _say(f"No finished game in {log.path} yet.")
        return 0
    for g in games:
        treasure = ", ".join(f"{p} {v}" for p, v in sorted(g.scores.items(), key=lambda kv: -kv[1]))
        _say(f"#{g.id}  {_when(g)}  {_minutes(g)} min  {', '.join(g.players)}  "
              f"winner: {', '.join(g.winners) or 'nobody'}  treasure: {treasure}")
    return 0


def _show_game(log, game_id: int, as_json: bool) -> int:
    from companion.app.table.language import Translator
    from companion.history.games import load_game
    from companion.history.timeline import describe, timeline

    game = load_game(log, game_id)
    moments = timeline(game)
    tr = Translator("en")
    if as_json:
        _print_json({"id": game.id, "status": game.status, "started": game.created_at, "players": list(game.players),
                     "winners": list(game.winners), "treasure": game.scores,
                     "timeline": [{**asdict(m), "text": describe(m, tr)} for m in moments]})
        return 0
    _say(f"Game #{game.id} ({game.status}), {_when(game)}, {_minutes(game)} min: {', '.join(game.players)}")
    for m in moments:
        if m.kind == "round":
            _say()
            _say(describe(m, tr))
            continue
        keys = " ".join(f"{p}:{m.keys.get(p, 0)}" for p in game.players)
        _say(f"  {m.seq:>4}  {describe(m, tr):<52}  keys {keys}")
    return 0


def _show_stats(log, as_json: bool) -> int:
    from companion.history.games import load_games, load_names
    from companion.history.stats import player_stats, ranks

    board = player_stats(load_games(log), load_names(log))
    if as_json:
        _print_json([{"rank": r, **s.to_json()} for r, s in zip(ranks(board), board)])
        return 0
    if not board:
        _say(f"No finished game in {log.path} yet.")
        return 0
    print(f"{'#':>2}  {'player':<24} {'games':>5} {'wins':>4} {'keys':>4} {'riddles':>9} {'duels':>7} "
          f"{'average':>7} {'best':>5}")
    for r, s in zip(ranks(board), board):
        share = "-" if s.riddle_share is None else f"{s.riddle_share:.0%}"
        riddles = f"{s.riddles_solved}/{s.riddles} {share}" if s.riddles else "-"
        _say(f"{r:>2}  {s.name:<24} {s.games:>5} {s.wins:>4} {s.keys_won:>4} {riddles:>9} "
              f"{s.duels_won:>3}-{s.duels_lost:<3} {s.average_treasure:>7.1f} {s.best_treasure:>5}")
    return 0


def _rename(log, old: str, new: str) -> int:
    from companion.history.games import rename_player

    rename_player(log, old, new)
    _say(f"{old}'s games now count for {new} (undo with --undo-rename {old!r}).")
    return 0


def _undo_rename(log, old: str) -> int:
    from companion.history.games import undo_rename

    if not undo_rename(log, old):
        raise CliError(f"--undo-rename: {old!r} was never renamed")
    _say(f"{old}'s games count under {old} again.")
    return 0
