"""The ring benchmark runs end to end (tiny sizes) and ends with its JSON figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_benchmark_prints_its_figures_last(companion_env):
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.ring", "--count", "2", "--duration", "0.3", "--baseline-seconds", "0.2"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=companion_env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    figures = json.loads(proc.stdout.strip().splitlines()[-1])
    for key in ("end_error_ms_max", "fps", "cpu_share_of_core", "baseline_cpu_share_screen", "frame_cost_ms"):
        assert isinstance(figures[key], (int, float)), key
    assert figures["hourglasses"] == 2
    assert figures["early"] == 0  # "time up" never comes before the end
    assert figures["fps"] > 0 and figures["cpu_share_of_core"] > 0
