"""A corpus of damaged game logs (issue 27): a real log, written by playing Fort Boyard through the session,
copied and damaged in one of :data:`KINDS` ways, in the current game or in an older finished game.

Every copy still passes SQLite's ``quick_check``: these are the damages an SD card or a hand that edited
the file leaves behind, which the companion's own check at open does not catch. The log holds three
games: game 1 finished, game 2 finished, game 3 in progress (the current game, with an undone branch).
``damaged_copy(base, dest, kind, where)`` returns what the damage hit, for the tests' assertions.
"""

from __future__ import annotations

import random
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from companion.games.fort_boyard.autoplay import legal_command
from companion.session import GameSession
from companion.store import GameLog

WHERE = ("current", "finished")  # the game in progress, or game 2, finished (game 1 stays undamaged)
PLAYERS = [["Ann", "Bob", "Cy"], ["Zoé", "Léa"], ["Ann", "Noël", "Bob"]]


def build_base(path: Path, seed: int = 7) -> Path:
    """Two finished games and one in progress, played with legal random commands (an undo and a new
    command in the third make an undone branch)."""
    rng = random.Random(seed)
    with GameLog(path) as log:
        session = GameSession(log, new_seed=lambda: rng.randrange(2**31))
        for players in PLAYERS[:2]:
            assert session.handle({"cmd": "new", "game": "fort-boyard", "players": players})["ok"]
            while (cmd := legal_command(session.view(), rng, success=0.7)) is not None:
                assert session.handle(cmd)["ok"], cmd
        assert session.handle({"cmd": "new", "game": "fort-boyard", "players": PLAYERS[2]})["ok"]
        for _ in range(12):
            assert session.handle(legal_command(session.view(), rng))["ok"]
        assert session.handle({"cmd": "undo"})["ok"]
        assert session.handle(legal_command(session.view(), rng))["ok"]
        for _ in range(3):
            assert session.handle(legal_command(session.view(), rng))["ok"]
    return path


@dataclass(frozen=True)
class Hit:
    game_id: int
    row_id: int | None  # the command row damaged, None when the damage is to the game's row or all rows
    replayable: bool  # whether the game can still be replayed up to a command before the damage


def _active(db: sqlite3.Connection, game_id: int) -> list[tuple[int, int]]:
    return db.execute("SELECT id, seq FROM commands WHERE game_id=? AND undone_at IS NULL ORDER BY seq",
                      (game_id,)).fetchall()


