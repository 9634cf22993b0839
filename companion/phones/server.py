"""The phone server: aiohttp in its own thread with its own asyncio loop, beside Kivy's (never blocking
it), live updates by server-sent events, one secret link per player (docs/phones.md).

Routes (``TOKEN`` is a player's secret; anything else, or a wrong or old token, is the same bare 404):

- ``GET /p/TOKEN``: the player's page;
- ``GET /p/TOKEN/events``: their :func:`player_view` now and after each change (``text/event-stream``);
- ``POST /p/TOKEN/propose`` ``{"word": TEXT}``: their code word, only at their turn to propose.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
import socket
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from companion.phones.feed import Feed
from companion.phones.page import render, texts

MAX_WORD = 64
MAX_STREAMS = 64
"""Open live pages at most: six players with a few tabs each, and no more for a misbehaving client."""
HEARTBEAT_S = 25.0
"""A comment line on each live page this often, so that phones and routers keep the connection open."""

HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the link carries the secret: never send it on
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
                               "connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'",
}


@dataclass(frozen=True)
class RateLimit:
    """A token bucket per client address: ``burst`` requests at once, then ``per_second``."""

    burst: float = 30.0
    per_second: float = 5.0
    addresses: int = 1024  # the buckets kept; the oldest go first


class _Buckets:
    def __init__(self, limit: RateLimit) -> None:
        self.limit = limit
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, address: str, now: float) -> bool:
        level, then = self._buckets.pop(address, (self.limit.burst, now))
        level = min(self.limit.burst, level + (now - then) * self.limit.per_second)
        allowed = level >= 1.0
        self._buckets[address] = (level - 1.0 if allowed else level, now)
        while len(self._buckets) > self.limit.addresses:
            self._buckets.popitem(last=False)
        return allowed


def lan_address() -> str:
    """This machine's address on the home network (the one its default route leaves by). Connecting a UDP
    socket sends nothing; without a network, the loopback."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only consulted
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def _not_found() -> web.Response:
    return web.Response(status=404, text="Not found", headers=HEADERS)


