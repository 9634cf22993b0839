"""The ASCII frames of 125 kHz EM4100 readers: STX, 10 hex digits, 2 hex digits of XOR checksum, trailer.

The RDM6300 ends a frame with ETX; the ID-12LA / ID-20LA with CR LF ETX. The tag id is the 10 digits as
sent (upper-case); the checksum is the XOR of the 5 bytes they spell."""

from __future__ import annotations

from companion.devices.rfid.base import STX, ReaderDecoder

HEX_DIGITS = frozenset(b"0123456789ABCDEF")
DATA_DIGITS = 10
CHECK_DIGITS = 2


def checksum(digits: bytes) -> int:
    """XOR of the bytes that the hex digits spell."""
    value = 0
    for i in range(0, len(digits), 2):
        value ^= int(digits[i:i + 2], 16)
    return value


def encode(tag: str, trailer: bytes) -> bytes:
    """The frame a reader sends for ``tag`` (10 hex digits)."""
    digits = tag.upper().encode("ascii")
    if len(digits) != DATA_DIGITS or not set(digits) <= HEX_DIGITS:
        raise ValueError(f"a 125 kHz tag id is 10 hex digits, got {tag!r}")
    return bytes([STX]) + digits + b"%02X" % checksum(digits) + trailer


class AsciiHexDecoder(ReaderDecoder):
    """Incremental decoder of STX + 12 hex digits + ``trailer`` frames.

    An STX anywhere restarts the frame (the one before was cut short); any other byte that cannot be at
    its place ends the frame as malformed. Lower-case digits are refused: these readers never send them.

    >>> d = AsciiHexDecoder(b"\\x03")
    >>> d.feed(b"\\x02" + b"0A0B0C0D0E") + d.feed(b"0E\\x03")
    ['0A0B0C0D0E']
    """

    trailer: bytes = b"\x03"

    def __init__(self, trailer: bytes | None = None) -> None:
        super().__init__()
        if trailer is not None:
            self.trailer = trailer
        self._frame = bytearray()
        self._length = 1 + DATA_DIGITS + CHECK_DIGITS + len(self.trailer)

    def reset(self) -> None:
        if self._frame:
            self.stats.malformed += 1
        self._frame.clear()

    def feed(self, data: bytes, now: float = 0.0) -> list[str]:
        tags: list[str] = []
        frame, stats, trailer = self._frame, self.stats, self.trailer
        digits_end = 1 + DATA_DIGITS + CHECK_DIGITS
        i, n = 0, len(data)
        while i < n:
            if not frame:  # between frames: skip to the next STX at C speed
                start = data.find(STX, i)
                if start < 0:
                    stats.noise_bytes += n - i
                    return tags
                stats.noise_bytes += start - i
                frame.append(STX)
                i = start + 1
                continue
            b = data[i]
            i += 1
            at = len(frame)
            if b == STX:  # a new frame begins: the one in progress was cut short
                stats.malformed += 1
                frame.clear()
                frame.append(STX)
                continue
            if (b in HEX_DIGITS) if at < digits_end else (b == trailer[at - digits_end]):
                frame.append(b)
                if len(frame) == self._length:
                    tag = self._check(bytes(frame[1:digits_end]))
                    if tag:
                        tags.append(tag)
                    frame.clear()
            else:
                stats.malformed += 1
                frame.clear()
        return tags

    def _check(self, digits: bytes) -> str | None:
        if checksum(digits[:DATA_DIGITS]) != int(digits[DATA_DIGITS:], 16):
            self.stats.bad_checksum += 1
            return None
        self.stats.frames += 1
        return digits[:DATA_DIGITS].decode("ascii")
