"""The word lists that tell a typo from another real word: Debian's ``wfrench`` and ``wbritish``.

The lists are optional: the app runs without them (it then forgives no typo, see ``matching``).
They are read once, lazily, with a guard on their size and on each line, since a file under
``/usr/share/dict`` is still input that may be broken. ``COMPANION_DICTIONARY_DIR`` points the
companion at another folder (tests use it to see what happens when the lists are missing).

Pronunciation comes from espeak-ng (the fallback voice, already installed), asked once per word.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType

DICTIONARY_DIR = Path("/usr/share/dict")
DICTIONARY_DIR_ENV = "COMPANION_DICTIONARY_DIR"
#: The files tried per language, first found wins, and the Debian package of each. The pack's
#: English is British, so British spelling comes first.
DICTIONARY_FILES: dict[str, tuple[tuple[str, str], ...]] = {
    "fr": (("french", "wfrench"),),
    "en": (("british-english", "wbritish"), ("american-english", "wamerican")),
}
#: The largest list read (wfrench is 4 MB); a bigger file is not a word list.
MAX_DICTIONARY_BYTES = 32 * 1024 * 1024
#: Longer lines are not words.
MAX_WORD_CHARS = 60
#: espeak-ng voice per language.
VOICES = {"fr": "fr", "en": "en-gb"}
PRONOUNCE_TIMEOUT_S = 20.0
_STRESS = str.maketrans("", "", "ˈˌ \t")

Pronouncer = Callable[[str, list[str]], dict[str, str]]


class DictionaryError(Exception):
    """A word list exists but cannot be used; says which file and why."""


def espeak_pronounce(language: str, words: list[str]) -> dict[str, str]:
    """The IPA of each word according to espeak-ng; a word it cannot say is left out.

    Words go on standard input, one a line (never on the command line), and come back one a line.
    When the lines do not pair up (a word said as two lines, or as none), the batch is split in
    halves until they do, so one odd word costs a few more calls rather than every answer.
    """
    binary = shutil.which("espeak-ng")
    voice = VOICES.get(language)
    if not binary or not voice or not words:
        return {}
    try:
        out = subprocess.run(
            [binary, "-q", "--ipa", "-v", voice], input="\n".join(words) + "\n", capture_output=True,
            text=True, timeout=PRONOUNCE_TIMEOUT_S, check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return {}
    lines = [line.translate(_STRESS) for line in out.stdout.splitlines() if line.strip()]
    if out.returncode == 0 and len(lines) == len(words):
        return dict(zip(words, lines))
    if len(words) == 1 or out.returncode != 0:
        return {}
    half = len(words) // 2
    return {**espeak_pronounce(language, words[:half]), **espeak_pronounce(language, words[half:])}


@dataclass(frozen=True)
class Lexicon:
    """The words of one language, by matching key (folded, no spaces): ``"bred"`` -> ``"bred"``."""

    language: str
    source: str
    words: Mapping[str, str]
    pronounce: Pronouncer | None = field(default=espeak_pronounce, compare=False, repr=False)
    _sounds: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def from_words(cls, language: str, words: Iterable[str], source: str = "given words",
                   pronounce: Pronouncer | None = espeak_pronounce) -> Lexicon:
        from companion.content.matching import answer_key

        keyed: dict[str, str] = {}
        for word in words:
            key = answer_key(word)
            if key:
                keyed.setdefault(key, word)
        return cls(language, source, MappingProxyType(keyed), pronounce)

    def __contains__(self, key: object) -> bool:
        return key in self.words

    def __len__(self) -> int:
        return len(self.words)

    def sound(self, keys: Iterable[str]) -> dict[str, str]:
        """The pronunciation of each key that is a word of the list (asked once, then kept)."""
        wanted = [k for k in dict.fromkeys(keys) if k in self.words and k not in self._sounds]
        if wanted and self.pronounce is not None:
            spoken = self.pronounce(self.language, [self.words[k] for k in wanted])
            for key in wanted:
                self._sounds[key] = spoken.get(self.words[key], "")
        return {k: self._sounds[k] for k in keys if self._sounds.get(k)}

    def sounds_alike(self, a: str, b: str) -> bool:
        """Whether the words of keys ``a`` and ``b`` are pronounced the same (bred, bread)."""
        sounds = self.sound([a, b])
        return a in sounds and b in sounds and sounds[a] == sounds[b]


def dictionary_dir() -> Path:
    override = os.environ.get(DICTIONARY_DIR_ENV)
    return Path(override) if override else DICTIONARY_DIR


def read_word_list(path: Path) -> list[str]:
    """The words of a list, one a line: refuses anything but a regular file of sane size."""
    try:
        info = path.stat()
    except OSError as exc:
        raise DictionaryError(f"{path}: cannot be read: {exc}") from exc
    if not stat.S_ISREG(info.st_mode):
        raise DictionaryError(f"{path}: not a regular file")
    if info.st_size > MAX_DICTIONARY_BYTES:
        raise DictionaryError(f"{path}: {info.st_size} bytes, more than a word list ({MAX_DICTIONARY_BYTES})")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_DICTIONARY_BYTES + 1)
    except OSError as exc:
        raise DictionaryError(f"{path}: cannot be read: {exc}") from exc
    if len(data) > MAX_DICTIONARY_BYTES:
        raise DictionaryError(f"{path}: grew past {MAX_DICTIONARY_BYTES} bytes while being read")
    words = []
    for raw in data.splitlines():
        try:
            word = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            continue  # one bad line does not spoil the list
        # English lists add a possessive to every noun ("bread's"): not words of their own.
        if word and len(word) <= MAX_WORD_CHARS and not word.endswith(("'s", "’s")):
            words.append(word)
    return words


def dictionary_path(language: str) -> tuple[Path | None, str]:
    """The word list to use for ``language`` (None when none is installed) and its Debian package."""
    candidates = DICTIONARY_FILES.get(language, ())
    for name, package in candidates:
        path = dictionary_dir() / name
        if path.exists():
            return path, package
    return None, candidates[0][1] if candidates else "none"


@cache
def _system_lexicon(directory: str, language: str) -> Lexicon | None:
    path, _package = dictionary_path(language)
    if path is None:
        return None
    return Lexicon.from_words(language, read_word_list(path), source=str(path))


def system_lexicon(language: str) -> Lexicon | None:
    """The installed word list of ``language``, read once; None when it is not installed.

    Raises :class:`DictionaryError` when the file is there but unusable.
    """
    return _system_lexicon(str(dictionary_dir()), language)
