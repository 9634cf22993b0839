"""The animation benchmark runs end to end (one run of each animation, short idling) and ends with its
JSON figures; a still turn screen is never drawn again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_benchmark_prints_its_figures_last(companion_env, tmp_path):
    env = {**companion_env, "KIVY_HOME": str(tmp_path / "kivy")}
    proc = subprocess.run([sys.executable, "-m", "benchmarks.animation", "--runs", "1", "--idle-seconds", "0.5"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    figures = json.loads(proc.stdout.strip().splitlines()[-1])
    assert set(figures["per_animation"]) == {"key", "clue", "splash", "coins", "title", "celebration"}
    for name, one in figures["per_animation"].items():
        assert one["frames"] > 0 and one["frame_ms_p95"] > 0, name
    assert figures["frame_ms_p95"] == max(v["frame_ms_p95"] for v in figures["per_animation"].values())
    for key in ("idle_cpu_share", "baseline_still_frame_ms_p95", "baseline_idle_cpu_share_bare", "app_work_ms_p95"):
        assert isinstance(figures[key], (int, float)), key
    assert figures["idle_redraws_per_s"] == 0 and figures["hourglass_paused_redraws_per_s"] == 0
