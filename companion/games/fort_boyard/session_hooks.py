"""What the session does for Fort Boyard around its pure rules: the companion's code words (dealt from
the content packs when Round 2 starts, typed proposals judged by the answer matcher) and the phones'
secrets. The rules cannot do this themselves: it reads content files and draws secrets.

The session finds this module through ``RULES.session_hooks`` (companion/session.py, :class:`SessionHooks`)
and imports it when a Fort Boyard game is played; the rules package itself never imports it.
"""

from __future__ import annotations

import secrets
from typing import Any, Mapping

from companion.session import SessionHooks


class Hooks(SessionHooks):
    def __init__(self, words: Any = None) -> None:
        self._words = words  # CodeWordContent (companion/content/dealing.py), made on first use when None

    def words(self) -> Any:
        if self._words is None:
            from companion.content.dealing import CodeWordContent

            self._words = CodeWordContent()
        return self._words

    def started(self, recorded: dict[str, Any]) -> dict[str, Any]:
        if recorded.get("code_words") == "companion":
            # Each player's phone link (docs/phones.md): new secrets for each game, kept in the log so that
            # a restart keeps the links working. 24 random bytes: 192 bits.
            recorded["phones"] = {name: secrets.token_urlsafe(24) for name in recorded["players"]}
        return recorded

    def judged(self, session: Any, command: Mapping[str, Any]) -> tuple[Mapping[str, Any], dict | None]:
        """A typed proposal (``word`` without ``correct``) judged by the answer matcher: the verdict goes
        into the command as ``accepted`` (so the log keeps it) and into the answer."""
        if command.get("cmd") != "propose" or not isinstance(command.get("word"), str) or "accepted" in command:
            return command, None
        code_word_of = getattr(session.rules, "code_word_of", None)
        name = command.get("player")
        card = code_word_of(session.state, name) if code_word_of and isinstance(name, str) else None
        if card is None or len(command["word"]) > 64:
            return command, None  # the rules refuse it with the reason
        accepted = self.words().judge(command["word"], card, session.state.language)
        return {**command, "accepted": accepted}, {"player": name, "word": command["word"], "accepted": accepted}

    def decided(self, session: Any, decision: Any) -> Any:
        """When the decision starts Round 2 with companion code words, the same command again with the
        words dealt from the packs: one command, one log row, so an undo takes back both."""
        state = session.state
        for e in decision.events:
            state = session.rules.apply(state, e)
        if getattr(state, "phase", None) != "deal" or decision.command.get("deal") is not None:
            return decision
        deal = self.words().deal(session.log, session.game_id, state)
        if deal is None:  # too few words in the packs: the game waits for a deal command (docs/headless.md)
            return decision
        return session.rules.decide(session.state, {**decision.command, "deal": deal})

    def answered(self, answer: dict[str, Any], decision: Any, note: dict | None) -> dict[str, Any]:
        if note is not None:
            answer["verdict"] = {**note, "correct": decision.command.get("correct", note["accepted"])}
        return answer
