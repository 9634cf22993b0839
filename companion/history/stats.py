"""Statistics per player across finished games, and the family leaderboard. Pure functions of the games'
events: nothing is stored, so a rename or an undone command is always reflected."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from companion.history.games import PlayedGame
from companion.history.names import Names


@dataclass
class PlayerStats:
    key: str  # the matching key (companion.history.names.name_key, after renames)
    name: str  # how the player is shown: the name a rename gave, else the newest spelling
    games: int = 0
    wins: int = 0
    keys_won: int = 0
    riddles: int = 0  # Énigmes answered (right or wrong)
    riddles_solved: int = 0
    duels_won: int = 0
    duels_lost: int = 0
    treasures: list[int] = field(default_factory=list)  # Boyards per game, oldest first
    game_ids: list[int] = field(default_factory=list)  # the same games' ids
    spellings: set[str] = field(default_factory=set)  # every way the name was written

    @property
    def riddle_share(self) -> float | None:
        """Share of riddles solved; None when the player never answered one."""
        return self.riddles_solved / self.riddles if self.riddles else None

    @property
    def win_share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_treasure(self) -> float:
        return sum(self.treasures) / len(self.treasures) if self.treasures else 0.0

    @property
    def best_treasure(self) -> int:
        return max(self.treasures, default=0)

    def to_json(self) -> dict:
        return {
            "name": self.name, "key": self.key, "games": self.games, "wins": self.wins,
            "keys_won": self.keys_won, "riddles": self.riddles, "riddles_solved": self.riddles_solved,
            "riddle_share": self.riddle_share, "duels_won": self.duels_won, "duels_lost": self.duels_lost,
            "average_treasure": round(self.average_treasure, 1), "best_treasure": self.best_treasure,
            "treasures": list(self.treasures), "game_ids": list(self.game_ids), "spellings": sorted(self.spellings),
        }


def _count_game(game: PlayedGame, by_name: dict[str, PlayerStats]) -> None:
    winners = set(game.winners)
    scores = game.scores
    for name, s in by_name.items():
        s.games += 1
        s.wins += name in winners
        s.treasures.append(scores.get(name, 0))
        s.game_ids.append(game.id)
        s.spellings.add(name)
    for e in game.events():
        t = e.get("type")
        if t == "key_won" and e["player"] in by_name:
            by_name[e["player"]].keys_won += 1
        elif t == "challenge_result" and e["space"] == "enigme" and e["player"] in by_name:
            by_name[e["player"]].riddles += 1
            by_name[e["player"]].riddles_solved += bool(e["success"])
        elif t == "duel_result":
            if e["winner"] in by_name:
                by_name[e["winner"]].duels_won += 1
            if e["loser"] in by_name:
                by_name[e["loser"]].duels_lost += 1


def player_stats(games: Sequence[PlayedGame], names: Names | None = None) -> list[PlayerStats]:
    """Every player of the finished ``games`` (any order), in leaderboard order."""
    names = names or Names()
    stats: dict[str, PlayerStats] = {}
    renamed: dict[str, tuple[str, str]] = {}  # key -> (name given by the newest rename, when)
    ordered = sorted((g for g in games if g.status == "finished"), key=lambda g: (g.created_at, g.id))
    for game in ordered:
        by_name = {}
        for name, key in zip(game.players, names.seat_keys(game.players)):
            s = stats.setdefault(key, PlayerStats(key, name))
            s.name = name  # the newest spelling, unless a rename says otherwise (below)
            by_name[name] = s
            r = names.resolve(name)
            if r.renamed_to and r.key == key and r.renamed_at >= renamed.get(key, ("", ""))[1]:
                renamed[key] = (r.renamed_to, r.renamed_at)
        _count_game(game, by_name)
    for key, (name, _) in renamed.items():
        stats[key].name = name
    return leaderboard(stats.values())


def _merit(s: PlayerStats) -> tuple:
    return (s.wins, s.win_share, s.average_treasure, s.best_treasure)


def leaderboard(stats) -> list[PlayerStats]:
    """The family leaderboard: most wins, then the better win share, average and best treasure."""
    return sorted(stats, key=lambda s: (tuple(-v for v in _merit(s)), s.name.casefold()))


def ranks(board: Sequence[PlayerStats]) -> list[int]:
    """The rank of each line of a leaderboard; players level on every count share a rank."""
    out: list[int] = []
    for i, s in enumerate(board):
        out.append(out[-1] if i and _merit(board[i - 1]) == _merit(s) else i + 1)
    return out


@dataclass(frozen=True)
class GameTreasure:
    game_id: int
    started: str
    treasure: dict[str, int]  # player key -> Boyards


def treasure_per_game(games: Sequence[PlayedGame], names: Names | None = None) -> list[GameTreasure]:
    """Boyards of each player in each finished game, oldest first, by player key."""
    names = names or Names()
    out = []
    for game in sorted((g for g in games if g.status == "finished"), key=lambda g: (g.created_at, g.id)):
        scores = game.scores
        keys = names.seat_keys(game.players)
        out.append(GameTreasure(game.id, game.created_at, {k: scores.get(p, 0) for p, k in zip(game.players, keys)}))
    return out
