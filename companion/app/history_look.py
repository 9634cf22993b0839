"""How a game's plays read in the history and the statistics: what every game shows (wins, the score's
average and best, the winners) in shared words, and what a game adds from its own package.

The shell's history screens (companion/app/screens/history*.py) never name a game's figures: a game's
``UI`` may carry ``history_look``, a :class:`HistoryLook` with its own columns on the family
leaderboard, its own lines on a player's page and its own words for its score ("treasure" in
Boyards...). A game without one shows the shared figures only, so no figure of one game is ever shown
for another. The figures themselves are counted by the game's rules (companion/history/stats.py,
``history_figures``); this module only says how they read. No Kivy here."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable

from companion.app.game_ui import playable
from companion.engine import Refusal
from companion.engine.registry import game_entry


@dataclass(frozen=True)
class StatColumn:
    """One column of a game's own on the family leaderboard, between the wins and the score's figures."""

    header: str  # catalogue key of its short header ("Clés")
    cell: Callable[[Any], str]  # the figure of one player's PlayerStats (companion.history.stats)


def _no_lines(tr: Callable[..., str], stats: Any) -> list[str]:
    return []


@dataclass(frozen=True)
class HistoryLook:
    """A game's words in the history. Every field is a catalogue key but ``columns`` and ``lines``; the
    defaults are the shared words, which say "score" and name no game's token."""

    columns: tuple[StatColumn, ...] = ()
    lines: Callable[[Callable[..., str], Any], list[str]] = _no_lines  # a player's page: the game's own lines
    legend: str = "stats.legend_plain"  # what the leaderboard's short headers stand for
    score_chart: str = "stats.score_chart"  # the chart of each player's score per game
    average: str = "player.average_score"  # "{value}": a player's average score
    best: str = "player.best_score"  # "{value}": their best score
    nobody: str = "history.nobody_plain"  # a game that ended without a winner
    standing_chart: str | None = None  # one game's chart of its standing over the play (None: no chart)


PLAIN = HistoryLook()


def history_look(game: str) -> HistoryLook:
    """The look of ``game``'s plays: its UI's ``history_look``, or the shared one (a game without one, a
    game whose screens this checkout lacks, or a game the companion no longer holds)."""
    try:
        entry = game_entry(game)
    except Refusal:
        return PLAIN
    if not playable(entry):
        return PLAIN
    # The game's UI module is imported here, when the history first shows one of its plays.
    ui = getattr(importlib.import_module(entry.ui), "UI", None)
    look = getattr(ui, "history_look", None)
    return look if isinstance(look, HistoryLook) else PLAIN
