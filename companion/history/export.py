"""A game shared outside the companion: a BG Stats play, the timeline as CSV, the raw log as JSON.

BG Stats (the board-gamers' play logger) imports one play as a JSON object, documented on
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/ : the app opens
``https://app.bgstatsapp.com/createPlay.html?data=<that JSON, URL-encoded>`` and lets the user match the
game and the players. :func:`bgstats_play` writes exactly the fields that page documents.
"""

from __future__ import annotations

import csv
import io
from datetime import tzinfo
from typing import Any, Callable

from companion.engine import Refusal, game_entry
from companion.history.games import PlayedGame
from companion.history.names import Names
from companion.history.timeline import describe, timeline, told_by
from companion.store import GameLog
from companion.store.migrations import LATEST

# BG Stats matches the plays and players of a source by this name (sourcePlayerId is per source): the
# companion's first name, kept so that the plays a family already imported stay the same people.
SOURCE_NAME = "Fort Boyard tabletop companion"


#: What the log keeps that an export must never hold, by command: an export is shared with others. Each
#: player's phone link (``new``'s ``phones``, written by companion/session.py): whoever has it reads that
#: player's clues and proposes their word while the game lasts (docs/phones.md). A secret the session
#: starts to keep elsewhere is added here; tests/test_history_cli.py looks for the session's own secrets
#: anywhere in every export.
SECRETS: dict[str, tuple[str, ...]] = {"new": ("phones",)}


class ExportError(Exception):
    """A game that cannot be exported in the format asked; the message says why."""


def bgstats_play(game: PlayedGame, names: Names | None = None, tz: tzinfo | None = None) -> dict[str, Any]:
    """The finished ``game`` as a BG Stats play. ``tz``: the zone of ``playDate`` (default: this
    machine's), since BG Stats shows the date as given."""
    if game.status != "finished" or game.over is None:
        raise ExportError(f"game {game.id} is not finished ({game.status}): BG Stats takes finished plays only.")
    names = names or Names()
    keys = names.seat_keys(game.players)
    shown = _shown_names(game, names, keys)
    scores, winners = game.scores, set(game.winners)

    def merit(p: str) -> tuple[bool, int]:
        return (p in winners, scores[p])

    players = []
    for p, key in zip(game.players, keys):
        players.append({
            "name": shown[p],
            "sourcePlayerId": key,  # the same person gets the same id in every play, after renames too
            "score": scores[p],
            "winner": p in winners,
            "rank": 1 + sum(merit(q) > merit(p) for q in game.players),
            "startPlayer": p == game.first_player,
            "role": "",
        })
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": f"{game.id}-{game.started.strftime('%Y%m%dT%H%M%S')}",
        "playDate": game.started.astimezone(tz).strftime("%Y-%m-%d %H:%M:%S"),
        "durationMin": round(game.duration_s / 60),
        "game": _game(game),
        "board": "",
        "comments": _comments(game, shown),
        "players": players,
    }


def _game(game: PlayedGame) -> dict[str, Any]:
    """The play's game under its own name (English, as BoardGameGeek lists it), with its BoardGameGeek id
    when the registry has a confirmed one (docs/history.md)."""
    out: dict[str, Any] = {"name": game.name("en"), "sourceGameId": game.game, "highestWins": True, "noPoints": False}
    try:
        bgg = game_entry(game.game).bgg
    except Refusal:
        bgg = None
    if bgg:
        out = {"bggId": bgg, **out}
    return out


def _shown_names(game: PlayedGame, names: Names, keys: list[str]) -> dict[str, str]:
    """Each seat's name as the history shows it: renamed when a rename says so, else as written."""
    out = {}
    for p, key in zip(game.players, keys):
        r = names.resolve(p)
        out[p] = r.renamed_to if r.renamed_to and r.key == key else p
    return out


def _comments(game: PlayedGame, shown: dict[str, str]) -> str:
    """Who recorded the play, then what its game's timeline module adds (``comments``)."""
    told = told_by(game)
    more = told.comments(game, shown) if told and hasattr(told, "comments") else []
    return " ".join([f"Recorded by the {SOURCE_NAME} (game {game.id}).", *more])


#: What starts a formula in a spreadsheet (and the tab and carriage return that can hide one), as OWASP's
#: "CSV injection" page lists them.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as text, never runs: a text starting like a formula gets a leading
    ``'``. Numbers stay numbers (the companion writes its numbers as ints: a negative one is a number)."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def timeline_csv(game: PlayedGame, tr: Callable[..., str]) -> str:
    """The game's timeline, one moment a row, with every player's keys and clues after it. Every text
    cell goes through :func:`csv_cell` (names are the players' own writing)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    players = list(game.players)

    def row(cells: list[Any]) -> None:
        writer.writerow([csv_cell(c) for c in cells])

    row(["game", "seq", "time", "round", "moment", "player", "other", "detail", "value", "text"]
        + [f"keys {p}" for p in players] + [f"clues {p}" for p in players])
    for m in timeline(game):
        row([game.id, m.seq, m.at, m.round, m.kind, m.player or "", m.other or "", m.detail,
             "" if m.value is None else m.value, describe(m, tr)]
            + [m.keys.get(p, 0) for p in players] + [m.clues.get(p, 0) for p in players])
    return out.getvalue()


def raw_log(log: GameLog, game_id: int) -> dict[str, Any]:
    """The game as the log holds it: its row and every command, undone ones included, less its secrets."""
    record = log.game(game_id)
    if record is None:
        raise ExportError(f"no game {game_id} in {log.path}.")
    return {
        "format": "fort-boyard-companion/game-log",
        "schema_version": LATEST,
        "game": {
            "id": record.id, "game": record.game, "status": record.status, "created_at": record.created_at,
            "updated_at": record.updated_at, "finished_at": record.finished_at, "summary": record.summary,
        },
        "commands": [{**row, "command": without_secrets(row["command"])} for row in log.all_commands(game_id)],
    }


def without_secrets(command: Any) -> Any:
    """``command`` without the fields :data:`SECRETS` names for it (the log itself keeps them)."""
    if not isinstance(command, dict):
        return command
    secret = SECRETS.get(command.get("cmd"), ())
    return {field: value for field, value in command.items() if field not in secret}
