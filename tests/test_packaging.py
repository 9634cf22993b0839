"""An installed companion (a wheel, as systemd/install.sh's `pip install` makes one) carries what it needs
at run time: the built-in content pack, the catalogues, the fonts and art. The emulated Pi check found an
installed kiosk with no content pack at all (docs/pi.md)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARE = "fort_boyard_companion-0.1.0.data/data/share/fort-boyard-companion/content"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                           "-w", str(out), str(ROOT)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    (found,) = out.glob("fort_boyard_companion-*.whl")
    return found


def test_every_language_folder_of_every_game_s_content_pack_is_installed():
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["data-files"]
    folders = {p.relative_to(ROOT / "content").as_posix() for p in (ROOT / "content").glob("*/*") if p.is_dir()}
    games = {p.name for p in (ROOT / "content").iterdir() if (p / "pack.toml").is_file()}
    assert {key.split("/content/", 1)[1] for key in listed if key.count("/") == 4} == folders
    assert {key.split("/content/", 1)[1] for key in listed if key.count("/") == 3} == games


def test_the_wheel_carries_the_content_pack_catalogues_fonts_and_art(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {str(p.relative_to(ROOT / "content")) for p in (ROOT / "content").rglob("*.toml")}
    assert {f"{SHARE}/{name}" for name in shipped} <= names
    assert "companion/app/table/locale/fr/LC_MESSAGES/companion.mo" in names
    assert any(n.startswith("companion/app/look/fonts/") and n.endswith(".ttf") for n in names)


def test_an_installed_companion_finds_its_content_pack_without_the_source_tree(wheel, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    target = venv / "lib" / f"python{sys.version_info.major}.{sys.version_info.minor}" / "site-packages"
    # The dependencies come from the test environment's site-packages, as a plain path: its .pth files
    # (the editable install of this checkout among them) are not run, so `companion` is the wheel's.
    (target / "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    # Unpack the wheel as pip would (purelib into site-packages, data into the prefix), without the network.
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if name.startswith("fort_boyard_companion-0.1.0.data/data/"):
                dest = venv / name.split("/data/", 1)[1]
            elif ".dist-info/" in name:
                continue
            else:
                dest = target / name
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(z.read(name))
    probe = ("from companion.content.library import builtin_pack_dir; from companion.content import load_pack;"
             "d = builtin_pack_dir(); p = load_pack(d); print(d); print(len(p.get('fr', 'riddles')))")
    proc = subprocess.run([str(venv / "bin" / "python"), "-I", "-c", probe], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    folder, riddles = proc.stdout.split()
    assert Path(folder) == venv / "share" / "fort-boyard-companion" / "content" / "fort-boyard"
    assert int(riddles) >= 120
