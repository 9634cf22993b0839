"""Fort Boyard in the app: its screens (turn, challenge, duel, riddle, dive, the round's moments, the
proposal, the treasure, the code words), its share of the controller (cards), its setup options, its
scenarios for shots. The shared app reaches it only through ``UI`` (companion.app.game_ui.GameUI),
imported when a Fort Boyard game is started, resumed or shown."""

from companion.app.games.fort_boyard.ui import UI  # noqa: F401
