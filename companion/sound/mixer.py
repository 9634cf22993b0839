"""The one mixer: every sound of the companion goes through one sounddevice ``OutputStream``.

A keeper thread opens the device, retries while there is none (audio often appears late at boot)
and reopens it when it vanishes. While there is no device the game goes on in silence and
:meth:`Mixer.status` says why.

    mixer = Mixer(device="USB Audio").start()
    mixer.play(cues.get("gong"), "cues")
    mixer.close()
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from companion.sound.clip import Clip
from companion.sound.devices import (PORTAUDIO_LOCK, OutputDevice, SoundUnavailable, choose, output_devices, portaudio,
                                     rescan)
from companion.sound.mixbus import CATEGORIES, MixBus, Playback

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class MixerStatus:
    """What the settings screen shows about sound."""

    state: str  # "on", "opening" (retrying), "silent" (given up or disabled), "closed"
    device: str | None = None
    hostapi: str | None = None
    rate: int | None = None
    reason: str | None = None  # why there is no sound, when there is none
    attempts: int = 0
    devices: tuple[str, ...] = field(default_factory=tuple)

    @property
    def on(self) -> bool:
        return self.state == "on"

    def summary(self) -> str:
        if self.on:
            return f"Sound on {self.device} ({self.hostapi}, {self.rate} Hz)"
        return f"No sound: {self.reason or self.state}"


class Mixer:
    """Mixes cues, speech and ambience onto one output device chosen by name (None: the default).

    ``retry_interval`` is the first wait between attempts to open a device; it doubles up to
    ``max_retry_interval``. ``stall_seconds``: a running stream whose callback has not been called
    for that long is taken as a vanished device.
    """

    def __init__(self, device: str | None = None, *, rate: int = 48000, blocksize: int = 0,
                 latency: str | float = "low", retry_interval: float = 1.0, max_retry_interval: float = 10.0,
                 stall_seconds: float = 2.0, enabled: bool = True) -> None:
        self.device_name = device
        self.rate = rate
        self.blocksize = blocksize
        self.latency = latency
        self.retry_interval = retry_interval
        self.max_retry_interval = max_retry_interval
        self.stall_seconds = stall_seconds
        self.enabled = enabled
        self.bus = MixBus(channels=2)
        self._lock = threading.RLock()
        self._stream: Any = None
        self._device: OutputDevice | None = None
        self._reason: str | None = None if enabled else "sound is switched off"
        self._attempts = 0
        self._last_callback = 0.0
        self._callback_error: str | None = None
        self._wake = threading.Event()
        self._closing = threading.Event()
        self._keeper: threading.Thread | None = None
        self._stream_ended = threading.Event()
        # True once PortAudio hung while closing a vanished device: it is never restarted after that.
        self._wedged = False
        self._known: tuple[OutputDevice, ...] = ()
        self._lost: str | None = None  # the device that went away, until one opens again

    # --- life cycle --------------------------------------------------------------------------------

    def start(self) -> "Mixer":
        """Try the device once now, then keep trying (and watching it) in the background."""
        if not self.enabled or self._keeper is not None:
            return self
        self._try_open()
        self._keeper = threading.Thread(target=self._keep, name="sound-mixer-keeper", daemon=True)
        self._keeper.start()
        return self

    def close(self) -> None:
        self._closing.set()
        self._wake.set()
        if self._keeper is not None:
            self._keeper.join(timeout=5)
        self._close_stream()
        self.bus.stop()

    def __enter__(self) -> "Mixer":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def use_device(self, name: str | None) -> MixerStatus:
        """Switch to the device of that name (None: the default) and say how it went."""
        with self._lock:
            self.device_name = name
            self._close_stream()
            self._attempts, self._lost = 0, None
        self._try_open()
        self._wake.set()
        return self.status()

    # --- playing -----------------------------------------------------------------------------------

    @property
    def is_on(self) -> bool:
        return self._stream is not None

    def play(self, clip: Clip, category: str = "cues", *, gain: float = 1.0, loop: bool = False,
             delay: float = 0.0) -> Playback:
        """Start a sound (after ``delay`` seconds); with no device it is dropped, except loops,
        which wait for one."""
        if category not in CATEGORIES:
            raise ValueError(f"unknown sound category {category!r}; known: {', '.join(CATEGORIES)}")
        with self._lock:
            if self._stream is None and not loop:
                return Playback.dropped(category)
            samples = clip.at_rate(self.rate).samples
            return self.bus.add(Playback(samples, category, gain=gain, loop=loop,
                                         delay_frames=int(round(delay * self.rate))))

    def stop(self, category: str | None = None) -> None:
        """Stop the sounds of one category, or all of them."""
        self.bus.stop(category)

    def set_volume(self, category: str, value: float) -> None:
        """Volume of one of ``mixbus.CATEGORIES`` (``voice``, ``cues``, ``ambience``...), from 0 to 1."""
        self.bus.set_volume(category, value)

    def set_master(self, value: float) -> None:
        """The master volume from 0 to 1 (the settings' 0-100 divided by 100)."""
        self.bus.set_master(value)

    def set_muted(self, muted: bool) -> None:
        self.bus.muted = bool(muted)

    # --- what the settings screen shows ----------------------------------------------------------

    def status(self) -> MixerStatus:
        # Never waits on the keeper: it reads what the keeper last saw.
        if not self._lock.acquire(timeout=0.2):
            return MixerStatus(state="opening", reason=self._reason, attempts=self._attempts,
                               devices=tuple(d.name for d in self._known))
        try:
            names = tuple(d.name for d in self._known)
            if self._closing.is_set():
                state = "closed"
            elif self._stream is not None:
                state = "on"
            elif not self.enabled:
                state = "silent"
            else:
                state = "opening"
            d = self._device if self._stream is not None else None
            return MixerStatus(state=state, device=d.name if d else None, hostapi=d.hostapi if d else None,
                               rate=self.rate if d else None, reason=None if d else self._reason,
                               attempts=self._attempts, devices=names)
        finally:
            self._lock.release()

    def devices(self) -> list[OutputDevice]:
        """The output devices PortAudio knows (for the settings' device list)."""
        if self._lock.acquire(timeout=0.5):
            try:
                if self._stream is None or not self._known:
                    self._known = tuple(output_devices())
            finally:
                self._lock.release()
        return list(self._known)

    # --- the device --------------------------------------------------------------------------------

    def _try_open(self) -> bool:
        # Another thread in PortAudio (a stream closing, another mixer restarting it): try again on the
        # next round. Taken before this mixer's lock, so that the game's next sound (play, which takes
        # only that one) never waits on PortAudio.
        if not PORTAUDIO_LOCK.acquire(timeout=0.5):
            self._reason = self._why("the sound system is busy; trying again")
            return False
        try:
            return self._open_locked()
        finally:
            PORTAUDIO_LOCK.release()

    def _open_locked(self) -> bool:
        with self._lock:
            if self._stream is not None or self._closing.is_set():
                return self._stream is not None
            self._attempts += 1
            try:
                sd = portaudio()
                if self._attempts > 1 and not self._wedged:
                    rescan(sd)
                self._known = tuple(output_devices(sd))
                device = choose(list(self._known), self.device_name)
                rate = self._usable_rate(sd, device)
                stream = sd.OutputStream(
                    device=device.index, samplerate=rate, channels=self.bus.channels, dtype="float32",
                    blocksize=self.blocksize, latency=self.latency, callback=self._callback,
                    finished_callback=self._stream_ended.set)
                self._stream_ended.clear()
                self._last_callback = time.monotonic()
                stream.start()
            except SoundUnavailable as exc:
                self._reason = self._why(str(exc))
                return False
            except Exception as exc:  # PortAudioError and friends: a device that refuses to open
                self._reason = self._why(f"the audio device could not be opened: {exc}")
                return False
            if rate != self.rate:
                self._resample_loops(self.rate, rate)
                self.rate = rate
            self._stream, self._device, self._reason, self._lost = stream, device, None, None
            self._attempts = 0
            log.info("sound on %s (%s) at %d Hz", device.name, device.hostapi, rate)
            return True

    def _usable_rate(self, sd: Any, device: OutputDevice) -> int:
        for rate in (self.rate, int(device.default_rate)):
            try:
                sd.check_output_settings(device=device.index, samplerate=rate, channels=self.bus.channels,
                                         dtype="float32")
                return rate
            except Exception:
                continue
        raise SoundUnavailable(f"the audio device {device.name!r} accepts neither {self.rate} Hz nor "
                               f"{int(device.default_rate)} Hz")

    def _resample_loops(self, old: int, new: int) -> None:
        with self.bus._lock:
            for p in self.bus._playing:
                p.samples = Clip(p.samples, old).at_rate(new).samples
                p.position = int(p.position * new / old) % max(1, len(p.samples))

    def _callback(self, outdata: np.ndarray, frames: int, _time: Any, _status: Any) -> None:
        # Runs on PortAudio's thread: an exception here would kill the stream, so none gets out.
        self._last_callback = time.monotonic()
        try:
            outdata[:] = self.bus.render(frames)
        except Exception as exc:
            outdata.fill(0)
            self._callback_error = repr(exc)

    def _keep(self) -> None:
        wait = self.retry_interval
        while not self._closing.is_set():
            if self._stream is None:
                if self._try_open():
                    wait = self.retry_interval
                    continue
                self._wake.wait(wait)
                self._wake.clear()
                wait = min(wait * 2, self.max_retry_interval)
                continue
            self._wake.wait(min(0.5, self.stall_seconds / 2))
            self._wake.clear()
            self._check_health()

    def _check_health(self) -> None:
        with self._lock:
            stream, device = self._stream, self._device
            if stream is None:
                return
            stalled = time.monotonic() - self._last_callback > self.stall_seconds
            ended = self._stream_ended.is_set()
            if not (stalled or ended):
                return
            name = device.name if device else "?"
            log.warning("the audio device %s went away (%s)", name, "stopped" if ended else "stalled")
            self._lost = name
            self._reason = f"the audio device {name!r} stopped answering"
            self._close_stream()
            self._reason = self._why("trying to reopen it")
            self.bus.drop_unlooped()

    def _why(self, problem: str) -> str:
        """The reason shown for no sound: a device that went away stays named until one opens."""
        text = f"the audio device {self._lost!r} stopped answering; {problem}" if self._lost else problem
        if self._wedged:
            text += "; sound comes back when the companion is restarted"
        return text

    def _close_stream(self) -> None:
        stream, self._stream, self._device = self._stream, None, None
        if stream is None:
            return
        # Closing a stream whose device has gone can block inside PortAudio: never wait long for it.
        closer = threading.Thread(target=_close_quietly, args=(stream,), daemon=True, name="sound-close")
        closer.start()
        closer.join(timeout=2.0)
        if closer.is_alive():
            # PortAudio is stuck in there (a JACK server that died does this): restarting PortAudio
            # now would hang too, so the device list stays as it is until the app restarts.
            self._wedged = True
            _skip_portaudio_exit()


def _skip_portaudio_exit() -> None:
    """sounddevice terminates PortAudio at exit, which would hang like the stuck close and keep the
    app from quitting: leave that to the operating system."""
    import atexit

    try:
        sd = portaudio()
        atexit.unregister(sd._exit_handler)
    except Exception:
        pass


def _close_quietly(stream: Any) -> None:
    with PORTAUDIO_LOCK:  # never beside a restart of PortAudio (see companion.sound.devices)
        try:
            stream.abort()
        except Exception:
            pass
        try:
            stream.close()
        except Exception:
            pass
