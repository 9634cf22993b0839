"""Where the rendered art is: ``asset("icon-key-48", profile)`` is the PNG drawn for that profile's
scale (a 48 px icon at 800×480 is 80 px at 1280×800). The files are committed, so the Pi needs no SVG
renderer; ``python -m companion.app.look.build`` renders them again from the drawings."""

from __future__ import annotations

from pathlib import Path

LOOK = Path(__file__).resolve().parent
SVG_DIR = LOOK / "svg"
PNG_DIR = LOOK / "png"
MANIFEST = PNG_DIR / "manifest.json"
ICON_SIZES = (48, 96)        # px at 800×480: on a button beside its word, and in a set piece
SAGE_HEIGHT = 300            # px at 800×480: the riddle master beside his riddle


def asset(name: str, profile) -> Path:
    """The PNG ``name`` (without .png) for a DisplayProfile; an unknown name is an error naming it."""
    path = PNG_DIR / profile.name / f"{name}.png"
    if not path.is_file():
        known = sorted(p.stem for p in (PNG_DIR / profile.name).glob("*.png"))
        raise FileNotFoundError(f"no art {name!r} for {profile.name} in {PNG_DIR}; known: {', '.join(known)}")
    return path


def backdrop(round_number: int | None, profile) -> Path:
    """The backdrop of one of the sea fortress's rounds (1 keys, 2 clues, 3 treasure), or None: the shell's own
    (the family table at evening, art/shell.py) behind the screens every game shares, so that no game's
    scenery shows before a game is chosen."""
    name = {None: "shell", 1: "round-keys", 2: "round-clues", 3: "round-treasure"}[round_number]
    return asset(name, profile)
