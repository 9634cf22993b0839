"""Piper voices on disk: where they live, which are there, and fetching more with Piper's own code.

A voice is two files side by side, ``NAME.onnx`` and ``NAME.onnx.json`` (Piper's layout), in the
user's voices folder (``<user data dir>/voices``) or in a folder listed in ``COMPANION_VOICES_PATH``.
On the Pi the user fetches French voices with ``companion voices download fr_FR-siwis-medium``, or
copies them from a USB stick with ``companion voices install`` (``speech/install.py``).

A voice's name is a file name in the voices folder, so it is checked against what Piper's names are
(``fr_FR-siwis-medium``) before it is used for anything: no separator, no ``..``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from companion import guarded

APP_NAME = "fort-boyard-companion"
#: Extra folders of Piper voices, separated like PATH (a voice shipped with a system image, tests).
VOICES_PATH_ENV = "COMPANION_VOICES_PATH"
#: Preferred quality first: medium is what a Pi 4 renders at about real time.
QUALITY_ORDER = ("medium", "low", "x_low", "high")
#: What a Piper voice's name can be: language_REGION-name-quality (Piper's catalogue has nothing else).
NAME_PATTERN = re.compile(r"^[a-z]{2,3}_[A-Z]{2}-[A-Za-z0-9_]{1,64}-(x_low|low|medium|high)$")
#: The voice each language uses, written when a voice is installed (in the user's voices folder).
DEFAULTS_FILE = "defaults.json"


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


def check_name(name: str) -> str:
    """The voice name, stripped, or a VoiceError saying what a name looks like."""
    cleaned = name.strip()
    if not NAME_PATTERN.match(cleaned):
        raise VoiceError(f"{name!r} is not a Piper voice name; they look like fr_FR-siwis-medium "
                         "(language_REGION-name-quality, quality x_low, low, medium or high)")
    return cleaned


def read_voice_config(path: Path) -> dict:
    """A voice's JSON configuration, read through the guarded reader (a regular file, size and nesting
    limited, UTF-8): a JSON object, or a VoiceError naming the file."""
    try:
        found = guarded.load_json(path, guarded.VOICE)  # a FIFO or a link to /dev/zero is refused
    except guarded.Damaged as exc:
        raise VoiceError(str(exc)) from exc
    except (OSError, ValueError) as exc:
        raise VoiceError(f"{path}: not a Piper voice configuration ({exc})") from exc
    if not isinstance(found, dict):
        raise VoiceError(f"{path}: not a Piper voice configuration (not a JSON object)")
    return found


def read_voice(model: Path) -> VoiceFile:
    config = model.with_name(model.name + ".json")
    if not os.path.lexists(config):
        raise VoiceError(f"the Piper voice {model.name} has no {config.name} beside it")
    data = read_voice_config(config)
    name = model.name[: -len(".onnx")]
    language = _text((data.get("language") or {}), "code") or name.split("-")[0]
    quality = _text((data.get("audio") or {}), "quality") or (name.rsplit("-", 1)[-1] if "-" in name else "")
    return VoiceFile(name=name, language=language, quality=quality, model=model, config=config)


def _text(section: object, key: str) -> str:
    value = section.get(key) if isinstance(section, dict) else None
    return value if isinstance(value, str) else ""


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


def default_voices(folder: Path | None = None) -> dict[str, str]:
    """The voice chosen for each language ("fr" -> "fr_FR-siwis-medium"): the one installed last."""
    path = (folder or user_voices_dir()) / DEFAULTS_FILE
    try:
        data = read_voice_config(path)
    except VoiceError:
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str) and NAME_PATTERN.match(v)}


def set_default_voice(voice: VoiceFile, folder: Path) -> None:
    """Make ``voice`` its language's voice: written to a temporary file in the folder, then renamed."""
    chosen = default_voices(folder)
    chosen[voice.family] = voice.name
    fd, tmp = tempfile.mkstemp(prefix=".defaults-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(chosen, f, indent=1, sort_keys=True)
            f.write("\n")
        os.replace(tmp, folder / DEFAULTS_FILE)
    except BaseException:
        os.unlink(tmp)
        raise


def download(name: str, folder: Path | None = None, *, force: bool = False) -> VoiceFile:
    """Fetch a voice with Piper's own downloader into a temporary folder inside the voices folder,
    then install it from there (checked and loaded, see ``install.py``). A failed download removes only
    that temporary folder: nothing else is ever deleted."""
    name = check_name(name)
    try:
        from piper import download_voices
    except ImportError as exc:
        raise VoiceError(f"Piper is not installed (pip package piper-tts): {exc}") from exc
    from companion.sound.speech.install import install_voices

    folder = folder or user_voices_dir()
    folder.mkdir(parents=True, exist_ok=True)
    if not force and (folder / f"{name}.onnx").is_file():
        return read_voice(folder / f"{name}.onnx")
    work = Path(tempfile.mkdtemp(prefix=".download-", dir=folder))
    try:
        try:
            download_voices.download_voice(name, work)
        except OSError as exc:  # URLError is an OSError: no network, unknown voice (404), full disk
            raise VoiceError(f"could not download the voice {name}: {getattr(exc, 'reason', exc)}") from exc
        return install_voices([work / f"{name}.onnx"], folder, force=True)[0]
    finally:
        shutil.rmtree(work, ignore_errors=True)


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
