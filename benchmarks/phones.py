"""Phone server benchmark: how fast a clue won at the table reaches the players' open pages, and what the
server costs while nothing happens.

    python -m benchmarks.phones [--dir DIR] [--trials N] [--pages 8] [--idle-seconds S]

A real game log and session (OwnedSessionFeed), the real server on the loopback, ``--pages`` live pages
(server-sent events clients, aiohttp, in a thread of their own) open on the same player's link. Each trial
wins that player a clue through the session (``result`` with success: decide, commit with
synchronous=FULL, publish) and times until every page has the new clue, then undoes it (timed the same
way: one more update to every page).

Figures (last line, JSON): ``page_ms_p50`` and ``page_ms_p99`` (command sent -> one page has the update),
``all_pages_ms_p99`` (-> the last of the pages has it), with the baseline ``command_ms_p50``/``p99`` of the
same commands with no server (the session's own decide + durable commit) measured in the same run;
``idle_cpu_share`` (the process's CPU time / wall time over ``--idle-seconds`` with the server up and every
page connected, nothing happening), the baseline ``idle_cpu_share_without_server`` over the same time, and
``follower_idle_cpu_share`` (the same with ``companion phones``'s log follower instead). Targets here:
``all_pages_ms_p99`` <= 200, ``idle_cpu_share`` <= 0.01.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import tempfile
import threading
import time
from pathlib import Path

import aiohttp

from companion.phones import LogFeed, OwnedSessionFeed, PhoneServer, RateLimit
from companion.store import default_db_path

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def idle_share(seconds: float) -> float:
    c0, t0 = cpu_seconds(), time.monotonic()
    time.sleep(seconds)
    return (cpu_seconds() - c0) / (time.monotonic() - t0)


def ok(answer: dict) -> dict:
    assert answer["ok"], answer
    return answer


def to_challenge(feed: OwnedSessionFeed, name: str) -> None:
    """Round 2 under way, ``name`` on a Force space (the next ``result`` wins a clue)."""
    ok(feed.handle({"cmd": "new", "players": PLAYERS, "seed": 3, "first": "Ann", "code_words": "companion"}))
    while feed.session.view()["round"] == 1:
        if feed.session.view()["current"] == "Ann":
            ok(feed.handle({"cmd": "land", "space": "force"}))
            ok(feed.handle({"cmd": "result", "success": True}))
        else:
            ok(feed.handle({"cmd": "land", "space": "door"}))
    while feed.session.view()["current"] != name:
        ok(feed.handle({"cmd": "land", "space": "door"}))
    ok(feed.handle({"cmd": "land", "space": "force"}))


class Pages:
    """``n`` live pages on ``url``: each notes when it saw each number of clues."""

    def __init__(self, url: str, n: int) -> None:
        self.url, self.n = url, n
        self.seen: list[list[tuple[float, int]]] = [[] for _ in range(n)]
        self.ready = threading.Event()
        self._connected = 0
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self._open(), self.loop)

    async def _open(self) -> None:
        self.http = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None))
        await asyncio.gather(*(self._page(i) for i in range(self.n)), return_exceptions=True)

    async def _page(self, i: int) -> None:
        async with self.http.get(self.url + "/events") as response:
            assert response.status == 200, response.status
            async for raw in response.content:
                line = raw.decode().rstrip("\n")
                if line.startswith("data:"):
                    view = json.loads(line[5:])
                    self.seen[i].append((time.perf_counter(), len(view["clues"])))
                    if len(self.seen[i]) == 1:
                        self._connected += 1
                        if self._connected == self.n:
                            self.ready.set()

    def arrivals(self, since: float, clues: int, timeout: float = 10.0) -> list[float]:
        """When each page got ``clues`` clues after ``since`` (waits for all of them)."""
        deadline = time.monotonic() + timeout
        while True:
            found = [next((t for t, c in page if t >= since and c == clues), None) for page in self.seen]
            if all(t is not None for t in found):
                return found
            if time.monotonic() > deadline:
                raise TimeoutError(f"{found.count(None)} pages never got the update")
            time.sleep(0.0005)

    def close(self) -> None:
        async def shut():
            task = next(t for t in asyncio.all_tasks() if t.get_coro().__qualname__ == "Pages._open")
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            await self.http.close()
        asyncio.run_coroutine_threadsafe(shut(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


def measure_commands(folder: Path, trials: int) -> list[float]:
    """The baseline: the same clue won and undone through the session, with no server."""
    feed = OwnedSessionFeed(folder / "baseline.sqlite3")
    try:
        to_challenge(feed, "Bob")
        times = []
        for _ in range(trials):
            for cmd in ({"cmd": "result", "success": True}, {"cmd": "undo"}):
                t0 = time.perf_counter()
                ok(feed.handle(cmd))
                times.append((time.perf_counter() - t0) * 1000)
        return times
    finally:
        feed.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, help="where to write the logs (default: next to the user data dir)")
    parser.add_argument("--trials", type=int, default=100, help="clues won (and undone) timed")
    parser.add_argument("--pages", type=int, default=8, help="live pages open")
    parser.add_argument("--idle-seconds", type=float, default=5.0, help="how long the idle CPU is measured")
    args = parser.parse_args()
    base = args.dir or default_db_path().parent  # the real log's disk, not a tmpfs where fsync is free
    base.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=base, prefix="bench-phones-") as tmp:
        folder = Path(tmp)
        baseline = measure_commands(folder, args.trials)
        feed = OwnedSessionFeed(folder / "g.sqlite3")
        to_challenge(feed, "Bob")
        idle_without = idle_share(args.idle_seconds)
        server = PhoneServer(feed, "127.0.0.1", 0, rate=RateLimit(burst=args.pages * 4)).start()
        pages = Pages(server.urls()["Bob"], args.pages)
        try:
            if not pages.ready.wait(20):
                raise SystemExit("the pages did not connect")
            time.sleep(0.5)
            idle = idle_share(args.idle_seconds)
            each, last = [], []
            for _ in range(args.trials):
                for cmd, clues in (({"cmd": "result", "success": True}, 2), ({"cmd": "undo"}, 1)):
                    t0 = time.perf_counter()
                    ok(feed.handle(cmd))
                    got = [(t - t0) * 1000 for t in pages.arrivals(t0, clues)]
                    each += got
                    last.append(max(got))
        finally:
            pages.close()
            server.stop()
            feed.close()
        follower = LogFeed(folder / "g.sqlite3")
        try:
            follower_idle = idle_share(args.idle_seconds)
        finally:
            follower.close()
    figures = {
        "benchmark": "phones",
        "pages": args.pages,
        "updates": len(last),
        "page_ms_p50": round(statistics.median(each), 2),
        "page_ms_p99": round(percentile(each, 99), 2),
        "all_pages_ms_p99": round(percentile(last, 99), 2),
        "command_ms_p50": round(statistics.median(baseline), 2),
        "command_ms_p99": round(percentile(baseline, 99), 2),
        "idle_cpu_share": round(idle, 5),
        "idle_cpu_share_without_server": round(idle_without, 5),
        "follower_idle_cpu_share": round(follower_idle, 5),
        "target_all_pages_ms_p99": 200,
        "target_idle_cpu_share": 0.01,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
