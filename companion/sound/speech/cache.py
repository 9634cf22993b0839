"""Rendered speech on disk, so that a riddle starts at once: one WAV per (engine, voice, profile, text).

The key is a hash of everything that changes the sound; a new voice version or a retuned profile
simply misses the cache. Files are written atomically, so two threads rendering the same text (the
pre-render and a card that came up first) at worst both write the same file.
"""

from __future__ import annotations

import hashlib
import json
import wave
from dataclasses import asdict
from pathlib import Path

from companion.sound.clip import Clip, read_wav, write_wav
from companion.sound.speech.profile import VoiceProfile

APP_NAME = "fort-boyard-companion"
#: Bump when the way speech is rendered changes, so that old files are not used.
FORMAT = 1


def default_cache_dir() -> Path:
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_NAME)) / "speech"


class SpeechCache:
    """A folder of rendered speech."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder else default_cache_dir()

    @staticmethod
    def key(engine: str, voice: str, profile: VoiceProfile, text: str) -> str:
        blob = json.dumps({"format": FORMAT, "engine": engine, "voice": voice, "profile": asdict(profile),
                           "text": text}, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()

    def path(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.wav"

    def __contains__(self, key: str) -> bool:
        return self.path(key).is_file()

    def get(self, key: str) -> Clip | None:
        path = self.path(key)
        try:
            return read_wav(path)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, EOFError, wave.Error):
            # A damaged file (a full disk, say) is a miss: it will be rendered and written again.
            path.unlink(missing_ok=True)
            return None

    def put(self, key: str, clip: Clip) -> None:
        write_wav(clip, self.path(key))

    def files(self) -> list[Path]:
        return sorted(self.folder.glob("??/*.wav")) if self.folder.is_dir() else []

    def size_bytes(self) -> int:
        return sum(p.stat().st_size for p in self.files())

    def clear(self) -> int:
        """Remove every rendered file; returns how many."""
        files = self.files()
        for p in files:
            p.unlink(missing_ok=True)
        return len(files)
