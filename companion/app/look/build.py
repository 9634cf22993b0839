"""``python -m companion.app.look.build``: the art's SVG files, their PNG renders for every display
profile, the manifest that ties each PNG to its source, and docs/design-specimen.png.

The renderer is librsvg's ``rsvg-convert`` (Debian: librsvg2-bin). ``--check`` renders nothing and
exits 1 naming what is out of date (the tests do the same check)."""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

from companion.app.look.art.backdrops import BACKDROPS
from companion.app.look.art.ceremony import ceremony
from companion.app.look.art.games import GAME_TILES
from companion.app.look.art.icons import ICONS
from companion.app.look.art.shell import shell_backdrop
from companion.app.look.art.sage import HEIGHT as SAGE_CANVAS_H, LAYERS, WIDTH as SAGE_CANVAS_W, portrait
from companion.app.look.game_art import tile_size
from companion.app.look.assets import ICON_SIZES, MANIFEST, PNG_DIR, SAGE_HEIGHT, SVG_DIR
from companion.app.theme import PROFILES


def sources() -> dict[str, str]:
    """Every SVG file by name: what the drawings produce today."""
    out = {f"icon-{name}.svg": draw() for name, draw in ICONS.items()}
    out.update({f"sage-{name}.svg": draw() for name, draw in LAYERS.items()})
    out["sage-portrait.svg"] = portrait()
    out.update({f"game-{game}.svg": draw() for game, draw in GAME_TILES.items()})  # home's game tiles
    for profile in PROFILES.values():
        for name, draw in BACKDROPS.items():
            out[f"{name}-{profile.name}.svg"] = draw(profile.width, profile.height)
        out[f"ceremony-{profile.name}.svg"] = ceremony(profile.width, profile.height)  # the podium's stage
        out[f"shell-{profile.name}.svg"] = shell_backdrop(profile.width, profile.height)  # the shared screens'
    return out


def targets() -> dict[str, tuple[str, int, int]]:
    """Every PNG (path under png/) with its SVG source and its size in px."""
    out = {}
    for profile in PROFILES.values():
        s = profile.scale
        for name in ICONS:
            for base in ICON_SIZES:
                px = round(base * s)
                out[f"{profile.name}/icon-{name}-{base}.png"] = (f"icon-{name}.svg", px, px)
        h = round(SAGE_HEIGHT * s)
        w = round(h * SAGE_CANVAS_W / SAGE_CANVAS_H)
        for name in (*LAYERS, "portrait"):
            out[f"{profile.name}/sage-{name}.png"] = (f"sage-{name}.svg", w, h)
        for name in BACKDROPS:
            out[f"{profile.name}/{name}.png"] = (f"{name}-{profile.name}.svg", profile.width, profile.height)
        for game in GAME_TILES:
            out[f"{profile.name}/game-{game}.png"] = (f"game-{game}.svg", *tile_size(profile))
        out[f"{profile.name}/ceremony.png"] = (f"ceremony-{profile.name}.svg", profile.width, profile.height)
        out[f"{profile.name}/shell.png"] = (f"shell-{profile.name}.svg", profile.width, profile.height)
    return out


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def renderer() -> str:
    exe = shutil.which("rsvg-convert")
    if exe is None:
        raise SystemExit("companion art: rsvg-convert is missing: apt-get install librsvg2-bin")
    return exe


def render(svg: Path, png: Path, width: int, height: int) -> None:
    png.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([renderer(), "-w", str(width), "-h", str(height), str(svg), "-o", str(png)], check=True)


def out_of_date() -> list[str]:
    """What the committed files lack or got wrong, one line each (empty: all up to date)."""
    from PIL import Image

    problems = []
    svgs = sources()
    for name, text in svgs.items():
        path = SVG_DIR / name
        if not path.is_file() or path.read_text("utf-8") != text:
            problems.append(f"{path}: differs from its drawing")
    manifest = json.loads(MANIFEST.read_text("utf-8")) if MANIFEST.is_file() else {}
    expected = targets()
    for png, (svg, w, h) in expected.items():
        entry = manifest.get(png)
        if entry is None or entry["source"] != svg or entry["sha256"] != digest(svgs[svg]):
            problems.append(f"{PNG_DIR / png}: not rendered from today's {svg}")
        elif not (PNG_DIR / png).is_file():
            problems.append(f"{PNG_DIR / png}: missing")
        else:
            with Image.open(PNG_DIR / png) as img:
                if img.size != (w, h):
                    problems.append(f"{PNG_DIR / png}: {img.size[0]}×{img.size[1]}, should be {w}×{h}")
    problems += [f"{PNG_DIR / png}: in the manifest but drawn by nothing" for png in manifest if png not in expected]
    return problems


def build(specimen: bool = True) -> dict:
    svgs = sources()
    SVG_DIR.mkdir(parents=True, exist_ok=True)
    for old in SVG_DIR.glob("*.svg"):
        if old.name not in svgs:
            old.unlink()
    for name, text in svgs.items():
        (SVG_DIR / name).write_text(text, "utf-8")
    manifest = {}
    for png, (svg, w, h) in targets().items():
        render(SVG_DIR / svg, PNG_DIR / png, w, h)
        manifest[png] = {"source": svg, "sha256": digest(svgs[svg]), "size": [w, h]}
    for old in PNG_DIR.glob("*/*.png"):
        if f"{old.parent.name}/{old.name}" not in manifest:
            old.unlink()
    MANIFEST.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", "utf-8")
    figures = {"svg": len(svgs), "png": len(manifest)}
    if specimen:
        from companion.app.look.specimen import write_specimen

        figures["specimen"] = str(write_specimen())
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.app.look.build", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="render nothing; exit 1 if anything is out of date")
    parser.add_argument("--no-specimen", action="store_true", help="leave docs/design-specimen.png alone")
    args = parser.parse_args(argv)
    if args.check:
        problems = out_of_date()
        for p in problems:
            print(p, file=sys.stderr)
        print(json.dumps({"out_of_date": len(problems)}))
        return 1 if problems else 0
    print(json.dumps(build(specimen=not args.no_specimen)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
