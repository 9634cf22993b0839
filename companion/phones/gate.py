"""The phone server's door: how many connections it holds, from whom, and for how long (docs/phones.md).

aiohttp counts nothing before a request is complete: 1,100 connections that send ``GET /p/`` and never
finish were all held (keep-alive 3,630 s), until the process had no file descriptor left for its own
files. So every connection is counted here the moment it is accepted, before aiohttp sees it: asyncio
hands it to a :class:`Door`, which asks the :class:`Gate` and only then makes aiohttp's handler for it
(:class:`GatedHandler`, aiohttp's own ``RequestHandler``; a refused connection costs no handler):

- a cap **in all**, derived from the process's ``RLIMIT_NOFILE`` at start (:func:`connection_cap`): well
  under it, with a reserve for the app's own files, its subprocesses and the connections accepted in one
  go before they are counted;
- a cap **per client address**: one device on the Wi-Fi cannot take the others' places, and a rate of
  new connections per address (a burst, then so many a second): a device that reconnects as fast as it
  can is turned away at the door, before its connection costs a request handler or anyone's place;
- at a cap, the oldest connection doing nothing (no request under way: never finished its headers, or
  idle between requests) of that address, or of the address holding the most, is closed to make room;
  a new one is refused only when every place is doing something (a live page, a request being answered);
- a **header timeout**: a connection that has not sent a whole request within ``header_timeout`` seconds
  of its opening, or of its last answer, is closed (aiohttp's keep-alive timeout is set to the same few
  seconds too).

The connections aiohttp knows are never closed under it: they are closed through the handler, which
tells aiohttp's server, so its shutdown and its books stay right.
"""

from __future__ import annotations

import asyncio
import errno
import resource
import socket
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable

from aiohttp import web

SERVER_NAME = "companion"
"""The ``Server:`` header of every answer: no program name or version for a scanner to look up."""

MAX_CONNECTIONS = 256
"""Connections held at most whatever the file limit: six phones need a few dozen."""
RESERVE = 256
"""File descriptors always left to the rest of the process (the game log, sounds, subprocesses' pipes)."""


@dataclass(frozen=True)
class Limits:
    connections: int | None = None  # in all; None: connection_cap() of the process's RLIMIT_NOFILE at start
    per_address: int = 32
    connect_burst: float = 128.0  # new connections of one address at once, then connect_per_second
    connect_per_second: float = 32.0
    streams: int = 64  # live pages in all
    streams_per_link: int = 4  # live pages of one player's link: the oldest goes first
    header_timeout: float = 5.0  # seconds to send a whole request (line and headers), and idle keep-alive
    body_timeout: float = 5.0  # seconds to send a proposal's body
    backlog: int = 64  # connections accepted in one go (one turn of the event loop)
    queue: int = 1024  # connections the kernel keeps waiting to be accepted (a full queue drops a phone's
    # first packet, and it tries again a second later: a flood must not fill it)
    max_line_size: int = 2048  # the request line (a link is ~50 characters) and each header line
    max_headers: int = 32


