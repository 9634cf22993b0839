"""Games set up at each screen of the app, for screenshots and tests. Names are long on purpose: the
layout must hold the longest names a family types."""

from __future__ import annotations

from typing import Callable

from companion.app.controller import DECK_KINDS, PlayerSetup
from companion.app.theme import PLAYER_COLOURS
from companion.session import GameSession
from companion.store import GameLog

NAMES = ["Marie-Christine", "Jean-Baptiste", "Zoé", "Maximilien", "Anne", "Bob"]


def fresh_game(app, players: int = 4, first: str | None = "Marie-Christine", decks: str = "companion") -> dict:
    """A new game in a fresh in-memory log, with the companion's own cards unless ``decks`` says not."""
    close_overlays()
    duel_screen = app.sm.get_screen("duel")
    kept = getattr(duel_screen, "buzzer_duel", None)
    if kept is not None:  # a duel of an earlier shot (same game id in a fresh log) starts afresh
        kept[1].close()
        duel_screen.buzzer_duel = None
    c = app.controller
    c.session.log.close()
    c.session = GameSession(GameLog(":memory:"), new_seed=lambda: 4)
    setups = [PlayerSetup(n, PLAYER_COLOURS[i][0]) for i, n in enumerate(NAMES[:players])]
    return c.new_game(setups, first, "red", {d: decks for d in DECK_KINDS}, seed=4)