class PhoneServer:
    """Serves the players' pages of ``feed``'s game on ``host``:``port`` (0: a free port) once started."""

    def __init__(self, feed: Feed, host: str = "127.0.0.1", port: int = 0, rate: RateLimit = RateLimit(),
                 public_host: str | None = None) -> None:
        self.feed = feed
        self.host, self.port = host, port
        self.public_host = public_host
        self._buckets = _Buckets(rate)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stopping: asyncio.Event | None = None
        self._changed: asyncio.Event | None = None
        self._version = 0  # publications seen by the loop: a live page compares it with what it sent
        self._streams = 0

    # --- life ----------------------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, timeout: float = 10.0) -> "PhoneServer":
        """Listen now (returns once listening; raises OSError when the address cannot be used)."""
        if self.running:
            return self
        self._ready.clear()
        self._error = None
        self._thread = threading.Thread(target=self._run, name="phones-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError(f"the phone server did not start within {timeout:.0f} s")
        if self._error is not None:
            self._thread.join()
            self._thread = None
            raise self._error
        self.feed.subscribe(self._on_change)
        return self

    def stop(self, timeout: float = 10.0) -> None:
        """Close every connection and stop listening."""
        self.feed.unsubscribe(self._on_change)
        if self._loop is not None and self.running:
            self._loop.call_soon_threadsafe(self._stopping.set)
            self._thread.join(timeout)
        self._thread = None

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._serve())
        except BaseException as exc:  # a bind error reaches start(); anything later ends the thread only
            self._error = exc
            self._ready.set()
        finally:
            loop.close()

    async def _serve(self) -> None:
        self._stopping, self._changed = asyncio.Event(), asyncio.Event()
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        app.router.add_get("/p/{token}", self._page)
        app.router.add_get("/p/{token}/events", self._events)
        app.router.add_post("/p/{token}/propose", self._propose)
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port, reuse_address=True)
            await site.start()
            self.port = site._server.sockets[0].getsockname()[1]
            self._ready.set()
            await self._stopping.wait()
        finally:
            self._changed.set()  # live pages end
            await runner.cleanup()

    def _on_change(self) -> None:
        """From the feed, in any thread: wake the live pages."""
        loop = self._loop
        if loop is not None and self.running:
            loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        self._version += 1
        changed, self._changed = self._changed, asyncio.Event()
        changed.set()

    # --- links ---------------------------------------------------------------------------------------

    def base_url(self) -> str:
        host = self.public_host or self.host
        if host in ("0.0.0.0", "::", ""):
            host = lan_address()
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}"

    def urls(self) -> dict[str, str]:
        """Each player's link to their page, in seating order (empty when the game has no phone links)."""
        snap = self.feed.snapshot()
        names = [p.name for p in getattr(snap.state, "players", ())]
        return {n: f"{self.base_url()}/p/{snap.tokens[n]}" for n in names if n in snap.tokens}

    # --- requests ------------------------------------------------------------------------------------

    @web.middleware
    async def _guard(self, request: web.Request, handler) -> web.StreamResponse:
        if not self._buckets.allow(request.remote or "?", time.monotonic()):
            return web.Response(status=429, text="Too many requests", headers={**HEADERS, "Retry-After": "1"})
        try:
            response = await handler(request)
        except web.HTTPException as exc:  # unknown paths and methods: the same bare answer, no detail
            return _not_found() if exc.status in (404, 405) else web.Response(status=exc.status, headers=HEADERS)
        return response

    def _player(self, request: web.Request) -> tuple[str, dict[str, Any]] | None:
        """The player whose secret is in the path, and their view; None for any other token. Every secret
        is compared, in constant time, whatever matches."""
        given = request.match_info.get("token", "").encode()
        snap = self.feed.snapshot()
        found = None
        for name, secret in snap.tokens.items():
            if hmac.compare_digest(given, str(secret).encode()) and found is None:
                found = name
        view = snap.player_view(found) if found is not None else None
        return (found, view) if view is not None else None

    async def _page(self, request: web.Request) -> web.StreamResponse:
        who = self._player(request)
        if who is None:
            return _not_found()
        return web.Response(text=render(who[1]), content_type="text/html", charset="utf-8", headers=HEADERS)

    async def _events(self, request: web.Request) -> web.StreamResponse:
        who = self._player(request)
        if who is None:
            return _not_found()
        if self._streams >= MAX_STREAMS:
            return web.Response(status=503, text="Busy", headers={**HEADERS, "Retry-After": "5"})
        name, view = who
        seen = self._version
        game_id = self.feed.snapshot().game_id
        response = web.StreamResponse(headers={**HEADERS, "Content-Type": "text/event-stream", "X-Accel-Buffering": "no"})
        self._streams += 1
        try:
            await response.prepare(request)
            await response.write(b"retry: 2000\ndata: " + _json(view) + b"\n\n")
            sent = view
            while not self._stopping.is_set():
                if self._version == seen:  # else a change came while this page was being written to
                    try:
                        await asyncio.wait_for(self._changed.wait(), HEARTBEAT_S)
                    except asyncio.TimeoutError:
                        await response.write(b": still here\n\n")
                        continue
                seen = self._version
                snap = self.feed.snapshot()
                view = snap.player_view(name) if snap.game_id == game_id and name in snap.tokens else None
                if view is None:  # a new game: this link is old now
                    await response.write(b"event: gone\ndata: {}\n\n")
                    break
                if view != sent:
                    await response.write(b"data: " + _json(view) + b"\n\n")
                    sent = view
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self._streams -= 1
        return response

    async def _propose(self, request: web.Request) -> web.StreamResponse:
        who = self._player(request)
        if who is None:
            return _not_found()
        name, view = who
        t = texts(view.get("language"))
        try:
            body = await request.json()
            word = body.get("word") if isinstance(body, dict) else None
        except (ValueError, UnicodeDecodeError):
            word = None
        if not isinstance(word, str) or not word.strip() or len(word) > MAX_WORD:
            return _answer(400, {"error": t["bad_word"]})
        if not view["my_turn_to_propose"]:
            return _answer(409, {"error": t["not_your_turn"]})
        answer = await asyncio.get_running_loop().run_in_executor(None, self.feed.propose, name, word.strip())
        mine = self.feed.snapshot().player_view(name)
        if not answer.get("ok"):
            return _answer(409, {"error": answer.get("error", {}).get("message", ""), "view": mine})
        # Only this player's view goes back: the session's answer holds the whole table's state.
        return _answer(200, {"ok": True, "correct": answer.get("verdict", {}).get("correct"), "view": mine})


def _json(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _answer(status: int, body: dict[str, Any]) -> web.Response:
    return web.Response(status=status, body=_json(body), content_type="application/json", headers=HEADERS)


def is_local(host: str) -> bool:
    """Whether ``host`` is an address of a home network (or this machine): what the server may bind."""
    if host == "localhost":
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_unspecified