def nofile_limit() -> int:
    """The process's soft limit of open files (a large number when unlimited)."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return 1 << 20 if soft == resource.RLIM_INFINITY else soft


def connection_cap(soft_limit: int, backlog: int = Limits.backlog) -> int:
    """Connections held at most under a file limit of ``soft_limit``: half of what is left after the reserve
    and twice the accept backlog (accepted in one go, counted, and closed on the next turn of the loop),
    between 8 and :data:`MAX_CONNECTIONS`."""
    spare = soft_limit - RESERVE - 2 * backlog
    return max(8, min(MAX_CONNECTIONS, spare // 2))


class Buckets:
    """A token bucket per client address: ``burst`` at once, then ``per_second``; the oldest of more than
    ``addresses`` are forgotten."""

    def __init__(self, burst: float, per_second: float, addresses: int = 1024) -> None:
        self.burst, self.per_second, self.addresses = burst, per_second, addresses
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, address: str, now: float) -> bool:
        level, then = self._buckets.pop(address, (self.burst, now))
        level = min(self.burst, level + (now - then) * self.per_second)
        allowed = level >= 1.0
        self._buckets[address] = (level - 1.0 if allowed else level, now)
        while len(self._buckets) > self.addresses:
            self._buckets.popitem(last=False)
        return allowed


class Gate:
    """The connections held, by client address, oldest first."""

    def __init__(self, total: int, per_address: int, report: Callable[[str, str], Any],
                 rate: tuple[float, float] = (Limits.connect_burst, Limits.connect_per_second),
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.per_address = total, per_address
        self._report = report
        self._rate = Buckets(*rate)
        self._clock = clock
        self._by_address: dict[str, OrderedDict[Door, None]] = {}
        self.held = 0
        self.refused = 0
        self.evicted = 0

    def admit(self, door: "Door", address: str) -> bool:
        if not self._rate.allow(address, self._clock()):
            return self._refuse(address, "too many new connections a second")
        mine = self._by_address.get(address)
        if mine is not None and len(mine) >= self.per_address and not self._evict(mine):
            return self._refuse(address, f"{address} already holds {len(mine)} connections, all busy")
        if self.held >= self.total:
            biggest = max(self._by_address.values(), key=len, default=None)
            mine = self._by_address.get(address)
            if not (biggest is not None and self._evict(biggest)) and not (
                    mine is not None and mine is not biggest and self._evict(mine)):
                return self._refuse(address, f"{self.held} connections held, all busy")
        # Looked up again: making room may have emptied this address's group, and so removed it.
        self._by_address.setdefault(address, OrderedDict())[door] = None
        self.held += 1
        return True

    def leave(self, door: "Door", address: str) -> None:
        group = self._by_address.get(address)
        if group is not None and door in group:
            del group[door]
            self.held -= 1
            if not group:
                del self._by_address[address]

    def _evict(self, group: OrderedDict) -> bool:
        oldest = next((h for h in group if h.idle), None)
        if oldest is None:
            return False
        self.leave(oldest, oldest.address)
        self.evicted += 1
        oldest.drop()
        return True

    def _refuse(self, address: str, why: str) -> bool:
        self.refused += 1
        self._report("refused", f"connection from {address} refused: {why}")
        return False


class Door(asyncio.Protocol):
    """A connection the gate let in: hands everything to aiohttp's handler, made when its transport is."""

    __slots__ = ("_make", "_gate", "address", "inner", "dropped")

    def __init__(self, make: Callable[[], "GatedHandler"], gate: Gate, address: str) -> None:
        self._make, self._gate, self.address = make, gate, address
        self.inner: GatedHandler | None = None
        self.dropped = False

    @property
    def idle(self) -> bool:
        return self.inner is None or self.inner.busy == 0

    def drop(self) -> None:
        self.dropped = True
        if self.inner is not None:
            self.inner.drop()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if self.dropped:  # made room for another before its transport was even made
            transport.abort()
            return
        self.inner = self._make()
        self.inner.address = self.address
        self.inner.connection_made(transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        self._gate.leave(self, self.address)
        if self.inner is not None:
            self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


class GatedHandler(web.RequestHandler):
    """aiohttp's connection handler behind a :class:`Door`: header and idle timeouts, one-line reports."""

    def __init__(self, manager: web.Server, limits: Limits, report: Callable[[str, str], Any],
                 **kwargs: Any) -> None:
        super().__init__(manager, keepalive_timeout=limits.header_timeout, max_line_size=limits.max_line_size,
                         max_field_size=limits.max_line_size, max_headers=limits.max_headers,
                         access_log=None, **kwargs)
        self.limits, self.report = limits, report
        self.address = "?"
        self.open = False
        self.busy = 0  # requests under way (a live page is one until it ends)
        self.requests = 0
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.open = True
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: BaseException | None) -> None:
        self.open = False
        if self._deadline is not None:
            self._deadline.cancel()
        super().connection_lost(exc)

    # The server's middleware calls these around each request (request.protocol is this handler).
    def begin(self) -> None:
        self.busy += 1
        self.requests += 1
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def end(self) -> None:
        self.busy -= 1
        if self.busy == 0 and self.open:
            self._arm()

    def _arm(self) -> None:
        seen = self.requests
        self._deadline = self._loop.call_later(self.limits.header_timeout, self._too_slow, seen)

    def _too_slow(self, seen: int) -> None:
        self._deadline = None
        if self.busy == 0 and self.requests == seen:  # no request began since: slow headers, or idle
            self.drop()

    def drop(self) -> None:
        """Close this connection now (it had no request under way)."""
        self.force_close()

    def handle_error(self, request: Any, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        """aiohttp's own answers (a request it cannot parse: 400, 413...) name no server either."""
        response = super().handle_error(request, status, exc, message)
        response.headers["Server"] = SERVER_NAME
        return response

    def log_exception(self, *args: Any, **kwargs: Any) -> None:
        """A bad request is one rate-limited line, never a traceback (aiohttp logs one per bad request)."""
        exc = kwargs.get("exc_info")
        what = f"{type(exc).__name__}: {exc}" if isinstance(exc, BaseException) else "error"
        self.report("bad-request", f"bad request from {self.address}: {what}"[:300])


def loop_error_handler(report: Callable[[str, str], Any]) -> Callable[[asyncio.AbstractEventLoop, dict], None]:
    """The event loop's exception handler: asyncio's own errors (``socket.accept() out of system resource``,
    one per accept attempt) as one rate-limited line each, without their tracebacks."""

    def handle(loop: asyncio.AbstractEventLoop, context: dict) -> None:
        exc = context.get("exception")
        message = context.get("message", "error")
        detail = f": {type(exc).__name__}: {exc}" if exc is not None else ""
        report(f"loop:{message}", f"{message}{detail}"[:300])

    return handle


ACCEPT_ERRORS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
ACCEPT_RETRY_S = 1.0


class Listener:
    """The listening socket, accepted from here rather than by asyncio: the gate is asked with the bare
    socket in hand, so that a refused connection is closed at once (no transport, no task, no handler:
    a few microseconds), and running out of descriptors is one rate-limited line, then a pause of a
    second (asyncio logs a traceback at each try)."""

    def __init__(self, sock: socket.socket, make: Callable[[], "GatedHandler"], gate: Gate, limits: Limits,
                 report: Callable[[str, str], Any]) -> None:
        self.sock, self._make, self._gate, self._limits, self._report = sock, make, gate, limits, report
        self._loop = asyncio.get_running_loop()
        self._retry: asyncio.TimerHandle | None = None
        self._tasks: set[asyncio.Task] = set()
        self.port = sock.getsockname()[1]
        sock.setblocking(False)
        self._loop.add_reader(sock.fileno(), self._accept)

    def _accept(self) -> None:
        for _ in range(self._limits.backlog):
            try:
                conn, peer = self.sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except ConnectionAbortedError:
                continue
            except OSError as exc:
                if exc.errno in ACCEPT_ERRORS:
                    self._report("accept", f"cannot accept a connection: {exc.strerror}; "
                                           f"waiting {ACCEPT_RETRY_S:g} s before the next")
                    self._loop.remove_reader(self.sock.fileno())
                    self._retry = self._loop.call_later(ACCEPT_RETRY_S, self._resume)
                else:
                    self._report(f"accept:{exc.errno}", f"cannot accept a connection: {exc}")
                return
            address = str(peer[0]) if peer else "?"
            door = Door(self._make, self._gate, address)
            if not self._gate.admit(door, address):
                conn.close()
                continue
            conn.setblocking(False)
            task = self._loop.create_task(self._connect(door, conn))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _connect(self, door: Door, conn: socket.socket) -> None:
        try:
            await self._loop.connect_accepted_socket(lambda: door, conn)
        except Exception as exc:  # noqa: BLE001 - a connection lost while being set up
            self._gate.leave(door, door.address)
            conn.close()
            self._report("connect", f"a connection could not be set up: {type(exc).__name__}: {exc}")

    def _resume(self) -> None:
        self._retry = None
        if self.sock.fileno() >= 0:
            self._loop.add_reader(self.sock.fileno(), self._accept)

    def close(self) -> None:
        if self._retry is not None:
            self._retry.cancel()
        if self.sock.fileno() >= 0:
            self._loop.remove_reader(self.sock.fileno())
            self.sock.close()


async def listen(runner: web.AppRunner, host: str, port: int, limits: Limits, gate: Gate,
                 report: Callable[[str, str], Any]) -> Listener:
    """Listen on ``host``:``port`` with every connection going through ``gate`` to ``runner``'s app."""
    manager = runner.server
    assert manager is not None, "runner.setup() first"
    loop = asyncio.get_running_loop()
    family, _type, _proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                               flags=socket.AI_PASSIVE)[0]
    # SO_REUSEADDR set; the kernel's queue longer than what is accepted in one go (a full queue drops a
    # phone's first packet, and it tries again only a second later).
    sock = socket.create_server(address[:2], family=family, backlog=limits.queue)
    return Listener(sock, lambda: GatedHandler(manager, limits, report, loop=loop), gate, limits, report)
