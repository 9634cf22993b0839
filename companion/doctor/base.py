"""The doctor's frame: a check is a function of a Context that returns Results (pass, fail or skip).

Checks marked ``person`` need someone at the box (press a buzzer, look at the ring, listen); the others
run anywhere, and ``--non-interactive`` runs only those. In the app, ``Context.app`` lends the parts the
app already holds (its ring, buzzers, sound) so that nothing is opened twice.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from companion.app.table.language import translator
from companion.doctor.explain import family_values

PASS, FAIL, SKIP = "pass", "fail", "skip"


@dataclass(frozen=True)
class Result:
    check: str  # the check's title, e.g. "buzzer 3"
    status: str  # pass, fail or skip
    detail: str = ""  # in English (the terminal's)
    key: str = ""  # the detail's message in the app's catalogues (doctor.d.*), when it has one
    values: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def said(cls, check: str, status: str, key: str, **values: Any) -> Result:
        """A result whose detail is the message ``doctor.d.<key>`` of the catalogues with ``values``."""
        name = "doctor.d." + key
        return cls(check, status, translator("en")(name, **values), name, values)

    def text(self, tr: Callable[..., str] | None = None) -> str:
        """The detail in the language of ``tr`` (the app's translator), the parts' own English words
        explained in it too (explain.py); else the terminal's English detail."""
        return tr(self.key, **family_values(dict(self.values), tr)) if tr is not None and self.key else self.detail

    def line(self) -> str:
        return f"{self.status.upper():<4}  {self.check}" + (f": {self.detail}" if self.detail else "")


@dataclass
class Context:
    """What checks get: the configuration, how to talk to the person (if any), what the app lends."""

    config: Any  # companion.config.Config
    interactive: bool = False
    ask: Callable[[str], str] = input  # a question, the person's answer
    say: Callable[[str], None] = print  # an instruction ("press buzzer 2 now")
    timeout: float = 15.0  # seconds to wait for a press, a tag, a tap
    pin_factory: Any = None  # gpiozero pin factory (None: gpiozero's default)
    db: Path | None = None  # the game log (None: the default place)
    app: Any = None  # the running CompanionApp, in the doctor screen
    cache: dict[str, Any] = field(default_factory=dict)

    def yes(self, question: str) -> bool | None:
        """The person's yes/no (None when nobody answered)."""
        try:
            answer = self.ask(question + " [y/n] ").strip().lower()
        except EOFError:
            return None
        if answer[:1] in ("y", "o"):  # yes / oui
            return True
        if answer[:1] == "n":
            return False
        return None


@dataclass(frozen=True)
class Check:
    name: str  # for --only
    title: str
    run: Callable[[Context], Iterable[Result]]
    person: bool = False  # needs someone at the box


def run_checks(checks: list[Check], ctx: Context, *, on_result: Callable[[Result], None] = lambda r: None) -> list[Result]:
    """Every check in order; a check that raises is a fail with its error, never the end of the run."""
    results: list[Result] = []
    for check in checks:
        if check.person and not ctx.interactive:
            found = [Result.said(check.title, SKIP, "needs_person")]
        else:
            started = time.monotonic()
            try:
                found = list(check.run(ctx))
            except Exception as exc:  # a broken part must not hide the others' results
                found = [Result.said(check.title, FAIL, "raised", error=f"{type(exc).__name__}: {exc}")]
            if not found:
                found = [Result.said(check.title, SKIP, "nothing", seconds=time.monotonic() - started)]
        for result in found:
            on_result(result)
        results += found
    return results


def summary(results: list[Result]) -> str:
    counts = {s: sum(1 for r in results if r.status == s) for s in (PASS, FAIL, SKIP)}
    verdict = "all checks passed" if not counts[FAIL] else f"{counts[FAIL]} check(s) failed"
    return f"{verdict}: {counts[PASS]} passed, {counts[FAIL]} failed, {counts[SKIP]} skipped"
