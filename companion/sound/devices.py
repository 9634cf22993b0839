"""PortAudio's output devices, through sounddevice: what exists, and which one a name means.

sounddevice loads the PortAudio library when it is imported and PortAudio lists the devices only when
it starts, so a device that appears later (USB audio at boot, a JACK server started after the app)
is seen only after :func:`rescan`.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from types import ModuleType

# PortAudio's process-wide calls are not thread-safe: restarting it (terminate, initialize) while another
# thread opens or closes a stream, or while a second mixer restarts it too, hangs inside the library (a
# test run under load froze two keepers in _terminate / _initialize beside a closing stream, and the game's
# next sound waited on them for good). Every such call takes this lock; nobody waits for it for long.
PORTAUDIO_LOCK = threading.RLock()


class SoundUnavailable(Exception):
    """There is no sound, and the message says why, in words for the person at the table."""


@dataclass(frozen=True)
class OutputDevice:
    """An output as PortAudio names it: ``name`` is what the settings store."""

    index: int
    name: str
    hostapi: str
    channels: int
    default_rate: float
    is_default: bool = False

    def __str__(self) -> str:
        star = " (default)" if self.is_default else ""
        return f"{self.name} [{self.hostapi}, {self.channels} ch]{star}"


def portaudio() -> ModuleType:
    """The sounddevice module, or SoundUnavailable when PortAudio cannot be loaded."""
    try:
        import sounddevice
    except OSError as exc:  # sounddevice raises OSError when libportaudio is missing
        raise SoundUnavailable(f"PortAudio is not installed (Debian package libportaudio2): {exc}") from exc
    except ImportError as exc:
        raise SoundUnavailable(f"the sounddevice package is missing: {exc}") from exc
    return sounddevice


def rescan(sd: ModuleType) -> None:
    """Restart PortAudio so that it lists the devices present now. Only with no stream open, holding
    :data:`PORTAUDIO_LOCK`."""
    # sounddevice has no public call for this; _terminate/_initialize are what its own docs suggest.
    with PORTAUDIO_LOCK:
        sd._terminate()
        sd._initialize()


def output_devices(sd: ModuleType | None = None) -> list[OutputDevice]:
    """Every device that can play sound (an empty list when PortAudio itself is missing)."""
    if sd is None:
        try:
            sd = portaudio()
        except SoundUnavailable:
            return []
    try:
        devices = sd.query_devices()
        hostapis = sd.query_hostapis()
        default_out = sd.default.device[1]
    except Exception:  # PortAudio in a bad state lists nothing rather than crashing the caller
        return []
    found = []
    for d in devices:
        if d["max_output_channels"] <= 0:
            continue
        found.append(OutputDevice(
            index=d["index"], name=d["name"], hostapi=hostapis[d["hostapi"]]["name"],
            channels=d["max_output_channels"], default_rate=d["default_samplerate"],
            is_default=d["index"] == default_out,
        ))
    return found


def choose(devices: list[OutputDevice], name: str | None) -> OutputDevice:
    """The device a settings name means: exact name, else the only one whose name contains it
    (case does not matter); no name: PortAudio's default, else the first. SoundUnavailable otherwise."""
    if not devices:
        raise SoundUnavailable("no audio output device was found (no sound card, or it is not ready yet)")
    if not name:
        return next((d for d in devices if d.is_default), devices[0])
    exact = [d for d in devices if d.name == name]
    if exact:
        return exact[0]
    close = [d for d in devices if name.casefold() in d.name.casefold()]
    if len(close) == 1:
        return close[0]
    names = ", ".join(repr(d.name) for d in devices)
    if close:
        raise SoundUnavailable(f"the audio device name {name!r} matches several devices: "
                               + ", ".join(repr(d.name) for d in close))
    raise SoundUnavailable(f"the audio device {name!r} is not there; devices found: {names}")
