"""A game session: the rules engine and the game log together. What the headless driver and the app use.

Every command goes through :meth:`GameSession.handle`: it is decided by the pure rules, written to the
log and committed, and only then does the in-memory state move and the answer go out. A refused
command, or one that cannot be stored, changes nothing.
"""

from __future__ import annotations

import secrets
import sqlite3
from typing import Any, Callable, Mapping

from companion.engine import Refusal, event_from_json, event_to_json, rules_for
from companion.engine.values import plain_command
from companion.store import GameLog, LogError

NO_GAME_VIEW: dict[str, Any] = {
    "game": None,
    "round": None,
    "current": None,
    "stock_keys": None,
    "phase": "no_game",
    "expects": ["new"],
    "winners": [],
    "players": [],
    "game_id": None,
    "commands": 0,
    "can_undo": False,
    "last_command": None,
    "waiting_for": "a new game (new)",
}


def refusal(code: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"code": code, "message": message}}


class GameSession:
    """Holds the game shown at the table: its rules, its log and the state after each active command."""

    def __init__(self, log: GameLog, new_seed: Callable[[], int] = lambda: secrets.randbits(31),
                 words: Any = None) -> None:
        self.log = log
        self._new_seed = new_seed
        self._words = words  # CodeWordContent (companion/content/dealing.py), made on first use when None
        self.game_id: int | None = None
        self.rules: Any = None
        self._states: list[Any] = []  # state after each active command; [-1] is the current one
        self._commands: list[dict] = []
        self._redoable: Any = False  # the log's redoable command, cached between commands (False: not read)
        self.resume()

    # --- loading --------------------------------------------------------------------------------------

    def resume(self) -> None:
        """Rebuild the latest game from the log by replaying its events."""
        record = self.log.latest_game()
        self.game_id, self.rules, self._states, self._commands = None, None, [], []
        self._redoable = False
        if record is None:
            return
        try:
            rules = rules_for(record.game)
        except Refusal as exc:
            raise LogError(f"{self.log.path}: game {record.id}: {exc.message}") from exc
        state = rules.initial()
        states, commands = [], []
        for stored in self.log.active_commands(record.id):
            try:
                for e in stored.events:
                    state = rules.apply(state, event_from_json(e))
            except (ValueError, KeyError, TypeError) as exc:
                raise LogError(f"{self.log.path}: game {record.id}, command {stored.id}: {exc}") from exc
            states.append(state)
            commands.append(stored.command)
        self.game_id, self.rules, self._states, self._commands = record.id, rules, states, commands

    # --- the protocol ---------------------------------------------------------------------------------

    @property
    def commands(self) -> tuple[dict, ...]:
        """The accepted commands of the game's active line, ``new`` first."""
        return tuple(self._commands)

    @property
    def start_command(self) -> dict | None:
        """The ``new`` command of the game shown, as recorded (with the table's options)."""
        return self._commands[0] if self._commands else None

    @property
    def state(self) -> Any:
        return self._states[-1] if self._states else None

    def view(self) -> dict[str, Any]:
        """The current state as JSON, with what the session adds (game id, undo)."""
        if self.rules is None:
            return dict(NO_GAME_VIEW)
        view = self.rules.view(self.state)
        view.update(
            game_id=self.game_id,
            commands=len(self._commands),
            can_undo=len(self._commands) > 1,
            last_command=self._commands[-1] if len(self._commands) > 1 else None,
            waiting_for=self.rules.describe(self.state) if not self.rules.is_over(self.state) else None,
        )
        return view

    def redoable(self) -> dict | None:
        """The command redo would bring back (read from the log once after each command), or None."""
        if self._redoable is False:
            stored = self.log.redoable(self.game_id) if self.game_id is not None else None
            self._redoable = None if stored is None else stored.command
        return self._redoable

    def handle(self, command: Any) -> dict[str, Any]:
        """Answer one command: ``{"ok": true, "state", "events"}`` or ``{"ok": false, "error"}``."""
        self._redoable = False  # any command may change what redo brings back
        if not isinstance(command, Mapping) or not isinstance(command.get("cmd"), str):
            return refusal("bad_command", "A command must be a JSON object with a text field 'cmd'.")
        try:
            command = plain_command(command)  # NFC text, finite numbers, bounded: what may reach the log
            name = command["cmd"]
            if name == "state":
                return self._accepted([])
            if name == "new":
                return self._new(command)
            if name == "undo":
                return self._undo()
            if name == "redo":
                return self._redo()
            if self.rules is None:
                raise Refusal("no_game", f"{name}: no game in progress; start one with new.")
            command, verdict = self._judged(command)
            decision = self._with_deal(self.rules.decide(self.state, command))
            answer = self._record(decision.command, decision.events)
            if verdict is not None:
                answer["verdict"] = {**verdict, "correct": decision.command.get("correct", verdict["accepted"])}
            return answer
        except Refusal as exc:
            return {"ok": False, "error": exc.to_json()}
        except (sqlite3.Error, OSError) as exc:
            return refusal("storage_error", f"The game log could not record this command, nothing changed: {exc}.")

    # --- the companion's code words: content chosen and judged here, recorded by the rules -------------

    def words(self) -> Any:
        if self._words is None:
            from companion.content.dealing import CodeWordContent

            self._words = CodeWordContent()
        return self._words

    def _judged(self, command: Mapping[str, Any]) -> tuple[Mapping[str, Any], dict | None]:
        """A typed proposal (``word`` without ``correct``) judged by the answer matcher: the verdict goes
        into the command as ``accepted`` (so the log keeps it) and into the answer."""
        if command.get("cmd") != "propose" or not isinstance(command.get("word"), str) or "accepted" in command:
            return command, None
        code_word_of = getattr(self.rules, "code_word_of", None)
        name = command.get("player")
        card = code_word_of(self.state, name) if code_word_of and isinstance(name, str) else None
        if card is None or len(command["word"]) > 64:
            return command, None  # the rules refuse it with the reason
        accepted = self.words().judge(command["word"], card, self.state.language)
        return {**command, "accepted": accepted}, {"player": name, "word": command["word"], "accepted": accepted}

    def _with_deal(self, decision: Any) -> Any:
        """When the decision starts Round 2 with companion code words, the same command again with the
        words dealt from the packs: one command, one log row, so an undo takes back both."""
        state = self.state
        for e in decision.events:
            state = self.rules.apply(state, e)
        if getattr(state, "phase", None) != "deal" or decision.command.get("deal") is not None:
            return decision
        deal = self.words().deal(self.log, self.game_id, state)
        if deal is None:  # too few words in the packs: the game waits for a deal command (docs/headless.md)
            return decision
        return self.rules.decide(self.state, {**decision.command, "deal": deal})

    def phone_tokens(self) -> dict[str, str]:
        """The secret of each player's phone link for the game shown (recorded with its ``new``)."""
        tokens = (self.start_command or {}).get("phones")
        return dict(tokens) if isinstance(tokens, dict) else {}

    def _accepted(self, events: list[dict]) -> dict[str, Any]:
        return {"ok": True, "state": self.view(), "events": events}

    def _new(self, command: Mapping[str, Any]) -> dict[str, Any]:
        rules = rules_for(command.get("game", "fort-boyard"))
        cmd = dict(command)
        cmd.setdefault("game", rules.name)
        if cmd.get("seed") is None:
            cmd["seed"] = self._new_seed()  # recorded with the command: replay never rolls again
        decision = rules.start(cmd)
        recorded = dict(decision.command)
        recorded.pop("phones", None)  # a caller never chooses the secrets
        if recorded.get("code_words") == "companion":
            # Each player's phone link (docs/phones.md): new secrets for each game, kept in the log so that
            # a restart keeps the links working. 24 random bytes: 192 bits.
            recorded["phones"] = {name: secrets.token_urlsafe(24) for name in recorded["players"]}
        events = [event_to_json(e) for e in decision.events]
        game_id = self.log.new_game(rules.name, recorded, events)
        state = rules.initial()
        for e in decision.events:
            state = rules.apply(state, e)
        self.game_id, self.rules = game_id, rules
        self._states, self._commands = [state], [recorded]
        return self._accepted(events)

    def _record(self, command: Mapping[str, Any], events_: Any) -> dict[str, Any]:
        state = self.state
        for e in events_:
            state = self.rules.apply(state, e)
        events = [event_to_json(e) for e in events_]
        self.log.append(self.game_id, command, events, finished=self.rules.is_over(state))
        self._states.append(state)
        self._commands.append(dict(command))
        return self._accepted(events)

    def _undo(self) -> dict[str, Any]:
        if self.rules is None:
            raise Refusal("no_game", "No game in progress: nothing to undo.")
        if len(self._commands) <= 1:
            raise Refusal("nothing_to_undo", "Nothing to undo: the game has just started.")
        undone = self.log.undo(self.game_id)
        if undone is None:  # the log and memory disagree: trust the log
            self.resume()
            raise Refusal("nothing_to_undo", "Nothing to undo: the game has just started.")
        self._states.pop()
        self._commands.pop()
        self._redoable = False
        return self._accepted([{"type": "undone", "command": undone.command, "seq": undone.seq}])

    def _redo(self) -> dict[str, Any]:
        """Bring back the command undone most recently, when nothing was played since: its stored events
        are applied again (the rules are pure: the same state as before the undo, the same log row)."""
        if self.rules is None:
            raise Refusal("no_game", "No game in progress: nothing to redo.")
        stored = self.log.redoable(self.game_id)
        if stored is None:
            raise Refusal("nothing_to_redo", "Nothing to redo: nothing was undone, or a command was played since.")
        state = self.state
        try:
            for e in stored.events:
                state = self.rules.apply(state, event_from_json(e))
        except (ValueError, KeyError, TypeError) as exc:
            raise Refusal("nothing_to_redo", f"The undone command {stored.seq} cannot be applied again: {exc}.") from exc
        self.log.redo(self.game_id, finished=self.rules.is_over(state))
        self._states.append(state)
        self._commands.append(dict(stored.command))
        self._redoable = False
        return self._accepted([{"type": "redone", "command": stored.command, "seq": stored.seq}])
