"""What a buzzer duel leaves for the game log: the rules, every run, every press, the winner."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.devices.buzzers.arbiter import PressLine


@dataclass(frozen=True)
class DuelRun:
    """One run of a duel (a tie or a void is re-run), in milliseconds after it was armed."""

    run: int
    mode: str
    seed: str
    delay_s: float | None  # reflex: the seeded delay before "Top !"
    go_ms: float | None  # when "Top !" was given; card and question duels go when armed (0)
    presses: tuple[dict[str, Any], ...]
    status: str
    winner: str | None
    reason: str
    tied: tuple[str, ...]
    false_starters: tuple[str, ...]
    wrong: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "run": self.run, "mode": self.mode, "seed": self.seed, "delay_s": self.delay_s, "go_ms": self.go_ms,
            "presses": [dict(p) for p in self.presses], "status": self.status, "winner": self.winner,
            "reason": self.reason, "tied": list(self.tied), "false_starters": list(self.false_starters),
            "wrong": list(self.wrong),
        }


@dataclass(frozen=True)
class DuelRecord:
    """What the game log should keep of a buzzer duel: the rules, every run, who was declared winner."""

    duellists: tuple[str, str]
    rules: dict[str, Any]
    runs: tuple[DuelRun, ...]
    winner: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"duellists": list(self.duellists), "rules": dict(self.rules),
                "runs": [r.to_json() for r in self.runs], "winner": self.winner}


def press_json(line: PressLine, base: float) -> dict[str, Any]:
    """One press for the record: who, when (ms after arming), what it was, its rank and gap if counted."""
    out: dict[str, Any] = {"player": line.player, "t_ms": round((line.at - base) * 1000, 1), "kind": line.kind}
    if line.rank is not None:
        out["rank"] = line.rank
        out["gap_ms"] = line.gap_ms
    if line.error_ms is not None:
        out["error_ms"] = line.error_ms
    return out
