"""Knightmare (Le Chevalier du Labyrinthe) in the app: its screens (the labyrinth's move with the die and
the helmets, the card drawn, the fight and its verdict, the Dungeon's escape, the Chamber of Merlin with
the bridge and the question), its setup options, its standing and podium figures. The shared app
reaches it only through ``UI`` (companion.app.game_ui.GameUI)."""

from companion.app.games.knightmare.ui import UI  # noqa: F401
