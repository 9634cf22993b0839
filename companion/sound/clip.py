"""A clip: mono float samples with their rate, and the few conversions the sound code needs."""

from __future__ import annotations

import errno
import io
import os
import stat
import threading
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from companion import guarded


@dataclass(frozen=True, eq=False)
class Clip:
    """Mono audio: ``samples`` are float32 in [-1, 1] at ``rate`` samples per second."""

    samples: np.ndarray
    rate: int

    @property
    def seconds(self) -> float:
        return len(self.samples) / self.rate if self.rate else 0.0

    def __len__(self) -> int:
        return len(self.samples)

    def at_rate(self, rate: int) -> "Clip":
        """The same sound at another sample rate (linear interpolation: speech and cues, not hi-fi)."""
        if rate == self.rate or len(self.samples) == 0:
            return self if rate == self.rate else Clip(self.samples, rate)
        n_out = max(1, int(round(len(self.samples) * rate / self.rate)))
        # Positions of the output samples on the input's time axis.
        x_out = np.arange(n_out, dtype=np.float64) * (self.rate / rate)
        out = np.interp(x_out, np.arange(len(self.samples), dtype=np.float64), self.samples)
        return Clip(out.astype(np.float32), rate)


def silence(seconds: float, rate: int) -> np.ndarray:
    return np.zeros(max(0, int(round(seconds * rate))), dtype=np.float32)


def concatenate(parts: list[Clip], rate: int) -> Clip:
    """Clips one after the other, all brought to ``rate``."""
    arrays = [p.at_rate(rate).samples for p in parts if len(p)]
    if not arrays:
        return Clip(np.zeros(0, dtype=np.float32), rate)
    return Clip(np.concatenate(arrays).astype(np.float32, copy=False), rate)


def from_int16(data: bytes, rate: int) -> Clip:
    samples = np.frombuffer(data, dtype="<i2").astype(np.float32) / 32768.0
    return Clip(samples, rate)


def to_int16(clip: Clip) -> bytes:
    return (np.clip(clip.samples, -1.0, 1.0) * 32767.0).astype("<i2").tobytes()


def read_wav(source: bytes | Path) -> Clip:
    """A 16-bit PCM WAV (mono, or the first channel of more) as a clip."""
    if not isinstance(source, (bytes, bytearray)):
        source = guarded.read_bytes(source, guarded.WAV)  # a FIFO or a link to /dev/zero is refused
    with io.BytesIO(source) as handle, wave.open(handle, "rb") as w:
        if w.getsampwidth() != 2:
            raise ValueError(f"only 16-bit WAV is supported, this one has {8 * w.getsampwidth()}-bit samples")
        channels, rate = w.getnchannels(), w.getframerate()
        frames = w.readframes(w.getnframes())
    samples = np.frombuffer(frames, dtype="<i2")
    if channels > 1:
        samples = samples[::channels]
    return Clip(samples.astype(np.float32) / 32768.0, rate)


def wav_bytes(clip: Clip) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(clip.rate)
        w.writeframes(to_int16(clip))
    return buf.getvalue()


def write_wav(clip: Clip, path: Path) -> None:
    """Write atomically, so that a reader never sees half a file (the cache relies on it). Only a new
    file or a regular one is replaced (never a device, a FIFO, a folder or a link); a write that fails
    leaves no temporary file behind. OSError naming the path otherwise."""
    path = Path(path)
    if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(path)) if path.is_dir() else \
            OSError(errno.EINVAL, "is there and is not a regular file: it is not replaced", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        tmp.write_bytes(wav_bytes(clip))
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
