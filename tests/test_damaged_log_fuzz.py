"""A fuzz of the game log itself (issue 27): random byte and JSON damage to random rows of a real log. The
invariant: the app's start (launch's open_session and the session's resume) succeeds, and every finished
game left undamaged is listed by the history (and none of its rows changed)."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.damaged_logs import build_base

SEEDS = range(120)
COLUMNS = ("command", "events", "created_at", "seq", "undone_at", "parent_id")


def _json_damage(text: str, rng: random.Random) -> object:
    """The JSON text with one value swapped for another of the wrong kind, deep, or cut short."""
    try:
        value = json.loads(text)
    except ValueError:
        return text[: rng.randrange(len(text) + 1)]
    targets = [value]
    while targets and rng.random() < 0.7:
        node = rng.choice(targets)
        children = list(node.values()) if isinstance(node, dict) else list(node) if isinstance(node, list) else []
        targets = [c for c in children if isinstance(c, (dict, list))] or [node]
        if rng.random() < 0.5 and isinstance(node, (dict, list)) and len(node):
            key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
            node[key] = rng.choice([None, "x", -1, 2**70, [], {}, [[[]]], "é", True, 1.5])
            break
    return json.dumps(value, ensure_ascii=False)


def damage_one(db: sqlite3.Connection, row_id: int, rng: random.Random) -> None:
    column = rng.choice(COLUMNS)
    current = db.execute(f"SELECT CAST({column} AS BLOB) FROM commands WHERE id=?", (row_id,)).fetchone()[0]
    raw = current or b""
    roll = rng.random()
    if roll < 0.25 and raw:  # a flipped byte, kept as stored text (not always UTF-8 then)
        at = rng.randrange(len(raw))
        raw = raw[:at] + bytes([raw[at] ^ (1 << rng.randrange(8))]) + raw[at + 1:]
        db.execute(f"UPDATE commands SET {column}=CAST(? AS TEXT) WHERE id=?", (raw, row_id))
    elif roll < 0.4:  # a blob of random bytes
        db.execute(f"UPDATE commands SET {column}=? WHERE id=?", (rng.randbytes(rng.randrange(1, 40)), row_id))
    elif roll < 0.5:
        db.execute(f"UPDATE commands SET {column}=? WHERE id=?", (rng.choice([None, -3, 0, 2**62, "", "[" * 5000]),
                                                                  row_id))
    elif column in ("command", "events"):
        db.execute(f"UPDATE commands SET {column}=? WHERE id=?", (_json_damage(raw.decode("utf-8", "replace"), rng),
                                                                  row_id))
    else:
        db.execute(f"UPDATE commands SET {column}=? WHERE id=?", (rng.choice(['"', "now'", "9999-99-99"]), row_id))


def damaged(base: Path, dest: Path, seed: int) -> set[int]:
    """A copy of ``base`` with 1 to 4 rows damaged at random; the ids of the games touched."""
    rng = random.Random(seed)
    shutil.copyfile(base, dest)
    db = sqlite3.connect(dest, isolation_level=None)
    db.execute("PRAGMA ignore_check_constraints=ON")
    rows = db.execute("SELECT id, game_id FROM commands").fetchall()
    touched = set()
    db.execute("BEGIN")
    for row_id, game_id in rng.sample(rows, rng.randint(1, 4)):
        try:
            db.execute("SAVEPOINT one")
            damage_one(db, row_id, rng)
            db.execute("RELEASE one")
            touched.add(game_id)
        except sqlite3.IntegrityError:  # a NOT NULL or the unique line refused it: that damage is not possible
            db.execute("ROLLBACK TO one")
            db.execute("RELEASE one")
    db.execute("COMMIT")
    assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    db.close()
    return touched


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    return build_base(tmp_path_factory.mktemp("base") / "games.sqlite3")


def game_rows(path: Path, game_id: int) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT id, seq, parent_id, CAST(command AS BLOB), CAST(events AS BLOB), created_at, "
                          "undone_at FROM commands WHERE game_id=? ORDER BY id", (game_id,)).fetchall()
    finally:
        db.close()


@pytest.mark.parametrize("seed", SEEDS)
def test_the_app_starts_and_every_undamaged_game_is_listed(base, tmp_path, seed):
    from companion.app.launch import open_session
    from companion.history.games import load_games
    from companion.store import GameLog

    db = tmp_path / "games.sqlite3"
    touched = damaged(base, db, seed)
    untouched = {g: game_rows(db, g) for g in (1, 2) if g not in touched}
    notices: list = []
    session, problem = open_session(db, notices)
    try:
        assert problem is None
        session.view()
        session.redoable()
        assert session.handle({"cmd": "state"})["ok"]
        assert session.handle({"cmd": "new", "game": "fort-boyard", "players": ["Ann", "Bob"]})["ok"]
    finally:
        session.log.close()
    with GameLog(db, readonly=True) as log:
        listed = {g.id for g in load_games(log)}
    assert set(untouched) <= listed, (touched, listed)
    assert {g: game_rows(db, g) for g in untouched} == untouched
