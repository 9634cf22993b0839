"""The Arbiter: who buzzed first, judged from the presses' timestamps alone.

Pure: no clock, no threads, no I/O. Presses may be reported out of order (two pins, two threads, a
busy CPU): every verdict is judged again from all the timestamps, so the order in which callbacks
happened to run never matters.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

FIRST = "first"  # first valid press wins (card, reflex and question duels)
CLOSEST = "closest"  # closest to a target time after "go" wins (time-sense duel)

# What a press was, as shown to the table.
VALID = "valid"
FALSE_START = "false_start"  # before "go"
LOCKED_OUT = "locked_out"  # during a false starter's lockout
STUCK = "stuck"  # the button was held when the duel was armed and has not been released since
IGNORED = "ignored"  # not one of the duellists
OUT = "out"  # a false starter under the "lose" rule pressing again
AGAIN = "again"  # a player's later presses: only the first valid one counts

# Verdict statuses.
OPEN = "open"
WON = "won"
TIE = "tie"
VOID = "void"  # nobody can win: all false-started or nobody pressed in time; the table re-runs


@dataclass(frozen=True)
class Rules:
    """How presses are judged. Times are in seconds, on the same clock as the presses."""

    mode: str = FIRST
    false_start: str = "lose"  # or "lockout"
    lockout_s: float = 0.25
    tie_window_s: float = 0.0  # 0: only identical timestamps tie
    target_s: float = 10.0  # CLOSEST: the time after "go" to press at
    grace_s: float = 10.0  # CLOSEST: nobody pressed this long after the target: void


@dataclass(frozen=True)
class PressLine:
    """One press as the table sees it; ``rank`` and ``gap_ms`` only for counted presses."""

    player: str
    at: float
    kind: str
    rank: int | None = None
    gap_ms: float | None = None  # FIRST: behind the first press; CLOSEST: further from the target than the best
    error_ms: float | None = None  # CLOSEST: signed distance to the target (negative: too early)


@dataclass(frozen=True)
class Verdict:
    status: str
    winner: str | None = None
    reason: str = ""  # "first", "closest", "false_start" (the other one jumped) or "" while open
    tied: tuple[str, ...] = ()
    lines: tuple[PressLine, ...] = ()  # every press, in time order
    order: tuple[PressLine, ...] = ()  # counted presses, best first
    false_starters: tuple[str, ...] = ()
    stuck: tuple[str, ...] = ()  # held since arming, not released yet: told to let go
    wrong: tuple[str, ...] = ()  # question duel: judged wrong, in order
    answerer: str | None = None  # question duel: the first in press order not judged wrong
    recheck_at: float | None = None  # CLOSEST: when an open verdict can be decided if no press comes


@dataclass(frozen=True)
class _Edge:
    at: float
    seq: int
    player: str
    pressed: bool


@dataclass
class Arbiter:
    """Judges one run of a duel: armed at ``armed_at``, "go" at ``go_at`` (None: not given yet).

    >>> a = Arbiter(("Anne", "Bob"), armed_at=0.0, go_at=0.0)
    >>> a.press("Bob", 1.0002).winner  # reported first...
    'Bob'
    >>> a.press("Anne", 1.0001).order[1].gap_ms  # ...but Anne pressed 0.1 ms earlier
    0.1
    """

    duellists: Sequence[str]
    armed_at: float
    go_at: float | None = None
    rules: Rules = field(default_factory=Rules)
    held: Iterable[str] = ()  # buttons down when the duel was armed
    _edges: list[_Edge] = field(default_factory=list, init=False)
    _wrong: list[str] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.duellists = tuple(self.duellists)
        self.held = frozenset(self.held)

    def press(self, player: str, at: float) -> Verdict:
        """Record a press at ``at``; returns the verdict with it."""
        self.add(player, at, True)
        return self.verdict()

    def release(self, player: str, at: float) -> None:
        self.add(player, at, False)

    def add(self, player: str, at: float, pressed: bool) -> None:
        """Record a press or a release without judging yet."""
        self._edges.append(_Edge(at, len(self._edges), player, pressed))

    def go(self, at: float) -> None:
        """The signal was given at ``at``."""
        self.go_at = at

    def wrong_answer(self) -> Verdict:
        """The answerer was wrong: the next in press order may answer."""
        v = self.verdict()
        if v.answerer is not None:
            self._wrong.append(v.answerer)
        return self.verdict()

    def copy(self) -> Arbiter:
        """A twin to judge at leisure while presses keep coming into this one."""
        twin = Arbiter(self.duellists, self.armed_at, self.go_at, self.rules, self.held)
        twin._edges, twin._wrong = list(self._edges), list(self._wrong)
        return twin

    def verdict(self, now: float | None = None) -> Verdict:
        """The verdict from every press so far; ``now`` lets a CLOSEST duel end without waiting for everyone."""
        return judge(self.duellists, self.armed_at, self.go_at, self.rules, self.held, self._edges,
                     tuple(self._wrong), now)


def judge(duellists: Sequence[str], armed_at: float, go_at: float | None, rules: Rules, held: Iterable[str],
          edges: Iterable[_Edge], wrong: Sequence[str] = (), now: float | None = None) -> Verdict:
    """The verdict of a duel from its timestamped presses and releases, whatever order they came in."""
    stuck = set(held) & set(duellists)
    locked_until: dict[str, float] = {}
    remaining = list(duellists)
    counted: dict[str, float] = {}
    lines: list[PressLine] = []
    false_starters: list[str] = []
    decided_by: str | None = None  # the false starter whose jump ended the duel ("lose" rule)
    for e in sorted(edges, key=lambda e: (e.at, e.seq)):
        p = e.player
        if p not in duellists:
            if e.pressed:
                lines.append(PressLine(p, e.at, IGNORED))
            continue
        if not e.pressed:
            stuck.discard(p)  # released: from now on it can win
            continue
        if e.at < armed_at or p in stuck:  # pressed before arming and still down
            stuck.add(p)
            lines.append(PressLine(p, e.at, STUCK))
        elif go_at is None or e.at < go_at:
            if e.at < locked_until.get(p, float("-inf")):
                lines.append(PressLine(p, e.at, LOCKED_OUT))
                continue
            if p not in false_starters:
                false_starters.append(p)
            lines.append(PressLine(p, e.at, FALSE_START if p in remaining else OUT))
            if rules.false_start == "lockout":
                locked_until[p] = e.at + rules.lockout_s
            elif p in remaining and decided_by is None:  # the first to jump loses; the duel may end there
                remaining.remove(p)
                if len(remaining) <= 1:
                    decided_by = p
        elif p not in remaining:
            lines.append(PressLine(p, e.at, OUT))
        elif e.at < locked_until.get(p, float("-inf")):
            lines.append(PressLine(p, e.at, LOCKED_OUT))
        elif p in counted:
            lines.append(PressLine(p, e.at, AGAIN))
        else:
            counted[p] = e.at
            lines.append(PressLine(p, e.at, VALID))
    common = dict(false_starters=tuple(false_starters), stuck=tuple(p for p in duellists if p in stuck),
                  wrong=tuple(wrong))
    if decided_by is not None:
        order = _ranked_first(counted)
        lines = _with_ranks(lines, order)
        if not remaining:
            return Verdict(VOID, lines=tuple(lines), **common)
        return Verdict(WON, remaining[0], "false_start", lines=tuple(lines), order=order, **common)
    if rules.mode == CLOSEST:
        return _closest(counted, remaining, go_at, rules, lines, common, now)
    order = _ranked_first(counted)
    lines = _with_ranks(lines, order)
    if not order:
        return Verdict(OPEN, lines=tuple(lines), **common)
    tied = tuple(o.player for o in order if o.at - order[0].at <= rules.tie_window_s)
    if len(tied) > 1:
        return Verdict(TIE, tied=tied, reason=FIRST, lines=tuple(lines), order=order, **common)
    answerer = next((o.player for o in order if o.player not in wrong), None)
    return Verdict(WON, order[0].player, FIRST, lines=tuple(lines), order=order, answerer=answerer, **common)


def _ranked_first(counted: dict[str, float]) -> tuple[PressLine, ...]:
    ranked = sorted(counted.items(), key=lambda kv: kv[1])
    if not ranked:
        return ()
    first = ranked[0][1]
    return tuple(PressLine(p, at, VALID, rank, _ms(at - first)) for rank, (p, at) in enumerate(ranked, 1))


def _with_ranks(lines: list[PressLine], order: tuple[PressLine, ...]) -> list[PressLine]:
    by_player = {o.player: o for o in order}
    out = []
    for line in lines:
        o = by_player.get(line.player)
        out.append(o if line.kind == VALID and o is not None and o.at == line.at else line)
    return out


def _closest(counted: dict[str, float], remaining: list[str], go_at: float | None, rules: Rules,
             lines: list[PressLine], common: dict, now: float | None) -> Verdict:
    if go_at is None:
        return Verdict(OPEN, lines=tuple(lines), **common)
    target = go_at + rules.target_s
    errors = sorted(((abs(at - target), at - target, p, at) for p, at in counted.items()), key=lambda x: x[0])
    best = errors[0][0] if errors else None
    order = tuple(PressLine(p, at, VALID, rank, _ms(dist - best), _ms(err))
                  for rank, (dist, err, p, at) in enumerate(errors, 1))
    lines = _with_ranks(lines, order)
    pending = [p for p in remaining if p not in counted]
    if pending:
        # Someone who has not pressed can still come closer until the target plus the best distance.
        closes_at = target + rules.grace_s if best is None else target + best + rules.tie_window_s
        if now is None or now <= closes_at:
            return Verdict(OPEN, lines=tuple(lines), order=order, recheck_at=closes_at, **common)
    if not order:
        return Verdict(VOID, lines=tuple(lines), **common)
    tied = tuple(o.player for o, e in zip(order, errors) if e[0] - best <= rules.tie_window_s)
    if len(tied) > 1:
        return Verdict(TIE, tied=tied, reason=CLOSEST, lines=tuple(lines), order=order, **common)
    return Verdict(WON, order[0].player, CLOSEST, lines=tuple(lines), order=order, **common)


def _ms(seconds: float) -> float:
    """Milliseconds to 0.1 ms, the precision shown to the table."""
    return round(seconds * 1000, 1)
