"""Speech engines behind one interface: Piper (best), espeak-ng (fallback), silent (no speech).

Text always reaches an engine as data: Piper gets a Python string, espeak-ng reads it on its
standard input with an argument list (no shell), so quotes, dashes or ``$`` in a riddle are just text.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import threading

from pathlib import Path

import numpy as np

from companion.sound.clip import Clip, concatenate, read_wav, silence
from companion.sound.speech.profile import VoiceProfile, lines_of, sentences_of
from companion.sound.speech.voices import (VoiceFile, default_voices, installed_voices, read_voice_config,
                                          voice_for)


class SpeechError(Exception):
    """An engine failed on a text; the message names the engine and the reason."""


class SpeechEngine:
    """What every engine offers. ``render`` shapes the text with the profile's pauses."""

    name = "engine"
    rate = 22050

    def problem(self) -> str | None:
        """Why this engine cannot speak here, or None when it can."""
        return None

    def voice(self, language: str) -> str | None:
        """The voice this engine uses for ``language``, or None when it has none."""
        raise NotImplementedError

    def voice_identity(self, voice: str) -> str:
        """What identifies the voice's sound (name and version): part of the cache key."""
        return voice

    def voices(self) -> list[str]:
        raise NotImplementedError

    def sentence(self, text: str, voice: str, profile: VoiceProfile) -> Clip:
        """One sentence as audio."""
        raise NotImplementedError

    def render(self, text: str, voice: str, profile: VoiceProfile) -> Clip:
        """The whole text: sentence by sentence, with the profile's pauses between sentences and lines."""
        parts: list[Clip] = []
        lines = lines_of(text)
        for i, line in enumerate(lines):
            sentences = sentences_of(line)
            for j, sentence in enumerate(sentences):
                clip = self.sentence(sentence, voice, profile)
                parts.append(clip)
                if j < len(sentences) - 1:
                    parts.append(Clip(silence(profile.sentence_pause, clip.rate), clip.rate))
            if i < len(lines) - 1:
                parts.append(Clip(silence(profile.line_pause, self.rate), self.rate))
        rate = parts[0].rate if parts else self.rate
        return concatenate(parts, rate)


class SilentEngine(SpeechEngine):
    """Says nothing, instantly: the game goes on when no other engine can speak."""

    name = "silent"

    def voice(self, language: str) -> str | None:
        return "silent"

    def voices(self) -> list[str]:
        return ["silent"]

    def sentence(self, text: str, voice: str, profile: VoiceProfile) -> Clip:
        return Clip(np.zeros(0, dtype=np.float32), self.rate)

    def render(self, text: str, voice: str, profile: VoiceProfile) -> Clip:
        return Clip(np.zeros(0, dtype=np.float32), self.rate)


