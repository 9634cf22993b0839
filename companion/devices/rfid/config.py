"""The RFID reader's settings: which protocol, which serial port, and how repeats are debounced."""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from typing import Any, Mapping

from companion.devices.rfid.base import ReaderDecoder
from companion.devices.rfid.id12 import Id12
from companion.devices.rfid.pn532 import Pn532
from companion.devices.rfid.rdm6300 import Rdm6300

READERS: dict[str, type[ReaderDecoder]] = {"rdm6300": Rdm6300, "id12": Id12, "pn532": Pn532}
MODES = ("auto", "scan", "presence")
BAUDS = (1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200, 230400, 460800, 921600)


class ReaderConfigError(ValueError):
    """A reader setting is wrong; ``field`` names it (with its section, e.g. ``reader.port``)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class ReaderConfig:
    """Settings of the RFID reader, as the hardware profile gives them.

    >>> ReaderConfig.from_mapping({"reader": "pn532", "port": "/dev/ttyAMA0"}).baudrate
    115200
    """

    reader: str  # rdm6300, id12 (also ID-20LA) or pn532
    port: str  # a device path (/dev/ttyAMA0, /dev/ttyUSB0) or a pyserial URL
    baud: int | None = None  # None: the reader's own rate (9600, or 115200 for the PN532)
    mode: str = "auto"  # scan: placed only; presence: placed and removed; auto: presence if the reader repeats
    same_tag_ms: float | None = None  # a tag unseen this long has left; None: the reader's default
    retry_s: float = 1.0  # a missing or lost port is tried again this often
    poll_ms: float = 100.0  # PN532: pause between two polls

    def __post_init__(self) -> None:
        self._check()

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, section: str = "reader") -> ReaderConfig:
        """A config from a parsed TOML table; unknown keys, missing keys and bad values raise ReaderConfigError."""
        if not isinstance(data, Mapping):
            raise ReaderConfigError(section, f"expected a table of settings, got {type(data).__name__}")
        known = {f.name: f for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                raise ReaderConfigError(f"{section}.{key}", f"unknown setting (known: {', '.join(sorted(known))})")
            _check_type(f"{section}.{key}", known[key].type, value)
        for name in ("reader", "port"):
            if name not in data:
                raise ReaderConfigError(f"{section}.{name}", "missing: the reader needs it")
        try:
            return cls(**data)
        except ReaderConfigError as exc:
            raise ReaderConfigError(f"{section}.{exc.field}", exc.message) from None

    @property
    def decoder_class(self) -> type[ReaderDecoder]:
        return READERS[self.reader]

    @property
    def baudrate(self) -> int:
        return self.baud if self.baud is not None else self.decoder_class.baud

    @property
    def window_s(self) -> float:
        """The same-tag window in seconds."""
        return self.same_tag_ms / 1000 if self.same_tag_ms is not None else self.decoder_class.same_tag_s

    @property
    def report_removed(self) -> bool:
        if self.mode == "auto":
            return self.decoder_class.repeats
        return self.mode == "presence"

    def decoder(self) -> ReaderDecoder:
        """A fresh decoder for this reader."""
        if self.reader == "pn532":
            return Pn532(poll_s=self.poll_ms / 1000)
        return self.decoder_class()

    def _check(self) -> None:
        if self.reader not in READERS:
            raise ReaderConfigError("reader", f"must be one of {', '.join(READERS)}, got {self.reader!r}")
        if not isinstance(self.port, str) or not self.port.strip():
            raise ReaderConfigError("port", f"give the reader's serial port, such as /dev/ttyAMA0, got {self.port!r}")
        if self.baud is not None and self.baud not in BAUDS:
            raise ReaderConfigError("baud", f"must be a standard rate ({', '.join(map(str, BAUDS))}), got {self.baud!r}")
        if self.mode not in MODES:
            raise ReaderConfigError("mode", f"must be one of {', '.join(MODES)}, got {self.mode!r}")
        if self.mode == "presence" and not self.decoder_class.repeats:
            raise ReaderConfigError(
                "mode", f"the {self.decoder_class.label} reports a tag once, so it cannot tell when one is removed: use scan"
            )
        if self.same_tag_ms is not None:
            _range("same_tag_ms", self.same_tag_ms, 50, 10_000)
        _range("retry_s", self.retry_s, 0.05, 60)
        _range("poll_ms", self.poll_ms, 0, 5000)
        # A held tag must be seen again within the window, or it would seem removed and placed again.
        if self.reader == "rdm6300" and self.window_s <= 0.5:
            raise ReaderConfigError("same_tag_ms", "the RDM6300 repeats a held tag only every 50 to 500 ms: "
                                    f"give more than 500, got {self.window_s * 1000:g}")
        if self.reader == "pn532" and self.window_s <= 2 * self.poll_ms / 1000:
            raise ReaderConfigError("same_tag_ms", f"the PN532 is polled every {self.poll_ms:g} ms: give more "
                                    f"than twice that, got {self.window_s * 1000:g}")


def _range(name: str, value: Any, low: float, high: float) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ReaderConfigError(name, f"expected a number, got {value!r}")
    if not low <= value <= high:
        raise ReaderConfigError(name, f"must be from {low:g} to {high:g}, got {value!r}")


def _check_type(where: str, annotation: str, value: Any) -> None:
    if value is None and "None" in annotation:
        return
    if annotation.startswith("int") and (isinstance(value, bool) or not isinstance(value, int)):
        raise ReaderConfigError(where, f"expected a whole number, got {value!r}")
    if annotation.startswith("float") and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise ReaderConfigError(where, f"expected a number, got {value!r}")
    if annotation == "str" and not isinstance(value, str):
        raise ReaderConfigError(where, f"expected text, got {value!r}")
