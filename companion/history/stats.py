"""Statistics per player across the finished plays of one game, and that game's family leaderboard. Pure
functions of the games' events: nothing is stored, so a rename or an undone command is always reflected.
Every game counts wins and scores; a game adds its own figures through its rules (``history_figures``)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Sequence

from companion.engine import Refusal, rules_for
from companion.history.games import PlayedGame
from companion.history.names import Names


@dataclass
class PlayerStats:
    """One player's line of a game's leaderboard: what every game counts (games, wins, scores) and the
    game's own figures (``figures``, from its rules' ``history_figures`` module, readable as attributes:
    a game's ``keys_won``...). A leaderboard is of one game: the figures are that game's."""

    key: str  # the matching key (companion.history.names.name_key, after renames)
    name: str  # how the player is shown: the name a rename gave, else the newest spelling
    games: int = 0
    wins: int = 0
    treasures: list[int] = field(default_factory=list)  # the score of each game (Boyards...), oldest first
    game_ids: list[int] = field(default_factory=list)  # the same games' ids
    spellings: set[str] = field(default_factory=set)  # every way the name was written
    counted: dict[str, int] = field(default_factory=dict)  # the game's figures summed over these games
    figures: dict[str, Any] = field(default_factory=dict)  # the same as the game shows them (shares too)

    def __getattr__(self, name: str) -> Any:
        figures = self.__dict__.get("figures", {})
        if name in figures:
            return figures[name]
        raise AttributeError(f"{type(self).__name__} has no {name!r} (this game's figures: {', '.join(figures) or 'none'})")

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
            "name": self.name, "key": self.key, "games": self.games, "wins": self.wins, **self.figures,
            "average_treasure": round(self.average_treasure, 1), "best_treasure": self.best_treasure,
            "treasures": list(self.treasures), "game_ids": list(self.game_ids), "spellings": sorted(self.spellings),
        }


class _NoFigures:
    """A game that counts nothing beyond wins and scores."""

    NAMES: tuple[str, ...] = ()

    @staticmethod
    def count(events) -> dict:
        return {}

    @staticmethod
    def shown(totals: dict) -> dict:
        return {}


def figures_of(game: str) -> Any:
    """The figures module of ``game`` (its rules' ``history_figures``), or one that counts nothing (a game
    without figures, or one this companion does not hold any more)."""
    try:
        path = getattr(rules_for(game), "history_figures", None)
    except Refusal:
        return _NoFigures
    return importlib.import_module(path) if path else _NoFigures


def kinds(games: Sequence[PlayedGame]) -> list[str]:
    """The game kinds among ``games``, the most recently started first."""
    seen: dict[str, None] = {}
    for g in sorted(games, key=lambda g: (g.created_at, g.id), reverse=True):
        seen.setdefault(g.game, None)
    return list(seen)


def of_game(games: Sequence[PlayedGame], game: str | None) -> list[PlayedGame]:
    """The plays of one game kind; with None, those of the game played last (a leaderboard never mixes
    two games)."""
    if game is None:
        found = kinds(games)
        game = found[0] if found else None
    return [g for g in games if g.game == game]


def _count_game(game: PlayedGame, by_name: dict[str, PlayerStats], figures: Any) -> None:
    winners = set(game.winners)
    scores = game.scores
    for name, s in by_name.items():
        s.games += 1
        s.wins += name in winners
        s.treasures.append(scores.get(name, 0))
        s.game_ids.append(game.id)
        s.spellings.add(name)
    for name, counts in figures.count(game.events()).items():
        if name in by_name:
            mine = by_name[name].counted
            for figure, n in counts.items():
                mine[figure] = mine.get(figure, 0) + n


def player_stats(games: Sequence[PlayedGame], names: Names | None = None, game: str | None = None) -> list[PlayerStats]:
    """Every player of the finished plays of ``game`` among ``games`` (any order), in leaderboard order.
    Without ``game``: the game played last (:func:`of_game`)."""
    names = names or Names()
    stats: dict[str, PlayerStats] = {}
    renamed: dict[str, tuple[str, str]] = {}  # key -> (name given by the newest rename, when)
    plays = of_game(games, game)
    figures = figures_of(plays[0].game) if plays else _NoFigures
    ordered = sorted((g for g in plays if g.status == "finished"), key=lambda g: (g.created_at, g.id))
    for play in ordered:
        by_name = {}
        for name, key in zip(play.players, names.seat_keys(play.players)):
            s = stats.setdefault(key, PlayerStats(key, name))
            s.name = name  # the newest spelling, unless a rename says otherwise (below)
            by_name[name] = s
            r = names.resolve(name)
            if r.renamed_to and r.key == key and r.renamed_at >= renamed.get(key, ("", ""))[1]:
                renamed[key] = (r.renamed_to, r.renamed_at)
        _count_game(play, by_name, figures)
    for key, (name, _) in renamed.items():
        stats[key].name = name
    for s in stats.values():
        s.figures = figures.shown({f: s.counted.get(f, 0) for f in figures.NAMES})
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


def treasure_per_game(games: Sequence[PlayedGame], names: Names | None = None,
                      game: str | None = None) -> list[GameTreasure]:
    """The score of each player in each finished play of ``game`` (as :func:`player_stats`), oldest
    first, by player key."""
    names = names or Names()
    out = []
    for game in sorted((g for g in of_game(games, game) if g.status == "finished"), key=lambda g: (g.created_at, g.id)):
        scores = game.scores
        keys = names.seat_keys(game.players)
        out.append(GameTreasure(game.id, game.created_at, {k: scores.get(p, 0) for p, k in zip(game.players, keys)}))
    return out


def across_games(games: Sequence[PlayedGame], names: Names | None = None) -> list[PlayerStats]:
    """Every player over every game kind among ``games``: their plays and wins only (two games' scores do
    not add up), and ``kinds`` (how many different games they finished), most wins first. A player is
    named as the leaderboard of the game they played last names them."""
    by: dict[str, PlayerStats] = {}
    for kind in kinds(games):  # the most recent first: the first name met is the newest
        for s in player_stats(games, names, game=kind):
            mine = by.setdefault(s.key, PlayerStats(s.key, s.name, figures={"kinds": 0}))
            mine.games += s.games
            mine.wins += s.wins
            mine.spellings |= s.spellings
            mine.game_ids += s.game_ids
            mine.figures["kinds"] += 1
    return leaderboard(by.values())
