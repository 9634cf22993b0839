"""PN532 (NXP) in HSU mode, 115200 baud: 13.56 MHz ISO 14443A tags (NTAG stickers), asked for by polling.

The host wakes the chip with a long preamble, sends SAMConfiguration (normal mode), limits the passive
activation retries (RFConfiguration, so a poll with no tag returns instead of waiting), reads the
firmware version, then polls with InListPassiveTarget. Every command is answered by an ACK frame, then
by a reply frame whose length and data checksums are checked. A command left unanswered wakes and sets
the chip up again. Wiring: the board's SEL0/SEL1 switches to HSU (both off on most breakouts), TXD to
the Pi's RX (GPIO 15), RXD to TX (GPIO 14), 3.3 V, GND.

Frames: ``00 00 FF LEN LCS TFI PD... DCS 00`` (LEN + LCS = 0 and TFI + PD + DCS = 0, mod 256); extended
``00 00 FF FF FF LENM LENL LCS ...``; ACK ``00 00 FF 00 FF 00``; NACK ``00 00 FF FF 00 00``; an
application error is the data frame ``7F``. TFI is D4 from the host, D5 from the chip."""

from __future__ import annotations

from dataclasses import dataclass

from companion.devices.rfid.base import DecoderStats, ReaderDecoder

START = b"\x00\xff"
ACK = b"\x00\x00\xff\x00\xff\x00"
NACK = b"\x00\x00\xff\xff\x00\x00"
HOST_TFI, CHIP_TFI, ERROR_TFI = 0xD4, 0xD5, 0x7F
# The HSU wake-up: 0x55 0x55 then zeros, long enough for the chip to leave its low-power state.
WAKEUP = b"\x55\x55" + bytes(14)
MAX_DATA = 264  # the longest TFI + data the PN532 sends (extended frame)

GET_FIRMWARE_VERSION = 0x02
SAM_CONFIGURATION = 0x14
RF_CONFIGURATION = 0x32
IN_LIST_PASSIVE_TARGET = 0x4A

SAM_NORMAL = bytes([0x01, 0x14, 0x01])  # normal mode, 1 s virtual-card timeout, use the IRQ line
MAX_RETRIES_ITEM = 0x05  # RFConfiguration item: MxRtyATR, MxRtyPSL, MxRtyPassiveActivation
POLL_TYPE_A = bytes([0x01, 0x00])  # at most 1 target, 106 kbps type A
UID_LENGTHS = (4, 7, 10)


@dataclass(frozen=True)
class Frame:
    """One frame from the wire. ``data`` is TFI + PD for data frames; ``raw`` is the frame as received,
    from its start code to its last checked byte."""

    kind: str  # "ack", "nack", "data" or "error"
    data: bytes = b""
    raw: bytes = b""

    @property
    def tfi(self) -> int | None:
        return self.data[0] if self.data else None

    @property
    def code(self) -> int | None:
        return self.data[1] if len(self.data) > 1 else None

    @property
    def params(self) -> bytes:
        return self.data[2:]


def frame(tfi: int, code: int, params: bytes = b"") -> bytes:
    """A normal information frame (with preamble and postamble)."""
    data = bytes([tfi, code]) + bytes(params)
    if len(data) > 254:
        raise ValueError(f"a normal frame holds at most 254 bytes, got {len(data)}")
    n = len(data)
    return b"\x00\x00\xff" + bytes([n, -n & 0xFF]) + data + bytes([-sum(data) & 0xFF, 0x00])


def command(code: int, params: bytes = b"") -> bytes:
    """The frame the host sends for a command."""
    return frame(HOST_TFI, code, params)


def reply(code: int, params: bytes = b"") -> bytes:
    """The frame the chip sends to answer ``code``."""
    return frame(CHIP_TFI, code + 1, params)


_INCOMPLETE, _BAD_LENGTH, _BAD_CHECKSUM = "incomplete", "bad length", "bad checksum"


