"""The end of a Forfort game: a complete fort, and the score of each fort when a dungeon runs out."""

from __future__ import annotations

from companion.games.forfort.model import GameState, Player


def complete(p: Player) -> bool:
    """'all 8 visible spaces occupied by walls (4 straight and 4 angled)': the corners take only angled
    walls and the sides only straight ones, so eight visible walls are four of each."""
    return all(s and s[-1].kind == "wall" for s in p.fort)


def parts(state: GameState, i: int) -> dict[str, int]:
    """The score's four counts: visible walls, visible camps, own active armies in an opponent's fort, and
    the dungeon's bonus (2 or 0), for the podium to show how a score was made."""
    p = state.players[i]
    tops = [s[-1] for s in p.fort if s]
    return {"walls": sum(1 for c in tops if c.kind == "wall"), "camps": sum(1 for c in tops if c.kind == "camp"),
            "armies": sum(1 for j, q in enumerate(state.players) if j != i
                          for s in q.fort if s and s[-1].kind == "army" and s[-1].owner == i),
            "dungeon": 2 if p.dungeon > 0 else 0}


def score(state: GameState, i: int) -> int:
    """'2 points for each visible wall card. 1 point for each visible camp card. 1 point for each active
    army card in an opponent's fort. 2 bonus points if they still have at least 1 wall card in their
    dungeon.' Covered cards are inactive and score nothing (the French page's 'visible' is implied)."""
    c = parts(state, i)
    return 2 * c["walls"] + c["camps"] + c["armies"] + c["dungeon"]


def scores(state: GameState) -> dict[str, int]:
    return {p.name: score(state, i) for i, p in enumerate(state.players)}


def team_scores(state: GameState) -> dict[int, int]:
    """'If the game ends by dungeon depletion, teams calculate their combined scores.'"""
    out: dict[int, int] = {}
    for i, p in enumerate(state.players):
        out[p.team] = out.get(p.team, 0) + score(state, i)
    return out


def winners_by_score(state: GameState) -> tuple[int, ...]:
    """'The player with the highest score wins. In case of a tie, victory is shared.' (teams alike)."""
    if state.settings.teams:
        totals = team_scores(state)
        best = max(totals.values())
        return tuple(i for i, p in enumerate(state.players) if totals[p.team] == best)
    each = [score(state, i) for i in range(len(state.players))]
    best = max(each)
    return tuple(i for i, s in enumerate(each) if s == best)


def winners_by_fort(state: GameState, i: int) -> tuple[int, ...]:
    """'A team wins immediately if either teammate completes their fort.'"""
    if state.settings.teams:
        return tuple(j for j, p in enumerate(state.players) if p.team == state.players[i].team)
    return (i,)
