"""A Duel settled by the buzzers: arming, "Attention... Top !", the verdict, LEDs, the winner, the record.

No Kivy here. Presses come in on any thread (:meth:`BuzzerDuel.feed`); everything that reacts to them
(timers, LEDs, the listener) runs through ``post``, which the app points at its UI thread.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from companion.devices.buzzers.arbiter import (
    CLOSEST,
    FIRST,
    OPEN,
    TIE,
    VOID,
    WON,
    Arbiter,
    Rules,
    Verdict,
)
from companion.devices.buzzers.config import BuzzerConfig
from companion.devices.buzzers.gpio import BuzzerLeds
from companion.devices.buzzers.record import DuelRecord, DuelRun, press_json
from companion.devices.buzzers.source import BuzzerSource
from companion.devices.buzzers.timers import Post, Scheduler, ThreadScheduler, call_now

MODES = ("card", "reflex", "question", "time")
TIME_ATTENTION_S = 2.0  # time-sense duel: "Attention..." lasts this long before "Top !"


class DuelError(ValueError):
    """Something the table asked that the duel cannot do now; the message says why."""


@dataclass(frozen=True)
class DuelView:
    """What a screen shows of the duel now."""

    mode: str | None
    phase: str  # "choose" (no run yet), "attention", "go", "decided"
    run: int
    verdict: Verdict | None
    final: bool  # no late-reported press can change the verdict any more
    revised: bool  # a press reported late changed a verdict that was already final
    dark: bool  # time-sense duel under way: show no time anywhere (hourglass, ring)
    delay_s: float | None
    duellists: tuple[str, str]
    seat_of: dict[str, int] = field(default_factory=dict)


def rules_for(mode: str, config: BuzzerConfig) -> Rules:
    return Rules(
        mode=CLOSEST if mode == "time" else FIRST,
        false_start=config.false_start,
        lockout_s=config.lockout_ms / 1000,
        tie_window_s=config.tie_window_ms / 1000,
        target_s=config.time_target_s,
    )


def led_looks(view: DuelView) -> dict[int, str]:
    """Each seat's LED for this view: lit while armed, the winner's flashing, a false starter's off."""
    v = view.verdict
    if v is None or view.phase == "choose":
        return {}
    seats = view.seat_of
    looks = {seats[p]: "on" for p in view.duellists if p in seats}
    for p in v.stuck:
        looks[seats[p]] = "fast"  # let go of your button
    for p in v.false_starters:
        if p in seats:
            looks[seats[p]] = "off"
    if v.status == WON:
        flashing = v.answerer if view.mode == "question" else v.winner
        for p in view.duellists:
            if p in seats and (view.mode != "question" or p in v.wrong):
                looks[seats[p]] = "off"
        if flashing in seats:
            looks[seats[flashing]] = "blink"
    elif v.status == TIE:
        looks = {seats[p]: "on" for p in v.tied if p in seats}
    elif v.status == VOID:
        looks = {}
    return looks