def close_overlays() -> None:
    """Close what an earlier shot left open over the screens (a rule's help)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    for w in list(Window.children):
        if isinstance(w, ModalView):
            w.dismiss(animation=False)


def play(app, *commands: dict) -> dict:
    answer = {}
    for cmd in commands:
        answer = app.controller.send(cmd)
        assert answer["ok"], (cmd, answer)
    return answer


def win(space: str = "force") -> list[dict]:
    return [{"cmd": "land", "space": space}, {"cmd": "result", "success": True}]


DOOR = {"cmd": "land", "space": "door"}


def to_round_2(app) -> None:
    """Marie-Christine wins three keys while the others pass by the Door (4 players)."""
    for _ in range(2):
        play(app, *win(), DOOR, DOOR, DOOR)
    play(app, *win())


def to_round_3(app) -> None:
    """Round 2: everyone but Marie-Christine wins a key by riddle, then Jean-Baptiste collects his clues."""
    to_round_2(app)
    riddle_for_key = [{"cmd": "land", "space": "enigme"}, {"cmd": "stake", "stake": "key"},
                      {"cmd": "result", "success": True}]
    play(app, *riddle_for_key * 3, DOOR)
    play(app, *win(), DOOR, DOOR, DOOR)
    play(app, *win(), DOOR, DOOR, DOOR)
    play(app, *win())


def frozen_hourglass(app) -> None:
    """A full hourglass waiting to be started, so that screenshots are the same every time."""
    app.ring.hourglass(app.settings.hourglass_seconds, paused=True)


def _screen(name: str, setup: Callable[[object], None]) -> Callable[[object], str]:
    def prepare(app) -> str:
        close_overlays()  # a help or popup of the previous picture never lies over this one
        setup(app)
        return name

    return prepare


def _home(app, notices: bool = False):
    fresh_game(app)
    app.notices = start_notices() if notices else []
    app.go("home")


def start_notices() -> list:
    """What a first start on a Pi can report: SPI not yet on, a buzzer wire on a pin in use, a family pack
    without its licence line, a typo in config.toml (fixed texts, as the parts word them)."""
    from companion.notice import Notice

    return [
        Notice("notice.ring", "SPI NeoPixel: /dev/spidev0.0 does not exist: turn SPI on (raspi-config > "
               "Interface Options > SPI, or dtparam=spi=on in config.txt) and reboot"),
        Notice("notice.buzzers", "GPIOPinInUse: pin GPIO17 is already in use by <gpiozero.Button object on pin "
               "GPIO17, pull_up=True, is_active=False>"),
        Notice("notice.pack", "pack.toml: license is missing (CC-BY-4.0, or \"own\" for a family's own riddles)",
               {"pack": "family"}),
        Notice("notice.config", "/home/pi/.config/fort-boyard-companion/config.toml:12: ring.led_cuont: unknown "
               "key; did you mean led_count?"),
    ]


def _new_game(app, step: int, code_words: bool = False):
    fresh_game(app, players=3)  # a game in the log: "same players as last time" is offered
    screen = app.sm.get_screen("new_game")
    screen.reset_form()
    # issue 17: the companion's code words, Jean-Baptiste at the hard level (or the cards, the default)
    screen.code_words, screen.word_levels = ("companion", {"Jean-Baptiste": "hard"}) if code_words else ("cards", {})
    screen.rows = [{"name": n, "colour": PLAYER_COLOURS[i][0]} for i, n in enumerate(NAMES)]
    screen.step = step
    app.go("new_game")


def _dice(app):
    """Six players roll for who starts; the screenshot shows the rolls and the result, not the tumble."""
    app.sm.get_screen("dice").instant = True
    answer = fresh_game(app, players=6, first=None)
    app.after_new_game(answer)


def _turn(app, passe_partout: bool = False):
    fresh_game(app, players=6)
    if passe_partout:
        play(app, {"cmd": "land", "space": "passe_partout"})
    app.show_phase()


def _challenge(app, decks: str = "companion"):
    fresh_game(app, decks=decks)
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


def companion_words_game(app, players: int = 4) -> dict:
    """A new game whose code words the companion deals (issue 17), Jean-Baptiste at the hard level."""
    c = app.controller
    c.session.log.close()
    c.session = GameSession(GameLog(":memory:"), new_seed=lambda: 4)
    setups = [PlayerSetup(n, PLAYER_COLOURS[i][0]) for i, n in enumerate(NAMES[:players])]
    levels = {n: "hard" if n == "Jean-Baptiste" else "easy" for n in NAMES[:players]}
    return c.new_game(setups, "Marie-Christine", "red", {d: "companion" for d in DECK_KINDS}, seed=4,
                      code_words="companion", levels=levels)


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


def _keyboard(app, verdict: bool = False):
    companion_words_game(app)
    to_round_3(app)
    app.clue_reveals = []
    app.show_phase()
    screen = app.current_screen()
    for ch in "éléphant":
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
    """Zoé holds her name: her code alone is shown."""
    _phones(app)
    app.current_screen().hold_buttons["Zoé"].state = "down"


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
            app.controller.new_game(setups, players[0], "red", {d: "physical" for d in DECK_KINDS}, seed=4 + n)
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


def _history(app, screen: str) -> None:
    _family_games(app)
    if screen == "history_game":
        app.sm.get_screen("history_game").game_id = 3
    if screen == "history_player":
        from companion.history.games import rename_player

        rename_player(app.controller.session.log, "Bob", "Robert")  # a rename that can be separated again
        app.sm.get_screen("history_player").player_key = "robert"
    app.go(screen)


def _doctor(app, corners: bool = False) -> None:
    """The hardware check with fixed results (a Pi 5 whose ring has no SPI yet), or the corner test."""
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
    app.notices = [n for n in start_notices() if n.key == "notice.ring"]  # the start said it too
    app.go("doctor")


SCENARIOS: dict[str, Callable[[object], str]] = {
    "home": _screen("home", _home),
    "home-notices": _screen("home", lambda app: _home(app, notices=True)),
    "new_game-players": _screen("new_game", lambda app: _new_game(app, 1)),
    "new_game-options": _screen("new_game", lambda app: _new_game(app, 2)),
    "new_game-code-words": _screen("new_game", lambda app: _new_game(app, 3, code_words=True)),
    "dice": _screen("dice", _dice),
    "turn": _screen("turn", _turn),
    "turn-passe_partout": _screen("turn", lambda app: _turn(app, True)),
    "challenge": _screen("challenge", _challenge),
    "challenge-physical": _screen("challenge", lambda app: _challenge(app, "physical")),
    "duel-stake": _screen("duel", lambda app: _duel(app, "stake")),
    "duel-opponent": _screen("duel", lambda app: _duel(app, "opponent")),
    "duel-result": _screen("duel", lambda app: _duel(app, "result")),
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
    "doctor": _screen("doctor", _doctor),
    "doctor-corners": _screen("doctor", lambda app: _doctor(app, corners=True)),
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


def _settings(app, section: str) -> None:
    screen = app.sm.get_screen("settings")
    screen.section = section
    app.go("settings")


for _section in ("sound", "mix", "display", "hardware", "content", "system"):
    SCENARIOS[f"settings-{_section}"] = _screen("settings", lambda app, s=_section: _settings(app, s))
