"""Buzzer benchmark: does the companion name the right winner, and how fast, when presses are close?

    python -m benchmarks.buzzers [--duels N] [--tables T] [--load mixed|python|hash|none] [--seed S]

Simulated duels with press gaps from 0.05 ms to 500 ms (log-uniform), fed through gpiozero mock pins
whose edges carry the simulated times (``StampedPin``), through the real software path: gpiozero
``Button`` pins -> ``GpioBuzzers`` (debounce) -> ``BuzzerDuel`` -> ``Arbiter``. Each player's press is
delivered by that player's own thread, which sleeps until the press time and then drives the pin, as a
pin library's callback thread would; ``T`` tables duel at once, while load threads keep the CPU busy
(``mixed``: one pure-Python loop, which contends for the GIL, and one hashing thread, which does not).

Figures (last line, JSON): ``correct_share`` (the verdict names the player whose edge time was
earlier; target: 1.0), ``arrival_order_correct_share`` (the baseline: the first callback to arrive
would have been named), also per gap range, and ``decision_ms_p50`` / ``decision_ms_p99``: from the
moment the pin is driven to the moment the arbiter's verdict for that press exists, on the same thread
(target p99 <= 2 ms). A second baseline in the same run, ``baseline_gpiozero_callback_ms_*``, is the
bare gpiozero path (mock pin -> ``Button.when_pressed``) under the same load.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import queue
import random
import statistics
import sys
import threading
import time

from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from companion.devices.buzzers import BuzzerConfig, BuzzerDuel, GpioBuzzers
from companion.devices.buzzers.timers import ThreadScheduler
from companion.devices.buzzers.mock import StampedPin

GAP_MIN_S, GAP_MAX_S = 0.05e-3, 0.5
PIN_PAIRS = [(2, 3), (4, 17), (27, 22), (10, 9), (11, 5), (6, 13), (19, 26), (14, 15), (18, 23), (24, 25),
             (8, 7), (12, 16), (20, 21)]
BUCKETS_MS = ((0, 1), (1, 10), (10, 100), (100, 1000))
DEBOUNCE_S = 0.010
HOLD_S = 0.015  # each simulated press is released this long after it


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


class Load:
    """Threads that keep the CPU busy for the whole run."""

    def __init__(self, kind: str) -> None:
        self.stop = threading.Event()
        targets = {"python": [self._python], "hash": [self._hash], "mixed": [self._python, self._hash],
                   "none": []}[kind]
        self.threads = [threading.Thread(target=t, daemon=True) for t in targets]

    def _python(self) -> None:
        x = 0
        while not self.stop.is_set():
            for i in range(2000):
                x = (x * 31 + i) % 1_000_003

    def _hash(self) -> None:
        data = os.urandom(1 << 20)
        while not self.stop.is_set():
            hashlib.sha256(data).digest()  # releases the GIL: real CPU load, not GIL contention

    def __enter__(self):
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        for t in self.threads:
            t.join()


class UiThread:
    """Stands for the app's UI thread: what a duel posts (timers, LEDs, the screen) runs here, in order."""

    def __init__(self) -> None:
        self.timers = ThreadScheduler()  # the app has one clock for all its timers: so has this
        self.jobs: queue.Queue = queue.Queue()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def post(self, fn) -> None:
        self.jobs.put(fn)

    def _run(self) -> None:
        while (fn := self.jobs.get()) is not None:
            fn()

    def close(self) -> None:
        self.jobs.put(None)
        self.thread.join()
        self.timers.close()


class Table:
    """Two buzzers on mock pins, a fresh BuzzerDuel per duel, one delivery thread per player."""

    def __init__(self, factory: MockFactory, pins: tuple[int, int], rng: random.Random, latencies: list[float],
                 ui: UiThread):
        self.ui = ui
        self.factory = factory
        self.rng = rng
        self.latencies = latencies
        self.config = BuzzerConfig(pins=pins, debounce_ms=DEBOUNCE_S * 1000)
        self.buzzers = GpioBuzzers(self.config, pin_factory=factory)
        self.pins = [b.pin for b in self.buzzers.buttons]
        self.queues = [queue.Queue(), queue.Queue()]
        self.local = threading.local()
        self.arrivals: list[int] = []
        self.results: list[tuple[float, bool, bool]] = []  # gap s, verdict right, arrival order right
        # The baseline judge: whichever press reaches its callback first (recorded before the duel sees it).
        self.buzzers.subscribe(lambda seat, _at, pressed: pressed and self.arrivals.append(seat))
        self.threads = [threading.Thread(target=self._seat, args=(s,), daemon=True) for s in (0, 1)]
        for t in self.threads:
            t.start()
        self._last_release = 0.0

    def _seat(self, seat: int) -> None:
        while True:
            job = self.queues[seat].get()
            if job is None:
                return
            press, done = job
            wait = self.factory.ticks_diff(press, self.factory.ticks())
            if wait > 0:
                time.sleep(wait)
            self.local.t0 = time.perf_counter()
            self.pins[seat].drive_low(ticks=press)
            self.pins[seat].drive_high(ticks=press + HOLD_S)
            done.set()

    def _decided(self, _seat: int, _at: float, _verdict) -> None:
        self.latencies.append(time.perf_counter() - self.local.t0)

    def duel(self) -> None:
        duel = BuzzerDuel(["P1", "P2"], ("P1", "P2"), config=self.config, sources=[self.buzzers],
                          on_decision=self._decided, post=self.ui.post, schedule=self.ui.timers)
        duel.start("card")
        gap = math.exp(self.rng.uniform(math.log(GAP_MIN_S), math.log(GAP_MAX_S)))
        first = self.rng.randrange(2)
        base = max(self.factory.ticks() + 0.002, self._last_release + DEBOUNCE_S + 0.002)
        times = {first: base, 1 - first: base + gap}
        self.arrivals = []
        done = [threading.Event(), threading.Event()]
        for seat in (0, 1):
            self.queues[seat].put((times[seat], done[seat]))
        for d in done:
            if not d.wait(10):
                raise RuntimeError("a simulated press was never delivered")
        verdict = duel.view.verdict
        duel.close()
        self._last_release = max(times.values()) + HOLD_S
        self.results.append((gap, verdict.winner == ("P1", "P2")[first], self.arrivals[:1] == [first]))

    def close(self) -> None:
        for q in self.queues:
            q.put(None)
        for t in self.threads:
            t.join()
        self.buzzers.close()


