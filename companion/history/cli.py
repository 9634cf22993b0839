"""``companion history`` and ``companion export``: finished games, statistics and shared results."""

from __future__ import annotations

import argparse
import sqlite3
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from companion.engine import available_games
from companion.terminal import json_text, shown

FORMATS = ("bgstats", "csv", "json")


class CliError(Exception):
    """Bad input: the message names what was wrong."""


def register(sub: argparse._SubParsersAction) -> None:
    h = sub.add_parser(
        "history",
        help="finished games, a game's timeline, statistics and the family leaderboard",
        description="Finished games, newest first (game, date, duration, players, winners, score). With --game "
        "and a game's id (see companion games): that game's plays only. With --game and a number or 'last': one play "
        "told again. With --stats: statistics per player and the family leaderboard of one game (--game ID; "
        "without it, of the only game played). Player names match across games whatever their case, accents "
        "or spaces; --rename merges one player's history into another's (the game log itself is never "
        "rewritten).",
    )
    h.add_argument("--db", type=Path, help="game log file (default: the user data directory)")
    h.add_argument("--game", metavar="ID|N|last",
                   help="a game's id (see companion games): its plays, or its statistics with --stats; a play's "
                   "number or 'last': that play's timeline")
    what = h.add_mutually_exclusive_group()
    what.add_argument("--stats", action="store_true", help="statistics per player and the leaderboard of one game")
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


# What reading a damaged game's events raises in the pure history code (timeline, statistics, exports),
# caught per game so that the one game is named and the others still shown.
_DAMAGE = (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError, OverflowError)


def _loaded(log, game_id: int):
    """The game, or the CliError naming what is damaged in it (said once: taken off the log's problems)."""
    from companion.history.games import load_game

    game = load_game(log, game_id)
    if game is None:
        raise CliError(log.problems.pop() if log.problems else f"game {game_id} cannot be read")
    return game


def _told(game, what: str, fn, *args):
    """``fn(game, *args)``, or a CliError naming the game when its events do not tell it."""
    try:
        return fn(game, *args)
    except _DAMAGE as exc:
        raise CliError(f"game {game.id} is damaged: its {what} cannot be made ({type(exc).__name__}: {exc})") from None


def _kind(text: str | None) -> str | None:
    """The game id ``--game`` names, or None when it names a play (a number, 'last') or nothing."""
    return text if text in available_games() else None


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
    from companion.store import LogError

    try:
        log = _open(args.db, write=bool(args.rename or args.undo_rename))
    except CliError as exc:
        return _fail("history", exc)
    try:
        sys.stdout.reconfigure(encoding="utf-8")
        kind = _kind(args.game)
        if args.game and (args.rename or args.undo_rename):
            raise CliError("--game: not with --rename or --undo-rename (a player's name is the same in every game)")
        if args.stats:
            if args.game and kind is None:
                raise CliError(f"--stats --game: expected a game's id ({', '.join(available_games())}), "
                               f"got {args.game!r}")
            return _show_stats(log, kind, args.json)
        if args.game and kind is None:
            if args.game != "last" and not args.game.strip().isdigit():
                raise CliError(f"--game: expected a game's id ({', '.join(available_games())}), a play's number "
                               f"or 'last', got {args.game!r}")
            return _show_game(log, _game_id(log, args.game), args.json)
        if args.rename:
            return _rename(log, *args.rename)
        if args.undo_rename:
            return _undo_rename(log, args.undo_rename)
        return _list_games(log, kind, args.json)
    except (CliError, RenameError, LogError) as exc:
        return _fail("history", exc)
    except sqlite3.Error as exc:  # a log whose schema a hand or a newer companion changed
        return _fail("history", CliError(f"{log.path}: cannot be read: {exc}"))
    finally:
        _problems("history", log)
        log.close()


def run_export(args: argparse.Namespace) -> int:
    from companion.app.table.language import Translator
    from companion.history.export import ExportError, bgstats_play, raw_log, timeline_csv
    from companion.history.games import load_names
    from companion.store import LogError

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
            sys.stdout.write(_told(_loaded(log, game_id), "timeline", timeline_csv, Translator("en")))
        else:
            _print_json(_told(_loaded(log, game_id), "play", bgstats_play, load_names(log)))
        return 0
    except (CliError, ExportError, LogError) as exc:
        return _fail("export", exc)
    except sqlite3.Error as exc:
        return _fail("export", CliError(f"{log.path}: cannot be read: {exc}"))
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


