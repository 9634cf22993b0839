"""The core and the shared app never name a game (issue 22): no game id, no game name, no import of a
game's package, in the folders every game shares. A game lives in companion/games/<game>/ (its rules)
and companion/app/games/<game>/ (its screens), found through the registry (companion/engine/registry.py).

:func:`namings` takes the folders to scan, so the app's own check can use it; a folder that does not
exist is skipped (the app's games/ folder comes with the app's part of issue 22).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.engine import registry

ROOT = Path(__file__).resolve().parents[1]

#: The issue's five ids, registered or not yet: a core that names one of them is wrong before it lands.
IDS = ("fort-boyard", "knightmare", "pixies", "forfort", "fort")

#: Where every game is shared. Files or folders, relative to the repository; ``except`` below.
CORE = ("companion/engine", "companion/store", "companion/session.py", "companion/replay.py", "companion/hooks.py",
        "companion/headless", "companion/history")
APP = ("companion/app",)
SKIPPED = ("companion/app/games",)  # each game's own screens

#: The few places that must name a game, each with its reason: path -> (the texts it may hold, or "*", why).
EXCEPTIONS: dict[str, tuple[tuple[str, ...] | str, str]] = {
    # The registry is the one list of the games: naming them is what it is for.
    "companion/engine/registry.py": ("*", "the registry lists the games"),
    # The user data directory every table's log already lives in (~/.local/share/fort-boyard-companion):
    # renaming it would lose the families' games.
    "companion/store/log.py": (("fort-boyard-companion",), "the log's existing data directory"),
    # The raw export's format name, which files already shared with others carry, and BG Stats' source
    # name, by which it matches the plays and players a family already imported.
    "companion/history/export.py": (("fort-boyard-companion/game-log", "Fort Boyard tabletop companion"),
                                    "the raw export's format name; BG Stats' source name"),
    # Home's tiles are drawn by the look's build in one place, keyed by the registry's ids: art of the design
    # system (what each tile shows is described in the game's words), no behaviour. Moving each drawing
    # into its game's package is left for when the look's build can import a game's art without its screens.
    "companion/app/look/art/games.py": ("*", "home's tile drawings, keyed by registry id"),
    "companion/app/look/game_art.py": ("*", "the tile art's file names, per registry id"),
}


def _patterns() -> list[tuple[str, re.Pattern]]:
    words = set(IDS) | {g.id for g in registry.GAMES}
    words |= {name for g in registry.GAMES for name in g.name.values()}
    found = []
    for word in sorted(words):
        parts = re.split(r"[-_ ]+", word.strip())
        body = r"[-_ ]?".join(re.escape(p) for p in parts)
        found.append((word, re.compile(rf"(?<![\w-]){body}(?![\w-])", re.IGNORECASE)))
    found.append(("a game package", re.compile(r"companion[./](?:app[./])?games[./](?!__init__)[A-Za-z_]\w*")))
    return found


def namings(folders, skipped=SKIPPED, exceptions=EXCEPTIONS, root: Path = ROOT) -> list[str]:
    """Every ``path:line: text`` of ``folders`` (Python files) that names a game, less the exceptions."""
    patterns = _patterns()
    hits = []
    for folder in folders:
        base = root / folder
        if not base.exists():
            continue
        files = [base] if base.is_file() else sorted(base.rglob("*.py"))
        for path in files:
            rel = path.relative_to(root).as_posix()
            if any(rel == s or rel.startswith(s + "/") for s in skipped):
                continue
            allowed = exceptions.get(rel, ((), ""))[0]
            if allowed == "*":
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                text = line
                for kept in allowed:
                    text = text.replace(kept, "")
                for word, pattern in patterns:
                    if pattern.search(text):
                        hits.append(f"{rel}:{number}: names {word!r}: {line.strip()[:100]}")
                        break
    return hits


def test_the_core_names_no_game():
    hits = namings(CORE)
    assert not hits, "the core names a game (move it behind the game's rules or hooks):\n" + "\n".join(hits)


def test_every_exception_is_still_needed():
    for rel, (allowed, reason) in EXCEPTIONS.items():
        assert reason and (ROOT / rel).exists(), rel
        for kept in () if allowed == "*" else allowed:
            assert kept in (ROOT / rel).read_text(encoding="utf-8"), f"{rel}: {kept!r} is gone: drop it"


def test_the_check_finds_a_game_named_in_a_shared_file(tmp_path):
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "a.py").write_text('x = 1\nrules = rules_for("Pixies")\nimport companion.games.forfort\n')
    (tmp_path / "shared" / "b.py").write_text("# comfort and effort are words; fortress too\n")
    hits = namings(["shared", "missing"], root=tmp_path, exceptions={})
    assert [h.split(": names")[0] for h in hits] == ["shared/a.py:2", "shared/a.py:3"]


def test_the_shared_app_names_no_game():
    hits = namings(APP)
    assert not hits, "the shared app names a game:\n" + "\n".join(hits)
