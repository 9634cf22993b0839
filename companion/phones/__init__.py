"""Players' phones as private clue screens: a small web server on the home network (docs/phones.md).

Nothing here listens until :meth:`PhoneServer.start` is called. The server is one more adapter around
the game session: it shows each player :func:`player_view` of the state and forwards a player's typed
proposal to the session as a command; it never decides anything itself.
"""

import importlib

# The names below are loaded on first use (PEP 562): importing the package, or one of its light modules
# (the feed), must not load the web server's aiohttp (a quarter of a second of the app's start on this
# machine, more on a Pi) for a table that has not switched the phones on.
_WHERE = {
    "Feed": "feed", "LogFeed": "feed", "OwnedSessionFeed": "feed", "SessionFeed": "feed", "Snapshot": "feed",
    "qr_png": "qr", "qr_svg": "qr",
    "PhoneServer": "server", "RateLimit": "server", "lan_address": "server",
    "Limits": "gate", "connection_cap": "gate",
    "Reporter": "report",
    "PhoneService": "service",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value
