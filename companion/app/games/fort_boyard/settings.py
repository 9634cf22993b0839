"""Fort Boyard's own settings (companion.app.game_settings): the hourglass of its timed challenges and
its two house rules. The settings screen shows them under the game's name, never as shared settings."""

from __future__ import annotations

from companion.app.game_settings import GameSetting

SETTINGS = (
    GameSetting("hourglass_seconds", "settings.label.hourglass",
                lambda tr, v: tr("settings.seconds", seconds=v), stepped=True),
    GameSetting("duel_clue_to_opponent", "settings.house_duel", lambda tr, v: tr("settings.house_duel." + v)),
    GameSetting("prison_carries_over", "settings.house_prison"),
)