class BuzzerDuel:
    """One Duel between two seated players, judged from their buzzers.

    ``seats`` are the players in seat order (seat 1 is ``seats[0]``), ``duellists`` the two who duel.
    The winner is delivered through ``on_winner(name, record)`` when the table confirms it
    (:meth:`confirm`, or :meth:`correct_answer` in a question duel); ``on_change(view)`` after every change.

    >>> from companion.devices.buzzers.source import KeyboardBuzzers
    >>> kb = KeyboardBuzzers(("1", "2", "3"), clock=lambda: 100.0)
    >>> won = []
    >>> duel = BuzzerDuel(["Anne", "Bob", "Zoé"], ("Anne", "Zoé"), sources=[kb],
    ...                   on_winner=lambda name, record: won.append(name))
    >>> duel.start("card")
    >>> _ = kb.key_down("2", at=100.5), kb.key_down("3", at=100.9), kb.key_down("1", at=100.9123)
    >>> [(line.player, line.kind, line.gap_ms) for line in duel.view.verdict.lines]
    [('Bob', 'ignored', None), ('Zoé', 'valid', 0.0), ('Anne', 'valid', 12.3)]
    >>> duel.confirm(); won
    'Zoé'
    ['Zoé']
    """

    def __init__(self, seats: Sequence[str], duellists: tuple[str, str], *, config: BuzzerConfig | None = None,
                 sources: Sequence[BuzzerSource] = (), leds: BuzzerLeds | None = None, seed: object = 0,
                 schedule: Scheduler | None = None, post: Post = call_now,
                 clock: Callable[[], float] | None = None,
                 on_change: Callable[[DuelView], None] | None = None,
                 on_winner: Callable[[str, DuelRecord], None] | None = None,
                 on_decision: Callable[[int, float, Verdict], None] | None = None) -> None:
        unknown = [d for d in duellists if d not in seats]
        if len(duellists) != 2 or duellists[0] == duellists[1] or unknown:
            raise DuelError(f"a duel is between two different seated players, got {list(duellists)}")
        self.seats = tuple(seats)
        self.duellists = (duellists[0], duellists[1])
        self.config = config or BuzzerConfig()
        self.sources = list(sources)
        self.leds = leds
        self.seed = str(seed)
        # Without a scheduler (no event loop), the duel runs its own timer thread and ends it on close().
        self._own_timers = ThreadScheduler() if schedule is None else None
        self._schedule, self._post = schedule or self._own_timers, post
        self._clock = clock or (self.sources[0].now if self.sources else time.monotonic)
        self.on_change, self.on_winner, self.on_decision = on_change, on_winner, on_decision
        self._lock = threading.RLock()
        self._arbiter: Arbiter | None = None
        self._mode: str | None = None
        self._run = 0
        self._delay: float | None = None
        self._phase = "choose"
        self._timers: dict[str, Callable[[], None]] = {}  # by purpose: "go", "settle", "recheck"
        self._decided_at: float | None = None
        self._final: Verdict | None = None
        self._revised = False
        self._runs: list[DuelRun] = []
        self._closed = False
        self._unsubscribe = [s.subscribe(self.feed) for s in self.sources]

    # --- the table's actions (UI thread) -------------------------------------------------------------

    def start(self, mode: str) -> None:
        """Arm a new run in ``mode``: card, reflex, question or time."""
        if mode not in MODES:
            raise DuelError(f"unknown duel mode {mode!r}; known: {', '.join(MODES)}")
        with self._lock:
            if self._closed:
                raise DuelError("this duel is over")
            if self._arbiter is not None:
                self._runs.append(self._run_record())
            self._cancel_timers()
            self._mode = mode
            self._run += 1
            now = self._clock()
            held = {self.seats[i] for s in self.sources for i in s.held(now) if i < len(self.seats)}
            instant = mode in ("card", "question")
            self._arbiter = Arbiter(self.duellists, armed_at=now, go_at=now if instant else None,
                                    rules=rules_for(mode, self.config), held=held)
            self._delay = self._reflex_delay() if mode == "reflex" else None
            self._phase = "go" if instant else "attention"
            self._decided_at, self._final, self._revised = None, None, False
            if not instant:
                self._later("go", self._delay if mode == "reflex" else TIME_ATTENTION_S, self._go)
        self._refresh()

    def rerun(self) -> None:
        """Run the duel again in the same mode (after a tie, a void, or when the table wants to)."""
        if self._mode is None:
            raise DuelError("no duel has been started yet")
        self.start(self._mode)

    def wrong_answer(self) -> None:
        """Question duel: the answerer was wrong; the next in press order may answer."""
        with self._lock:
            if self._mode != "question" or self._arbiter is None:
                raise DuelError("only a question duel has answers to judge")
            self._arbiter.wrong_answer()
        self._refresh()

    def correct_answer(self) -> str:
        """Question duel: the answerer was right and wins."""
        with self._lock:
            v = self.view.verdict
            if self._mode != "question" or v is None or v.answerer is None:
                raise DuelError("nobody is answering")
            winner = v.answerer
        return self._deliver(winner)

    def confirm(self) -> str:
        """The table accepts the buzzers' verdict: the winner goes to ``on_winner``."""
        with self._lock:
            v = self.view.verdict
            if self._mode == "question":
                raise DuelError("in a question duel the table judges the answer (correct_answer)")
            if v is None or v.status != WON:
                raise DuelError("there is no winner to confirm yet")
            winner = v.winner
        return self._deliver(winner)

    def close(self) -> None:
        """Stop listening to the buzzers and darken the LEDs; the duel cannot be used any more."""
        with self._lock:
            self._closed = True
            self._cancel_timers()
            for unsubscribe in self._unsubscribe:
                unsubscribe()
            self._unsubscribe = []
        if self._own_timers is not None:
            self._own_timers.close()
        if self.leds is not None:
            self.leds.show_all({})

    # --- presses (any thread) ------------------------------------------------------------------------

    def feed(self, seat: int, at: float, pressed: bool) -> None:
        """A clean press or release of a seat's buzzer at ``at`` (seconds, the sources' clock)."""
        with self._lock:  # held only to record: judging works on a copy, so other presses never wait long
            if self._arbiter is None or self._closed or not 0 <= seat < len(self.seats):
                return
            self._arbiter.add(self.seats[seat], at, pressed)
            judged = self._arbiter.copy() if self.on_decision is not None and pressed else None
        if judged is not None:
            self.on_decision(seat, at, judged.verdict(self._clock()))
        self._post(self._refresh)

    # --- what the screen shows -----------------------------------------------------------------------

    @property
    def mode(self) -> str | None:
        return self._mode

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def view(self) -> DuelView:
        with self._lock:
            arbiter = self._arbiter.copy() if self._arbiter is not None else None
            phase, mode, run, final, revised, delay = (self._phase, self._mode, self._run, self._final is not None,
                                                       self._revised, self._delay)
        verdict = arbiter.verdict(self._clock()) if arbiter is not None else None
        if verdict is not None and verdict.status != OPEN:
            phase = "decided"
        return DuelView(
            mode=mode, phase=phase, run=run, verdict=verdict, final=final, revised=revised,
            dark=mode == "time" and phase == "go", delay_s=delay, duellists=self.duellists,
            seat_of={p: i for i, p in enumerate(self.seats)},
        )

    def record(self, winner: str | None = None) -> DuelRecord:
        """Every run so far (the current one last) and the rules they were judged by."""
        with self._lock:
            runs = list(self._runs) + ([self._run_record()] if self._arbiter is not None else [])
            c = self.config
            rules = {"false_start": c.false_start, "lockout_ms": c.lockout_ms, "tie_window_ms": c.tie_window_ms,
                     "debounce_ms": c.debounce_ms, "reflex_s": [c.reflex_min_s, c.reflex_max_s],
                     "time_target_s": c.time_target_s}
            return DuelRecord(self.duellists, rules, tuple(runs), winner)

    # --- inside --------------------------------------------------------------------------------------

    def _reflex_delay(self) -> float:
        # Seeded by the game and the run: a replayed game shows "Top !" after the same delays.
        rng = random.Random(f"{self.seed}:{self._run}")
        c = self.config
        return round(c.reflex_min_s + (c.reflex_max_s - c.reflex_min_s) * rng.random(), 3)

    def _go(self) -> None:
        with self._lock:
            if self._arbiter is None or self._closed or self._phase != "attention":
                return
            if self._arbiter.verdict().status != OPEN:  # a false start already decided it ("lose" rule)
                return
            self._arbiter.go(self._clock())
            self._phase = "go"
        self._refresh()

    def _refresh(self) -> None:
        """After any change: decide finality, set timers and LEDs, tell the listener."""
        if self._closed:
            return
        view = self.view
        v = view.verdict
        with self._lock:
            if self._closed:
                return
            if v is not None and v.status != OPEN:
                self._settle(view, v)
            elif v is not None and v.recheck_at is not None:
                self._later("recheck", v.recheck_at - self._clock() + 0.001, self._refresh)
        if v is not None and v.status != OPEN:
            view = self.view
        if self.leds is not None:
            self.leds.show_all(led_looks(view))
        if self.on_change is not None:
            self.on_change(view)

    def _settle(self, view: DuelView, v: Verdict) -> None:
        now = self._clock()
        if self._phase == "attention":
            self._cancel_timers("go")  # decided before "Top !": no signal any more
        if self._final is not None:
            if (v.status, v.winner, v.tied) != (self._final.status, self._final.winner, self._final.tied):
                self._revised = True
                self._final = v
            return
        if self._decided_at is None:
            self._decided_at = now
        accounted = {o.player for o in v.order} | set(v.false_starters)
        settle_s = self.config.settle_ms / 1000
        if set(self.duellists) <= accounted or now - self._decided_at >= settle_s:
            self._final = v
            self._cancel_timers("settle")
        else:
            self._later("settle", self._decided_at + settle_s - now + 0.001, self._refresh)

    def _later(self, name: str, delay: float, fn: Callable[[], None]) -> None:
        """Call ``fn`` after ``delay`` s, replacing the timer of the same purpose."""
        self._cancel_timers(name)
        self._timers[name] = self._schedule(max(0.0, delay), fn)

    def _cancel_timers(self, *names: str) -> None:
        for name in names or list(self._timers):
            cancel = self._timers.pop(name, None)
            if cancel is not None:
                cancel()

    def _deliver(self, winner: str) -> str:
        record = self.record(winner)
        if self.on_winner is not None:
            self.on_winner(winner, record)
        return winner

    def _run_record(self) -> DuelRun:
        a = self._arbiter
        v = a.verdict(self._clock())
        base = a.armed_at
        presses = tuple(press_json(line, base) for line in v.lines)
        go_ms = None if a.go_at is None else round((a.go_at - base) * 1000, 1)
        return DuelRun(self._run, self._mode or "", f"{self.seed}:{self._run}", self._delay, go_ms, presses,
                       v.status, v.winner if self._mode != "question" else None, v.reason, v.tied,
                       v.false_starters, v.wrong)