class FrameDecoder:
    """Splits a PN532 byte stream into checked frames, resynchronising on the start code after garbage.

    A frame still waiting for bytes is given up when a complete, valid frame follows it (otherwise
    garbage that looks like a long frame's header would swallow the real reply behind it).

    >>> FrameDecoder().feed(b"\\x13\\x37" + ACK + reply(0x14))[1].code
    21
    """

    def __init__(self, stats: DecoderStats | None = None) -> None:
        self.stats = stats if stats is not None else DecoderStats()
        self._buf = bytearray()

    def reset(self) -> None:
        self._buf.clear()

    def feed(self, data: bytes) -> list[Frame]:
        buf = self._buf
        buf += data
        frames: list[Frame] = []
        pos = 0
        while True:
            start = buf.find(START, pos)
            if start < 0:
                keep = 1 if buf and buf[-1] == 0 else 0  # a 00 that may begin the next start code
                self._noise(buf, pos, len(buf) - keep)
                pos = max(pos, len(buf) - keep)
                break
            self._noise(buf, pos, start)
            found, end = _frame_at(buf, start, strict_ack=False)
            if found is _INCOMPLETE:
                later = _complete_after(buf, start + 2)
                if later is None:
                    pos = start
                    break
                self.stats.malformed += 1
                pos = later
            elif found is _BAD_LENGTH:
                self.stats.malformed += 1
                pos = start + 2
            elif found is _BAD_CHECKSUM:
                self.stats.bad_checksum += 1
                pos = start + 2
            else:
                self.stats.frames += 1
                frames.append(found)
                pos = end
        del buf[:pos]
        return frames

    def _noise(self, buf: bytearray, start: int, end: int) -> None:
        # Zeros are preambles and postambles; anything else between frames is noise.
        if end > start:
            self.stats.noise_bytes += (end - start) - buf.count(0, start, end)


def _frame_at(b: bytearray, s: int, strict_ack: bool):
    """The frame whose start code is at ``s``: (Frame, end) or (one of the failure markers, None)."""
    n = len(b)
    i = s + 2
    if n < i + 2:
        return _INCOMPLETE, None
    length, lcs = b[i], b[i + 1]
    if (length, lcs) in ((0x00, 0xFF), (0xFF, 0x00)):
        kind = "ack" if length == 0 else "nack"
        if strict_ack:  # inside other bytes, only the whole pattern counts
            whole = ACK if length == 0 else NACK
            if s < 1 or bytes(b[s - 1:s + 5]) != whole:
                return (_INCOMPLETE if n < s + 5 else _BAD_LENGTH), None
        return Frame(kind, raw=bytes(b[s:i + 2])), i + 2
    if (length, lcs) == (0xFF, 0xFF):
        if n < i + 5:
            return _INCOMPLETE, None
        lm, ll, lcs2 = b[i + 2], b[i + 3], b[i + 4]
        if (lm + ll + lcs2) & 0xFF:
            return _BAD_LENGTH, None
        length, body = lm << 8 | ll, i + 5
    else:
        if (length + lcs) & 0xFF:
            return _BAD_LENGTH, None
        body = i + 2
    if length == 0 or length > MAX_DATA:
        return _BAD_LENGTH, None
    end = body + length + 1
    if n < end:
        return _INCOMPLETE, None
    data = bytes(b[body:body + length])
    if (sum(data) + b[body + length]) & 0xFF:
        return _BAD_CHECKSUM, None
    tfi = data[0]
    if tfi not in (HOST_TFI, CHIP_TFI, ERROR_TFI) or (tfi != ERROR_TFI and length < 2):
        return _BAD_LENGTH, None
    return Frame("error" if tfi == ERROR_TFI else "data", data, bytes(b[s:end])), end


def _complete_after(b: bytearray, pos: int) -> int | None:
    """Where the first complete, valid frame after ``pos`` starts, if there is one."""
    while True:
        s = b.find(START, pos)
        if s < 0:
            return None
        found, _ = _frame_at(b, s, strict_ack=True)
        if isinstance(found, Frame):
            return s
        pos = s + 1


def parse_targets(params: bytes) -> list[str] | None:
    """UIDs (upper-case hex) in an InListPassiveTarget reply for type A; None if it is malformed.

    Per target: Tg, SENS_RES (2), SEL_RES, NFCIDLength, NFCID1, then ATS when SEL_RES says ISO 14443-4.

    >>> parse_targets(bytes.fromhex("01 01 0044 00 07 04A224B2C53C80"))
    ['04A224B2C53C80']
    """
    if not params or params[0] > 2:
        return None
    pos, uids = 1, []
    for _ in range(params[0]):
        if pos + 5 > len(params):
            return None
        sel_res, uid_len = params[pos + 3], params[pos + 4]
        pos += 5
        if uid_len not in UID_LENGTHS or pos + uid_len > len(params):
            return None
        uids.append(params[pos:pos + uid_len].hex().upper())
        pos += uid_len
        if sel_res & 0x20:
            if pos >= len(params) or params[pos] < 1 or pos + params[pos] > len(params):
                return None
            pos += params[pos]
    return uids if pos == len(params) else None


