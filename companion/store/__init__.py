"""Durable storage: the game log (SQLite)."""

from companion.store.log import GameLog, GameRecord, LogError, StoredCommand, default_db_path

__all__ = ["GameLog", "GameRecord", "LogError", "StoredCommand", "default_db_path"]
