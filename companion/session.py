"""A game session: the rules engine and the game log together. What the headless driver and the app use.

Every command goes through :meth:`GameSession.handle`: it is decided by the pure rules, written to the
log and committed, and only then does the in-memory state move and the answer go out. A refused
command, or one that cannot be stored, changes nothing.
"""

from __future__ import annotations

import importlib
import secrets
import sqlite3
from typing import Any, Callable, Mapping

from companion.engine import Refusal, default_game, event_to_json, events_of, rules_for
from companion.engine.values import plain_command
from companion.hooks import SessionHooks
from companion.replay import replayed
from companion.store import DamagedRow, GameLog, GameRecord

__all__ = ["NO_GAME_VIEW", "GameSession", "SessionHooks", "players_of", "refusal"]

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


def players_of(command: Mapping[str, Any] | None) -> list[str]:
    """The players' names of a recorded ``new`` command, in seating order: its ``players``, names or
    objects with a ``name`` (docs/games/README.md). Read without the game's rules, for the list of games
    in progress."""
    players = (command or {}).get("players")
    if not isinstance(players, list):
        return []
    names = [p.get("name") if isinstance(p, Mapping) else p for p in players]
    return [n for n in names if isinstance(n, str)]


class GameSession:
    """Holds the game shown at the table: its rules, its log and the state after each active command."""

    def __init__(self, log: GameLog, new_seed: Callable[[], int] = lambda: secrets.randbits(31),
                 words: Any = None) -> None:
        self.log = log
        self._new_seed = new_seed
        self._words = words  # the content the games' hooks deal from (their packs); None: each reads its own
        self._hooks: dict[str, SessionHooks] = {}
        self.game_id: int | None = None
        self.rules: Any = None
        self._states: list[Any] = []  # state after each active command; [-1] is the current one
        self._commands: list[dict] = []
        self._redoable: Any = False  # the log's redoable command, cached between commands (False: not read)
        self.damage: dict | None = None  # what resume found damaged in the log and did (see resume)
        self.resume()

    # --- loading --------------------------------------------------------------------------------------

    def resume(self, game_id: int | None = None) -> None:
        """Make a game current by replaying its events.

        Without ``game_id``: the game played most recently, what the app and a new process show on start.
        That never fails for what the log holds: the log is read as hostile input (an SD card fails row by
        row), the game resumes after its last command that reads and applies and the rows past it are
        taken out of its line, kept as they are (:meth:`GameLog.take_out`); a game that cannot be replayed
        at all is kept aside as damaged (:meth:`GameLog.keep_aside`) and no game is shown. :attr:`damage`
        then says what was found and done (the app shows it as a notice).

        With ``game_id``: that game, which must be in progress; else a :class:`Refusal` (``no_such_game``,
        ``game_finished``, ``game_abandoned``, ``unknown_game``, ``game_damaged``: a row of its line that
        does not read or apply, named) and the current game stays as it was, the log unchanged."""
        if game_id is None:
            self._show(None)
            self.damage = None
            record = self.log.latest_game()
            if record is not None:
                self._show(self._on_start(record))
            return
        if not isinstance(game_id, int) or isinstance(game_id, bool) or not 0 < game_id < 2**63:
            raise Refusal("bad_field", f"resume: game_id must be a game number, got {game_id!r}.")
        record = self.log.game(game_id)
        if record is None:
            raise Refusal("no_such_game", f"resume: there is no game {game_id} in the game log.")
        if record.status != "in_progress":
            raise Refusal(f"game_{record.status}",
                          f"resume: game {game_id} is {record.status}; only a game in progress can be resumed "
                          "(the games command lists them).")
        try:
            rules = rules_for(record.game)
        except Refusal as exc:
            raise Refusal(exc.code, f"resume: game {game_id}: {exc.message}") from exc
        states, commands, _, problem = replayed(self.log, rules, record.id)
        if problem or not states:
            raise Refusal("game_damaged", f"resume: game {game_id} cannot be replayed: "
                          f"{problem or 'it has no command'}. Nothing changed.")
        self._show((record.id, rules, states, commands))

    def _on_start(self, record: GameRecord) -> tuple[int, Any, list, list] | None:
        """The game ``record`` as the start shows it: replayed as far as it reads, or kept aside (None)."""
        try:
            rules = rules_for(record.game)
        except Refusal as exc:
            self._keep_aside(record.id, exc.message)
            return None
        states, commands, rows, problem = replayed(self.log, rules, record.id)
        if not states:
            self._keep_aside(record.id, problem or "it has no command")
            return None
        if problem:
            self._take_out(record.id, rows, problem)
        return record.id, rules, states, commands

    def _keep_aside(self, game_id: int, why: str) -> None:
        self.damage = {"game_id": game_id, "what": why, "resumed_at": None, "kept": self._written(
            lambda: self.log.keep_aside(game_id))}

    def _take_out(self, game_id: int, rows: list[int], why: str) -> None:
        self.damage = {"game_id": game_id, "what": why, "resumed_at": len(rows), "kept": self._written(
            lambda: self.log.take_out(game_id, rows))}

    def _written(self, change: Callable[[], Any]) -> bool:
        """Whether the log recorded what the damage changes (never on a log opened read-only: the phones'
        reader; the damage is then dealt with in memory, and again at each resume)."""
        if self.log.readonly:
            return False
        try:
            change()
            return True
        except (sqlite3.Error, OSError):
            return False

    def damage_text(self) -> str | None:
        """What :meth:`resume` found damaged and did, in English for terminals and the notice's detail."""
        if self.damage is None:
            return None
        d = self.damage
        done = (f"the game resumes after seq {d['resumed_at']}, the rows after it are kept in the log"
                if d["resumed_at"] else "the game is kept aside as damaged, its history intact")
        return f"{self.log.path}: game {d['game_id']}: {d['what']}; {done}" + (
            "" if d["kept"] else " (in memory only: the log was not changed)")

    def _show(self, loaded: tuple[int, Any, list, list] | None) -> None:
        self.game_id, self.rules, self._states, self._commands = loaded or (None, None, [], [])
        self._redoable = False

    def in_progress(self) -> list[dict[str, Any]]:
        """The games in progress (one per game kind at most), the most recently played first: game id,
        game, players' names in seating order, when last played (ISO 8601). Read from the log alone."""
        return [{"game_id": r.id, "game": r.game, "players": players_of(self.log.start_command(r.id)),
                 "last_played": r.updated_at} for r in self.log.in_progress()]

    def hooks(self, rules: Any = None) -> SessionHooks:
        """The session hooks of ``rules`` (the current game's by default), made once per game kind."""
        rules = rules or self.rules
        hooks = self._hooks.get(rules.name)
        if hooks is None:
            path = getattr(rules, "session_hooks", None)
            factory = importlib.import_module(path).Hooks if path else SessionHooks
            hooks = self._hooks[rules.name] = factory(self._words)
        return hooks
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
            try:
                stored = self.log.redoable(self.game_id) if self.game_id is not None else None
            except DamagedRow:  # an undone row that no longer reads: nothing redo can bring back
                stored = None
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
            if name == "games":
                return {"ok": True, "games": self.in_progress(), "state": self.view()}
            if name == "resume":
                if command.get("game_id") is None:  # resume() without a game is the start's, not a command's
                    raise Refusal("bad_field", "resume: game_id must be a game number (the games command lists them).")
                self.resume(command["game_id"])
                return self._accepted([])
            if self.rules is None:
                raise Refusal("no_game", f"{name}: no game in progress; start one with new.")
            hooks = self.hooks()
            command, note = hooks.judged(self, command)
            decision = hooks.decided(self, self.rules.decide(self.state, command))
            return hooks.answered(self._record(decision.command, decision.events), decision, note)
        except Refusal as exc:
            return {"ok": False, "error": exc.to_json()}
        except (sqlite3.Error, OSError) as exc:
            return refusal("storage_error", f"The game log could not record this command, nothing changed: {exc}.")
        except DamagedRow as exc:
            return refusal("log_damaged", f"The game log's row for this does not read, nothing changed: {exc}.")

    def phone_tokens(self) -> dict[str, str]:
        """The secret of each player's phone link for the game shown (recorded with its ``new``)."""
        tokens = (self.start_command or {}).get("phones")
        return dict(tokens) if isinstance(tokens, dict) else {}

    def _accepted(self, events: list[dict]) -> dict[str, Any]:
        return {"ok": True, "state": self.view(), "events": events}

    def _new(self, command: Mapping[str, Any]) -> dict[str, Any]:
        rules = rules_for(command.get("game", default_game()))
        cmd = dict(command)
        cmd.setdefault("game", rules.name)
        if cmd.get("seed") is None:
            cmd["seed"] = self._new_seed()  # recorded with the command: replay never rolls again
        decision = rules.start(cmd)
        recorded = dict(decision.command)
        recorded.pop("phones", None)  # a caller never chooses the secrets
        recorded = self.hooks(rules).started(recorded)
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
        over = self.rules.is_over(state)
        self.log.append(self.game_id, command, events, finished=over, summary=self._summary(state, over))
        self._states.append(state)
        self._commands.append(dict(command))
        return self._accepted(events)

    def _summary(self, state: Any, over: bool) -> dict | None:
        """A finished game's summary from its rules' ``summary(state)`` (winners, scores and the game's
        own figures), or None: the log reads winners and scores from the ``game_over`` event."""
        summary = getattr(self.rules, "summary", None)
        return summary(state) if over and summary is not None else None

    def _undo(self) -> dict[str, Any]:
        if self.rules is None:
            raise Refusal("no_game", "No game in progress: nothing to undo.")
        if len(self._commands) <= 1:
            raise Refusal("nothing_to_undo", "Nothing to undo: the game has just started.")
        undone = self.log.undo(self.game_id)
        if undone is None:  # the log and memory disagree: trust the log
            self._show(self._on_start(self.log.game(self.game_id)))
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
        try:
            stored = self.log.redoable(self.game_id)
        except DamagedRow as exc:
            raise Refusal("nothing_to_redo", f"Nothing to redo: the undone command does not read ({exc.what}).") from exc
        if stored is None:
            raise Refusal("nothing_to_redo", "Nothing to redo: nothing was undone, or a command was played since.")
        state = self.state
        try:
            for e in stored.events:
                state = self.rules.apply(state, events_of(self.rules)(e))
        except Exception as exc:  # noqa: BLE001 - the rules on events read from the log, as in resume
            raise Refusal("nothing_to_redo", f"The undone command {stored.seq} cannot be applied again: {exc}.") from exc
        over = self.rules.is_over(state)
        self.log.redo(self.game_id, finished=over, summary=self._summary(state, over))
        self._states.append(state)
        self._commands.append(dict(stored.command))
        self._redoable = False
        return self._accepted([{"type": "redone", "command": stored.command, "seq": stored.seq}])
