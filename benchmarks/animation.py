"""Animation benchmark: what each animation of the motion layer costs per frame, and what a still turn
screen costs while nothing moves, through the real app at 800×480 on SDL's offscreen driver.

    python -m benchmarks.animation [--runs 5] [--idle-seconds 4]

Figures (last line, JSON):

- ``frame_ms_p95``: the worst, over the animations, of the 95th percentile of one frame's time (input,
  clock, layout, drawing, flip and the renderer's own work: ``EventLoop.idle()`` then ``glFinish()``, with
  the frame-rate cap lifted so that no sleep counts) while that animation plays on the turn screen;
  target at most 33 ms. Without a GPU, Mesa's software renderer draws the whole window every frame, so
  ``baseline_still_frame_ms_p95`` (the same frame with a redraw forced and nothing moving, same run)
  says what the machine costs before any animation. ``app_work_ms_p95``: the app's own part of a frame
  (``EventLoop.idle()`` alone: what the CPU does while a GPU would draw). ``per_animation`` gives each
  one's figures and frame count.
- ``idle_cpu_share``: process CPU time (all threads) / wall time while the real app idles on the turn
  screen with Kivy's own clock (its frame-rate cap on), nothing moving, after ``WARM_UP_S`` of the same;
  target at most 0.05 of a core. ``idle_redraws_per_s``: window redraws meanwhile (0: a still screen
  is not drawn again). ``hourglass_paused_*``: the same on a challenge whose hourglass waits, full.
  ``baseline_idle_cpu_share_bare``: the same loop on the bare window once the app is gone.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from benchmarks.frames import figures, frame, frames_while, idle, offscreen_kivy, p95

#: Seconds of idling before the CPU is measured: Mesa's software renderer (no GPU here) finishes the
#: frames drawn before on threads of its own, which would count as the still screen's.
WARM_UP_S = 2.0
SHOTS = ("key", "clue", "splash", "coins", "title", "celebration")


def idle_share(seconds: float) -> float:
    return idle(seconds)[0]


def frame_times(harness, animation, runs: int) -> tuple[list[float], list[float]]:
    layer = harness.app.motion.layer
    times, work = [], []
    for _ in range(runs):
        layer.play(animation())
        frames_while(lambda: layer.busy, times, work)
    return times, work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="times each animation is played")
    parser.add_argument("--idle-seconds", type=float, default=4.0)
    args = parser.parse_args()
    tmp = offscreen_kivy()
    from companion.app.launch import build_app, configure_kivy

    configure_kivy(800, 480)
    from kivy.base import EventLoop
    from kivy.clock import Clock

    from companion.app.games.fort_boyard import scenarios
    from companion.app.harness import Harness
    from companion.app.motion import Shot

    app = build_app(Path(tmp.name) / "bench.sqlite3", None)
    harness = Harness(app)
    scenarios.fresh_game(app)
    app.show_phase()
    harness.settle(1.6)  # the round's title card has played out: the turn screen is still
    assert app.sm.current == "turn" and not app.motion.layer.busy
    idle_share(WARM_UP_S)
    idle_cpu, idle_redraws = idle(args.idle_seconds)
    # A timed challenge with its hourglass full and waiting: the on-screen ring must rest too.
    scenarios.play(app, {"cmd": "land", "space": "force"})
    scenarios.frozen_hourglass(app)
    app.show_phase()
    harness.settle(0.5)
    idle_share(WARM_UP_S)
    paused_cpu, paused_redraws = idle(args.idle_seconds)
    app.controller.undo()
    app.show_phase()
    harness.settle(0.5)

    Clock._max_fps = 0  # frames back to back: a frame's time is its work, no sleep
    director = app.motion
    view = app.controller.view
    me, other = view["current"], next(p["name"] for p in view["players"] if p["name"] != view["current"])
    shots = {"key": Shot("key", me, source=other), "clue": Shot("clue", me), "splash": Shot("splash", stake="key"),
             "coins": Shot("coins", me, count=80), "title": Shot("title", round=2),
             "celebration": Shot("celebration", winners=(me,))}
    per = {}
    for name in SHOTS:
        times, work = frame_times(harness, lambda n=name: director.animation(shots[n]), args.runs)
        per[name] = figures(times, work)
    from kivy.graphics.opengl import glFinish

    still, still_work = [], []
    for _ in range(120):
        app.root.canvas.ask_update()
        whole, own = frame(glFinish)
        still.append(whole)
        still_work.append(own)
    Clock._max_fps = 60.0
    harness.close()
    bare = idle_share(args.idle_seconds)
    app.controller.session.log.close()
    result = {
        "frame_ms_p95": max(v["frame_ms_p95"] for v in per.values()),
        "idle_cpu_share": round(idle_cpu, 4),
        "idle_redraws_per_s": round(idle_redraws, 2),
        "hourglass_paused_cpu_share": round(paused_cpu, 4),
        "hourglass_paused_redraws_per_s": round(paused_redraws, 2),
        "app_work_ms_p95": max(v["app_work_ms_p95"] for v in per.values()),
        "per_animation": per,
        "baseline_still_frame_ms_p95": round(p95(still), 2),
        "baseline_still_app_work_ms_p95": round(p95(still_work), 2),
        "baseline_idle_cpu_share_bare": round(bare, 4),
        "window": "800x480",
        "video_driver": os.environ.get("SDL_VIDEODRIVER", "default"),
        "runs": args.runs,
        "target_frame_ms_p95": 33,
        "target_idle_cpu_share": 0.05,
    }
    print(json.dumps(result))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
