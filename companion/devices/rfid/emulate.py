"""The readers' simulated twin: a pseudo-terminal whose far end behaves like an RDM6300, an ID-12LA or a
PN532, so that the real serial path (pyserial on a tty, ReaderThread, runner) runs with no reader.

The tests and ``benchmarks.rfid`` use it; so can a developer: ``PtyPort().path`` is a port to give
``companion tiles listen``."""

from __future__ import annotations

import os
import select
import threading
import tty
from pathlib import Path
from typing import Callable

from companion.devices.rfid.pn532 import (
    GET_FIRMWARE_VERSION, HOST_TFI, IN_LIST_PASSIVE_TARGET, RF_CONFIGURATION, SAM_CONFIGURATION, ACK,
    FrameDecoder, reply,
)

FIRMWARE = bytes([0x32, 0x01, 0x06, 0x07])  # PN532, firmware 1.6, supports ISO 14443A, B and 18092


class PtyPort:
    """A pseudo-terminal pair: the reader's end (``write``, ``read``) and the port the companion opens
    (``path``: the slave's name, or ``link``, a symlink to it, which :meth:`unplug` removes as udev would).

    Close the companion's side (the ReaderThread) before :meth:`close`, except to test an unplug."""

    def __init__(self, link: Path | None = None) -> None:
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)  # bytes sent before pyserial opens the port must not be cooked or echoed
        self.slave_name = os.ttyname(self._slave)
        self.link = link
        if link is not None:
            if link.is_symlink() or link.exists():
                link.unlink()
            link.symlink_to(self.slave_name)
        self.closed = False

    @property
    def path(self) -> str:
        return str(self.link) if self.link is not None else self.slave_name

    def write(self, data: bytes) -> None:
        """Bytes from the reader to the companion."""
        view = memoryview(data)
        while view:
            view = view[os.write(self.master, view):]

    def read(self, timeout: float) -> bytes:
        """Bytes the companion sent to the reader (empty after ``timeout`` seconds without any)."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        try:
            return os.read(self.master, 4096)
        except OSError:  # EIO: the companion's side is closed
            return b""

    def unplug(self) -> None:
        """The reader goes away: the pty disappears (and its symlink, if any)."""
        if self.link is not None and self.link.is_symlink():
            self.link.unlink()
        self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            for fd in (self._slave, self.master):
                try:
                    os.close(fd)
                except OSError:
                    pass

    def __enter__(self) -> PtyPort:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()


class Pn532Chip:
    """A PN532 in HSU mode, with no I/O: host bytes in, the chip's answers out.

    It sleeps until it hears the 0x55 wake-up, ACKs every valid command, answers SAMConfiguration,
    RFConfiguration, GetFirmwareVersion and InListPassiveTarget (with the UIDs in ``tags``), and NACKs
    nothing: a damaged command is ignored, as the chip does."""

    def __init__(self, tags: list[str] | None = None, *, asleep: bool = True) -> None:
        self.tags: list[str] = list(tags or [])
        self.awake = not asleep
        self.commands: list[int] = []
        self._frames = FrameDecoder()

    def feed(self, data: bytes) -> bytes:
        if not self.awake and 0x55 in data:
            self.awake = True
            data = data[data.index(0x55):]
        if not self.awake:
            return b""
        out = bytearray()
        for f in self._frames.feed(data):
            if f.kind != "data" or f.tfi != HOST_TFI:
                continue
            self.commands.append(f.code)
            out += ACK + self.answer(f.code, f.params)
        return bytes(out)

    def answer(self, code: int, params: bytes) -> bytes:
        if code == GET_FIRMWARE_VERSION:
            return reply(code, FIRMWARE)
        if code in (SAM_CONFIGURATION, RF_CONFIGURATION):
            return reply(code)
        if code == IN_LIST_PASSIVE_TARGET:
            found = self.tags[: params[0] if params else 1]
            body = bytearray([len(found)])
            for n, uid in enumerate(found, 1):
                raw = bytes.fromhex(uid)
                body += bytes([n, 0x00, 0x44, 0x00, len(raw)]) + raw  # NTAG: SENS_RES 0044, SEL_RES 00
            return reply(code, bytes(body))
        return b"\x00\x00\xff\x01\xff\x7f\x81\x00"  # application error: unknown command


class Pn532Emulator:
    """A :class:`Pn532Chip` answering on the reader's end of a :class:`PtyPort`, in its own thread."""

    def __init__(self, port: PtyPort, chip: Pn532Chip | None = None, *,
                 on_reply: Callable[[bytes], None] | None = None) -> None:
        self.port = port
        self.chip = chip or Pn532Chip()
        self.on_reply = on_reply  # called with each answer just before it is written (the benchmark times it)
        self.lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pn532-emulator", daemon=True)
        self._thread.start()

    def place(self, *uids: str) -> None:
        """These tags are now on the antenna (none: the antenna is bare)."""
        with self.lock:
            self.chip.tags = list(uids)

    def _run(self) -> None:
        while not self._stop.is_set() and not self.port.closed:
            try:
                data = self.port.read(0.05)
            except (OSError, ValueError):
                return
            if data:
                with self.lock:
                    out = self.chip.feed(data)
                if out:
                    if self.on_reply is not None:
                        self.on_reply(out)
                    try:
                        self.port.write(out)
                    except OSError:
                        return

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
