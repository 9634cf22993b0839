"""Knightmare games set up at each of its screens, for screenshots and tests (``companion shots``). Names
are long on purpose: the layout must hold the longest names a family types."""

from __future__ import annotations

from collections.abc import Callable

from companion.app.controller import PlayerSetup
from companion.app.scenario_kit import close_overlays, fresh_session, play
from companion.app.theme import PLAYER_COLOURS

GAME = "knightmare"
NAMES = ["Marie-Christine", "Jean-Baptiste", "Zoé", "Maximilien"]


def fresh_game(app, players: int = 4, bridge: int = 5) -> dict:
    """A new game in a fresh in-memory log, Marie-Christine first, seeded."""
    close_overlays()
    app.ensure_game(GAME)
    c = fresh_session(app)
    setups = [PlayerSetup(n, PLAYER_COLOURS[i][0]) for i, n in enumerate(NAMES[:players])]
    return c.start_game(GAME, setups, {"bridge": bridge}, first=NAMES[0], seed=4)


def _screen(name: str, setup: Callable[[object], None]) -> Callable[[object], str]:
    def prepare(app) -> str:
        close_overlays()
        setup(app)
        if app.sm.current != name:
            app.go(name)
        return name

    prepare.screen = name
    return prepare


def _turn(app) -> None:
    fresh_game(app)
    app.show_phase()


def _rolled(app) -> None:
    fresh_game(app)
    play(app, {"cmd": "adjust", "player": NAMES[0], "helmets": 3})
    screen = app.sm.get_screen("km_turn")
    screen.rolled = (screen._turn_key(), 3, "screen")
    app.show_phase()


def _card(app, present: bool = False) -> None:
    fresh_game(app)
    play(app, {"cmd": "move", "roll": 4})
    screen = app.sm.get_screen("km_card")
    # the same game each time: the card's picture must not keep the present's question
    screen.present_for = screen._key() if present else None
    app.show_phase()


def _fight(app) -> None:
    fresh_game(app)
    play(app, {"cmd": "move", "roll": 2}, {"cmd": "card", "kind": "challenge"})
    app.show_phase()


def _fight_dice(app, occupant: bool = False) -> None:
    """The table's own dice for a fight: the knight's die, or (its face tapped) the neighbour's."""
    _fight(app)
    screen = app.sm.get_screen("km_fight")
    screen.dice_for, screen.dice = screen._fight_key(), [(5, "table")] if occupant else []
    screen.rebuild()


def _spells(app) -> None:
    """Zoé holds two spells, Marie-Christine one; the spells and corrections screen."""
    fresh_game(app)
    play(app, {"cmd": "move", "roll": 2}, {"cmd": "card", "kind": "spell"},      # Marie-Christine
         {"cmd": "move", "roll": 3}, {"cmd": "card", "kind": "other"},           # Jean-Baptiste
         {"cmd": "move", "roll": 4}, {"cmd": "card", "kind": "spell"},           # Zoé
         {"cmd": "move", "roll": 1}, {"cmd": "card", "kind": "other"},           # Maximilien
         {"cmd": "move", "roll": 6}, {"cmd": "card", "kind": "other"},           # Marie-Christine
         {"cmd": "move", "roll": 5}, {"cmd": "card", "kind": "other"},           # Jean-Baptiste
         {"cmd": "move", "roll": 2}, {"cmd": "card", "kind": "spell"})           # Zoé
    app.sm.get_screen("km_spells").fixing = False
    app.go("km_spells")


def _spells_fix(app) -> None:
    """The same table on the page of corrections: each knight's object and place."""
    _spells(app)
    screen = app.sm.get_screen("km_spells")
    screen.fixing = True
    screen.rebuild()


def _verdict(app, won: bool) -> None:
    fresh_game(app)
    fight = {"cmd": "fight", "shield": 4, "helmets": 1, "roll": 5, "opponent_roll": 2} if won else \
        {"cmd": "fight", "shield": 9, "roll": 1, "opponent_roll": 6}
    play(app, {"cmd": "move", "roll": 2}, {"cmd": "card", "kind": "challenge"}, fight)
    # the picture shows the dice as they landed (a tumble caught halfway showed other faces than the sums)
    app.sm.get_screen("km_verdict").tapped = {"roll", "opponent_roll"}
    app.go("km_verdict")


def _escape(app) -> None:
    fresh_game(app)
    play(app, *[{"cmd": "dungeon"}] * 4)
    app.show_phase()


def _chamber(app, go_on: bool = False, continuing: bool = False) -> None:
    fresh_game(app)  # the options' bridge (5 by default): the same length on every picture
    play(app, {"cmd": "adjust", "player": NAMES[0], "helmets": 4}, {"cmd": "chamber"})
    if continuing or go_on:
        play(app, {"cmd": "answer", "correct": True})
    if go_on:
        v, screen = app.controller.view, app.sm.get_screen("km_chamber")
        screen.going_on = (screen.game_key(), v.get("turns"), v.get("answered"))
    app.show_phase()


def _podium(app) -> None:
    """Jean-Baptiste reaches the Throne (the options' 5); Zoé's bridge holds 2, Maximilien's 1,
    Marie-Christine's none."""
    fresh_game(app)
    right = {"cmd": "answer", "correct": True}
    play(app, {"cmd": "adjust", "player": NAMES[1], "helmets": 5},
         {"cmd": "dungeon"},                                       # Marie-Christine
         {"cmd": "chamber"}, right, right, {"cmd": "stop"},        # Jean-Baptiste: 2, three helmets left
         {"cmd": "chamber"}, right, right,                         # Zoé: 2, no helmet left: her turn ends
         {"cmd": "chamber"}, right, {"cmd": "stop"},               # Maximilien: 1
         {"cmd": "escape", "roll": 1},                             # Marie-Christine stays in the Dungeon
         right, right, right)                                      # Jean-Baptiste: 5, the Throne
    app.show_phase()


def _options(app, step: int = 2, help_open: bool = False) -> None:
    fresh_game(app, players=3)  # a game in the log: "same players as last time" is offered
    screen = app.sm.get_screen("new_game")
    screen.reset_form(GAME)
    screen.rows = [{"name": n, "colour": PLAYER_COLOURS[i][0]} for i, n in enumerate(NAMES)]
    screen.step = step
    app.go("new_game")
    if help_open:
        screen.form.explain()


SCENARIOS: dict[str, Callable[[object], str]] = {
    "turn": _screen("km_turn", _turn),
    "turn-rolled": _screen("km_turn", _rolled),
    "escape": _screen("km_turn", _escape),
    "card": _screen("km_card", _card),
    "present": _screen("km_card", lambda app: _card(app, present=True)),
    "fight": _screen("km_fight", _fight),
    "fight-dice": _screen("km_fight", _fight_dice),
    "fight-dice-occupant": _screen("km_fight", lambda app: _fight_dice(app, occupant=True)),
    "spells": _screen("km_spells", _spells),
    "spells-fix": _screen("km_spells", _spells_fix),
    "fight-won": _screen("km_verdict", lambda app: _verdict(app, True)),
    "fight-lost": _screen("km_verdict", lambda app: _verdict(app, False)),
    "chamber": _screen("km_chamber", _chamber),
    "chamber-continue": _screen("km_chamber", lambda app: _chamber(app, continuing=True)),
    "chamber-next": _screen("km_chamber", lambda app: _chamber(app, go_on=True)),
    "podium": _screen("podium", _podium),
    "knightmare-options": _screen("new_game", _options),
    "knightmare-options-rules": _screen("new_game", lambda app: _options(app, step=3, help_open=True)),  # each option explained
}