class EspeakEngine(SpeechEngine):
    """espeak-ng (Debian package ``espeak-ng``): robotic but instant, French and English."""

    name = "espeak"
    VOICES = {"fr": "fr-fr", "en": "en-gb"}
    NORMAL_WPM = 175

    def __init__(self, binary: str | None = None, *, timeout: float = 30.0) -> None:
        self.binary = binary or shutil.which("espeak-ng")
        self.timeout = timeout

    def problem(self) -> str | None:
        if not self.binary:
            return "espeak-ng is not installed (Debian package espeak-ng)"
        return None

    def voice(self, language: str) -> str | None:
        return self.VOICES.get(language) if self.binary else None

    def voices(self) -> list[str]:
        return sorted(self.VOICES.values()) if self.binary else []

    def voice_identity(self, voice: str) -> str:
        return f"{voice}:{self.version}"

    @functools.cached_property
    def version(self) -> str:
        try:
            out = subprocess.run([self.binary, "--version"], capture_output=True, timeout=self.timeout)
        except (OSError, subprocess.TimeoutExpired):
            return "?"
        return out.stdout.decode("utf-8", "replace").split("Data at")[0].strip()

    def command(self, voice: str, profile: VoiceProfile) -> list[str]:
        """The argument list (the text is not in it: it goes on standard input)."""
        name = f"{voice}+{profile.variant}" if profile.variant else voice
        wpm = int(round(self.NORMAL_WPM * profile.speed))
        pitch = int(round(min(99, max(0, 50 + profile.pitch * 5))))
        return [self.binary or "espeak-ng", "-v", name, "-s", str(wpm), "-p", str(pitch), "-b", "1",
                "--stdout", "--stdin"]

    def sentence(self, text: str, voice: str, profile: VoiceProfile) -> Clip:
        if not self.binary:
            raise SpeechError(self.problem() or "espeak-ng is missing")
        try:
            out = subprocess.run(self.command(voice, profile), input=text.encode("utf-8"),
                                 capture_output=True, timeout=self.timeout, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SpeechError(f"espeak-ng failed: {exc}") from exc
        if out.returncode != 0 or not out.stdout:
            raise SpeechError(f"espeak-ng failed ({out.returncode}): {out.stderr.decode('utf-8', 'replace')[:200]}")
        return read_wav(out.stdout)


class PiperEngine(SpeechEngine):
    """Piper (pip package ``piper-tts``) with the voices installed in the voices folders."""

    name = "piper"

    def __init__(self, voices: list[VoiceFile] | None = None, preferred: dict[str, str] | None = None) -> None:
        self._voices = voices
        self.preferred = dict(preferred or {})
        self._loaded: dict[str, object] = {}
        self._lock = threading.Lock()

    def problem(self) -> str | None:
        try:
            import piper  # noqa: F401
        except ImportError as exc:
            return f"Piper is not installed (pip package piper-tts): {exc}"
        if not self.installed():
            return "no Piper voice is installed (companion voices install FILE, or voices download NAME)"
        return None

    def installed(self) -> list[VoiceFile]:
        return self._voices if self._voices is not None else installed_voices()

    def voice_file(self, language: str) -> VoiceFile | None:
        preferred = self.preferred.get(language) or default_voices().get(language)
        return voice_for(language, self.installed(), preferred)

    def voice(self, language: str) -> str | None:
        try:
            import piper  # noqa: F401
        except ImportError:
            return None
        found = self.voice_file(language)
        return found.name if found else None

    def voices(self) -> list[str]:
        return [v.name for v in self.installed()]

    def voice_identity(self, voice: str) -> str:
        return self._file(voice).identity

    def _file(self, name: str) -> VoiceFile:
        found = next((v for v in self.installed() if v.name == name), None)
        if found is None:
            raise SpeechError(f"the Piper voice {name} is not installed")
        return found

    def load(self, name: str):
        """The loaded voice (loading takes a second or two: once per voice)."""
        with self._lock:
            if name not in self._loaded:
                f = self._file(name)
                try:
                    self._loaded[name] = load_piper_voice(f)
                except Exception as exc:  # a corrupt model: onnxruntime raises its own errors
                    raise SpeechError(f"the Piper voice {name} could not be loaded: {exc}") from exc
            return self._loaded[name]

    def sentence(self, text: str, voice: str, profile: VoiceProfile) -> Clip:
        from piper import SynthesisConfig

        model = self.load(voice)
        # Pitch by playing the audio at another rate; the speed is compensated in length_scale.
        shift = 2.0 ** (profile.pitch / 12.0)
        config = SynthesisConfig(length_scale=model.config.length_scale * shift / profile.speed,
                                 volume=0.9)
        try:
            chunks = [c.audio_float_array for c in model.synthesize(text, syn_config=config)]
        except Exception as exc:
            raise SpeechError(f"Piper failed on {text[:40]!r}: {exc}") from exc
        samples = np.concatenate(chunks).astype(np.float32) if chunks else np.zeros(0, dtype=np.float32)
        return Clip(samples, int(round(model.config.sample_rate * shift)))

    def render(self, text: str, voice: str, profile: VoiceProfile) -> Clip:
        self.rate = self.load(voice).config.sample_rate
        return super().render(text, voice, profile)


def piper_threads() -> int:
    """Threads for one voice: the cores this process may use, at most 4 (a Pi's)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(4, cores))


def load_piper_voice(voice: VoiceFile):
    """Piper's ``PiperVoice.load`` with two differences: the configuration is read through the voices'
    size-limited reader, and onnxruntime gets a thread count. Left to choose it, onnxruntime pins each
    thread to a core with ``sched_setaffinity``, which the kiosk's system-call filter refuses (an error
    line in the journal at each voice loaded); given a count, it pins nothing."""
    import onnxruntime
    from piper import PiperConfig, PiperVoice
    from piper.voice import ESPEAK_DATA_DIR

    config = PiperConfig.from_dict(read_voice_config(voice.config))
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = piper_threads()
    options.inter_op_num_threads = 1
    session = onnxruntime.InferenceSession(str(voice.model), sess_options=options,
                                           providers=["CPUExecutionProvider"])
    return PiperVoice(config=config, session=session, espeak_data_dir=Path(ESPEAK_DATA_DIR),
                      download_dir=voice.model.parent)


def make_engine(name: str) -> SpeechEngine:
    engines = {"piper": PiperEngine, "espeak": EspeakEngine, "silent": SilentEngine}
    if name not in engines:
        raise ValueError(f"unknown speech engine {name!r}; known: {', '.join(engines)}")
    return engines[name]()
