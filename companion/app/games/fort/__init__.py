"""Fort (the kids' deck-builder) in the app: the leader's turn as a strip of steps, the follow window
(buttons or buzzers), each player's sheet (points, level, secret made-up rules), the rule and perk
picker, the scoring wizard, the icon glossary, its setup options and scenarios. The shared app reaches it
only through ``UI`` (companion.app.game_ui.GameUI)."""

from companion.app.games.fort.ui import UI  # noqa: F401
