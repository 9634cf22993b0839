"""A flood of unfinished requests on the loopback, and a phone server in a process of its own to take it:
the tools of ``tests/test_phones_flood.py`` and ``python -m benchmarks.phones``.

The server process (``python -m benchmarks.phones_flood serve``) lowers its own ``RLIMIT_NOFILE`` (1024,
as a Pi's default), starts a game with phone links and the real server, prints ``{"url": ..., "pid": ...}``,
then answers one JSON line to each line on its stdin: ``probe`` (can it still open a file, start a
subprocess, read the game log's history?), ``stats`` (the gate's counts, its CPU seconds), ``quit``.

:class:`Flood` holds ``count`` connections that each send ``GET /p/`` and never finish, reopening those
the server closes, until stopped or ``seconds`` have passed (it stops by itself). Only ever to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import resource
import selectors
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HALF_REQUEST = b"GET /p/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # no blank line: the headers never end
HOST = "127.0.0.1"


class Flood:
    """``count`` half-open connections to ``HOST``:``port``, kept up by a thread for ``seconds`` at most."""

    def __init__(self, port: int, count: int = 1000, seconds: float = 60.0, source: str = HOST) -> None:
        self.port, self.count, self.seconds, self.source = port, count, seconds, source
        self.opened = 0  # connections made (the handshake completed and the half request was sent)
        self.closed = 0  # of those, closed by the server
        self.failed = 0  # connects that did not complete
        self._held: dict[socket.socket, bool] = {}  # socket -> connected
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="flood", daemon=True)

    @property
    def held(self) -> int:
        """Connections open now, handshake done."""
        return sum(1 for connected in list(self._held.values()) if connected)

    def start(self) -> "Flood":
        self._thread.start()
        return self

    def wait_held(self, count: int, timeout: float = 30.0) -> bool:
        deadline = time.monotonic() + timeout
        while self.held < count:
            if time.monotonic() > deadline or not self._thread.is_alive():
                return False
            time.sleep(0.02)
        return True

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(30)

    def _open(self, sel: selectors.BaseSelector) -> None:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        s.setblocking(False)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # RST on close
        if self.source != HOST:
            s.bind((self.source, 0))
        code = s.connect_ex((HOST, self.port))
        if code not in (0, errno.EINPROGRESS):
            self.failed += 1
            s.close()
            return
        self._held[s] = False
        sel.register(s, selectors.EVENT_WRITE)

    def _drop(self, sel: selectors.BaseSelector, s: socket.socket) -> None:
        sel.unregister(s)
        del self._held[s]
        s.close()

    def _run(self) -> None:
        sel = selectors.DefaultSelector()
        deadline = time.monotonic() + self.seconds
        try:
            while not self._stop.is_set() and time.monotonic() < deadline:
                for _ in range(min(100, self.count - len(self._held))):  # top up, a hundred a turn
                    self._open(sel)
                for key, _events in sel.select(0.02):
                    s = key.fileobj
                    if not self._held[s]:  # the connect finished, or failed
                        if s.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
                            self.failed += 1
                            self._drop(sel, s)
                            continue
                        try:
                            s.send(HALF_REQUEST)
                        except OSError:
                            self.failed += 1
                            self._drop(sel, s)
                            continue
                        self._held[s] = True
                        self.opened += 1
                        sel.modify(s, selectors.EVENT_READ)
                        continue
                    try:
                        data = s.recv(4096)
                    except OSError:
                        data = b""
                    if not data:  # closed by the server: open another in its place
                        self.closed += 1
                        self._drop(sel, s)
        finally:
            for s in list(self._held):
                self._drop(sel, s)
            sel.close()


def get(url: str, timeout: float = 5.0, source: str | None = None) -> tuple[int, float]:
    """(status, seconds) of a GET of ``url`` (on the loopback) from ``source`` (an address of 127/8)."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    assert parts.hostname == HOST
    t0 = time.perf_counter()
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout,
                                      source_address=(source, 0) if source else None)
    try:
        conn.request("GET", parts.path)
        response = conn.getresponse()
        response.read()
        return response.status, time.perf_counter() - t0
    finally:
        conn.close()


