"""The app's side of the players' phones (docs/phones.md): the phone server follows the Phones setting,
forwards each proposal typed on a phone to the UI thread, and is told after each command.

The server runs in a thread of its own; the session, like the widgets, belongs to the UI thread. So a
proposal from a phone is handed to the UI thread with ``Clock.schedule_once`` and the server's thread waits
for the answer on a Future; the app's session is published to the pages by a controller listener.
"""

from __future__ import annotations

import ipaddress
import logging
from concurrent.futures import Future, TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock

if TYPE_CHECKING:
    from companion.phones.service import PhoneService

log = logging.getLogger(__name__)

#: companion.phones.service.DEFAULT_PORT, written here so that the app's start does not load the phone
#: server (aiohttp) before the table switches the phones on (a test checks that the two agree).
DEFAULT_PORT = 8080


def lan_address() -> str:
    """The home-network address the server would listen on (companion.phones.server's, loaded now)."""
    from companion.phones.server import lan_address as address

    return address()

SUBMIT_TIMEOUT = 10.0  # seconds a phone's proposal waits for the UI thread (a frame takes milliseconds)


class PhonesLink:
    """Starts and stops the phone server with the setting. ``host``/``port``: where it listens (None: the
    home-network address; tests bind the loopback and port 0)."""

    host: str | None = None
    port: int = DEFAULT_PORT

    def __init__(self, app: Any) -> None:
        self.app = app
        self.service: PhoneService | None = None
        self.problem: str | None = None  # why the server could not start, for the phones screen
        self.no_network = False  # no home network to serve (the kiosk without install.sh --phones on)

    @property
    def running(self) -> bool:
        return self.service is not None and self.service.running

    def follow_settings(self) -> None:
        """On with the setting, off without it (nothing listens)."""
        if getattr(self.app.settings, "phones", False):
            self.start()
        else:
            self.stop()

    def start(self) -> None:
        if self.running:
            return
        from companion.phones.feed import SessionFeed
        from companion.phones.service import PhoneService

        host = self.host or lan_address()
        # Without a home network the address is the loopback: links no phone could open. Say so instead.
        self.no_network = self.host is None and ipaddress.ip_address(host).is_loopback
        if self.no_network:
            self.problem = None
            return
        controller = self.app.controller
        feed = SessionFeed(controller.session, submit=self.submit)
        self.service = PhoneService(feed)
        controller.listeners.append(self.publish)
        try:
            self.service.start(host, self.port)
            self.problem = None
        except (OSError, ValueError) as exc:  # a port in use, no home network: the game goes on without
            log.warning("phones: %s", exc)
            self.problem = str(exc)
            self.stop()

    def stop(self) -> None:
        controller = self.app.controller
        if self.publish in controller.listeners:
            controller.listeners.remove(self.publish)
        if self.service is not None:
            self.service.stop()
            self.service = None

    def publish(self, _answer: dict | None = None) -> None:
        """After each command (UI thread): the pages see the game now. The session may have been replaced
        (the log reopened), so the feed follows the controller's."""
        if self.service is None:
            return
        feed = self.service.feed
        feed.session = self.app.controller.session
        feed.publish()

    def submit(self, command: dict) -> dict:
        """From the server's thread: ``command`` (a phone's proposal) run on the UI thread, its answer."""
        done: Future = Future()

        def run(*_: Any) -> None:
            try:
                done.set_result(self.app.controller.ui().phone_command(self.app, command))
            except BaseException as exc:  # the server answers the phone; the safety net is for the table
                done.set_exception(exc)

        Clock.schedule_once(run, 0)
        try:
            return done.result(timeout=SUBMIT_TIMEOUT)
        except FutureTimeout:
            return {"ok": False, "error": {"code": "busy", "message": "the table did not answer in time"}}

    def links(self) -> dict[str, str]:
        return self.service.links() if self.running else {}

    def qr_png(self, player: str) -> bytes | None:
        return self.service.qr_png(player) if self.running else None


def phones_of(app: Any) -> PhonesLink:
    """The app's PhonesLink, made on first use (the app need not know of it until the setting is on)."""
    link = getattr(app, "phones", None)
    if link is None:
        link = PhonesLink(app)
        app.phones = link
    return link
