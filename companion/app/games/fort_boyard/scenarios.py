"""Games set up at each screen of the app, for screenshots and tests: Fort Boyard's own screens here (the
turn, the challenges, the Duel, the Énigme, the dive, the moments, Round 3, the Treasure room, the code
words, the phones), the shared ones in shared_scenarios.py, the games they start from in
scenario_games.py (whose names are importable from here, as before)."""

from __future__ import annotations

from typing import Callable

from companion.app.games.fort_boyard.scenario_games import (  # noqa: F401 (the tests' and other games' names)
    DOOR,
    NAMES,
    close_overlays,
    companion_words_game,
    fresh_game,
    frozen_hourglass,
    play,
    to_round_2,
    to_round_3,
    win,
)
from companion.app.games.fort_boyard.shared_scenarios import (
    _dice,
    _doctor,
    _error,
    _history,
    _home,
    _new_game,
    _new_game_saved,
    _settings,
)
from companion.app.scenario_kit import screen as _screen


def _turn(app, passe_partout: bool = False):
    fresh_game(app, players=6)
    if passe_partout:
        play(app, {"cmd": "land", "space": "passe_partout"})
    app.show_phase()


def _challenge(app, decks: str = "companion", players: int = 4):
    fresh_game(app, players=players, decks=decks)
    play(app, {"cmd": "land", "space": "concentration"})
    frozen_hourglass(app)
    app.show_phase()


def _duel(app, stage: str):
    fresh_game(app)
    if stage == "stake":
        to_round_2(app)
        play(app, {"cmd": "land", "space": "duel"})
    else:
        play(app, {"cmd": "land", "space": "duel"})
        if stage == "result":
            play(app, {"cmd": "opponent", "player": "Maximilien"})
            frozen_hourglass(app)
    app.show_phase()


def _duel_outcome(app):
    """Maximilien has won the duel against Marie-Christine: her key goes to him, Jean-Baptiste plays next."""
    fresh_game(app)
    play(app, *win())  # Marie-Christine has a key to lose
    play(app, {"cmd": "land", "space": "door"}, {"cmd": "land", "space": "door"},
         {"cmd": "land", "space": "door"}, {"cmd": "land", "space": "duel"},
         {"cmd": "opponent", "player": "Maximilien"})
    app.send({"cmd": "result", "winner": "Maximilien"})


def _enigme(app, stage: str):
    fresh_game(app)
    play(app, {"cmd": "land", "space": "enigme"})
    if stage == "sea":
        play(app, {"cmd": "result", "success": False})
    frozen_hourglass(app)
    app.show_phase()
    if stage == "revealed":  # the judge's finger held on the answer's strip
        screen = app.current_screen()
        screen.rebuild()  # laid out now: the strip is found in the screen's widgets
        strip = next(w for w in screen.walk() if getattr(w, "answer_hold", False))
        strip.state = "down"


def _dive(app):
    fresh_game(app, players=2)
    play(app, {"cmd": "land", "space": "enigme"}, {"cmd": "result", "success": False},
         {"cmd": "sea", "choice": "dive"}, DOOR)
    app.show_phase()


def _moment(app, round_: int):
    fresh_game(app)
    if round_ == 2:
        for _ in range(2):
            play(app, *win(), DOOR, DOOR, DOOR)
    else:
        to_round_2(app)
        play(app, *win(), {"cmd": "land", "space": "enigme"}, {"cmd": "stake", "stake": "key"},
             {"cmd": "result", "success": True}, DOOR, DOOR)
        play(app, *win(), DOOR, DOOR, DOOR)
    app.send(win()[0])
    app.send(win()[1])


def _proposal(app, again: bool):
    fresh_game(app)
    to_round_3(app)
    if again:
        for name in ("Jean-Baptiste", "Zoé", "Maximilien"):
            play(app, {"cmd": "propose", "player": name, "correct": True})
        play(app, {"cmd": "propose", "player": "Marie-Christine", "correct": False})
    app.show_phase()


