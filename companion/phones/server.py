"""The phone server: aiohttp in its own thread with its own asyncio loop, beside Kivy's (never blocking
it), live updates by server-sent events, one secret link per player (docs/phones.md).

Routes (``TOKEN`` is a player's secret; anything else, or a wrong or old token, is the same bare 404):

- ``GET /p/TOKEN``: the player's page;
- ``GET /p/TOKEN/events``: their :func:`player_view` now and after each change (``text/event-stream``);
- ``POST /p/TOKEN/propose`` ``{"word": TEXT}``: their code word, only at their turn to propose.

Every connection goes through the door of :mod:`companion.phones.gate` (caps in all and per address,
header and idle timeouts) before aiohttp sees it; what goes wrong is said by a rate-limited
:class:`~companion.phones.report.Reporter`, never as a flood of tracebacks.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import json
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from companion.phones.feed import Feed
from companion.phones.gate import SERVER_NAME, Buckets, Gate, GatedHandler, Limits, connection_cap, listen, \
    loop_error_handler, nofile_limit
from companion.phones.page import render, texts
from companion.phones.report import Reporter

MAX_WORD = 64
MAX_STREAMS = Limits.streams
"""Open live pages at most: six players with a few tabs each (``Limits.streams_per_link``)."""
HEARTBEAT_S = 15.0
"""A comment line on each live page this often, so that phones and routers keep the connection open (and
a page whose phone left without a word is found out by a failed write)."""

REFUSALS = {"log_in_use": "busy_elsewhere", "game_changed": "gone", "not_your_turn": "not_your_turn",
            "wrong_phase": "not_your_turn", "log_damaged": "damaged"}
"""A refused proposal's code -> the page's words for it (the session's own message, in English and
naming the log, the program and its pid, is for the operator, not for a phone)."""

HEADERS = {
    "Server": SERVER_NAME,
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


class _Stream:
    """One live page: woken by each publication, or to end when a newer page of its link replaces it."""

    __slots__ = ("link", "wake", "replaced")

    def __init__(self, link: str) -> None:
        self.link = link
        self.wake = asyncio.Event()
        self.replaced = False


class PhoneServer:
    """Serves the players' pages of ``feed``'s game on ``host``:``port`` (0: a free port) once started."""

    def __init__(self, feed: Feed, host: str = "127.0.0.1", port: int = 0, rate: RateLimit = RateLimit(),
                 public_host: str | None = None, limits: Limits = Limits(),
                 report: Reporter | None = None) -> None:
        self.feed = feed
        self.host, self.port = host, port
        self.public_host = public_host
        self.limits = limits  # read at each connection and live page: a test may change it while serving
        self.reporter = report or Reporter()
        self.gate: Gate | None = None
        self._buckets = Buckets(rate.burst, rate.per_second, rate.addresses)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._stopping: asyncio.Event | None = None
        self._streams: dict[str, list[_Stream]] = {}  # by link, oldest first

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

    def _say(self, kind: str, text: str) -> None:
        self.reporter.report(kind, text)

    async def _serve(self) -> None:
        self._stopping = asyncio.Event()
        asyncio.get_running_loop().set_exception_handler(loop_error_handler(self._say))
        limits = self.limits
        total = limits.connections or connection_cap(nofile_limit(), limits.backlog)
        self.gate = Gate(total, limits.per_address, self._say, (limits.connect_burst, limits.connect_per_second))
        app = web.Application(middlewares=[self._guard], client_max_size=4096)
        app.router.add_get("/p/{token}", self._page)
        app.router.add_get("/p/{token}/events", self._events)
        app.router.add_post("/p/{token}/propose", self._propose)
        app.on_response_prepare.append(_name_server)
        # handler_cancellation: a page closed ends its live stream at once (not at the next heartbeat).
        runner = web.AppRunner(app, access_log=None, handle_signals=False, shutdown_timeout=1.0,
                               handler_cancellation=True)
        await runner.setup()
        listener = None
        try:
            listener = await listen(runner, self.host, self.port, limits, self.gate, self._say)
            self.port = listener.port
            self._ready.set()
            await self._stopping.wait()
        finally:
            if listener is not None:
                listener.close()
            self._wake()  # live pages end
            await runner.cleanup()

    def _on_change(self) -> None:
        """From the feed, in any thread: wake the live pages."""
        loop = self._loop
        if loop is not None and self.running:
            loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        for streams in self._streams.values():
            for stream in streams:
                stream.wake.set()

    def open_streams(self) -> int:
        """Live pages open now (read from any thread: a count, for tests and the benchmark)."""
        return sum(len(streams) for streams in list(self._streams.values()))

    def _open_stream(self, link: str) -> _Stream | None:
        """A place for a new live page of ``link``: the oldest page of that link goes at its cap, and at
        the cap in all the oldest of the link holding the most. None when no page may be open."""
        limits = self.limits
        if limits.streams <= 0 or limits.streams_per_link <= 0:
            return None
        mine = self._streams.setdefault(link, [])
        if len(mine) >= limits.streams_per_link:
            self._replace(mine[0])
        elif self.open_streams() >= limits.streams:
            self._replace(max(self._streams.values(), key=len)[0])
        stream = _Stream(link)
        self._streams.setdefault(link, []).append(stream)
        return stream

    def _replace(self, stream: _Stream) -> None:
        stream.replaced = True
        self._close_stream(stream)
        stream.wake.set()

    def _close_stream(self, stream: _Stream) -> None:
        streams = self._streams.get(stream.link, [])
        if stream in streams:
            streams.remove(stream)
        if not streams:
            self._streams.pop(stream.link, None)

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
        connection = request.protocol
        gated = isinstance(connection, GatedHandler)
        if gated:
            connection.begin()  # a request under way: no header timeout, never closed to make room
        try:
            if not self._buckets.allow(request.remote or "?", time.monotonic()):
                return web.Response(status=429, text="Too many requests", headers={**HEADERS, "Retry-After": "1"})
            try:
                return await handler(request)
            except web.HTTPException as exc:  # unknown paths and methods: the same bare answer, no detail
                return _not_found() if exc.status in (404, 405) else web.Response(status=exc.status, headers=HEADERS)
            except Exception as exc:  # noqa: BLE001 - said once to the operator; the phone gets a bare 500
                self._say(f"error:{type(exc).__name__}", f"{request.method} {request.path[:3]}...: "
                                                         f"{type(exc).__name__}: {exc}"[:300])
                return web.Response(status=500, text="Server error", headers=HEADERS)
        finally:
            if gated:
                connection.end()

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
        name, view = who
        link = request.match_info["token"]
        stream = self._open_stream(link)
        if stream is None:
            return web.Response(status=503, text="Busy", headers={**HEADERS, "Retry-After": "5"})
        tokens = self.feed.snapshot().tokens
        response = web.StreamResponse(headers={**HEADERS, "Content-Type": "text/event-stream",
                                               "X-Accel-Buffering": "no"})
        try:
            await response.prepare(request)
            await response.write(b"retry: 2000\ndata: " + _json(view) + b"\n\n")
            sent = view
            while not self._stopping.is_set():
                try:
                    await asyncio.wait_for(stream.wake.wait(), HEARTBEAT_S)
                except asyncio.TimeoutError:
                    await response.write(b": still here\n\n")  # fails at once on a page gone silently
                    continue
                stream.wake.clear()  # before reading the snapshot: a change after this wakes it again
                if stream.replaced:  # a newer page of this link took its place
                    await response.write(b"event: replaced\ndata: {}\n\n")
                    break
                if self._stopping.is_set():
                    break
                snap = self.feed.snapshot()
                # The same game is the same secrets: a new game, or another log file, has others.
                view = snap.player_view(name) if snap.tokens == tokens else None
                if view is None:  # a new game: this link is old now
                    await response.write(b"event: gone\ndata: {}\n\n")
                    break
                if view != sent:
                    await response.write(b"data: " + _json(view) + b"\n\n")
                    sent = view
        except ConnectionError:  # the page went away between two writes
            pass
        finally:  # also when the page closed (handler_cancellation cancels this at once)
            self._close_stream(stream)
        return response

    async def _propose(self, request: web.Request) -> web.StreamResponse:
        who = self._player(request)
        if who is None:
            return _not_found()
        name, view = who
        t = texts(view.get("language"))
        try:
            body = await asyncio.wait_for(request.read(), self.limits.body_timeout)
        except asyncio.TimeoutError:
            return _answer(408, {"error": t["refused"]})
        word = _word(body)
        if not isinstance(word, str) or not word.strip() or len(word) > MAX_WORD:
            return _answer(400, {"error": t["bad_word"]})
        if not view["my_turn_to_propose"]:
            return _answer(409, {"error": t["not_your_turn"]})
        token = request.match_info["token"]
        answer = await asyncio.get_running_loop().run_in_executor(None, self.feed.propose, name, word.strip(), token)
        mine = self.feed.snapshot().player_view(name)
        if not answer.get("ok"):
            error = answer.get("error") or {}
            key = REFUSALS.get(error.get("code"), "refused")
            if key in ("busy_elsewhere", "refused"):
                self._say(f"refused:{error.get('code')}", f"a proposal of {name} was refused: {error.get('message')}")
            return _answer(409, {"error": t[key], "view": mine})
        # Only this player's view goes back: the session's answer holds the whole table's state.
        return _answer(200, {"ok": True, "correct": answer.get("verdict", {}).get("correct"), "view": mine})


def _word(body: bytes) -> Any:
    """The ``word`` of a proposal's JSON body; None for anything else (not JSON, not UTF-8, nested too
    deep for the parser: a 4 KiB body of brackets is a bad request, not a server error)."""
    try:
        value = json.loads(body.decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    return value.get("word") if isinstance(value, dict) else None


async def _name_server(request: web.Request, response: web.StreamResponse) -> None:
    response.headers["Server"] = SERVER_NAME


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
