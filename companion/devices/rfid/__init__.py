"""RFID tiles: serial readers (RDM6300, ID-12LA / ID-20LA, PN532) that read the tags under keys and tokens.

One module per reader protocol, each a decoder with no I/O (``Rdm6300``, ``Id12``, ``Pn532``); the
``TagDebouncer`` (same-tag window, placed/removed); ``TileReader``, the one runner that does the serial
I/O with pyserial's ReaderThread and reopens the port when the reader comes back; ``ReaderConfig``; and
``emulate``, the readers' simulated twin on a pseudo-terminal.
"""

from companion.devices.rfid.base import DecoderStats, ReaderDecoder
from companion.devices.rfid.config import READERS, ReaderConfig, ReaderConfigError
from companion.devices.rfid.debounce import PLACED, REMOVED, TagDebouncer, TagEvent
from companion.devices.rfid.id12 import Id12
from companion.devices.rfid.pn532 import Pn532
from companion.devices.rfid.rdm6300 import Rdm6300
from companion.devices.rfid.runner import ReaderStatus, TileReader

__all__ = [
    "DecoderStats", "ReaderDecoder", "READERS", "ReaderConfig", "ReaderConfigError", "PLACED", "REMOVED",
    "TagDebouncer", "TagEvent", "Id12", "Pn532", "Rdm6300", "ReaderStatus", "TileReader",
]
