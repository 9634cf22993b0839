"""History, statistics and sharing results: finished games read back from the game log.

- :mod:`~companion.history.games` reads games (and records renames) from the log;
- :mod:`~companion.history.names` matches player names across games;
- :mod:`~companion.history.timeline` tells a game again; :mod:`~companion.history.stats` counts;
- :mod:`~companion.history.export` writes a BG Stats play, a CSV timeline or the raw log.
"""
