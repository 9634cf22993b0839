"""Game log benchmark: latency of an acknowledged command with its durable commit, and resume time.

    python -m benchmarks.game_log [--dir DIR] [--commands N]

Figures (last line, JSON): ``ack_ms_p50``, ``ack_ms_p99`` (GameSession.handle of a legal command: decide,
apply, SQLite commit with WAL + synchronous=FULL), ``resume_ms_500`` and ``resume_ms_5000`` (open the
log and replay a game of that many commands; median of several opens), and baselines measured in the
same run on the same disk: a bare SQLite insert+commit with the same durability, and the same command
without durability (``synchronous=OFF``), so the share of the fsync is visible. ``redoable_ms_150k``:
``GameLog.redoable`` (read after every command) on a log of 150,000 command rows, median of many calls,
against ``baseline_redoable_ms_150k_old_query``: the query of schema 4 (ordered by the ``undone_at``
clock, no index on ``parent_id``), timed on a copy of the same log without the schema-5 index. Targets on
the dev machine: p99 <= 20 ms, resume of 5,000 commands <= 300 ms, redoable <= 0.5 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.games.fort_boyard.autoplay import legal_command
from companion.session import GameSession
from companion.store import GameLog, default_db_path

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def long_game_command(view: dict, rng: random.Random) -> dict | None:
    """Legal commands that keep a game going: every challenge fails, no duel moves a key."""
    if view["phase"] == "land":
        return {"cmd": "land", "space": rng.choice(["door", "prison", "force", "concentration", "enigme"])}
    if view["phase"] == "sea":
        return {"cmd": "sea", "choice": "abandon"}
    return legal_command(view, rng, success=0.0)


def build_log(path: Path, n_commands: int, seed: int = 1) -> None:
    session = GameSession(GameLog(path))
    session.handle({"cmd": "new", "game": "fort-boyard", "players": PLAYERS, "seed": seed})
    rng = random.Random(seed)
    # Build fast (synchronous=OFF) then restore durability: the file is the same.
    session.log.db.execute("PRAGMA synchronous=OFF")
    while session.view()["commands"] < n_commands:
        answer = session.handle(long_game_command(session.view(), rng))
        assert answer["ok"], answer
    session.log.close()


def measure_ack(path: Path, n: int, synchronous: str = "FULL") -> list[float]:
    session = GameSession(GameLog(path))
    session.log.db.execute(f"PRAGMA synchronous={synchronous}")
    session.handle({"cmd": "new", "game": "fort-boyard", "players": PLAYERS, "seed": 7})
    rng = random.Random(7)
    times = []
    for _ in range(n):
        view = session.view()
        if view["phase"] == "over":
            session.handle({"cmd": "new", "game": "fort-boyard", "players": PLAYERS, "seed": rng.randrange(1 << 30)})
            view = session.view()
        cmd = legal_command(view, rng, 0.3)
        t0 = time.perf_counter()
        answer = session.handle(cmd)
        times.append((time.perf_counter() - t0) * 1000)
        assert answer["ok"], answer
    session.log.close()
    return times


def measure_bare_commit(path: Path, n: int) -> list[float]:
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)")
    body = json.dumps({"cmd": "land", "space": "force"}) * 8
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t (body) VALUES (?)", (body,))
        db.execute("COMMIT")
        times.append((time.perf_counter() - t0) * 1000)
    db.close()
    return times


def measure_resume(path: Path, repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        session = GameSession(GameLog(path))
        times.append((time.perf_counter() - t0) * 1000)
        session.log.close()
    return times


OLD_REDOABLE = (  # schema 4's query: ordered by the wall clock, found by scanning every undone row
    "SELECT c.id, c.seq, c.command, c.events, c.created_at FROM commands c "
    "WHERE c.game_id=? AND c.undone_at IS NOT NULL AND c.parent_id = ("
    "  SELECT id FROM commands WHERE game_id=? AND undone_at IS NULL ORDER BY seq DESC LIMIT 1) "
    "ORDER BY c.undone_at DESC, c.id DESC LIMIT 1")


def build_rows(path: Path, n_rows: int, per_game: int = 100) -> int:
    """A log of ``n_rows`` command rows (games of ``per_game`` rows, every tenth command undone and played
    again), written directly: the rows' content does not matter to the look-up. Returns the last game's id."""
    GameLog(path).close()
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA synchronous=OFF")
    db.execute("BEGIN")
    row_id = 0
    game_id = 0
    command, events = '{"cmd":"land","space":"door"}', '[{"type":"turn_ended","player":"Ann"}]'
    while row_id < n_rows:
        game_id += 1
        db.execute("INSERT INTO games (id, game, status, created_at, updated_at) VALUES (?, 'fort-boyard', "
                   "'abandoned', 'x', 'x')", (game_id,))
        parent, rows = None, []
        for seq in range(1, per_game + 1):
            if seq % 10 == 0:  # an undone branch beside the line
                row_id += 1
                rows.append((row_id, game_id, seq, parent, command, events, "x", f"2026-01-01T00:{seq % 60:02d}"))
            row_id += 1
            rows.append((row_id, game_id, seq, parent, command, events, "x", None))
            parent = row_id
        db.executemany("INSERT INTO commands (id, game_id, seq, parent_id, command, events, created_at, undone_at) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)
    # The current game ends with an undone command: what redo brings back.
    last = db.execute("SELECT id FROM commands WHERE game_id=? AND undone_at IS NULL ORDER BY seq DESC LIMIT 1",
                      (game_id,)).fetchone()[0]
    db.execute("UPDATE commands SET undone_at='2026-01-02' WHERE id=?", (last,))
    db.execute("UPDATE games SET status='in_progress' WHERE id=?", (game_id,))
    db.execute("COMMIT")
    db.close()
    return game_id


def measure_redoable(tmp: Path, n_rows: int = 150_000, calls: int = 200) -> tuple[float, float, int]:
    """Median ms of ``GameLog.redoable`` and of schema 4's query (on a copy without the new index)."""
    path = tmp / "redo.sqlite3"
    game_id = build_rows(path, n_rows)
    old = tmp / "redo-old.sqlite3"
    src, dst = sqlite3.connect(path), sqlite3.connect(old)
    src.backup(dst)
    src.close()
    dst.execute("DROP INDEX commands_undone_child")
    with GameLog(path) as log:
        expected = log.redoable(game_id).id
        new = []
        for _ in range(calls):
            t0 = time.perf_counter()
            found = log.redoable(game_id)
            new.append((time.perf_counter() - t0) * 1000)
        assert found.id == expected
    before = []
    for _ in range(calls):
        t0 = time.perf_counter()
        row = dst.execute(OLD_REDOABLE, (game_id, game_id)).fetchone()
        before.append((time.perf_counter() - t0) * 1000)
    assert row[0] == expected
    rows = dst.execute("SELECT count(*) FROM commands").fetchone()[0]
    dst.close()
    return statistics.median(new), statistics.median(before), rows


