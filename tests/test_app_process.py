"""The app as whole processes: killed and restarted, and every screen rendered by ``companion shots``."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

from tests.conftest import ROOT

DRIVER = str(ROOT / "tests" / "app_driver.py")


def test_app_killed_mid_turn_continues_on_the_same_turn(companion_env, tmp_path):
    db = tmp_path / "games.sqlite3"
    first = subprocess.run([sys.executable, DRIVER, "play-and-die", str(db)], capture_output=True, text=True,
                           env=companion_env, timeout=120)
    assert first.returncode == -signal.SIGKILL, first.stderr[-2000:]
    before = json.loads(first.stdout.strip().splitlines()[-1])
    assert before["screen"] == "enigme" and before["card"]
    second = subprocess.run([sys.executable, DRIVER, "continue", str(db)], capture_output=True, text=True,
                            env=companion_env, timeout=120)
    after = json.loads(second.stdout.strip().splitlines()[-1])
    assert after["start"] == "home"
    assert {k: after[k] for k in before} == before


def test_shots_render_every_screen_at_every_profile_in_both_languages_without_overflow(all_shots):
    out, figures = all_shots  # rendered once for the run (tests/shots_cache.py; a hang guard of 30 min)
    from companion.app.scenarios import SCENARIOS, shot_name
    from companion.app.table.profiles import PROFILES

    expected = {shot_name(s, p, lang) for s in SCENARIOS for p in PROFILES for lang in ("fr", "en")}
    assert {f.name for f in out.iterdir()} == expected | {"widgets.json"}
    assert figures == {"shots": len(expected), "overflows": 0, "out": str(out)}
    assert all(f.stat().st_size > 5000 for f in out.glob("*.png"))  # real pictures, not empty frames
    widgets = json.loads((out / "widgets.json").read_text("utf-8"))
    assert set(widgets) == expected
    # Legible at every profile, not only at 800×480 (tests/test_legibility_*.py): every picture of this run.
    from companion.app.legibility import check_folder

    assert [str(p) for p in check_folder(widgets)] == []


def test_shots_report_unknown_profile(companion_env, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "companion", "shots", "--out", str(tmp_path), "--profiles", "640x480"],
                          capture_output=True, text=True, env=companion_env, timeout=60)
    assert proc.returncode == 2 and "unknown profile '640x480'" in proc.stderr
