"""RDM6300: a 125 kHz (EM4100) reader at 9600 baud that repeats a held tag every 50 to 500 ms.

Frame: 0x02, 10 hex ASCII digits, 2 hex ASCII digits (XOR of the 5 data bytes), 0x03. Wiring: its TX to
the Pi's RX (GPIO 15) through a divider (the module is 5 V), GND to GND; the Pi's TX is not needed."""

from __future__ import annotations

from companion.devices.rfid.asciihex import AsciiHexDecoder, encode
from companion.devices.rfid.base import ETX

TRAILER = bytes([ETX])


class Rdm6300(AsciiHexDecoder):
    """Decoder of RDM6300 frames.

    >>> Rdm6300().feed(frame("1A0033F2C4"))
    ['1A0033F2C4']
    """

    name = "rdm6300"
    label = "RDM6300"
    baud = 9600
    repeats = True
    same_tag_s = 0.75  # longer than its slowest repeat (500 ms), so a held tag stays one event
    trailer = TRAILER


def frame(tag: str) -> bytes:
    """The bytes an RDM6300 sends when it reads ``tag``."""
    return encode(tag, TRAILER)
