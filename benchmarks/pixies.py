"""Pixies benchmark: scoring a round of five players with the house rule 'best_one', every multicolour
assignment considered (issue 24: p99 <= 5 ms on the dev machine).

    python -m benchmarks.pixies [--repeats N]

The round measured is the hardest there is: one grid holds all six multicolour cards face up, among ★
cards of every colour (4^6 = 4096 colourings to weigh), the four other grids full and random. Figures
(last line, JSON), in milliseconds:

- ``best_one_round_ms_p50`` / ``_p99``: the five grids scored with 'best_one' (the companion's way: for
  each colour and set of multicolour cards, companion/games/pixies/scoring.py);
- ``pad_round_decide_ms_p50`` / ``_p99``: the same round as the table meets it: the last ``grid`` command of
  a pad-mode game decided (its checks, the five scores, the events);
- baseline measured in the same run: ``all_round_ms_p50`` / ``_p99``, the same round with multicolour =
  'all' (nothing to choose);
- ``enumeration_round_ms_p50``: the same round with the 4096 colourings tried one by one (what the
  decomposition saves), fewer repeats;
- ``random_best_one_round_cpu_ms_p99``: rounds of random grids with the multicolour cards spread among them.

Each ``_p99`` of wall-clock time has its ``_cpu_ms_p99`` beside it (this thread's CPU time): on a machine
shared by many processes a call's wall-clock p99 is the time slices others took meanwhile, as the baseline
shows (a call of 0.05 ms at p50 with a p99 of several ms). ``within_target_wall`` and
``within_target_cpu`` compare both with the 5 ms target; ``load_average_1min`` says how loaded it was.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import time

from companion.games.pixies import RULES
from companion.games.pixies.apply import space_of
from companion.games.pixies.autoplay import random_grid
from companion.games.pixies.scoring import best_by_enumeration, score_grid

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve"]
TARGET_P99_MS = 5.0

HARDEST = [{"up": "red-1-star"}, {"up": "multi-2-none"}, {"up": "multi-3-none", "validated": True},
           {"up": "multi-4-none"}, {"up": "green-5-star"}, {"up": "multi-6-1x"},
           {"up": "multi-7-1x", "validated": True}, {"up": "multi-8-1x"}, {"up": "blue-9-1x"}]
"""Six multicolour cards around a red, a green ★ and a blue card: every colour worth weighing."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100 * (len(ordered) - 1))))]


def hardest_round(rng: random.Random) -> list[list]:
    taken = {item["up"] for item in HARDEST}
    grids = [HARDEST]
    for _ in PLAYERS[1:]:
        items = random_grid(rng, taken, full=True)  # the multicolour cards are all taken: none here
        taken |= {item["up"] for item in items if isinstance(item, dict)}
        grids.append(items)
    return grids


def random_round(rng: random.Random) -> list[list]:
    taken: set[str] = set()
    grids = []
    for _ in PLAYERS:
        items = random_grid(rng, taken, full=rng.random() < 0.5)
        taken |= {item["up"] for item in items if isinstance(item, dict)}
        grids.append(items)
    return grids


def timed(fn, repeats: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each call (the CPU time of this thread leaves out the time slices
    other processes took meanwhile: on a loaded machine they make the wall-clock p99 of any call)."""
    wall, cpu = [], []
    gc.disable()  # a collection lands in whichever call triggers it; the rules make little garbage
    try:
        for _ in range(repeats):
            start, start_cpu = time.perf_counter_ns(), time.thread_time_ns()
            fn()
            cpu.append((time.thread_time_ns() - start_cpu) / 1e6)
            wall.append((time.perf_counter_ns() - start) / 1e6)
    finally:
        gc.enable()
    return wall, cpu


def score_round(grids, multicolour: str, round_: int = 3) -> list:
    return [score_grid(g, round_, multicolour) for g in grids]


def pad_before_last_grid(items: list[list]):
    """A pad-mode game (best_one) in round 1 with every grid in but the fifth, and that fifth command."""
    state = RULES.initial()
    for e in RULES.start({"cmd": "new", "game": "pixies", "players": PLAYERS, "seed": 1, "mode": "pad",
                          "house_rules": {"multicolour": "best_one"}}).events:
        state = RULES.apply(state, e)
    for name, grid in zip(PLAYERS[1:], items[1:]):
        for e in RULES.decide(state, {"cmd": "grid", "player": name, "spaces": grid}).events:
            state = RULES.apply(state, e)
    return state, {"cmd": "grid", "player": PLAYERS[0], "spaces": items[0]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.pixies", description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=2000)
    args = parser.parse_args(argv)
    rng = random.Random(24)
    items = hardest_round(rng)
    grids = [tuple(space_of(i) for i in g) for g in items]
    best, best_cpu = timed(lambda: score_round(grids, "best_one"), args.repeats)
    every, every_cpu = timed(lambda: score_round(grids, "all"), args.repeats)
    enumeration, _ = timed(lambda: [best_by_enumeration(g, 3) for g in grids], max(3, args.repeats // 200))
    assert [s.total for s in score_round(grids, "best_one")] == [best_by_enumeration(g, 3).total for g in grids]
    state, last = pad_before_last_grid(items)
    decide, decide_cpu = timed(lambda: RULES.decide(state, last), max(10, args.repeats // 4))
    randoms = [[tuple(space_of(i) for i in g) for g in random_round(rng)] for _ in range(200)]
    random_best = [t for r in randoms for t in timed(lambda r=r: score_round(r, "best_one"), 5)[1]]

    def ms(values: list[float], q: float) -> float:
        return round(percentile(values, q), 4)

    figures = {
        "benchmark": "pixies",
        "players": len(PLAYERS),
        "multicolour_cards_in_hardest_grid": 6,
        "colourings_of_hardest_grid": 4**6,
        "best_one_round_ms_p50": ms(best, 50),
        "best_one_round_ms_p99": ms(best, 99),
        "best_one_round_cpu_ms_p99": ms(best_cpu, 99),
        "pad_round_decide_ms_p50": ms(decide, 50),
        "pad_round_decide_ms_p99": ms(decide, 99),
        "pad_round_decide_cpu_ms_p99": ms(decide_cpu, 99),
        "all_round_ms_p50": ms(every, 50),
        "all_round_ms_p99": ms(every, 99),
        "all_round_cpu_ms_p99": ms(every_cpu, 99),
        "enumeration_round_ms_p50": round(percentile(enumeration, 50), 2),
        "random_best_one_round_cpu_ms_p99": ms(random_best, 99),
        "repeats": args.repeats,
        "target_p99_ms": TARGET_P99_MS,
        "within_target_wall": percentile(best, 99) <= TARGET_P99_MS and percentile(decide, 99) <= TARGET_P99_MS,
        "within_target_cpu": percentile(best_cpu, 99) <= TARGET_P99_MS and percentile(decide_cpu, 99) <= TARGET_P99_MS,
        "load_average_1min": round(os.getloadavg()[0], 2),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