class Pn532(ReaderDecoder):
    """The host side of the PN532 conversation, with no I/O: bytes and time in, tags and bytes out.

    >>> chip = Pn532(); chip.start(0.0); chip.output().startswith(WAKEUP)
    True
    """

    name = "pn532"
    label = "PN532"
    baud = 115200
    repeats = True  # every poll reports the tags on the antenna
    same_tag_s = 0.5
    ack_timeout_s = 0.2
    reply_timeout_s = 1.0

    def __init__(self, *, poll_s: float = 0.1, activation_retries: int = 2) -> None:
        super().__init__()
        if not 0 <= activation_retries <= 0xFE:
            raise ValueError(f"activation retries go from 0 to 254, got {activation_retries!r}")
        self.poll_s = poll_s
        self.activation_retries = activation_retries
        self.frames = FrameDecoder(self.stats)
        self.firmware: bytes | None = None  # IC, Ver, Rev, Support
        self.polls = 0
        self._out = bytearray()
        self._setup: list[tuple[int, bytes]] = []
        self._pending: int | None = None  # the command waiting for its reply
        self._last: tuple[int, bytes] = (0, b"")
        self._acked = False
        self._deadline: float | None = None

    @property
    def detail(self) -> str:
        if self.firmware is None or len(self.firmware) < 3:
            return ""
        return f"PN5{self.firmware[0]:02X} v{self.firmware[1]}.{self.firmware[2]}"

    def start(self, now: float) -> None:
        self.frames.reset()
        self._setup = [
            (SAM_CONFIGURATION, SAM_NORMAL),
            (RF_CONFIGURATION, bytes([MAX_RETRIES_ITEM, 0xFF, 0x01, self.activation_retries])),
            (GET_FIRMWARE_VERSION, b""),
        ]
        code, params = self._setup.pop(0)
        self._send(code, params, now, wake=True)

    def reset(self) -> None:
        self.frames.reset()
        self._pending, self._deadline, self._setup = None, None, []

    def output(self) -> bytes:
        out = bytes(self._out)
        self._out.clear()
        return out

    def deadline(self) -> float | None:
        return self._deadline

    def tick(self, now: float) -> None:
        if self._deadline is None or now < self._deadline:
            return
        if self._pending is None:
            self.polls += 1
            self._send(IN_LIST_PASSIVE_TARGET, POLL_TYPE_A, now)
        else:  # no ACK or no reply in time: the chip was reset, unplugged or fell asleep
            self.stats.timeouts += 1
            self.start(now)

    def feed(self, data: bytes, now: float = 0.0) -> list[str]:
        tags: list[str] = []
        for f in self.frames.feed(data):
            tags += self._on_frame(f, now)
        return tags

    def _send(self, code: int, params: bytes, now: float, wake: bool = False) -> None:
        self._pending, self._last, self._acked = code, (code, params), False
        self._deadline = now + self.ack_timeout_s
        self._out += (WAKEUP if wake else b"") + command(code, params)

    def _on_frame(self, f: Frame, now: float) -> list[str]:
        if self._pending is None or f.tfi == HOST_TFI:
            self.stats.unexpected += 1
            return []
        if f.kind == "ack":
            if self._acked:
                self.stats.unexpected += 1
            else:
                self._acked, self._deadline = True, now + self.reply_timeout_s
            return []
        if f.kind == "nack":  # the chip asks for the command again
            self._send(*self._last, now)
            return []
        if f.kind == "error":  # the chip could not carry the command out: go on as if it found nothing
            self._replied(now)
            return []
        if f.code != self._pending + 1:
            self.stats.unexpected += 1
            return []
        code = self._pending
        tags: list[str] = []
        if code == GET_FIRMWARE_VERSION:
            self.firmware = f.params
        elif code == IN_LIST_PASSIVE_TARGET:
            found = parse_targets(f.params)
            if found is None:
                self.stats.malformed += 1
            else:
                tags = found
        self._replied(now)
        return tags

    def _replied(self, now: float) -> None:
        self._pending = None
        if self._setup:
            self._send(*self._setup.pop(0), now)
        else:
            self._deadline = now + self.poll_s
