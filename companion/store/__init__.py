"""Durable storage: the game log (SQLite)."""

from companion.store.guard import APPLICATION_ID, DamagedLog, ForeignLog, LogError, NewerLog, ReadOnlyLog, set_aside
from companion.store.lock import LogInUse
from companion.store.log import GameLog, GameRecord, default_db_path
from companion.store.rows import DamagedRow, StoredCommand

__all__ = ["APPLICATION_ID", "DamagedLog", "DamagedRow", "ForeignLog", "GameLog", "GameRecord", "LogError", "LogInUse",
           "NewerLog", "ReadOnlyLog", "StoredCommand", "default_db_path", "set_aside"]
