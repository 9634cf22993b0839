"""The RFID benchmark runs end to end (tiny sizes) and ends with its JSON figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_benchmark_prints_its_figures_last(companion_env):
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.rfid", "--events", "5", "--frames", "2000", "--fuzz-bytes", "30000",
         "--load", "none"],
        capture_output=True, text=True, cwd=ROOT, env=companion_env, timeout=300,
    )
    # The exit code also says whether p99 met its target: on a busy test machine it may not; not judged here.
    assert proc.returncode in (0, 1), proc.stderr
    figures = json.loads(proc.stdout.strip().splitlines()[-1])
    for key in ("frames_per_s", "event_ms_p50", "event_ms_p99", "fuzz_bytes", "fuzz_false_tags", "fuzz_exceptions",
                "baseline_regex_frames_per_s", "baseline_pty_ms_p99", "baseline_readerthread_ms_p99"):
        assert isinstance(figures[key], (int, float)), key
    assert figures["fuzz_bytes"] >= 3 * 30000
    assert figures["fuzz_false_tags"] == 0 and figures["fuzz_exceptions"] == 0
    assert figures["frames_per_s"] > 0 and figures["event_ms_p50"] > 0
