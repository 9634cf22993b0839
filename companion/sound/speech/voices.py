"""Piper voices on disk: where they live, which are there, and fetching more with Piper's own code.

A voice is two files side by side, ``NAME.onnx`` and ``NAME.onnx.json`` (Piper's layout), in the
user's voices folder (``<user data dir>/voices``) or in a folder listed in ``COMPANION_VOICES_PATH``.
On the Pi the user fetches French voices with ``companion voices download fr_FR-siwis-medium``.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from companion import guarded

APP_NAME = "fort-boyard-companion"
#: Extra folders of Piper voices, separated like PATH (a voice shipped with a system image, tests).
VOICES_PATH_ENV = "COMPANION_VOICES_PATH"
#: Preferred quality first: medium is what a Pi 4 renders at about real time.
QUALITY_ORDER = ("medium", "low", "x_low", "high")


class VoiceError(Exception):
    """A voice that cannot be found, fetched or read; the message says which and why."""


@dataclass(frozen=True)
class VoiceFile:
    """An installed Piper voice."""

    name: str  # e.g. "fr_FR-siwis-medium"
    language: str  # Piper's code, e.g. "fr_FR"
    quality: str
    model: Path
    config: Path

    @property
    def family(self) -> str:
        """The language without the region ("fr"), as the companion's settings name it."""
        return self.language.split("_")[0].lower()

    @property
    def identity(self) -> str:
        """What changes when the voice file changes (part of the speech cache key)."""
        st = self.model.stat()
        return f"{self.name}:{st.st_size}"


def user_voices_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME)) / "voices"


def voices_dirs() -> list[Path]:
    extra = [Path(p) for p in os.environ.get(VOICES_PATH_ENV, "").split(os.pathsep) if p]
    return [user_voices_dir(), *extra]


def read_voice(model: Path) -> VoiceFile:
    config = model.with_name(model.name + ".json")
    if not os.path.lexists(config):
        raise VoiceError(f"the Piper voice {model.name} has no {config.name} beside it")
    try:
        data = guarded.load_json(config, guarded.VOICE)  # a FIFO or a link to /dev/zero is refused
    except guarded.Damaged as exc:
        raise VoiceError(str(exc)) from exc
    except (OSError, ValueError) as exc:
        raise VoiceError(f"{config}: not a Piper voice configuration ({exc})") from exc
    if not isinstance(data, dict):
        raise VoiceError(f"{config}: not a Piper voice configuration (a JSON object)")
    name = model.name[: -len(".onnx")]
    language, audio = data.get("language"), data.get("audio")
    language = (language.get("code") if isinstance(language, dict) else None) or name.split("-")[0]
    quality = (audio.get("quality") if isinstance(audio, dict) else None) or \
        (name.rsplit("-", 1)[-1] if "-" in name else "")
    if not isinstance(language, str) or not isinstance(quality, str):
        raise VoiceError(f"{config}: the language code and the quality must be texts")
    return VoiceFile(name=name, language=language, quality=quality, model=model, config=config)


def installed_voices(dirs: list[Path] | None = None) -> list[VoiceFile]:
    """Every readable voice in the voices folders (a broken one is skipped), the first of a name wins."""
    found: dict[str, VoiceFile] = {}
    for folder in dirs if dirs is not None else voices_dirs():
        if not folder.is_dir():
            continue
        for model in sorted(folder.glob("*.onnx")):
            try:
                voice = read_voice(model)
            except VoiceError:
                continue
            found.setdefault(voice.name, voice)
    return list(found.values())


def voice_for(language: str, voices: list[VoiceFile], preferred: str | None = None) -> VoiceFile | None:
    """The voice to use for ``language`` ("fr", "en"): the preferred one if installed, else the best
    quality for a Pi, else None."""
    mine = [v for v in voices if v.family == language.lower()]
    if preferred:
        chosen = next((v for v in mine if v.name == preferred), None)
        if chosen:
            return chosen
    rank = {q: i for i, q in enumerate(QUALITY_ORDER)}
    mine.sort(key=lambda v: (rank.get(v.quality, len(rank)), v.name))
    return mine[0] if mine else None


def download(name: str, folder: Path | None = None, *, force: bool = False) -> VoiceFile:
    """Fetch a voice with Piper's own downloader into the user's voices folder."""
    try:
        from piper import download_voices
    except ImportError as exc:
        raise VoiceError(f"Piper is not installed (pip package piper-tts): {exc}") from exc
    folder = folder or user_voices_dir()
    folder.mkdir(parents=True, exist_ok=True)
    if not download_voices.VOICE_PATTERN.match(name.strip()):
        raise VoiceError(f"{name!r} is not a Piper voice name; they look like fr_FR-siwis-medium")
    try:
        download_voices.download_voice(name.strip(), folder, force_redownload=force)
    except OSError as exc:  # URLError is an OSError: no network, unknown voice (404), full disk
        _remove_partial(folder, name.strip())
        raise VoiceError(f"could not download the voice {name}: {getattr(exc, 'reason', exc)}") from exc
    return read_voice(folder / f"{name.strip()}.onnx")


def catalogue(timeout: float = 15.0) -> list[str]:
    """The names of the voices Piper's repository offers (needs the internet)."""
    from urllib.request import urlopen

    try:
        from piper.download_voices import VOICES_JSON
    except ImportError as exc:
        raise VoiceError(f"Piper is not installed (pip package piper-tts): {exc}") from exc
    try:
        with urlopen(VOICES_JSON, timeout=timeout) as response:
            return sorted(json.load(response))
    except (OSError, ValueError) as exc:
        raise VoiceError(f"could not fetch the list of Piper voices: {getattr(exc, 'reason', exc)}") from exc


def _remove_partial(folder: Path, name: str) -> None:
    # Piper writes straight into the final files: a failed download must not leave a voice that
    # looks installed but is truncated.
    for suffix in (".onnx", ".onnx.json"):
        path = folder / f"{name}{suffix}"
        if path.exists():
            path.unlink()
