"""Pixies in the app: the score pad, the draft, the grids and the round's breakdown (issue 24)."""

from companion.app.games.pixies.ui import UI  # noqa: F401