def raise_own_nofile(want: int) -> int:
    """Raise this process's soft file limit to ``want`` if the hard one allows; the soft limit then."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < want:
        target = want if hard == resource.RLIM_INFINITY else min(want, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


class ServerProcess:
    """The phone server in a child process (``serve`` below), talked to through its stdin and stdout."""

    def __init__(self, nofile: int = 1024, limits: dict | None = None, env: dict | None = None) -> None:
        cmd = [sys.executable, "-m", "benchmarks.phones_flood", "serve", "--nofile", str(nofile),
               "--limits", json.dumps(limits or {})]
        self.stderr = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                                     text=True, env=env)
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the server process did not start: {self.errors()}")
        hello = json.loads(line)
        self.url, self.pid = hello["url"], hello["pid"]
        self.port = int(self.url.split(":")[2].split("/")[0])

    def ask(self, what: str) -> dict:
        self.proc.stdin.write(what + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def errors(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")

    def close(self) -> int:
        if self.proc.poll() is None:
            try:
                self.ask("quit")
            except (OSError, ValueError):
                pass
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        return self.proc.returncode


def _open_files() -> int | None:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:  # no /proc, or no descriptor left to read it with
        return None


def _probe(folder: Path, db: Path) -> dict:
    """What the process can still do: each "ok", or the error."""
    result = {}
    try:
        with open(folder / "probe.txt", "w") as f:
            f.write("still here\n")
        result["open"] = "ok"
    except OSError as exc:
        result["open"] = str(exc)
    try:
        true = shutil.which("true") or "/bin/true"
        subprocess.run([true], check=True, timeout=30)
        result["subprocess"] = "ok"
    except (OSError, subprocess.SubprocessError) as exc:
        result["subprocess"] = str(exc)
    try:
        from companion.store import GameLog

        log = GameLog(db, role="history", readonly=True)
        try:
            result["history"] = "ok" if log.games() else "no game"
        finally:
            log.close()
    except Exception as exc:  # noqa: BLE001 - reported to the test
        result["history"] = f"{type(exc).__name__}: {exc}"
    return result


def serve(args: argparse.Namespace) -> int:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (args.nofile, hard))
    from companion.phones import OwnedSessionFeed, PhoneServer
    from companion.phones.gate import Limits

    with tempfile.TemporaryDirectory(prefix="phones-flood-") as tmp:
        folder = Path(tmp)
        db = folder / "g.sqlite3"
        feed = OwnedSessionFeed(db)
        answer = feed.handle({"cmd": "new", "players": ["Ann", "Bob", "Cy"], "seed": 5, "first": "Ann",
                              "code_words": "companion", "language": "fr"})
        assert answer["ok"], answer
        limits = Limits(**json.loads(args.limits))
        server = PhoneServer(feed, HOST, 0, limits=limits).start()
        print(json.dumps({"url": server.urls()["Ann"], "pid": os.getpid()}), flush=True)
        try:
            for line in sys.stdin:
                what = line.strip()
                if what == "quit":
                    break
                if what == "probe":
                    reply = _probe(folder, db)
                elif what == "stats":
                    usage = resource.getrusage(resource.RUSAGE_SELF)
                    gate = server.gate
                    reply = {"cpu_s": usage.ru_utime + usage.ru_stime, "held": gate.held, "cap": gate.total,
                             "refused": gate.refused, "evicted": gate.evicted, "fds": _open_files()}
                else:
                    reply = {"error": f"unknown: {what}"}
                print(json.dumps(reply), flush=True)
        finally:
            server.stop()
            feed.close()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("serve", help="the phone server in this process, for a flood")
    p.add_argument("--nofile", type=int, default=1024, help="RLIMIT_NOFILE to run under")
    p.add_argument("--limits", default="{}", help="the server's Limits as JSON (default: its own, the cap in "
                   "all derived from --nofile); e.g. '{\"connections\": 1000}'")
    args = parser.parse_args()
    return serve(args)


if __name__ == "__main__":
    sys.exit(main())
