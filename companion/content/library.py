"""All the packs the companion can use: the built-in one plus the user's, the broken ones set aside.

A broken pack never stops the app: :func:`load_library` keeps the valid packs and lists each refused
one with the reason, for the app to show.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion import guarded
from companion.content.checked import CheckedPacks
from companion.content.loader import MANIFEST, Pack
from companion.content.problems import Problem
from companion.content.validate import check_pack
from companion.engine.registry import available_games, default_game
from companion.notice import Notice

APP_NAME = "fort-boyard-companion"
#: Overrides the folder of the built-in pack (for an installed app whose content lives elsewhere).
CONTENT_DIR_ENV = "COMPANION_CONTENT_DIR"


def content_root() -> Path:
    """The folder of the built-in packs, one per game (``content/<game>/``): the source tree's
    ``content/`` (a checkout, an editable install), else the copy an installed companion has in its
    environment's ``share/fort-boyard-companion/content`` (pyproject's data-files)."""
    source = Path(__file__).resolve().parents[2] / "content"
    if source.is_dir() and any((p / MANIFEST).is_file() for p in source.iterdir() if p.is_dir()):
        return source
    return Path(sys.prefix) / "share" / APP_NAME / "content"


def builtin_pack_dir(game: str | None = None) -> Path:
    """The pack shipped with the companion for ``game`` (default: the registry's first):
    ``content/<game>/``; ``$COMPANION_CONTENT_DIR`` when set stands for the first game's."""
    override = os.environ.get(CONTENT_DIR_ENV)
    if override and game in (None, default_game()):
        return Path(override)
    return content_root() / (game or default_game())


def builtin_pack_dirs() -> list[Path]:
    """Every game's built-in pack (each game with a ``content/<game>/`` folder), in the registry's order
    (a folder of no registered game last: ``companion content check`` says what is wrong with it)."""
    root = content_root()
    order = {g: i for i, g in enumerate(available_games())}
    found = sorted((p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")),
                   key=lambda p: (order.get(p.name, len(order)), p.name)) if root.is_dir() else []
    override = os.environ.get(CONTENT_DIR_ENV)
    if override:
        found = [Path(override)] + [p for p in found if p.name != default_game()]
    return found


def user_packs_dir() -> Path:
    """Where the user drops their own packs, one folder each: ``<user data dir>/packs``."""
    try:
        from platformdirs import user_data_dir
    except ImportError:  # platformdirs is a dependency; this only spares a bare checkout
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
        return base / APP_NAME / "packs"
    return Path(user_data_dir(APP_NAME)) / "packs"


def find_packs(folder: Path) -> list[Path]:
    """``folder`` itself when it is a pack, else its sub-folders that are packs, sorted."""
    folder = Path(folder)
    if (folder / MANIFEST).is_file():
        return [folder]
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_dir() and (p / MANIFEST).is_file())


def user_pack_dirs() -> list[Path]:
    """Every folder of the user's packs folder. A folder there without a ``pack.toml`` is kept, so that
    it is refused with a reason rather than silently ignored."""
    user = user_packs_dir()
    return sorted(p for p in user.iterdir() if p.is_dir() and not p.name.startswith(".")) if user.is_dir() else []


def default_pack_dirs(game: str | None = None) -> list[Path]:
    """The built-in pack of ``game`` (default: the registry's first), then every folder of the user's
    packs folder (whose packs say their game in their manifest: :func:`load_library` keeps that game's)."""
    return [builtin_pack_dir(game), *user_pack_dirs()]


def all_pack_dirs() -> list[Path]:
    """Every game's built-in pack, then the user's packs: what ``companion content check`` checks."""
    return [*builtin_pack_dirs(), *user_pack_dirs()]


@dataclass(frozen=True)
class RefusedPack:
    """A pack that was set aside, and why, in words for the person at the table."""

    path: Path
    reason: str
    problems: tuple[Problem, ...] = ()

    def __str__(self) -> str:
        return f"Pack {self.path.name!r} was not loaded: {self.reason}"


@dataclass(frozen=True)
class Library:
    """The usable packs, in load order, and the refused ones."""

    packs: tuple[Pack, ...]
    refused: tuple[RefusedPack, ...] = ()
    set_aside: tuple[Notice, ...] = ()  # damaged pack files renamed out of the way at the app's start

    def pack(self, pack_id: str) -> Pack | None:
        return next((p for p in self.packs if p.id == pack_id), None)

    def items(self, kind: str, language: str, enabled: Iterable[str] | None = None) -> tuple[Any, ...]:
        """The items of ``kind`` in ``language`` from the ``enabled`` packs (all when None)."""
        chosen = None if enabled is None else set(enabled)
        return tuple(
            item for p in self.packs if chosen is None or p.id in chosen for item in p.get(language, kind)
        )

    def notices(self) -> list[Notice]:
        """One notice per damaged file set aside and per refused pack, for the app to show at start."""
        return [*self.set_aside, *(Notice("notice.pack", r.reason, {"pack": r.path.name}) for r in self.refused)]


def load_library(folders: Sequence[Path] | None = None, *, set_aside: bool = False,
                 checked: CheckedPacks | None = None, game: str | None = None) -> Library:
    """Read and check every pack of ``game`` (default: the registry's first) in ``folders`` (default:
    its built-in pack and the user's packs); never raises. A pack of another game is left out, neither
    offered nor refused: packs of one game are never offered to another.
    With ``set_aside`` (the app's start), a pack file that cannot be used at all (a FIFO, a link to a
    device, too big, not UTF-8, nested too deeply: see companion.guarded) is renamed out of the way and
    its pack read again without it. With ``checked``, a pack found clean at an earlier start and unchanged
    since is not checked again (companion.content.checked)."""
    game = game or default_game()
    folders = default_pack_dirs(game) if folders is None else list(folders)
    packs: list[Pack] = []
    refused: list[RefusedPack] = []
    notices: list[Notice] = []
    for folder in folders:
        folder = Path(folder)
        try:
            pack, problems = check_pack(folder, checked)
            damaged = [p for p in problems if p.damaged] if set_aside else []
            moved = [notice for notice in map(_set_aside, damaged) if notice is not None]
            if moved:
                notices += moved
                pack, problems = check_pack(folder, checked)
        except Exception as exc:  # a pack must never stop the app, whatever is in it
            refused.append(RefusedPack(folder, f"could not be read ({exc})"))
            continue
        if pack is not None and pack.game != game:
            continue
        if pack is not None and any(p.id == pack.id for p in packs):
            refused.append(RefusedPack(folder, f"another pack already has the id {pack.id!r}"))
        elif problems or pack is None:
            first = problems[0] if problems else "no pack found"
            more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
            refused.append(RefusedPack(folder, f"{first}{more}", tuple(problems)))
        else:
            packs.append(pack)
    return Library(tuple(packs), tuple(refused), tuple(notices))


def _set_aside(problem: Problem) -> Notice | None:
    try:
        moved = guarded.set_aside(problem.file)
    except OSError:  # a folder the companion cannot write (the installed pack): its pack stays refused
        return None
    return Notice("notice.damaged", f"{problem}; renamed {moved.name}", {"file": problem.file.name})
