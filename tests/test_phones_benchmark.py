"""The phone server's benchmark runs end to end (tiny sizes, a short flood) and ends with its JSON figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_benchmark_prints_its_figures_last(companion_env, tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.phones", "--dir", str(tmp_path), "--trials", "2", "--pages", "2",
         "--idle-seconds", "0.1", "--flood", "200", "--flood-seconds", "1", "--flood-trials", "3"],
        capture_output=True, text=True, cwd=ROOT, env=companion_env, timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    figures = json.loads(proc.stdout.strip().splitlines()[-1])
    assert figures["benchmark"] == "phones" and figures["flood_probe"] == "ok"
    for key in ("all_pages_ms_p99", "flood_page_ms_max", "no_flood_page_ms_p50", "server_held", "server_cap",
                "flood_server_cpu_share", "idle_server_cpu_share", "emfile_server_cpu_share"):
        assert isinstance(figures[key], (int, float)), key
    assert figures["server_held"] <= figures["server_cap"]
