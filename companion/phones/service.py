"""The app's handle on the players' phones: off until :meth:`PhoneService.start`, one link and one QR
code per player, stopped with the setting. The touchscreen stage builds on this (docs/phones.md).

    feed = SessionFeed(controller.session, submit=run_on_ui_thread)   # see SessionFeed
    controller.listeners.append(lambda answer: feed.publish())        # after each command
    phones = PhoneService(feed)
    phones.start()                 # the setting turned on: listens on the home network address
    phones.links()                 # {player: url}, for the new-game screen and the menu
    phones.qr_png("Ann")           # PNG bytes of Ann's link (Kivy CoreImage)
    phones.stop()                  # the setting turned off: nothing listens
"""

from __future__ import annotations

from companion.phones.feed import Feed
from companion.phones.qr import qr_png, qr_svg
from companion.phones.server import PhoneServer, is_local, lan_address

DEFAULT_PORT = 8080


class PhoneService:
    def __init__(self, feed: Feed) -> None:
        self.feed = feed
        self.server: PhoneServer | None = None

    @property
    def running(self) -> bool:
        return self.server is not None and self.server.running

    def start(self, host: str | None = None, port: int = DEFAULT_PORT) -> dict[str, str]:
        """Listen on ``host`` (default: this machine's home-network address) and return the links.
        Raises ValueError for an address outside the home network, OSError when it cannot listen."""
        host = host or lan_address()
        if not is_local(host):
            raise ValueError(f"{host} is not an address of this machine or of a home network")
        self.stop()
        self.server = PhoneServer(self.feed, host, port).start()
        return self.links()

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None

    def links(self) -> dict[str, str]:
        """Each player's link, in seating order; empty while stopped or for a game with the cards."""
        return self.server.urls() if self.running else {}

    def qr_png(self, player: str, scale: int = 8) -> bytes | None:
        url = self.links().get(player)
        return qr_png(url, scale) if url else None

    def qr_svg(self, player: str, scale: int = 8) -> str | None:
        url = self.links().get(player)
        return qr_svg(url, scale) if url else None
