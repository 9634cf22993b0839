"""What the shared app asks of a game: the :class:`GameUI` protocol, and where a game's UI is found.

The shell (home, setup, the die, the standing strip, the podium, history, settings, undo, help, the
error screen) is the same for every game; a game supplies its parts through the object its registry line
names (``GameEntry.ui``, a module exposing ``UI``). That module is imported only when a game of its kind
is started, resumed or shown (:func:`ui_for`): five games cost the app's start nothing
(``benchmarks.app_start``). The shell never imports a game by name.

No Kivy here."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol, Sequence

from companion.engine.registry import GAMES, GameEntry, game_entry

if TYPE_CHECKING:
    from companion.app.controller import Controller, PlayerSetup


@dataclass(frozen=True)
class Figure:
    """One figure of a player's standing or podium: an icon of the look (companion/app/look/svg), a
    value read from across the table, and what it counts in words (for the help and for screen readers)."""

    icon: str
    value: str
    label: str = ""
    faded: bool = False  # a slot not yet won (a key to come): drawn faint
    slots: int = 0  # drawn as this many icons, the first ``value`` ("2", or "1/4") bright, where the chip has room
    words: str = ""  # a catalogue key: the figure in words ("Sans clé") where the chip has room for them


class GameUI(Protocol):
    """A game's screens and words for the shared app."""

    id: str  # the registry's id
    timed_phases: tuple[str, ...]  # phases whose screen runs the hourglass (the ring waits full)

    def screens(self) -> Mapping[str, type]: ...  # screen name -> Screen class (BaseScreen's kind)

    def phase_screen(self, app: Any, view: Mapping[str, Any]) -> str: ...  # the screen of this moment

    def options_form(self, screen: Any) -> Any: ...  # the setup's options step (see OptionsForm below)

    def new_command(self, controller: "Controller", players: Sequence["PlayerSetup"],
                    options: Mapping[str, Any]) -> dict[str, Any]: ...  # the session's ``new`` command

    def options_of(self, start: Mapping[str, Any] | None) -> dict[str, Any]: ...  # a recorded game's options

    def standing(self, view: Mapping[str, Any], player: Mapping[str, Any]) -> list[Figure]: ...  # 2–3
    # The shell's one standing strip (companion/app/screens/chips.py) draws these figures for every game,
    # the current player's chip in their own colour. Optional beside it:
    #   figure_icon(name, colour) -> Widget | None   a game's own drawn icon for a figure (a game's drawn glyphs)
    #   chip_note(tr, view, player) -> str            a word beside the name where it fits (a team)
    # and a screen's ``chip_tapped(player)`` makes each chip a button (that player's sheet).

    def podium(self, view: Mapping[str, Any]) -> dict[str, tuple[int, Figure]]: ...  # name -> (score, figure)

    def score_words(self, tr: Callable[..., str], score: int) -> str: ...  # "120 Boyards"
    # Optional: podium_detail(tr, view, name) -> str   a player's points by source, shown under their total

    # The podium ceremony (companion/app/screens/podium.py). Both optional: the shell's defaults are coins
    # and its own plain line ("Zoé wins!", a tie, nobody), which names no game.
    ceremony_token: str  # the tokens that rain: one of companion.app.widgets.ceremony.TOKENS
    # Optional: ``ceremony_art``, the name of a backdrop of the look drawn behind the rain in place of the
    # spotlit stage (a game's own scene).

    def winner_line(self, tr: Any, view: Mapping[str, Any]) -> str: ...  # tr: the table's Translator (.language)

    # Optional: how many compact standing chips share a row in portrait (the shell's default: 4; a game
    # whose compact chips carry two figures asks for 3, so that no figure is drawn over the next initials).
    portrait_compact_columns: int

    def ring_event(self, app: Any, answer: Mapping[str, Any], colour_of: Callable[[str], Any]) -> bool: ...

    def phone_command(self, app: Any, command: dict) -> dict: ...  # a phone's command (docs/phones.md)

    def describe(self, tr: Callable[..., str], command: Mapping[str, Any]) -> str: ...  # undo's words

    def automatic(self, command: Mapping[str, Any]) -> bool: ...  # sent by the companion, undone with its cause

    def controller_part(self, controller: "Controller") -> Any: ...  # the game's share of the controller

    def scenarios(self) -> Mapping[str, Callable[[Any], str]]: ...  # shots and tests: name -> prepare

    def help(self, screen: Any, topic: str | None) -> None: ...  # the rule help "?" over ``screen``

    def after_answer(self, app: Any, before: Mapping[str, Any], answer: Mapping[str, Any]) -> str | None: ...

    def route(self, app: Any) -> str | None: ...  # a screen that comes before the phase's (a private reveal)

    def before_play(self, app: Any, answer: Mapping[str, Any]) -> bool: ...  # True: a screen shown first

    def on_key(self, app: Any, codepoint: str | None) -> bool: ...  # the game's keyboard shortcuts

    # Optional: on_buzzer(app, seat, at, pressed) -> None   a buzzer's press or release (seat: the player's
    # place at the table, at: seconds on the buzzers' clock), on the UI thread (companion.app.buzzer_feed)

    def bar_info(self, screen: Any) -> tuple[str, str | None]: ...  # the top bar's words and icon

    def bar_extra(self, screen: Any) -> Any: ...  # a game's own top bar button, or None

    # Optional: the game's own backdrop at this moment of ``view`` (its setup: an empty view), the name of
    # a PNG of the look (companion/app/look/png/<profile>/NAME.png); absent or None: the shell's own.
    # Shown only once the game is chosen (its setup, its play screens): the shared screens keep the shell's.
    def backdrop_art(self, view: Mapping[str, Any]) -> str | None: ...


def playable(entry: GameEntry) -> bool:
    """Whether ``entry``'s screens exist in this checkout (a game whose screens are still being written is
    not offered on home). Looked up without importing the game."""
    try:
        return importlib.util.find_spec(entry.ui) is not None
    except (ImportError, ValueError):  # its parent package is missing too
        return False


def playable_games() -> list[GameEntry]:
    return [g for g in GAMES if playable(g)]


def ui_for(game: str) -> GameUI:
    """The UI of ``game`` (its module imported now, once: Python keeps it), or a Refusal for an unknown id."""
    return importlib.import_module(game_entry(game).ui).UI


def games_in_progress(c: Any) -> list[dict]:
    """The games in progress, the most recently played first: the session's list (one per game kind),
    or the game on the table alone with a session that keeps one game at a time."""
    listed = getattr(c.session, "in_progress", None)
    if callable(listed):
        try:
            return [g for g in listed() if isinstance(g, dict)]
        except Exception:  # noqa: BLE001 (a log that cannot be read: the game on the table still shows)
            pass
    if not c.in_progress:
        return []
    v = c.view
    return [{"game_id": v.get("game_id"), "game": v["game"], "players": [p["name"] for p in v["players"]]}]
