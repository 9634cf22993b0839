"""Players' phones as private clue screens: a small web server on the home network (docs/phones.md).

Nothing here listens until :meth:`PhoneServer.start` is called. The server is one more adapter around
the game session: it shows each player :func:`player_view` of the state and forwards a player's typed
proposal to the session as a command; it never decides anything itself.
"""

from companion.phones.feed import Feed, LogFeed, OwnedSessionFeed, SessionFeed, Snapshot
from companion.phones.qr import qr_png, qr_svg
from companion.phones.server import PhoneServer, RateLimit, lan_address
from companion.phones.service import PhoneService

__all__ = ["Feed", "LogFeed", "OwnedSessionFeed", "PhoneServer", "PhoneService", "RateLimit", "SessionFeed", "Snapshot", "lan_address", "qr_png",
           "qr_svg"]
