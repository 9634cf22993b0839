"""Forfort in the app: its play screen (every fort as a 3×3 picture, two taps an action), the armies'
marches at the start of a turn, its standing strip, setup options, help, sounds and scenarios. The shared
app reaches it only through ``UI`` (companion.app.game_ui.GameUI), imported when a Forfort game is
started, resumed or shown."""

from companion.app.games.forfort.ui import UI  # noqa: F401
