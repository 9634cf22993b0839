"""The one runner every reader goes through: open the port, read it on pyserial's ReaderThread, debounce
repeats into placed/removed events, and open the port again when the reader is unplugged and comes back."""

from __future__ import annotations

import errno
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

import serial
import serial.threaded

from companion.devices.rfid.base import ReaderDecoder
from companion.devices.rfid.config import ReaderConfig
from companion.devices.rfid.debounce import TagDebouncer, TagEvent

IDLE_WAKE_S = 0.5  # the runner looks at its reader at least this often


@dataclass(frozen=True)
class ReaderStatus:
    """What the settings screen and ``companion tiles listen`` show about the reader."""

    reader: str  # RDM6300, ID-12LA, PN532
    port: str
    state: str  # starting, waiting (the port cannot be opened), connected, lost, stopped
    message: str  # one sentence for people
    last_error: str | None
    detail: str  # what the reader said about itself (PN532 firmware)
    reconnects: int  # times the port was lost and opened again
    events: int  # placed and removed events so far
    stats: dict[str, int] = field(default_factory=dict)  # the decoder's counters

    @property
    def connected(self) -> bool:
        return self.state == "connected"


class _ReaderThread(serial.threaded.ReaderThread):
    """pyserial's ReaderThread, except that an OSError (a USB adapter pulled out mid-ioctl) ends it quietly
    instead of killing it with a traceback and leaving ``alive`` set."""

    error: BaseException | None = None

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any failure of the port is a lost reader
            self.error = exc
            self.alive = False


class _Link(serial.threaded.Protocol):
    """Hands the bytes of one open port to the runner, stamped with when they arrived."""

    def __init__(self, runner: TileReader) -> None:
        self.runner = runner
        self.error: BaseException | None = None

    def data_received(self, data: bytes) -> None:
        self.runner._received(data, self.runner._clock())

    def connection_lost(self, exc: BaseException | None) -> None:
        # pyserial's base class raises the error again, in the reader thread: keep it for the status instead.
        self.error = exc
        self.runner._wake.set()


class TileReader:
    """A serial RFID reader that reports tags placed on it and removed from it.

    ``on_event`` is called with each :class:`TagEvent`, from the reader's threads: it must be quick and
    must not touch widgets (post to the UI thread). A port that does not exist yet, or that goes away, is
    tried again every ``config.retry_s``; the reader never gives up until :meth:`close`.

        with TileReader(ReaderConfig("rdm6300", "/dev/ttyAMA0"), on_event=print):
            input("place tiles on the reader, then press Enter")
    """

    def __init__(self, config: ReaderConfig, *, on_event: Callable[[TagEvent], None],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self.on_event = on_event
        self._clock = clock
        self.decoder: ReaderDecoder = config.decoder()
        self.debouncer = TagDebouncer(config.window_s, report_removed=config.report_removed)
        self._lock = threading.RLock()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._state, self._error = "starting", None
        self._reconnects = self._events = 0
        self._connections = 0

    # --- life ------------------------------------------------------------------------------------------

    def start(self) -> TileReader:
        """Start reading in a background thread (a missing port is not an error: it is waited for)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=f"rfid-{self.config.reader}", daemon=True)
            self._thread.start()
        return self

    def close(self) -> None:
        """Stop reading and close the port."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5)
        self._state = "stopped"

    def __enter__(self) -> TileReader:
        return self.start()

    def __exit__(self, *_exc) -> None:
        self.close()

    def wait_connected(self, timeout: float) -> bool:
        """True once the port is open (for tools and tests; the app never waits)."""
        end = self._clock() + timeout
        while self._state != "connected" and self._clock() < end and not self._stop.is_set():
            time.sleep(0.005)
        return self._state == "connected"

    @property
    def connections(self) -> int:
        """How many times the port has been opened."""
        return self._connections

    def status(self) -> ReaderStatus:
        c = self.config
        label = c.decoder_class.label
        messages = {
            "starting": f"{label} on {c.port}: starting.",
            "waiting": f"{label}: waiting for {c.port} ({self._error}).",
            "connected": f"{label} on {c.port} is reading.",
            "lost": f"{label} on {c.port} was lost ({self._error}); trying again.",
            "stopped": f"{label} on {c.port}: stopped.",
        }
        with self._lock:
            stats = self.decoder.stats.as_dict()
            detail = self.decoder.detail
        return ReaderStatus(label, c.port, self._state, messages[self._state], self._error, detail,
                            self._reconnects, self._events, stats)

    # --- the runner's thread ---------------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                port = serial.serial_for_url(self.config.port, baudrate=self.config.baudrate, timeout=None,
                                             exclusive=True)
            except (serial.SerialException, OSError, ValueError) as exc:
                self._state, self._error = "waiting", _reason(exc)
                self._idle(self.config.retry_s)
                continue
            self._serve(port)
            if not self._stop.is_set():
                self._reconnects += 1
                self._state = "lost"
                self._idle(self.config.retry_s)

    def _serve(self, port: serial.SerialBase) -> None:
        link = _Link(self)
        thread = _ReaderThread(port, lambda: link)
        thread.name = f"rfid-{self.config.reader}-port"
        with self._lock:
            self.decoder.reset()
            self.decoder.start(self._clock())
        thread.start()
        try:
            thread.connect()
        except RuntimeError:  # the port failed before its first read: the loop below ends at once
            pass
        else:
            self._connections += 1
            self._state, self._error = "connected", None
        try:
            while not self._stop.is_set() and thread.alive and thread.is_alive():
                self._wake.clear()
                out = self._tick()
                if out:
                    thread.write(out)
                self._wake.wait(self._timeout())
        except (serial.SerialException, OSError) as exc:  # the write failed: the reader is gone
            link.error = link.error or exc
        finally:
            try:
                thread.close()
            except (serial.SerialException, OSError):
                pass
        error = link.error or thread.error
        self._error = _reason(error) if error else "the port was closed"

    def _idle(self, seconds: float) -> None:
        """Wait, still ending tags that left the reader."""
        end = self._clock() + seconds
        while not self._stop.is_set():
            self._wake.clear()
            self._tick()
            now = self._clock()
            if now >= end:
                return
            self._wake.wait(min(end - now, self._timeout()))

    def _tick(self) -> bytes:
        now = self._clock()
        with self._lock:
            self.decoder.tick(now)
            self._emit(self.debouncer.expire(now))
            return self.decoder.output()

    def _timeout(self) -> float:
        now = self._clock()
        with self._lock:
            due = [d for d in (self.decoder.deadline(), self.debouncer.deadline()) if d is not None]
        return max(0.0, min([d - now for d in due] + [IDLE_WAKE_S]))

    # --- the port's thread -----------------------------------------------------------------------------

    def _received(self, data: bytes, now: float) -> None:
        with self._lock:
            events = [e for tag in self.decoder.feed(data, now) for e in self.debouncer.seen(tag, now)]
            self._emit(events)
            if events or self.decoder.deadline() is not None:
                # The runner's thread writes what a reply calls for, and times the new tags' removal.
                self._wake.set()

    def _emit(self, events: list[TagEvent]) -> None:
        for event in events:
            self._events += 1
            self.on_event(event)


def _reason(exc: BaseException) -> str:
    """Why the port is not usable, in words for the person at the table."""
    code = getattr(exc, "errno", None)
    if code == errno.ENOENT:
        return "no such port: is the reader plugged in?"
    if code == errno.EACCES:
        return "permission denied: add the user to the dialout group"
    if code == errno.EBUSY or "exclusively lock" in str(exc):
        return "the port is in use by another program"
    return str(exc) or type(exc).__name__