def run_tables(factory: MockFactory, duels: int, tables: int, seed: int, ui: UiThread) -> tuple[list, list[float]]:
    latencies: list[float] = []
    tabs = [Table(factory, PIN_PAIRS[i], random.Random(f"{seed}:{i}"), latencies, ui) for i in range(tables)]
    shares = [duels // tables + (1 if i < duels % tables else 0) for i in range(tables)]
    errors: list[BaseException] = []

    def play(table: Table, n: int) -> None:
        try:
            for _ in range(n):
                table.duel()
        except BaseException as exc:  # reported after the run
            errors.append(exc)

    coordinators = [threading.Thread(target=play, args=(t, n)) for t, n in zip(tabs, shares)]
    for c in coordinators:
        c.start()
    for c in coordinators:
        c.join()
    for t in tabs:
        t.close()
    if errors:
        raise errors[0]
    return [r for t in tabs for r in t.results], latencies


class Baseline:
    """The bare gpiozero path, timed the same way during the same run: mock pin -> ``Button.when_pressed``."""

    def __init__(self, factory: MockFactory) -> None:
        self.button = Button(PIN_PAIRS[-1][0], pin_factory=factory, bounce_time=None)
        self.latencies: list[float] = []
        self._t0 = 0.0
        self.button.when_pressed = self._pressed  # a bound method: gpiozero keeps it weakly, we keep self
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _pressed(self) -> None:
        self.latencies.append(time.perf_counter() - self._t0)

    def _run(self) -> None:
        while not self.stop.wait(0.02):
            self._t0 = time.perf_counter()
            self.button.pin.drive_low()
            self.button.pin.drive_high()

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()
        self.button.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duels", type=int, default=10_000)
    parser.add_argument("--tables", type=int, default=12, help=f"duels run at once (at most {len(PIN_PAIRS)})")
    parser.add_argument("--load", choices=("mixed", "python", "hash", "none"), default="mixed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tables = max(1, min(args.tables, len(PIN_PAIRS) - 1, args.duels))
    factory = MockFactory(pin_class=StampedPin)
    started = time.perf_counter()
    ui = UiThread()
    with Load(args.load), Baseline(factory) as base:
        results, latencies = run_tables(factory, args.duels, tables, args.seed, ui)
    ui.close()
    baseline = base.latencies
    wall = time.perf_counter() - started

    def share(rows, index):
        return round(sum(r[index] for r in rows) / len(rows), 4) if rows else None

    by_gap = {}
    for low, high in BUCKETS_MS:
        rows = [r for r in results if low <= r[0] * 1000 < high]
        by_gap[f"{low}-{high}"] = {"duels": len(rows), "correct_share": share(rows, 1),
                                   "arrival_order_correct_share": share(rows, 2)}
    ms = [x * 1000 for x in latencies]
    base_ms = [x * 1000 for x in baseline]
    figures = {
        "duels": len(results),
        "correct_share": share(results, 1),
        "arrival_order_correct_share": share(results, 2),
        "decision_ms_p50": round(statistics.median(ms), 4),
        "decision_ms_p99": round(percentile(ms, 99), 4),
        "decision_ms_max": round(max(ms), 3),
        "decisions": len(ms),
        "by_gap_ms": by_gap,
        "baseline_gpiozero_callback_ms_p50": round(statistics.median(base_ms), 4),
        "baseline_gpiozero_callback_ms_p99": round(percentile(base_ms, 99), 4),
        "gap_ms_range": [GAP_MIN_S * 1000, GAP_MAX_S * 1000],
        "tables_at_once": tables,
        "load": args.load,
        "wall_s": round(wall, 1),
        "python": sys.version.split()[0],
        "switch_interval_ms": sys.getswitchinterval() * 1000,
        "cpus": os.cpu_count(),
        "targets": {"correct_share": 1.0, "decision_ms_p99": 2.0},
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
