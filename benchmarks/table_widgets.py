"""The shared table's moving pieces: what the podium ceremony's rain and the die's tumble cost per frame,
and what they cost once they have ended, on an 800×480 window (SDL's offscreen driver where there is
no display).

    python -m benchmarks.table_widgets [--runs 3] [--idle-seconds 3]

Figures (last line, JSON), measured as benchmarks.animation does:

- ``frame_ms_p95``: the worst, over the ceremony's five token kinds and the die, of the 95th percentile
  of one frame's time (``EventLoop.idle()`` then ``glFinish()``, frame-rate cap lifted); target at most
  33 ms. ``baseline_still_frame_ms_p95``: the same frame of the same picture with a redraw forced and
  nothing moving (what the machine costs before any animation: Mesa draws the whole window each frame).
  ``per_piece`` gives each one's figures; ``baseline_motion_confetti``, the motion layer's podium
  confetti (companion.app.motion.pieces) on the same picture, the same run: today's celebration.
- ``idle_cpu_share`` / ``idle_redraws_per_s``: process CPU time / wall time and window redraws per
  second once the ceremony has ended and the die has landed, on Kivy's own clock (target ≤ 0.05, and 0
  redraws: nothing is drawn once they end). ``ceremony_longest_s``: the longest rain, first frame to
  ``on_finished`` (target ≤ 4).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time

from benchmarks.frames import figures, frame, frames_while, idle, offscreen_kivy, p95

WARM_UP_S = 1.5


def stage(window):
    """The ceremony over a podium of three steps and names, and a die beside it: a podium screen's load."""
    from types import SimpleNamespace

    from kivy.uix.label import Label

    from companion.app.controls import Panel
    from companion.app.look.tokens import TYPE, colour, player_colour
    from companion.app.widgets.art import px
    from companion.app.widgets.ceremony import Ceremony
    from companion.app.widgets.die import DIE_SIZE, Die

    motion = SimpleNamespace(reduce_motion=False)
    ceremony = Ceremony(settings=lambda: motion)
    w = window.width * 0.2
    for place, (height, who, tint) in enumerate(((0.3, "Zoé", "lilac"), (0.42, "Marie-Christine", "coral"),
                                                 (0.22, "Léo", "lagoon"))):
        x = window.width / 2 + (place - 1) * (w + px(8)) - w / 2
        block = Panel(size_hint=(None, None), size=(w, window.height * height), pos=(x, window.height * 0.12))
        block.bg = player_colour(tint)
        ceremony.add_widget(block)
        ceremony.add_widget(Label(text=who, font_size=px(TYPE.standing), bold=True, color=colour("text"),
                                  size_hint=(None, None), size=(w, px(40)), pos=(x, window.height * (0.12 + height))))
    die = Die(settings=lambda: motion, size_hint=(None, None), size=(px(DIE_SIZE), px(DIE_SIZE)), pos=(px(16), px(16)))
    ceremony.add_widget(die)
    return ceremony, die


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="times each piece plays")
    parser.add_argument("--idle-seconds", type=float, default=3.0)
    args = parser.parse_args()
    tmp = offscreen_kivy()  # Kivy's home: kept as long as the run
    from companion.app.launch import configure_kivy

    configure_kivy(800, 480)
    from kivy.base import EventLoop
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.graphics.opengl import glFinish

    from companion.app.look import fonts
    from companion.app.widgets.ceremony import TOKENS

    fonts.register()
    EventLoop.ensure_window()
    ceremony, die = stage(Window)
    Window.add_widget(ceremony)
    for _ in range(10):
        EventLoop.idle()

    Clock._max_fps = 0  # frames back to back: a frame's time is its work
    per, longest = {}, 0.0
    for token in TOKENS:
        times, work = [], []
        ceremony.token = token
        for _ in range(args.runs):
            ended = []
            ceremony.bind(on_finished=lambda *_: ended.append(time.monotonic()))
            t0 = time.monotonic()
            ceremony.start()
            frames_while(lambda: ceremony.playing, times, work)
            ceremony.unbind(on_finished=ceremony.on_finished)
            longest = max(longest, (ended[-1] if ended else time.monotonic()) - t0)
        per[f"ceremony_{token}"] = figures(times, work)
    rng = random.Random(1)
    times, work = [], []
    for _ in range(args.runs * 3):
        die.roll(rng=rng)
        frames_while(lambda: die.rolling, times, work)
    per["die"] = figures(times, work)
    # The reference, same run, same picture: the motion layer's podium confetti of today (pieces.Confetti).
    from companion.app.motion import pieces
    from companion.app.motion.layer import MotionLayer

    layer = MotionLayer(lambda: None, size=Window.size)
    Window.add_widget(layer)
    times, work = [], []
    for _ in range(args.runs):
        layer.play(pieces.Confetti())
        frames_while(lambda: layer.busy, times, work)
    Window.remove_widget(layer)
    reference = figures(times, work)
    still = []
    for _ in range(120):
        Window.canvas.ask_update()
        still.append(frame(glFinish)[0])
    Clock._max_fps = 60.0
    idle(WARM_UP_S)
    idle_cpu, redraws = idle(args.idle_seconds)
    Window.remove_widget(ceremony)
    result = {
        "frame_ms_p95": max(v["frame_ms_p95"] for v in per.values()),
        "idle_cpu_share": round(idle_cpu, 4),
        "idle_redraws_per_s": round(redraws, 2),
        "ceremony_longest_s": round(longest, 2),
        "app_work_ms_p95": max(v["app_work_ms_p95"] for v in per.values()),
        "per_piece": per,
        "baseline_still_frame_ms_p95": round(p95(still), 2),
        "baseline_motion_confetti": reference,
        "window": f"{Window.width}x{Window.height}",
        "video_driver": os.environ.get("SDL_VIDEODRIVER", "default"),
        "runs": args.runs,
        "target_frame_ms_p95": 33,
        "target_idle_cpu_share": 0.05,
        "target_ceremony_s": 4,
    }
    print(json.dumps(result))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
