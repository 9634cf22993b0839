"""Buzzer presses for the game on screen: every clean change of the app's buzzers (``app.buzzer_hardware``)
is posted to Kivy's thread, then handed to the current game's UI when it has ``on_buzzer(app, seat, at,
pressed)`` (companion.app.game_ui.GameUI). Hardware threads never touch widgets or the session; a game
reacts to buttons without opening hardware itself. A duel that arbitrates presses opens its own."""

from __future__ import annotations

from typing import Any, Callable


def kivy_post(fn: Callable[[], None]) -> None:
    from kivy.clock import Clock

    Clock.schedule_once(lambda _dt: fn(), 0)


def deliver(app: Any, seat: int, at: float, pressed: bool) -> None:
    """On the UI thread: the change to the game on screen (a game without the hook ignores buttons)."""
    ui = app.controller.ui()
    hook = getattr(ui, "on_buzzer", None)
    if hook is not None:
        hook(app, seat, at, pressed)


def start(app: Any, post: Callable[[Callable[[], None]], None] = kivy_post) -> Callable[[], None]:
    """Feed the app's buzzers to its games from now on; returns what stops it (nothing to stop without
    buzzers)."""
    hardware = getattr(app, "buzzer_hardware", None)
    if hardware is None:
        return lambda: None

    def change(seat: int, at: float, pressed: bool) -> None:  # on a hardware thread
        post(lambda: deliver(app, seat, at, pressed))

    stops = [source.subscribe(change) for source in hardware.sources]
    return lambda: [stop() for stop in stops]
