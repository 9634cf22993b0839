"""The table's saved players: everyone who played a game in the log, each once, as the name now counts
(a rename or a merge in history followed), the most recent first. The setup offers them to pick rather
than type, and a typed name that is a saved player's ("zoe" for "Zoé") takes the saved spelling: one
person, one name, one colour in history. No Kivy here."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from companion.app.look.palette import PLAYER_COLOURS
from companion.history.names import Names, name_key

RECENT_GAMES = 40  # the newest games looked at: the family's players, not an archive


def saved_players(log: Any, limit: int = 12) -> list[str]:
    """The players of the log's newest games (abandoned ones too: they sat at the table), once each."""
    try:
        names = Names(log.player_aliases())
        records = log.games()[:RECENT_GAMES]
        found: dict[str, str] = {}
        for record in records:
            first = next(iter(log.active_commands(record.id)), None)
            players = first.command.get("players") if first is not None else None
            for name in players if isinstance(players, list) else ():
                if not isinstance(name, str) or not name.strip():
                    continue
                resolved = names.resolve(name.strip())
                found.setdefault(resolved.key, resolved.renamed_to or name.strip())
                if len(found) >= limit:
                    return list(found.values())
        return list(found.values())
    except Exception:  # noqa: BLE001 (a log in use or damaged: nothing offered, the names are typed)
        return []


def as_saved(name: str, saved: list[str]) -> str:
    """``name`` as the saved player it matches ('zoe' -> 'Zoé'), else as typed."""
    key = name_key(name)
    return next((s for s in saved if name_key(s) == key), name)


def person_colours(tables: Iterable[tuple[Sequence[Any], Any]], key: Callable[[str], str]) -> dict[str, str]:
    """Each person's colour by ``key`` of their name: THE rule of setup, play, the podium and history (one
    person, one colour). ``tables`` are games newest first, each its players in seating order and the
    colours it recorded: a person's colour is the one their newest game gave them, as play showed it
    (the controller's colour_of): the recorded one, else the palette's colour of their seat."""
    found: dict[str, str] = {}
    for players, colours in tables:
        colours = colours if isinstance(colours, dict) else {}
        for i, name in enumerate(players if isinstance(players, (list, tuple)) else ()):
            if isinstance(name, str) and name.strip():
                colour = colours.get(name)
                found.setdefault(key(name.strip()), colour if isinstance(colour, str)
                                 else PLAYER_COLOURS[i % len(PLAYER_COLOURS)][0])
    return found


def saved_colours(log: Any) -> dict[str, str]:
    """Each saved player's colour (by name key, as the names now count), by the one rule (person_colours),
    so the setup seats a person in the colour the podium and history show."""
    try:
        names = Names(log.player_aliases())
        tables = []
        for record in log.games()[:RECENT_GAMES]:
            first = next(iter(log.active_commands(record.id)), None)
            command = first.command if first is not None else {}
            table = command.get("table")
            tables.append((command.get("players") or (), table.get("colours") if isinstance(table, dict) else None))
        return person_colours(tables, names.key)
    except Exception:  # noqa: BLE001 (a log in use or damaged: the seats' colours stay)
        return {}