def _everyone_in_the_treasure_room(app):
    fresh_game(app)
    to_round_3(app)
    for name in ("Jean-Baptiste", "Zoé", "Maximilien", "Marie-Christine"):
        play(app, {"cmd": "propose", "player": name, "correct": True})


def _treasure(app):
    _everyone_in_the_treasure_room(app)
    app.show_phase()
    screen = app.current_screen()
    screen.rebuild()
    screen.counts.update({"pebble": 1, "10": 3, "20": 1, "50": 1})
    screen.rebuild()


def _podium(app):
    _everyone_in_the_treasure_room(app)
    for name, draws, handful in (("Jean-Baptiste", 1, {"50": 2}), ("Zoé", 1, {"20": 3}),
                                 ("Maximilien", 1, {"10": 4}), ("Marie-Christine", 3, {"10": 1, "pebble": 1})):
        for _ in range(draws):
            play(app, {"cmd": "draw", "player": name, "tokens": handful})
    app.show_phase()


def _reveal(app, shown: bool):
    """Round 2 has just dealt the words: Marie-Christine's first clue waits, held (shown) or not."""
    companion_words_game(app)
    to_round_2(app)
    app.clue_reveals = []
    screen = app.sm.get_screen("reveal")
    screen.player = "Marie-Christine"
    app.go("reveal")
    if shown:
        screen.hold_button.state = "down"  # the finger on the button


def _my_clues_held(app):
    """Round 3: Jean-Baptiste holds his name and reads his four clues again."""
    companion_words_game(app)
    to_round_3(app)
    app.clue_reveals = []
    app.go("my_clues")
    app.current_screen().hold_buttons["Jean-Baptiste"].state = "down"


PROPOSED_WORD = {"fr": "éléphant", "en": "elephant"}


def _keyboard(app, verdict: bool = False):
    companion_words_game(app)
    to_round_3(app)
    app.clue_reveals = []
    app.show_phase()
    screen = app.current_screen()
    # A wrong guess in the table's language (an English screen showed the French "éléphant")
    for ch in PROPOSED_WORD.get(app.controller.tr.language, PROPOSED_WORD["en"]):
        screen.press(ch.upper())
    if verdict:
        screen.submit(app.controller.view["current"])


def _phones(app):
    from companion.app.phones_link import phones_of

    companion_words_game(app)
    link = phones_of(app)
    link.host, link.port = "127.0.0.1", 0
    link.start()
    app.sm.get_screen("phones").start_answer = None
    app.go("phones")


def _phones_held(app):
    """Zoé has tapped her name: her QR code alone is shown (for ten seconds)."""
    from companion.app.phones_link import phones_of

    _phones(app)
    app.current_screen().tap_name(phones_of(app), "Zoé")


