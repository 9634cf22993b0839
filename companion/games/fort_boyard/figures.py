"""Fort Boyard's own figures in the history's statistics (companion/history/stats.py): keys won, riddles
answered and solved, duels won and lost, counted from a finished game's events. Pure."""

from __future__ import annotations

from typing import Any, Iterable

#: What the history's list calls a player's final score (their Boyards).
SCORE = "treasure"

#: What is counted per player, in the order the statistics show them (riddle_share comes from two).
NAMES = ("keys_won", "riddles", "riddles_solved", "duels_won", "duels_lost")


def count(events: Iterable[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Each player's figures in one game (only the players an event names)."""
    out: dict[str, dict[str, int]] = {}

    def add(player: Any, figure: str, n: int = 1) -> None:
        if isinstance(player, str):
            mine = out.setdefault(player, dict.fromkeys(NAMES, 0))
            mine[figure] += n

    for e in events:
        t = e.get("type")
        if t == "key_won":
            add(e.get("player"), "keys_won")
        elif t == "challenge_result" and e.get("space") == "enigme":
            add(e.get("player"), "riddles")
            add(e.get("player"), "riddles_solved", int(bool(e.get("success"))))
        elif t == "duel_result":
            add(e.get("winner"), "duels_won")
            add(e.get("loser"), "duels_lost")
    return out


def shown(totals: dict[str, int]) -> dict[str, Any]:
    """A player's figures over their games, as the statistics show them (riddle_share: None when the
    player never answered a riddle)."""
    riddles = totals.get("riddles", 0)
    return {
        "keys_won": totals.get("keys_won", 0), "riddles": riddles, "riddles_solved": totals.get("riddles_solved", 0),
        "riddle_share": totals.get("riddles_solved", 0) / riddles if riddles else None,
        "duels_won": totals.get("duels_won", 0), "duels_lost": totals.get("duels_lost", 0),
    }


def _riddles(s: Any) -> str:
    share = "-" if s.riddle_share is None else f"{s.riddle_share:.0%}"
    return f"{s.riddles_solved}/{s.riddles} {share}" if s.riddles else "-"


#: The text leaderboard's columns (``companion history --stats``): header, then how a player's cell reads.
COLUMNS = (
    (f"{'keys':>4}", lambda s: f"{s.keys_won:>4}"),
    (f"{'riddles':>9}", lambda s: f"{_riddles(s):>9}"),
    (f"{'duels':>7}", lambda s: f"{s.duels_won:>3}-{s.duels_lost:<3}"),
)
