"""What a game may do around its pure rules that needs the session (files, secrets, the log): the hooks'
base class, which does nothing. How a game package provides its own: docs/games/README.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

if TYPE_CHECKING:
    from companion.session import GameSession


class SessionHooks:
    """What a game may do around its pure rules that needs the session: files, secrets, the log. A rules
    object names its hooks' module in ``session_hooks`` (a module path defining ``Hooks``, a subclass
    made with the session's ``words``); without it the session uses these, which do nothing.
    How a game package provides them: docs/games/README.md."""

    def __init__(self, words: Any = None) -> None:
        self.words = words

    def started(self, recorded: dict[str, Any]) -> dict[str, Any]:
        """The ``new`` command as it will be recorded, with what the session adds (secrets)."""
        return recorded

    def judged(self, session: "GameSession", command: Mapping[str, Any]) -> tuple[Mapping[str, Any], Any]:
        """The command before the rules decide it, and a note for :meth:`answered` (None: nothing)."""
        return command, None

    def decided(self, session: "GameSession", decision: Any) -> Any:
        """The decision to record (the same one, or the command decided again with what was added)."""
        return decision

    def answered(self, answer: dict[str, Any], decision: Any, note: Any) -> dict[str, Any]:
        """The answer of an accepted command, with what the note adds."""
        return answer
