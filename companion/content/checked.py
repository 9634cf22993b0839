"""Packs already checked and found clean, remembered between starts of the app.

The content checks (:func:`companion.content.validate.validate`: answers given away, safety words, fit on
screen, balance) cost about 0.2 s for the built-in pack on this machine, several times that on a Pi, at
every start, for a result that only changes when the pack or the checks change. So the app remembers the
fingerprint of each pack it found clean: a hash of the checks' own code (every module of
``companion/content``), of what the checks read outside the pack (the word lists of
:mod:`companion.content.lexicon`, each by its path, size, modification time and inode, and espeak-ng's
program, which says which words sound alike; issue 27, defect 9) and of everything read from the pack (its
manifest's fields and the text of each of its files). A word list installed, removed or updated by its
package (a new file: a new inode and time) gives a new fingerprint; a stat is taken rather than a hash of
the 4 MB of ``wfrench``, which would cost a good part of what the remembering saves on a Pi. A pack whose fingerprint is remembered is not checked again; any change to a file, or to the
checks, gives a new fingerprint, and the pack is checked in full. Only clean results are remembered: a pack
with problems is checked at every start, so that its problems (with their lines) are always at hand.

The file is a hint, never trusted for more: it is read through :mod:`companion.guarded` (a regular file,
small), a line that is not a fingerprint is ignored, and it is replaced atomically (a link planted in its
place is replaced, never written through). Any failure to read or write it only costs the full check.
``companion content check`` never uses it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

from companion import guarded
from companion.content.loader import Pack

APP_NAME = "fort-boyard-companion"
FILE_NAME = "content-checked.txt"
#: Fingerprints kept (the newest): the built-in pack and a table's own packs, across a few updates.
KEEP = 64
LIMITS = guarded.Limits("list of checked packs", 64 * 1024)
_HEX = frozenset("0123456789abcdef")


def default_path() -> Path:
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_NAME)) / FILE_NAME


@lru_cache(maxsize=1)
def checks_fingerprint() -> str:
    """A hash of the source of every module of ``companion.content`` (the checks and what they use)."""
    digest = hashlib.sha256()
    folder = Path(__file__).resolve().parent
    for module in sorted(folder.glob("*.py")):
        digest.update(module.name.encode())
        digest.update(module.read_bytes())
    return digest.hexdigest()


def _identity(path: str | Path | None) -> str:
    if path is None:
        return "none"
    try:
        st = os.stat(path)
    except OSError as exc:
        return f"{path}: {exc.errno}"
    return f"{path}: {st.st_size} {st.st_mtime_ns} {st.st_dev} {st.st_ino}"


def inputs_fingerprint() -> str:
    """What the checks read besides the pack, as it is now: every word list they may use (each language's
    candidates, in order: a better one installed changes which is used) and the espeak-ng program."""
    from companion.content.lexicon import DICTIONARY_FILES, dictionary_dir

    folder = dictionary_dir()
    parts = [_identity(folder / name) for _language, files in sorted(DICTIONARY_FILES.items()) for name, _ in files]
    parts.append(_identity(shutil.which("espeak-ng")))
    return "\n".join(parts)


def fingerprint(pack: Pack) -> str:
    """The checks' fingerprint, what they read besides the pack and everything read from ``pack``: changes
    whenever any changes."""
    digest = hashlib.sha256(checks_fingerprint().encode())
    digest.update(inputs_fingerprint().encode("utf-8", "surrogateescape"))
    manifest = (pack.id, pack.name, pack.version, pack.license, pack.languages, pack.description, pack.authors)
    digest.update(repr(manifest).encode("utf-8", "surrogatepass"))
    for (language, kind), source in sorted(pack.sources.items()):
        for part in (language, kind, source.text):
            digest.update(b"\0" + part.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


class CheckedPacks:
    """The remembered fingerprints in ``path`` (default: the user cache folder)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = Path(path) if path else default_path()
        self._known: list[str] | None = None

    def _read(self) -> list[str]:
        if self._known is None:
            try:
                text = guarded.read_text(self.path, LIMITS)
            except (OSError, ValueError):  # missing, damaged, not a file: nothing remembered
                text = ""
            self._known = [line for line in text.split() if len(line) == 64 and set(line) <= _HEX]
        return self._known

    def clean(self, pack: Pack) -> bool:
        """Whether ``pack``, as read, was found clean by these checks before."""
        try:
            return fingerprint(pack) in self._read()
        except OSError:  # the checks' source cannot be read: no fingerprint, the full check runs
            return False

    def remember(self, pack: Pack) -> None:
        """Remember ``pack`` as clean (quietly does nothing when the cache folder cannot be written)."""
        try:
            key = fingerprint(pack)
        except OSError:
            return
        known = [k for k in self._read() if k != key][-(KEEP - 1):] + [key]
        self._known = known
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{FILE_NAME}.")
            try:
                with os.fdopen(fd, "w", encoding="ascii") as out:
                    out.write("\n".join(known) + "\n")
                os.replace(tmp, self.path)
            except BaseException:
                os.unlink(tmp)
                raise
        except OSError:
            pass