SCENARIOS: dict[str, Callable[[object], str]] = {
    "home": _screen("home", _home),
    "home-notices": _screen("home", lambda app: _home(app, notices=True)),
    "new_game-players": _screen("new_game", lambda app: _new_game(app, 1)),
    "new_game-options": _screen("new_game", lambda app: _new_game(app, 2)),
    "new_game-code-words": _screen("new_game", lambda app: _new_game(app, 4, code_words=True)),
    "new_game-cards": _screen("new_game", lambda app: _new_game(app, 3)),
    "new_game-saved": _screen("new_game", _new_game_saved),
    "dice": _screen("dice", _dice),
    "turn": _screen("turn", _turn),
    "turn-passe_partout": _screen("turn", lambda app: _turn(app, True)),
    "challenge": _screen("challenge", _challenge),
    "challenge-physical": _screen("challenge", lambda app: _challenge(app, "physical")),
    "challenge-six": _screen("challenge", lambda app: _challenge(app, players=6)),  # the compact strip of six
    "duel-stake": _screen("duel", lambda app: _duel(app, "stake")),
    "duel-opponent": _screen("duel", lambda app: _duel(app, "opponent")),
    "duel-choose": _screen("duel", lambda app: _duel(app, "result")),
    "duel-result": _screen("duel_outcome", _duel_outcome),
    "enigme": _screen("enigme", lambda app: _enigme(app, "riddle")),
    "enigme-answer": _screen("enigme", lambda app: _enigme(app, "revealed")),
    "enigme-sea": _screen("enigme", lambda app: _enigme(app, "sea")),
    "dive": _screen("dive", _dive),
    "moment-round2": _screen("moment", lambda app: _moment(app, 2)),
    "moment-round3": _screen("moment", lambda app: _moment(app, 3)),
    "proposal": _screen("proposal", lambda app: _proposal(app, False)),
    "proposal-again": _screen("proposal", lambda app: _proposal(app, True)),
    "treasure": _screen("treasure", _treasure),
    "podium": _screen("podium", _podium),
    "settings": _screen("settings", lambda app: _settings(app, "game")),
    "history": _screen("history", lambda app: app.go("history")),
    "history-games": _screen("history", lambda app: _history(app, "history")),
    "history-game": _screen("history_game", lambda app: _history(app, "history_game")),
    "history-stats": _screen("history_stats", lambda app: _history(app, "history_stats")),
    "history-player": _screen("history_player", lambda app: _history(app, "history_player")),
    "history-shelf": _screen("history", lambda app: _history(app, "history", others=True)),
    "history-stats-chart": _screen("history_stats", lambda app: _history(app, "history_stats", page="side")),
    "history-stats-games": _screen("history_stats", lambda app: _history(app, "history_stats", others=True, game="*",
                                                                          page="side")),
    "history-stats-all": _screen("history_stats", lambda app: _history(app, "history_stats", others=True, game="*")),
    "history-stats-other": _screen("history_stats", lambda app: _history(app, "history_stats", others=True)),
    "history-game-other": _screen("history_game", lambda app: _history(app, "history_game", others=True)),
    "doctor": _screen("doctor", _doctor),
    "doctor-corners": _screen("doctor", lambda app: _doctor(app, corners=True)),
    "doctor-details": _screen("doctor", lambda app: _doctor(app, details=True)),
    "error": _screen("error", _error),
    "reveal-hidden": _screen("reveal", lambda app: _reveal(app, False)),
    "reveal-shown": _screen("reveal", lambda app: _reveal(app, True)),
    "my-clues": _screen("my_clues", lambda app: (companion_words_game(app), to_round_2(app), app.go("my_clues"))),
    "my-clues-held": _screen("my_clues", _my_clues_held),
    "keyboard": _screen("keyboard", _keyboard),
    "verdict": _screen("verdict", lambda app: _keyboard(app, verdict=True)),
    "phones-qr": _screen("phones", _phones),
    "phones-qr-held": _screen("phones", _phones_held),
}


def _hourglass(app, left: float | None) -> None:
    """The challenge with an hourglass at ``left`` seconds, stopped there (the same picture every time), or
    run out (``None``): the screen says "time up" until the next tap."""
    import time

    from companion.devices.ring.effects import Hourglass

    _challenge(app)
    seconds = app.settings.hourglass_seconds
    if left is None:
        app.ring._set(Hourglass(seconds, ends_at=time.monotonic() - 1.0, serial=999))
        app.hourglass_up()
    else:
        app.ring._set(Hourglass(seconds, ends_at=None, paused_remaining=left, serial=998))
        app.current_screen().rebuild()


def _duel_contest(app) -> None:
    """The duel's second step: the card contest chosen, the hourglass beside the buzzers."""
    _duel(app, "result")
    screen = app.current_screen()
    screen.duel_panel.choose("card")


def _rule_help(app) -> None:
    """The "?" of the challenge screen open on Concentration's rule."""
    _challenge(app)
    app.current_screen().show_rule("concentration")


SCENARIOS.update({
    "time-up": _screen("challenge", lambda app: _hourglass(app, None)),
    "hourglass-last10": _screen("challenge", lambda app: _hourglass(app, 7.0)),
    "duel-contest": _screen("duel", _duel_contest),
    "rule-help": _screen("challenge", _rule_help),
})


for _section in ("sound", "display", "hardware", "content", "system"):
    SCENARIOS[f"settings-{_section}"] = _screen("settings", lambda app, s=_section: _settings(app, s))
