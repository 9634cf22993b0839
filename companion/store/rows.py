"""Reading one command row of the game log as hostile input: what an SD card or a hand may have left there.

A row is read as bytes (``CAST(... AS BLOB)``: text that is not UTF-8 never stops the cursor) and checked
to the shape the companion writes: a positive integer ``seq``, a command that is a JSON object with a text
``cmd``, events that are a JSON list of objects each with a text ``type``, a text time stamp. Anything
else raises :class:`DamagedRow`, naming the game, the row and what is wrong; the row itself is never
changed. Whether the events also *apply* is the rules' business (companion.session).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.store.guard import LogError

# The columns a StoredCommand is read from, bytes for every text column.
COMMAND_COLUMNS = ("id, seq, CAST(command AS BLOB), CAST(events AS BLOB), CAST(created_at AS BLOB)")


class DamagedRow(LogError):
    """A command row of the log that does not read as the companion wrote it."""

    def __init__(self, path: Any, game_id: int, row_id: int, what: str, whole_game: bool = False) -> None:
        super().__init__(f"{path}: game {game_id}, command {row_id}: {what}")
        self.game_id, self.row_id, self.what = game_id, row_id, what
        # The game's line itself is damaged (two active rows at one position: its unique index no longer
        # holds): no row of the game may be changed through that index, the game can only be kept aside.
        self.whole_game = whole_game


@dataclass(frozen=True)
class StoredCommand:
    id: int
    seq: int
    command: dict
    events: list[dict]
    created_at: str


def _json(raw: Any, column: str) -> Any:
    # bytes decoded here, not by json.loads (which would first guess their encoding): replay is mostly this
    try:
        return json.loads(raw.decode("utf-8"))
    except AttributeError:  # NULL: no bytes at all
        raise ValueError(f"{column}: missing") from None
    except UnicodeDecodeError:
        raise ValueError(f"{column}: bytes that are not UTF-8") from None
    except RecursionError:
        raise ValueError(f"{column}: nested too deeply") from None
    except ValueError as exc:
        raise ValueError(f"{column}: not valid JSON ({exc})") from None


def _text(raw: Any, column: str) -> str:
    try:
        return raw.decode("utf-8")
    except AttributeError:
        raise ValueError(f"{column}: missing") from None
    except UnicodeDecodeError:
        raise ValueError(f"{column}: bytes that are not UTF-8") from None


def decoded(path: Any, game_id: int, row: tuple) -> StoredCommand:
    """The row ``(id, seq, command, events, created_at)`` read by :data:`COMMAND_COLUMNS`, or DamagedRow."""
    row_id, seq, command, events, created_at = row
    try:
        if type(seq) is not int or seq < 1:
            raise ValueError(f"seq: {seq!r}, not a positive whole number")
        command = _json(command, "command")
        if type(command) is not dict or type(command.get("cmd")) is not str:
            raise ValueError("command: not an object with a text 'cmd'")
        events = _json(events, "events")
        if type(events) is not list:
            raise ValueError("events: not a list of objects each with a text 'type'")
        for e in events:
            if type(e) is not dict or type(e.get("type")) is not str:
                raise ValueError("events: not a list of objects each with a text 'type'")
        return StoredCommand(row_id, seq, command, events, _text(created_at, "created_at"))
    except ValueError as exc:
        raise DamagedRow(path, game_id, row_id, str(exc)) from None


def _raw_json(raw: Any) -> tuple[Any, str | None]:
    """A JSON column as its value, or None and why it does not read (never its text: a damaged ``new``
    still holds the phones' secrets, which no export may carry)."""
    try:
        return _json(raw, "it"), None
    except ValueError as exc:
        return None, str(exc).removeprefix("it: ")


def _plain(value: Any) -> Any:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


def raw_row(path: Any, game_id: int, row: tuple) -> dict:
    """A row ``(id, seq, parent_id, command, events, created_at, undone_at)`` (text columns as bytes) as
    the JSON export gives it: as stored, with ``damaged`` naming the columns that do not read (given as
    null)."""
    row_id, seq, parent_id, command, events, created_at, undone_at = row
    out: dict[str, Any] = {"id": row_id, "seq": _plain(seq), "parent_id": _plain(parent_id)}
    damaged = []
    for name, raw in (("command", command), ("events", events)):
        out[name], why = _raw_json(raw)
        if why:
            damaged.append(f"{name}: {why}")
    for name, raw in (("created_at", created_at), ("undone_at", undone_at)):
        out[name] = _plain(raw)
    if damaged:
        out["damaged"] = "; ".join(damaged)
    return out