def _list_games(log, kind: str | None, as_json: bool) -> int:
    from companion.history.games import load_games

    games = [g for g in load_games(log) if kind is None or g.game == kind]
    if as_json:
        _print_json([{
            "id": g.id, "game": g.game, "started": g.created_at, "finished": g.finished_at,
            "duration_min": _minutes(g), "players": list(g.players), "winners": list(g.winners), "treasure": g.scores,
        } for g in games])
        return 0
    if not games:
        _say(f"No finished {_of(kind)}game in {log.path} yet.")
        return 0
    from companion.history.stats import figures_of

    for g in games:
        treasure = ", ".join(f"{p} {v}" for p, v in sorted(g.scores.items(), key=lambda kv: -kv[1]))
        score = getattr(figures_of(g.game), "SCORE", "score")  # what the game calls its final score
        _say(f"#{g.id}  {_when(g)}  {_minutes(g)} min  {', '.join(g.players)}  "
             f"winner: {', '.join(g.winners) or 'nobody'}  {score}: {treasure}  ({g.name('en')})")
    return 0


def _of(kind: str | None) -> str:
    from companion.history.games import game_name

    return f"{game_name(kind)} " if kind else ""


def _show_game(log, game_id: int, as_json: bool) -> int:
    from companion.app.table.language import Translator
    from companion.history.timeline import describe, timeline

    game = _loaded(log, game_id)
    tr = Translator("en")
    moments = _told(game, "timeline", lambda g: [(m, describe(m, tr)) for m in timeline(g)])
    if as_json:
        _print_json({"id": game.id, "status": game.status, "started": game.created_at, "players": list(game.players),
                     "winners": list(game.winners), "treasure": game.scores,
                     "timeline": [{**asdict(m), "text": text} for m, text in moments]})
        return 0
    _say(f"Game #{game.id} ({game.status}), {_when(game)}, {_minutes(game)} min: {', '.join(game.players)}")
    for m, text in moments:
        if m.kind == "round":
            _say()
            _say(text)
            continue
        keys = " ".join(f"{p}:{m.keys.get(p, 0)}" for p in game.players)
        _say(f"  {m.seq:>4}  {text:<52}  keys {keys}")
    return 0


def _counted_stats(log, games: list, names, kind: str) -> list:
    """The statistics of ``games``; when one game's events do not add up, that game is named and left
    out and the others counted."""
    from companion.history.stats import player_stats

    try:
        return player_stats(games, names, kind)
    except _DAMAGE:
        counted = []
        for game in games:
            try:
                player_stats([game], names, kind)
                counted.append(game)
            except _DAMAGE as exc:
                log.note(f"{log.path}: game {game.id} is damaged and left out: its events do not add up "
                         f"({type(exc).__name__}: {exc})")
        return player_stats(counted, names, kind)


def _show_stats(log, kind: str | None, as_json: bool) -> int:
    from companion.history.games import game_name, load_games, load_names
    from companion.history.stats import kinds, player_stats, ranks

    games, names = load_games(log), load_names(log)
    if kind is None:  # a leaderboard never mixes two games
        played = kinds(games)
        if len(played) > 1:
            raise CliError("--stats: this log holds plays of " + ", ".join(f"{game_name(k)} ({k})" for k in played)
                           + "; name one with --game ID")
        kind = played[0] if played else None
    board = _counted_stats(log, games, names, kind) if kind else []
    if as_json:
        _print_json([{"rank": r, **s.to_json()} for r, s in zip(ranks(board), board)])
        return 0
    if not board:
        _say(f"No finished {_of(kind)}game in {log.path} yet.")
        return 0
    columns = _figure_columns(kind)
    print(f"{'#':>2}  {'player':<24} {'games':>5} {'wins':>4} " + "".join(h + " " for h, _ in columns)
          + f"{'average':>7} {'best':>5}")
    for r, s in zip(ranks(board), board):
        _say(f"{r:>2}  {s.name:<24} {s.games:>5} {s.wins:>4} " + "".join(cell(s) + " " for _, cell in columns)
             + f"{s.average_treasure:>7.1f} {s.best_treasure:>5}")
    return 0


def _figure_columns(kind: str):
    """The game's own columns of the text leaderboard (its figures module's ``COLUMNS``: header and how
    a player's cell is written), none for a game without figures."""
    from companion.history.stats import figures_of

    return getattr(figures_of(kind), "COLUMNS", ())


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
