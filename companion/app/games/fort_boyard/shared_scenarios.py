"""The shared screens (home, a new game's setup, the dice, settings, history, the hardware check, the
error screen) set up with Fort Boyard games in the log, for the scenarios of
companion/app/games/fort_boyard/scenarios.py: the first game's pictures of them keep their plain names."""

from __future__ import annotations

from companion.app.controller import PlayerSetup
from companion.app.games.fort_boyard.cards import DECK_KINDS
from companion.app.games.fort_boyard.scenario_games import NAMES, fresh_game, play, to_round_3
from companion.app.games.fort_boyard.ui import GAME, new_game
from companion.app.theme import PLAYER_COLOURS


def _home(app, notices: bool = False):
    fresh_game(app)
    from companion.app.scenarios import start_notices

    app.notices = start_notices() if notices else []
    app.go("home")


def _new_game(app, step: int, code_words: bool = False):
    fresh_game(app, players=3)  # a game in the log: "same players as last time" is offered
    app.ensure_game("fort-boyard")
    screen = app.sm.get_screen("new_game")
    screen.reset_form("fort-boyard")
    # issue 17: the companion's code words, Jean-Baptiste at the hard level (or the cards, the default)
    screen.form.code_words, screen.form.word_levels = ("companion", {"Jean-Baptiste": "hard"}) if code_words else ("cards", {})
    screen.rows = [{"name": n, "colour": PLAYER_COLOURS[i][0]} for i, n in enumerate(NAMES)]
    screen.step = step
    app.go("new_game")


def _new_game_saved(app):
    """A new table after a game: two empty rows and the log's players offered to pick."""
    fresh_game(app, players=4)
    screen = app.sm.get_screen("new_game")
    screen.reset_form("fort-boyard")
    screen.rows[0]["name"] = "Zoé"
    app.go("new_game")


def _dice(app):
    """Six players roll for who starts; the screenshot shows the rolls and the result, not the tumble."""
    app.sm.get_screen("dice").instant = True
    answer = fresh_game(app, players=6, first=None)
    app.after_new_game(answer)


def _settings(app, section: str) -> None:
    screen = app.sm.get_screen("settings")
    screen.section = section
    app.go("settings")


def _error(app):
    app.sm.get_screen("error").message = "turn: ValueError: an example of a failing screen"
    app.go("error")


def _family_games(app) -> None:
    """Three finished evenings in a fresh log, one name written two ways ('Zoé', 'zoe'), fixed dates."""
    fresh_game(app)
    finals = (
        (NAMES[:4], {"Jean-Baptiste": {"50": 2}, "Zoé": {"20": 3}, "Maximilien": {"10": 4}, "Marie-Christine": {"10": 1}}),
        (["Marie-Christine", "Jean-Baptiste", "zoe", "Maximilien"],
         {"Jean-Baptiste": {"10": 2}, "zoe": {"50": 2, "20": 1}, "Maximilien": {"pebble": 1}, "Marie-Christine": {"20": 2}}),
        (["Marie-Christine", "Anne", "Bob", "Zoé"],
         {"Anne": {"50": 1}, "Bob": {"20": 1}, "Zoé": {"10": 3}, "Marie-Christine": {"50": 2}}),
    )
    for n, (players, handfuls) in enumerate(finals):
        if n:
            setups = [PlayerSetup(name, PLAYER_COLOURS[i][0]) for i, name in enumerate(players)]
            new_game(app.controller, setups, players[0], "red", {d: "physical" for d in DECK_KINDS}, seed=4 + n)
        to_round_3(app)
        order = players[1:] + players[:1]  # Round 2's winner (the second seat) proposes first
        for name in order:
            play(app, {"cmd": "propose", "player": name, "correct": True})
        for name in order:
            while app.controller.view["current"] == name:
                play(app, {"cmd": "draw", "player": name, "tokens": handfuls[name]})
    db = app.controller.session.log.db  # an in-memory log of screenshots: give the games fixed evenings
    for game_id, start, end in ((1, "2026-02-14T18:05", "2026-02-14T18:52"), (2, "2026-03-01T15:30", "2026-03-01T16:11"),
                                (3, "2026-03-08T19:00", "2026-03-08T19:35")):
        db.execute("UPDATE games SET created_at=?, finished_at=? WHERE id=?",
                   (start + ":00.000+00:00", end + ":00.000+00:00", game_id))


def _history(app, screen: str, others: bool = False, game: str | None = None, page: str = "table") -> None:
    """The family's Fort Boyard evenings; with ``others``, a play of each other game after them, and the
    leaderboard on ``game`` (the shared ALL: every game) at its ``page`` (its table, else its chart or
    every game's buttons)."""
    _family_games(app)
    app.sm.get_screen("history_stats").game = game  # "*": the shared chip of every game
    app.sm.get_screen("history_stats").page = page
    app.sm.get_screen("history").game = "*"
    if others:
        from companion.app.scenarios import other_games_played

        played = other_games_played(app, but=GAME)
        if screen == "history_game" and played:
            app.sm.get_screen("history_game").game_id = played[-1]
            app.go(screen)
            return
    if screen == "history_game":
        app.sm.get_screen("history_game").game_id = 3
    if screen == "history_player":
        from companion.history.games import rename_player

        rename_player(app.controller.session.log, "Bob", "Robert")  # a rename that can be separated again
        app.sm.get_screen("history_player").player_key = "robert"
    app.go(screen)


def _doctor(app, corners: bool = False, details: bool = False) -> None:
    """The hardware check with fixed results (a Pi 5 whose ring has no SPI yet), its details page, or the
    corner test."""
    from companion.doctor import CHECKS, FAIL, PASS, SKIP, Result

    by_name = {c.name: c for c in CHECKS}
    screen = app.sm.get_screen("doctor")
    screen.auto_run, screen.running = False, False
    said = Result.said
    screen.results = [
        (by_name["board"], [said("board", PASS, "board_ok_for", model="Raspberry Pi 5 Model B Rev 1.0", wanted="pi5")]),
        (by_name["pins"], [said("pin factory", PASS, "pins_ok", factory="LGPIOFactory")]),
        (by_name["buzzers"], [said("buzzers", PASS, "buzzers_ok", n=6, pins="GPIO 4 (pin 7), GPIO 17 (pin 11), "
                                   "GPIO 27 (pin 13), GPIO 22 (pin 15), GPIO 5 (pin 29), GPIO 6 (pin 31)")]),
        (by_name["ring"], [said("LED ring", FAIL, "ring_failed", backend="spi", error="/dev/spidev0.0 does not "
                                "exist: turn SPI on (raspi-config > Interface Options > SPI) and reboot")]),
        (by_name["reader"], [said("RFID reader", SKIP, "reader_none")]),
        (by_name["sound"], [said("sound output", PASS, "sound_played", device="USB Audio", hostapi="ALSA", rate=48000,
                                 frames=28800)]),
        (by_name["log"], [said("game log", PASS, "log_ok", path="games.sqlite3", n=12)]),
    ]
    screen.corners = {"top-left": True, "top-right": True, "bottom-right": False, "bottom-left": False} if corners else None
    from companion.app.scenarios import start_notices

    app.notices = [n for n in start_notices() if n.key == "notice.ring"]  # the start said it too
    app.go("doctor")
    screen.open_details() if details else screen.close_details()  # (already on screen: no pre-enter)

