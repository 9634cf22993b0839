"""Fort's final scoring: each made-up rule from the counts its holder gave, Sleepover across the table."""

from __future__ import annotations

from typing import Mapping

from companion.games.fort.model import RULES, GameState, Player

SIX_SUITS = 6  # book, crown, glue, shovel, skateboard, squirt gun: the coin (wild) suit aside


def needed(state: GameState, i: int) -> tuple[str, ...]:
    """What the final scoring asks of player ``i``: what their rules need, and everyone's number of cards
    when someone holds Sleepover ('8 for the most cards')."""
    keys = [k for r in state.players[i].rules for k in RULES[r]]
    if any("sleepover" in p.rules for p in state.players):
        keys.append("cards")
    return tuple(dict.fromkeys(keys))


def rule_points(rule: str, p: Player, counts: Mapping[str, int]) -> int:
    """One made-up rule's points for its holder (the digest's table), Sleepover aside."""
    if rule == "big-plans":  # 1 per "advance the fort" action printed on your cards
        return counts["advance"]
    if rule == "loner":  # 5 if you hold no best friend
        return 5 if counts["best_friends"] == 0 else 0
    if rule == "friendship-bracelet":  # 1 per different suit (coin aside), +1 more with all six
        suits = counts["suits"]
        return suits + (1 if suits == SIX_SUITS else 0)
    if rule == "minimalism":  # 8 if your fort level is exactly 2
        return 8 if p.level == 2 else 0
    per_one = {"slime-lab": "book", "play-palace": "crown", "popularity": "lookout", "secret-stash": "pack",
               "pizza-party": "pizza", "piggy-bank": "toys"}
    return counts[per_one[rule]]


def sleepover(state: GameState, i: int) -> int:
    """'8 for the most cards; 4 each if tied for the most': its holder's points once every count is in."""
    cards = [p.counts["cards"] for p in state.players]
    best = max(cards)
    if cards[i] != best:
        return 0
    return 8 if cards.count(best) == 1 else 4


def finals(state: GameState) -> dict[int, dict[str, int]]:
    """Every player's rule points, once every player's counts are in."""
    out = {}
    for i, p in enumerate(state.players):
        out[i] = {r: (sleepover(state, i) if r == "sleepover" else rule_points(r, p, p.counts)) for r in p.rules}
    return out


def total(state: GameState, i: int, rule_pts: Mapping[str, int]) -> int:
    p = state.players[i]
    return p.points + sum(rule_pts.values()) + (state.settings.macaroni_points if p.macaroni else 0)


def winners(state: GameState, totals: Mapping[int, int]) -> tuple[int, ...]:
    """Most points wins; a tie is shared, or broken by the higher fort level (setting ``tie_break``)."""
    best = max(totals.values())
    tied = [i for i, t in totals.items() if t == best]
    if state.settings.tie_break == "fort_level" and len(tied) > 1:
        top = max(state.players[i].level for i in tied)
        tied = [i for i in tied if state.players[i].level == top]
    return tuple(tied)