def filesystem(path: Path) -> str:
    try:
        out = subprocess.run(["df", "--output=fstype", str(path)], capture_output=True, text=True).stdout
        return out.split()[-1]
    except (OSError, IndexError):
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, help="where to write the logs (default: next to the user data dir)")
    parser.add_argument("--commands", type=int, default=2000, help="commands timed for the ack latency")
    args = parser.parse_args()
    # The default is the disk the real log lives on, not a tmpfs where fsync costs nothing.
    base = args.dir or default_db_path().parent
    base.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=base, prefix="bench-") as tmp:
        tmp = Path(tmp)
        bare = measure_bare_commit(tmp / "bare.sqlite3", args.commands)
        ack = measure_ack(tmp / "ack.sqlite3", args.commands)
        nosync = measure_ack(tmp / "nosync.sqlite3", args.commands, synchronous="OFF")
        resume = {}
        for n in (500, 5000):
            path = tmp / f"resume-{n}.sqlite3"
            build_log(path, n)
            resume[n] = statistics.median(measure_resume(path, 7))
        redoable_ms, old_redoable_ms, redo_rows = measure_redoable(tmp)
        figures = {
            "ack_ms_p50": round(statistics.median(ack), 3),
            "ack_ms_p99": round(percentile(ack, 99), 3),
            "ack_ms_max": round(max(ack), 3),
            "ack_commands": len(ack),
            "baseline_bare_commit_ms_p50": round(statistics.median(bare), 3),
            "baseline_bare_commit_ms_p99": round(percentile(bare, 99), 3),
            "baseline_no_fsync_ack_ms_p50": round(statistics.median(nosync), 3),
            "baseline_no_fsync_ack_ms_p99": round(percentile(nosync, 99), 3),
            "resume_ms_500": round(resume[500], 2),
            "resume_ms_5000": round(resume[5000], 2),
            "resume_growth_5000_over_500": round(resume[5000] / resume[500], 2),
            "redoable_ms_150k": round(redoable_ms, 4),
            "baseline_redoable_ms_150k_old_query": round(old_redoable_ms, 3),
            "redoable_rows": redo_rows,
            "filesystem": filesystem(tmp),
            "python": sys.version.split()[0],
            "cpus": os.cpu_count(),
            "targets": {"ack_ms_p99": 20, "resume_ms_5000": 300, "redoable_ms_150k": 0.5},
        }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
