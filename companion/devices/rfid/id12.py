"""ID-12LA / ID-20LA (ID Innovations): 125 kHz readers at 9600 baud that report a tag once.

ASCII frame: STX, 10 data digits, 2 checksum digits (XOR of the 5 data bytes), CR, LF, ETX. Wiring: pin
D0 (TX) to the Pi's RX, FORMAT (pin 7) to GND for ASCII; pin 9 is the 3.3 V-safe output on the LA parts."""

from __future__ import annotations

from companion.devices.rfid.asciihex import AsciiHexDecoder, encode
from companion.devices.rfid.base import CR, ETX, LF

TRAILER = bytes([CR, LF, ETX])


class Id12(AsciiHexDecoder):
    """Decoder of ID-12LA / ID-20LA frames.

    >>> Id12().feed(frame("7F001B2A93"))
    ['7F001B2A93']
    """

    name = "id12"
    label = "ID-12LA"
    baud = 9600
    repeats = False  # one report per presentation: a removal cannot be seen
    same_tag_s = 1.0
    trailer = TRAILER


def frame(tag: str) -> bytes:
    """The bytes an ID-12LA sends when it reads ``tag``."""
    return encode(tag, TRAILER)
