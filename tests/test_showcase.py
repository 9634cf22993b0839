"""``python -m companion.app.widgets.showcase`` draws its pictures (the tiles, the die mid-tumble and
landed, a ceremony) at the profile's size, and refuses an unknown profile by name."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
Image = pytest.importorskip("PIL.Image")


def run(companion_env, tmp_path, *args):
    env = {**companion_env, "KIVY_HOME": str(tmp_path / "kivy")}
    return subprocess.run([sys.executable, "-m", "companion.app.widgets.showcase", "--out", str(tmp_path / "out"), *args],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)


def test_the_showcase_draws_its_pictures_at_the_profiles_size(companion_env, tmp_path):
    proc = run(companion_env, tmp_path, "--tokens", "pizza", "--language", "en")
    assert proc.returncode == 0, proc.stderr[-2000:]
    written = json.loads(proc.stdout.strip().splitlines()[-1])["written"]
    names = sorted(Path(p).name for p in written)
    assert names == ["ceremony-pizza-800x480.png", "die-800x480-en.png", "tiles-800x480-en.png"]
    assert (tmp_path / "out" / "die-landed-800x480-en.png").is_file()
    for path in written:
        with Image.open(path) as img:
            assert img.size == (800, 480)
            assert len(set(img.convert("RGB").resize((80, 48)).getdata())) > 20  # a picture, not a blank


def test_an_unknown_profile_is_refused_by_name(companion_env, tmp_path):
    proc = run(companion_env, tmp_path, "--profile", "640x480")
    assert proc.returncode == 2 and "'640x480'" in proc.stderr and "800x480" in proc.stderr
