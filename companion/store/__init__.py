"""Durable storage: the game log (SQLite)."""

from companion.store.guard import APPLICATION_ID, DamagedLog, ForeignLog, LogError, set_aside
from companion.store.lock import LogInUse
from companion.store.log import GameLog, GameRecord, StoredCommand, default_db_path

__all__ = ["APPLICATION_ID", "DamagedLog", "ForeignLog", "GameLog", "GameRecord", "LogError", "LogInUse",
           "StoredCommand", "default_db_path", "set_aside"]
