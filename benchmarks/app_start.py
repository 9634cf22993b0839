"""App start benchmark: process start to the first drawn frame of the home screen, against a bare Kivy
window in the same run.

    python -m benchmarks.app_start [--runs N]

Figures (last line, JSON): ``app_first_frame_s`` and ``bare_window_s`` (medians over N runs, wall time from
spawning the process to reading its "first frame" line, drawn with SDL's offscreen driver when there is
no display), ``ratio`` (target: at most 3, goal 2). ``app_first_start_s``: the very first start on fresh
folders, before the content checks' result is remembered (companion.content.checked), as after an update
of the packs or of the companion; ``first_start_ratio`` the same against the bare window.

Python's bytecode is as the README's commands leave it (scripts/bootstrap compiles the package; install.sh's
pip install compiles its copy): run ``python -m compileall -q companion`` first in a checkout set up by hand.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time



def time_to_first_frame(cmd: list[str], env: dict) -> float:
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    for line in proc.stdout:
        if line.startswith("first_frame"):
            elapsed = time.perf_counter() - t0
            break
    else:
        raise RuntimeError(f"{cmd} ended without drawing a frame (exit {proc.wait()})")
    proc.wait(timeout=60)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    env = dict(os.environ)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env["SDL_VIDEODRIVER"] = "offscreen"
    with tempfile.TemporaryDirectory() as tmp:
        env["XDG_DATA_HOME"] = os.path.join(tmp, "data")
        env["XDG_CONFIG_HOME"] = os.path.join(tmp, "config")
        env["XDG_CACHE_HOME"] = os.path.join(tmp, "cache")
        env["KIVY_HOME"] = os.path.join(tmp, "kivy")
        os.makedirs(env["KIVY_HOME"])  # Kivy creates only the last folder of its home
        app_cmd = [sys.executable, "-m", "companion", "app", "--exit-after-first-frame"]
        bare_cmd = [sys.executable, "-m", "benchmarks.bare_window"]
        time_to_first_frame(bare_cmd, env)  # warm the disk cache for both
        first_start = time_to_first_frame(app_cmd, env)
        app, bare = [], []
        for _ in range(args.runs):  # interleaved, so that machine noise hits both alike
            bare.append(time_to_first_frame(bare_cmd, env))
            app.append(time_to_first_frame(app_cmd, env))
    figures = {
        "app_first_frame_s": round(statistics.median(app), 3),
        "bare_window_s": round(statistics.median(bare), 3),
        "ratio": round(statistics.median(app) / statistics.median(bare), 2),
        "app_first_start_s": round(first_start, 3),
        "first_start_ratio": round(first_start / statistics.median(bare), 2),
        "runs": args.runs,
        "app_first_frame_s_all": [round(v, 3) for v in app],
        "bare_window_s_all": [round(v, 3) for v in bare],
        "video_driver": env.get("SDL_VIDEODRIVER", "default"),
        "target_ratio": 3,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
