"""The games' own parts of the app, one package per game (companion/app/games/<game>/), each exposing
``UI`` (companion.app.game_ui.GameUI). The registry names them (companion.engine.registry); the shared
app never imports one by name."""
