"""Fort Boyard's plays in the history (companion.app.history_look): its own columns on the family
leaderboard (keys won, riddles solved of asked, duels won–lost), its lines on a player's page, and its
words for its score (the treasure, in Boyards) and for a game nobody won (no one found the code word).
The figures are counted by its rules (companion/games/fort_boyard/figures.py)."""

from __future__ import annotations

from typing import Any, Callable

from companion.app.history_look import HistoryLook, StatColumn


def _riddles(s: Any) -> str:
    return f"{s.riddles_solved}/{s.riddles}" if s.riddles else "–"  # as the wins: solved of asked


def lines(tr: Callable[..., str], s: Any) -> list[str]:
    """A player's page: keys, riddles and duels in words."""
    riddles = (tr("player.riddles", solved=s.riddles_solved, total=s.riddles, share=round((s.riddle_share or 0) * 100))
               if s.riddles else tr("player.riddles_none"))
    duels = tr("player.duels", won=tr("player.duels_won", n=s.duels_won), lost=tr("player.duels_lost", n=s.duels_lost))
    return [tr("player.keys", n=s.keys_won), riddles, duels]


HISTORY = HistoryLook(
    columns=(StatColumn("stats.keys", lambda s: str(s.keys_won)), StatColumn("stats.riddles", _riddles),
             StatColumn("stats.duels", lambda s: f"{s.duels_won}–{s.duels_lost}")),
    lines=lines, legend="stats.legend", score_chart="stats.treasure_chart", average="player.average",
    best="player.best", nobody="history.nobody", standing_chart="history.keys_chart",
)
