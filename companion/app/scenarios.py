"""Every screen of the app set up for screenshots and tests: ``SCENARIOS`` (name -> a function that sets
the app at that screen and returns the screen's name), gathered from every game the companion can play
(``GameUI.scenarios``). A game sets up the shared screens too (home with a game in progress, the setup,
the podium, history), since they need one of its games in the log; the first game's keep the shared
screens' plain names, a later game's are named after it."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from companion.app.game_ui import playable_games, ui_for


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


def all_scenarios() -> dict[str, Callable[[object], str]]:
    """Every game's scenarios by name (a later game's name that is taken gets its game's id before it)."""
    found: dict[str, Callable[[object], str]] = {}
    for entry in playable_games():
        for name, prepare in ui_for(entry.id).scenarios().items():
            key = name if name not in found else f"{entry.id}-{name}"
            prepare.game, prepare.plain = entry.id, name
            found[key] = prepare
    return found


SCENARIOS: dict[str, Callable[[object], str]] = all_scenarios()


@lru_cache(maxsize=None)
def _own_screens(game: str) -> frozenset[str]:
    # The game's screen classes import Kivy's widgets: only once a picture is named (after the window's
    # size is set: ``companion shots`` configures Kivy after reading the scenarios' names).
    return frozenset(ui_for(game).screens())


def shot_name(scenario: str, profile: str, language: str) -> str:
    """The picture's file name of ``scenario`` at ``profile`` in ``language``: GAME-SCREEN-PROFILE-LANG.png
    for a game's own screen (``fort-boyard-turn-800x480-fr.png``), SCREEN-PROFILE-LANG.png for a shared one
    (``home-800x480-fr.png``)."""
    prepare = SCENARIOS[scenario]
    own = getattr(prepare, "screen", None) in _own_screens(prepare.game)
    stem = f"{prepare.game}-{prepare.plain}" if own else scenario
    return f"{stem}-{profile}-{language}.png"


def other_games_played(app, but: str, evening: str = "2026-03-15", limit: int = 400) -> list[int]:
    """One finished play of every other game the companion holds (``but`` excepted), each its rules'
    ``example_new`` played to its end by its autoplay, on fixed evenings after ``evening``: the history
    of a shelf of games, for the history's pictures. A game whose autoplay does not end within ``limit``
    commands is left out (abandoned). Returns the ids of the plays kept."""
    import importlib
    import random

    from companion.engine import rules_for

    session, kept = app.controller.session, []
    for entry in playable_games():
        if entry.id == but:
            continue
        rules = rules_for(entry.id)
        play = getattr(rules, "autoplay", None)
        if not callable(play):
            try:
                play = importlib.import_module(entry.rules + ".autoplay").legal_command
            except ImportError:
                continue
        answer = session.handle(rules.example_new(len(kept) + 3))
        view, rng = answer["state"], random.Random(1)
        for _ in range(limit):
            command = play(view, rng) if not view["winners"] else None
            if command is None:
                break
            answer = session.handle(command)
            view = answer["state"] if answer["ok"] else view
        if view["winners"]:
            kept.append(view["game_id"])
    db = session.log.db  # fixed evenings: the pictures never depend on today's date
    for n, game_id in enumerate(kept):
        start = f"{evening}T{17 + n}:00:00.000+00:00"
        db.execute("UPDATE games SET created_at=?, finished_at=? WHERE id=?", (start, start.replace(":00:00", ":40:00"), game_id))
    return kept
