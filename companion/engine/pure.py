"""The rules object every game hands the platform, made of that game's pure functions.

A game writes its rules as plain functions (decide.py, apply.py, view.py); the session, the headless
driver and the checks over every game want one object with the methods of :class:`~companion.engine.core.Rules`.
:class:`PureRules` is that object once, so a game's ``__init__`` names its functions and adds only what is
its own (hooks, history's summary, a game's extra questions).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from companion.engine.core import Decision, Event

S = TypeVar("S")


class PureRules(Generic[S]):
    """The methods of :class:`~companion.engine.core.Rules` delegated to a game's functions.

    ``over`` says whether a state has ended (each game keeps its end in its own field). A subclass sets
    ``name`` and calls ``super().__init__`` with its functions; what it adds stays its own.
    """

    name: str

    def __init__(
        self,
        *,
        initial: Callable[[], S],
        start: Callable[[Mapping[str, Any]], Decision],
        decide: Callable[[S, Mapping[str, Any]], Decision],
        apply: Callable[[S, Event], S],
        view: Callable[[S], dict[str, Any]],
        player_view: Callable[[S, str], dict[str, Any] | None],
        over: Callable[[S], bool],
        describe: Callable[[S], str],
    ) -> None:
        self._initial = initial
        self._start = start
        self._decide = decide
        self._apply = apply
        self._view = view
        self._player_view = player_view
        self._over = over
        self._describe = describe

    def initial(self) -> S:
        return self._initial()

    def start(self, command: Mapping[str, Any]) -> Decision:
        return self._start(command)

    def decide(self, state: S, command: Mapping[str, Any]) -> Decision:
        return self._decide(state, command)

    def apply(self, state: S, event: Event) -> S:
        return self._apply(state, event)

    def view(self, state: S) -> dict[str, Any]:
        return self._view(state)

    def player_view(self, state: S, name: str) -> dict[str, Any] | None:
        """What one player may see of the game (the game's view.py says what, and when None)."""
        return self._player_view(state, name)

    def is_over(self, state: S) -> bool:
        return self._over(state)

    def describe(self, state: S) -> str:
        return self._describe(state)


class EventHandlers(Generic[S]):
    """A game's ``apply`` made of one function for each event type that changes the state: ``@HANDLERS.on(
    ev.Moved)`` names one; an event with none (a die told, a result announced) leaves the state as it is."""

    def __init__(self) -> None:
        self._by_type: dict[type[Event], Callable[[S, Event], S]] = {}

    def on(self, cls: type[Event]):
        def wrap(fn):
            self._by_type[cls] = fn
            return fn

        return wrap

    def apply(self, state: S, event: Event) -> S:
        handler = self._by_type.get(type(event))
        return handler(state, event) if handler else state


class EventCollector(Generic[S]):
    """Collects the events of one command and applies them as they come, so that what the command decides
    next sees the state after them. A game's subclass names its ``apply`` as ``play = staticmethod(apply)``."""

    play: Callable[[S, Event], S]

    def __init__(self, state: S) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = self.play(self.state, event)