def _middle(db: sqlite3.Connection, game_id: int) -> int:
    rows = _active(db, game_id)
    return rows[len(rows) // 2][0]


def _set(column: str, value: object, row: Callable = _middle) -> Callable:
    def damage(db: sqlite3.Connection, game_id: int) -> Hit:
        row_id = row(db, game_id)
        db.execute(f"UPDATE commands SET {column}=? WHERE id=?", (value, row_id))
        return Hit(game_id, row_id, True)

    return damage


def _sql(sql: str, row: Callable = _middle) -> Callable:
    """``sql`` run on the row (``:id``), as a hand with the sqlite3 shell would."""
    def damage(db: sqlite3.Connection, game_id: int) -> Hit:
        row_id = row(db, game_id)
        db.execute(sql, {"id": row_id})
        return Hit(game_id, row_id, True)

    return damage


def _game(sql: str, replayable: bool = True) -> Callable:
    def damage(db: sqlite3.Connection, game_id: int) -> Hit:
        db.execute(sql, {"id": game_id})
        return Hit(game_id, None, replayable)

    return damage


def _first(db: sqlite3.Connection, game_id: int) -> int:
    return _active(db, game_id)[0][0]


def _undone(db: sqlite3.Connection, game_id: int) -> int:
    row = db.execute("SELECT id FROM commands WHERE game_id=? AND undone_at IS NOT NULL ORDER BY id DESC LIMIT 1",
                     (game_id,)).fetchone()
    return row[0] if row else _middle(db, game_id)


def _duplicate_seq(db: sqlite3.Connection, game_id: int) -> Hit:
    """Two active rows with the same seq: the unique index declared non-unique for the write, then
    unique again (quick_check does not verify UNIQUE constraints)."""
    row_id = _middle(db, game_id)
    seq = db.execute("SELECT seq FROM commands WHERE id=?", (row_id,)).fetchone()[0]
    _edit_schema(db, "commands_active_seq", "CREATE UNIQUE INDEX", "CREATE INDEX")
    db.execute("UPDATE commands SET seq=? WHERE id=(SELECT id FROM commands WHERE game_id=? AND undone_at IS NULL "
               "AND seq=?)", (seq - 1, game_id, seq))
    _edit_schema(db, "commands_active_seq", "CREATE INDEX", "CREATE UNIQUE INDEX")
    return Hit(game_id, row_id, True)


def _edit_schema(db: sqlite3.Connection, name: str, old: str, new: str) -> None:
    version = db.execute("PRAGMA schema_version").fetchone()[0]
    db.execute("PRAGMA writable_schema=ON")
    db.execute("UPDATE sqlite_master SET sql=replace(sql, ?, ?) WHERE name=?", (old, new, name))
    db.execute(f"PRAGMA schema_version={version + 1}")
    db.execute("PRAGMA writable_schema=OFF")


def _unknown_status(db: sqlite3.Connection, game_id: int) -> Hit:
    """A status the companion never wrote: the CHECK constraint edited out of the schema first, as a
    hand that 'fixed' the file would (quick_check verifies CHECK constraints)."""
    sql = db.execute("SELECT sql FROM sqlite_master WHERE name='games'").fetchone()[0]
    start = end = sql.index("CHECK")
    depth = 0
    while True:  # to the parenthesis that closes CHECK's
        depth += {"(": 1, ")": -1}.get(sql[end], 0)
        end += 1
        if sql[end - 1] == ")" and depth == 0:
            break
    _edit_schema(db, "games", sql[start:end], "")
    db.execute("UPDATE games SET status='paused' WHERE id=?", (game_id,))
    return Hit(game_id, None, True)


def _no_new(db: sqlite3.Connection, game_id: int) -> Hit:
    first = _first(db, game_id)
    db.execute("UPDATE commands SET parent_id=NULL WHERE parent_id=?", (first,))
    db.execute("DELETE FROM commands WHERE id=?", (first,))
    return Hit(game_id, first, False)


def _no_commands(db: sqlite3.Connection, game_id: int) -> Hit:
    db.execute("DELETE FROM commands WHERE game_id=?", (game_id,))
    return Hit(game_id, None, False)


def _event_field(field: str, value: str) -> Callable:
    """The first event carrying ``field`` from the middle of the game on gets ``value`` (JSON text)."""
    def damage(db: sqlite3.Connection, game_id: int) -> Hit:
        rows = _active(db, game_id)
        for row_id, _seq in rows[len(rows) // 2:] + rows[:len(rows) // 2]:
            found = db.execute("SELECT key FROM commands, json_each(commands.events) WHERE commands.id=? "
                               "AND json_type(value, ?) IS NOT NULL LIMIT 1", (row_id, f"$.{field}")).fetchone()
            if found:
                db.execute(f"UPDATE commands SET events=json_set(events, '$[{found[0]}].{field}', json(?)) WHERE id=?",
                           (value, row_id))
                return Hit(game_id, row_id, True)
        raise AssertionError(f"no event with {field} in game {game_id}")

    return damage


DEEP = "[" * 10_000 + "]" * 10_000
KINDS: dict[str, Callable[[sqlite3.Connection, int], Hit]] = {
    "command_cut_short": _sql("UPDATE commands SET command=substr(command, 1, length(command) / 2) WHERE id=:id"),
    "events_cut_short": _sql("UPDATE commands SET events=substr(events, 1, length(events) - 3) WHERE id=:id"),
    "command_not_utf8_blob": _set("command", b'{"cmd":"land","space":"\xff\xfe"}'),
    "events_not_utf8_text": _sql("UPDATE commands SET events=CAST(X'5B7B2274797065223A22C3FF227D5D' AS TEXT) "
                                 "WHERE id=:id"),
    "command_nested_10000": _set("command", '{"cmd":"land","space":' + DEEP + "}"),
    "events_nested_10000": _set("events", DEEP),
    "unknown_command": _sql("UPDATE commands SET command=json_set(command, '$.cmd', 'teleport') WHERE id=:id"),
    "unknown_event_type": _sql("UPDATE commands SET events=json_set(events, '$[0].type', 'earthquake') WHERE id=:id"),
    "event_string_for_int": _event_field("seed", '"seven"'),
    "event_string_for_bool": _event_field("success", '"maybe"'),
    "event_list_for_object": _sql("UPDATE commands SET events=json_set(events, '$[0]', json('[1,2]')) WHERE id=:id"),
    "event_null": _sql("UPDATE commands SET events=json_set(events, '$[0]', json('null')) WHERE id=:id"),
    "events_null": _set("events", "null"),
    "events_object_not_list": _set("events", '{"type":"turn_ended"}'),
    "command_list_not_object": _set("command", '["land","door"]'),
    "command_sql_null": _sql("UPDATE commands SET command=json('null') WHERE id=:id"),
    "command_integer_column": _set("command", 42),
    "new_players_not_list": _sql("UPDATE commands SET events=json_set(events, '$[0].players', 'Ann') WHERE id=:id",
                                 row=_first),
    "seq_negative": _set("seq", -5),
    "seq_huge": _set("seq", 2**62),
    "seq_text": _set("seq", "five"),
    "seq_duplicate": _duplicate_seq,
    "parent_nowhere": _set("parent_id", 987654321),
    "new_deleted": _no_new,
    "commands_all_deleted": _no_commands,
    "command_created_at_not_iso": _set("created_at", "yesterday at noon"),
    "command_created_at_quote": _set("created_at", 'x"],[1,"y'),
    "undone_at_not_iso": _set("undone_at", "soon\"", row=_undone),
    "undone_row_cut_short": _sql("UPDATE commands SET events=substr(events, 1, 9) WHERE id=:id", row=_undone),
    "game_created_at_quote": _game("UPDATE games SET created_at='2026-01-01\"}]' WHERE id=:id"),
    "game_finished_at_not_iso": _game("UPDATE games SET finished_at='the day after' WHERE id=:id"),
    "game_name_unknown": _game("UPDATE games SET game='fort-bayard' WHERE id=:id", replayable=False),
    "status_unknown": _unknown_status,
    "summary_not_json": _game("UPDATE games SET summary='{\"winners\": [' WHERE id=:id"),
    "summary_wrong_shape": _game("UPDATE games SET summary='{\"winners\": 5, \"scores\": []}' WHERE id=:id"),
    "event_unknown_player": _event_field("player", '"Nobody"'),
    "event_breaks_invariant": _event_field("source", '"the moon"'),
    "event_house_rules_wrong": _event_field("house_rules", '{"prison_carries_over": [1]}'),
}


def damaged_copy(base: Path, dest: Path, kind: str, where: str) -> Hit:
    """``base`` copied to ``dest`` and damaged in the way ``kind`` names, in the current game or in an
    older finished game (game 2); the copy passes ``quick_check``."""
    shutil.copyfile(base, dest)
    db = sqlite3.connect(dest, isolation_level=None)
    try:
        game_id = db.execute("SELECT max(id) FROM games").fetchone()[0] - (where == "finished")
        db.execute("BEGIN")
        hit = KINDS[kind](db, game_id)
        db.execute("COMMIT")
        assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok", kind
    finally:
        db.close()
    return hit


CASES = [(kind, where) for where in WHERE for kind in KINDS]
