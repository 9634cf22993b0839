"""Who is who across games: names matched without case, accents or spaces, and renames kept as aliases.

The game log stays as it was played. A rename (or a merge of two spellings into one player) is an alias
from the old name's matching key to the name its games now count under; undoing it forgets the alias.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Mapping, Sequence

from companion.engine.values import MAX_NAME_LENGTH, clean_text



class RenameError(Exception):
    """A rename the history cannot take. ``code`` (``empty``, ``too_long``, ``characters``, ``unknown``, ``together``) and
    ``values`` let the app say it in the table's language; the message says it in English."""

    def __init__(self, code: str, message: str, **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


def name_key(name: str) -> str:
    """The key that matches a name across games: 'Zoé', ' zoe ' and 'ZO E' are the same player, and so
    are 'Jean-Baptiste', 'Jean Baptiste' and 'jean.baptiste' (hyphens, apostrophes and dots count as
    spaces). A name made of punctuation only keeps it, so that it still has a key of its own.

    The game log's player_aliases table holds keys made by this function (migration v4 brought older
    keys to it): a change here needs a migration that re-keys them."""
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    spaced = "".join(bare.casefold().split())
    words = "".join(c for c in spaced if not unicodedata.category(c).startswith("P"))
    return words or spaced


@dataclass(frozen=True)
class Resolved:
    """Where a name written at the table leads: the player's key, and the name a rename gave them."""

    key: str
    renamed_to: str | None = None
    renamed_at: str = ""


class Names:
    """The aliases of the log, as a pure lookup: ``{old key: (name now, when)}``."""

    def __init__(self, aliases: Mapping[str, tuple[str, str]] | None = None) -> None:
        self.aliases = dict(aliases or {})

    def resolve(self, name: str) -> Resolved:
        key = name_key(name)
        renamed_to, renamed_at = None, ""
        for _ in range(len(self.aliases) + 1):  # renames never make a cycle; the bound is a safety net
            if key not in self.aliases:
                break
            target, at = self.aliases[key]
            renamed_to, renamed_at = target, at
            nxt = name_key(target)
            if nxt == key:  # the alias only fixes how the name is written
                break
            key = nxt
        return Resolved(key, renamed_to, renamed_at)

    def key(self, name: str) -> str:
        return self.resolve(name).key

    def merged_into(self, key: str) -> list[str]:
        """The old names' keys whose games count under ``key`` (not ``key`` itself)."""
        return sorted(k for k in self.aliases if k != key and self.key(k) == key)

    def seat_keys(self, players: Sequence[str]) -> list[str]:
        """The keys of one game's players, in seating order, always distinct.

        Two names of the same game that would meet ('Zoé' and 'Zoe' at one table, or a name merged into
        another that later sat at the same table) stay two players: the one whose own key is the
        player's key keeps it, the other counts under its exact spelling."""
        keys = [self.key(p) for p in players]
        for i, k in enumerate(keys):
            clash = [j for j, other in enumerate(keys) if other == k]
            if len(clash) < 2:
                continue
            keeper = next((j for j in clash if name_key(players[j]) == k), clash[0])
            for j in clash:
                if j != keeper:
                    keys[j] = "=" + "".join(players[j].casefold().split())
        return keys


def plan_rename(names: Names, games: Mapping[int, Sequence[str]], old: str, new: str) -> dict[str, str]:
    """The aliases to write so that ``old``'s games count under ``new`` (merging when ``new`` is
    already a player). ``games``: the players of each finished game by id. Raises :class:`RenameError`."""
    new = " ".join(new.split())
    if not new:
        raise RenameError("empty", "The new name is empty.")
    if len(new) > MAX_NAME_LENGTH:
        raise RenameError("too_long", f"{new!r} is longer than {MAX_NAME_LENGTH} characters.", name=new, n=MAX_NAME_LENGTH)
    if clean_text(new) is None:  # the same rule as the names typed for a new game
        raise RenameError("characters", f"{new!r} holds a control or invisible character.", name=new)
    new = clean_text(new)
    source, target = names.key(old), names.key(new)
    tables = {game_id: set(names.seat_keys(players)) for game_id, players in games.items()}
    if not any(source in keys for keys in tables.values()):
        raise RenameError("unknown", f"No player called {old!r} in the finished games.", name=old)
    if source != target:
        for game_id, keys in sorted(tables.items()):
            if source in keys and target in keys:
                raise RenameError("together", f"{old!r} and {new!r} played together in game {game_id}: they are two "
                                  "players.", old=old, new=new, game=game_id)
    # Every old name already merged into this player follows it, so that no alias chain loops.
    rows = {source, *names.merged_into(source)}
    return {k: new for k in sorted(rows)}
