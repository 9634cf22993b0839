"""Between the screens and the game session: commands in, state out, plus what the table chose at the
start (colours, the game's options). A game's own share (its decks and cards drawn, say) is its
``controller_part`` (companion.app.game_ui), reached as :attr:`Controller.game_part`. No Kivy here, so it
is tested on its own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from companion.app.table.language import Translator
from companion.app.settings import Settings
from companion.app.theme import PLAYER_COLOURS
from companion.session import GameSession


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    colour: str  # a name from theme.PLAYER_COLOURS


class Controller:
    """Sends commands to the session and keeps what the screens need to draw the game."""

    def __init__(self, session: GameSession, settings: Settings, library: Any = None,
                 tr: Translator | None = None) -> None:
        self.session = session
        self.settings = settings
        self.library = library
        self.tr = tr or Translator(settings.language)
        self.listeners: list[Callable[[dict], None]] = []
        self._parts: dict[str, Any] = {}  # game id -> that game's share of the controller

    # --- state -------------------------------------------------------------------------------------

    @property
    def view(self) -> dict[str, Any]:
        return self.session.view()

    @property
    def in_progress(self) -> bool:
        v = self.view
        return v["game"] is not None and v["phase"] != "over"

    @property
    def table(self) -> dict[str, Any]:
        """The table's options recorded with the game's ``new`` command."""
        start = self.session.start_command or {}
        return start.get("table", {})

    def colour_of(self, name: str) -> str:
        colours = self.table.get("colours", {})
        if name in colours:
            return colours[name]
        names = [p["name"] for p in self.view["players"]]
        i = names.index(name) if name in names else 0
        return PLAYER_COLOURS[i % len(PLAYER_COLOURS)][0]

    @property
    def game(self) -> str | None:
        """The id of the game on the table (None before the first game)."""
        return self.view.get("game")

    def ui(self, game: str | None = None) -> Any:
        """The UI of ``game`` (default: the game on the table), or None when there is no game."""
        game = game or self.game
        if game is None:
            return None
        from companion.app.game_ui import ui_for

        return ui_for(game)

    @property
    def game_part(self) -> Any:
        """The share of the controller that belongs to the game on the table (its cards, its decks...)."""
        game = self.game
        if game is None:
            return None
        if game not in self._parts:
            self._parts[game] = self.ui(game).controller_part(self)
        return self._parts[game]

    # --- commands ----------------------------------------------------------------------------------

    def send(self, command: dict[str, Any]) -> dict[str, Any]:
        """Send a command; after it, draw the companion's card when this turn needs one."""
        answer = self.session.handle(command)
        part = self.game_part if answer["ok"] else None
        follow = getattr(part, "follow_up", None)
        if follow is not None:  # what the companion does itself after it (draw its own card)
            then = follow()
            if then is not None and then["ok"]:
                answer = {**then, "events": answer["events"] + then["events"]}
        for listener in list(self.listeners):
            listener(answer)
        return answer

    def start_game(self, game: str, players: Sequence[PlayerSetup], options: Mapping[str, Any],
                   first: str | None = None, seed: int | None = None) -> dict[str, Any]:
        """A new game of ``game``: its ``new`` command from the players and the game's options
        (``GameUI.new_command``), who starts when the table chose, the seed for tests."""
        cmd = self.ui(game).new_command(self, list(players), options)
        if first:
            cmd["first"] = first
        if seed is not None:
            cmd["seed"] = seed
        return self.send(cmd)

    def undo(self) -> dict[str, Any]:
        """Take back the last thing the table did; a card the companion drew goes with what caused it."""
        answer = self.session.handle({"cmd": "undo"})
        if answer["ok"] and self._automatic(answer["events"][0]["command"]):
            again = self.session.handle({"cmd": "undo"})
            if again["ok"]:
                answer = again
        for listener in list(self.listeners):
            listener(answer)
        return answer

    def redo(self) -> dict[str, Any]:
        """Bring back what undo took back; a card the companion drew comes back with what caused it."""
        answer = self.session.handle({"cmd": "redo"})
        if answer["ok"] and self._automatic(self.session.redoable() or {}):
            again = self.session.handle({"cmd": "redo"})
            if again["ok"]:
                answer = again
        for listener in list(self.listeners):
            listener(answer)
        return answer

    def redo_label(self) -> str | None:
        """What redo would bring back, in words; None when there is nothing to redo."""
        if self.view.get("game") is None:
            return None
        cmd = self.session.redoable()
        return None if cmd is None else self.describe(cmd)

    def undo_label(self) -> str | None:
        """What undo would take back, in words; None when nothing can be undone."""
        v = self.view
        last = v.get("last_command")
        if not v.get("can_undo") or not last:
            return None
        if self._automatic(last):
            commands = self.session.commands
            last = commands[-2] if len(commands) > 2 else last
        return self.tr("common.undo", what=self.describe(last))

    def describe(self, cmd: dict[str, Any]) -> str:
        """A command in the table's words (undo's and redo's labels): the game's words for its commands."""
        if cmd.get("cmd") == "new":
            return self.tr("undo.new")
        ui = self.ui()
        return ui.describe(self.tr, cmd) if ui is not None else str(cmd.get("cmd") or "?")

    def _automatic(self, cmd: Mapping[str, Any]) -> bool:
        """A command the companion sent itself after the table's (a card drawn): undone with its cause."""
        ui = self.ui()
        return bool(ui is not None and cmd and ui.automatic(cmd))

    def enabled_packs(self) -> list[str]:
        """The content packs the table uses (all valid ones but those switched off in settings)."""
        if self.library is None:
            return []
        return [p.id for p in self.library.packs if p.id not in self.settings.disabled_packs]
