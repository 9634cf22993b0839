"""What every reader module provides: a decoder with no I/O (bytes in, tag ids out) and its counters."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import ClassVar

STX, ETX, CR, LF = 0x02, 0x03, 0x0D, 0x0A


@dataclass
class DecoderStats:
    """What a decoder has seen. Nothing it drops ever becomes a tag; it is only counted here."""

    frames: int = 0  # frames that passed every check
    bad_checksum: int = 0  # whole frames whose checksum is wrong
    malformed: int = 0  # frames cut short, or holding a byte that cannot be there
    noise_bytes: int = 0  # bytes outside any frame
    timeouts: int = 0  # (PN532) a command the chip never answered
    unexpected: int = 0  # (PN532) valid frames that answer no pending command

    @property
    def dropped(self) -> int:
        """Frames thrown away: bad checksum or malformed."""
        return self.bad_checksum + self.malformed

    def as_dict(self) -> dict[str, int]:
        return {**asdict(self), "dropped": self.dropped}


class ReaderDecoder:
    """One reader protocol with no I/O: :meth:`feed` the bytes the port gave, get the tag ids read.

    Tag ids are upper-case hex. What the host must send (a PN532 is asked for tags; an RDM6300 or an
    ID-12 speaks on its own and needs nothing) waits in :meth:`output` after ``start``, ``feed`` and
    ``tick``; time comes in as arguments, never from a clock."""

    name: ClassVar[str] = ""
    label: ClassVar[str] = ""
    baud: ClassVar[int] = 9600
    repeats: ClassVar[bool] = True  # reports a held tag again and again, so a removal can be seen
    same_tag_s: ClassVar[float] = 1.0  # default same-tag window for this reader

    def __init__(self) -> None:
        self.stats = DecoderStats()

    def feed(self, data: bytes, now: float = 0.0) -> list[str]:
        """The tag ids in the frames that ``data`` completes (a frame may span many calls)."""
        raise NotImplementedError

    def start(self, now: float) -> None:
        """The port has just been opened."""

    def tick(self, now: float) -> None:
        """Time has passed: timeouts and polls."""

    def output(self) -> bytes:
        """Bytes to write to the reader now (and forget)."""
        return b""

    def deadline(self) -> float | None:
        """When :meth:`tick` next has something to do; None: only when bytes arrive."""
        return None

    def reset(self) -> None:
        """Forget a frame in progress (the port was closed and opened again)."""

    @property
    def detail(self) -> str:
        """What the reader told about itself (PN532 firmware), for the settings screen."""
        return ""
