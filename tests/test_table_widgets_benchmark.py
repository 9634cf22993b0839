"""The table widgets' benchmark runs end to end (each piece once, short idling) and ends with its JSON
figures; once the ceremony and the die have ended, the window is never drawn again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_benchmark_prints_its_figures_last(companion_env, tmp_path):
    env = {**companion_env, "KIVY_HOME": str(tmp_path / "kivy")}
    proc = subprocess.run([sys.executable, "-m", "benchmarks.table_widgets", "--runs", "1", "--idle-seconds", "0.5"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    figures = json.loads(proc.stdout.strip().splitlines()[-1])
    assert set(figures["per_piece"]) == {"ceremony_coin", "ceremony_helmet", "ceremony_card", "ceremony_brick",
                                         "ceremony_pizza", "die"}
    for name, one in figures["per_piece"].items():
        assert one["frames"] > 0 and one["frame_ms_p95"] > 0, name
    assert figures["frame_ms_p95"] == max(v["frame_ms_p95"] for v in figures["per_piece"].values())
    assert figures["baseline_motion_confetti"]["frames"] > 0
    for key in ("idle_cpu_share", "baseline_still_frame_ms_p95", "app_work_ms_p95", "ceremony_longest_s"):
        assert isinstance(figures[key], (int, float)), key
    assert figures["idle_redraws_per_s"] == 0
