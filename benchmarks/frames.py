"""What the frame benchmarks share (benchmarks.animation, benchmarks.table_widgets): Kivy on SDL's
offscreen driver where there is no display, one frame's time, the app's idle loop, and the figures of
a run of frames. Kivy is imported only inside the functions: the environment must be set first."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from typing import Callable


def offscreen_kivy() -> tempfile.TemporaryDirectory:
    """Kivy quiet and on a home of its own (and offscreen without a display), before it is imported; the
    folder returned holds that home and whatever the run writes: keep it as long as the run."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
    for key in ("KIVY_NO_ARGS", "KIVY_NO_CONSOLELOG", "KIVY_NO_FILELOG"):
        os.environ.setdefault(key, "1")
    tmp = tempfile.TemporaryDirectory()
    os.environ.setdefault("KIVY_HOME", os.path.join(tmp.name, "kivy"))
    os.makedirs(os.environ["KIVY_HOME"], exist_ok=True)
    return tmp


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def idle(seconds: float) -> tuple[float, float]:
    """The app's own loop for ``seconds``: (CPU share of one core, window redraws per second)."""
    from kivy.base import EventLoop
    from kivy.core.window import Window

    flips = []
    count = lambda *_: flips.append(1)  # noqa: E731
    Window.bind(on_flip=count)
    cpu0, t0 = time.process_time(), time.monotonic()
    while time.monotonic() - t0 < seconds:
        EventLoop.idle()
    wall = time.monotonic() - t0
    Window.unbind(on_flip=count)
    return (time.process_time() - cpu0) / wall, len(flips) / wall


def frame(finish) -> tuple[float, float]:
    """One frame of the app's loop in ms: until the renderer has finished drawing it, and the app's own
    part (input, clock, animation, layout, issuing the drawing: what a Pi's CPU does while its GPU draws)."""
    from kivy.base import EventLoop

    t = time.perf_counter()
    EventLoop.idle()
    work = time.perf_counter()
    finish()
    return (time.perf_counter() - t) * 1000, (work - t) * 1000


def frames_while(going: Callable[[], bool], times: list[float], work: list[float]) -> None:
    """Frames back to back while ``going()``, each one's whole and own time added to ``times``, ``work``."""
    from kivy.graphics.opengl import glFinish

    while going():
        whole, own = frame(glFinish)
        times.append(whole)
        work.append(own)


def figures(times: list[float], work: list[float]) -> dict[str, float]:
    """A run of frames in figures: its 95th percentile and median frame, the app's own 95th, the count."""
    return {"frame_ms_p95": round(p95(times), 2), "frame_ms_median": round(statistics.median(times), 2),
            "app_work_ms_p95": round(p95(work), 2), "frames": len(times)}
