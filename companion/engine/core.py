"""Commands, events and refusals shared by every game's rules module."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Protocol, Sequence, TypeVar


class Refusal(Exception):
    """A command the rules do not accept; it changes nothing.

    ``code`` is stable and machine-readable (``not_your_turn``); ``message`` is a sentence for the person
    at the table.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


@dataclass(frozen=True)
class Event:
    """Something that happened in a game. Subclasses are frozen dataclasses registered by ``type``."""

    type: ClassVar[str] = "event"


_EVENT_TYPES: dict[str, type[Event]] = {}

E = TypeVar("E", bound=type[Event])


def register_event(cls: E) -> E:
    """Class decorator: make an event type known to :func:`event_from_json`."""
    name = cls.type
    if name in _EVENT_TYPES and _EVENT_TYPES[name] is not cls:
        raise ValueError(f"event type {name!r} is registered twice")
    _EVENT_TYPES[name] = cls
    return cls


def event_family(prefix: str):
    """The class decorator of one game's events: ``@family("started")`` makes the class a frozen
    dataclass of type ``prefix + "started"`` and registers it. The prefix keeps each game's names apart
    in a log that holds every game's events."""

    def named(name: str):
        def wrap(cls):
            cls.type = prefix + name
            return register_event(dataclass(frozen=True)(cls))

        return wrap

    return named


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


def event_to_json(event: Event) -> dict[str, Any]:
    """The event as a JSON-ready dict: ``{"type": ..., <fields>}``."""
    out: dict[str, Any] = {"type": event.type}
    for f in dataclasses.fields(event):
        out[f.name] = _plain(getattr(event, f.name))
    return out


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: _frozen(v) for k, v in value.items()}
    return value


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def event_from_json(data: Mapping[str, Any]) -> Event:
    """Rebuild an event written by :func:`event_to_json` (lists become tuples, objects stay dicts)."""
    try:
        cls = _EVENT_TYPES[data["type"]]
    except KeyError:
        raise ValueError(f"unknown event type {data.get('type')!r}") from None
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return cls(**{n: _frozen(data[n]) for n in names if n in data})


class EventTable:
    """The event types of one game, apart from every other game's: two games may both have a
    ``game_over``. A game registers its events with ``@TABLE.register`` and its rules object offers
    ``event_from_json = TABLE.from_json``; the session replays through it (the shared table of
    :func:`register_event` serves the games written before tables existed)."""

    def __init__(self) -> None:
        self._types: dict[str, type[Event]] = {}
        self._names: dict[type, tuple[str, ...]] = {}

    def register(self, cls: E) -> E:
        name = cls.type
        if name in self._types and self._types[name] is not cls:
            raise ValueError(f"event type {name!r} is registered twice")
        self._types[name] = cls
        return cls

    def from_json(self, data: Mapping[str, Any]) -> Event:
        """Rebuild an event written by :func:`event_to_json` (lists become tuples, objects stay dicts)."""
        try:
            cls = self._types[data["type"]]
        except KeyError:
            raise ValueError(f"unknown event type {data.get('type')!r}") from None
        names = self._names.get(cls)
        if names is None:
            names = self._names[cls] = tuple(f.name for f in dataclasses.fields(cls))
        return cls(**{n: _frozen(data[n]) for n in names if n in data})


def events_of(rules: Any):
    """How ``rules`` rebuilds its stored events: its own table's reader, else the shared table's."""
    return getattr(rules, "event_from_json", None) or event_from_json


T = TypeVar("T")


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed: ``dataclasses.replace`` without re-running
    ``__init__``, several times faster, which matters when a long game is replayed on a Pi. Only for
    dataclasses without ``__post_init__`` or init-only fields."""
    new = object.__new__(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    return new


@dataclass(frozen=True)
class Decision:
    """What the rules decided for an accepted command: the command as recorded and its events.

    ``command`` may differ from what was sent: the engine fills in what it chose (a seed, for instance),
    so that replaying the recorded command is deterministic.
    """

    command: Mapping[str, Any]
    events: Sequence[Event]


S = TypeVar("S")


class Rules(Protocol[S]):
    """What a game module provides. ``decide`` and ``apply`` are pure functions."""

    name: str

    def start(self, command: Mapping[str, Any]) -> Decision:
        """Decide the events that start a game from a ``new`` command (raises :class:`Refusal`)."""

    def initial(self) -> S:
        """The state before any event."""

    def decide(self, state: S, command: Mapping[str, Any]) -> Decision:
        """Decide the events of a command in ``state``, or raise :class:`Refusal`."""

    def apply(self, state: S, event: Event) -> S:
        """The state after ``event``."""

    def view(self, state: S) -> dict[str, Any]:
        """The state as a JSON-ready dict for clients."""

    def is_over(self, state: S) -> bool:
        """True when the game has ended."""
