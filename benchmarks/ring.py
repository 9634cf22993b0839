"""LED ring benchmark: how exactly "time up" lands, and what animating a 24-LED ring costs.

    python -m benchmarks.ring [--count 20] [--duration 3] [--leds 24] [--fps 30]

Runs ``count`` real hourglasses of ``duration`` seconds one after the other through ``Ring.hourglass``,
the code path of the game's 30-second one, on a ring whose frames go through the whole SPI path
(renderer, brightness cap and budget, mounting, Adafruit's neopixel_spi bit encoding) into a bus that
only counts the bytes. Figures (last line, JSON):

- ``end_error_ms_max``: the largest |arrival of TimeUp - (monotonic time of the call + duration)|;
  target within 20 ms. ``end_error_ms_min`` / ``_p50`` show the spread, ``early`` counts events that
  came before the end (must be 0).
- ``fps``: frames sent to the ring per second while the hourglasses ran; target >= 30.
- ``cpu_share_of_core``: process CPU time / wall time over the same span (all threads); target <= 0.10.
- baselines from the same run: ``baseline_cpu_share_screen`` (the same animation on the screen
  backend: no encoding), ``baseline_cpu_share_asleep`` (the interpreter doing nothing), and
  ``frame_cost_ms`` (one SPI frame rendered and encoded, timed in a tight loop).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time

from companion.devices.ring import Hourglass, Idle, Ring, RingConfig, ScreenRing
from companion.devices.ring.backends.neopixel import BusLock, NeoPixelSPI
from companion.devices.ring.ring import orient


class CountingSPI(BusLock):
    """A bus with busio.SPI's methods that only counts what it is sent (no SPI device on this machine)."""

    def __init__(self):
        self.bytes_sent = 0
        self.frames = 0

    def configure(self, **_settings) -> None:
        pass

    def write(self, buf, start: int = 0, end: int | None = None) -> None:
        self.bytes_sent += len(buf[start:end])
        self.frames += 1


def run_hourglasses(count: int, duration: float, leds: int, fps: float) -> dict:
    config = RingConfig(backend="spi", led_count=leds, fps=fps, brightness=0.5)
    bus = CountingSPI()
    arrived = threading.Event()
    arrivals: list[float] = []

    def on_time_up(_event) -> None:
        arrivals.append(time.monotonic())
        arrived.set()

    errors = []
    with Ring(config, backend=NeoPixelSPI(leds, spi=bus), when_time_up=on_time_up) as ring:
        wall0, cpu0, frames0 = time.monotonic(), time.process_time(), ring.frames_shown
        for i in range(count):
            arrived.clear()
            called = time.monotonic()
            ring.hourglass(duration)
            if not arrived.wait(duration + 5.0):
                raise SystemExit(f"hourglass {i + 1} never posted time up")
            errors.append((arrivals[-1] - (called + duration)) * 1000.0)
        wall, cpu = time.monotonic() - wall0, time.process_time() - cpu0
        frames = ring.frames_shown - frames0
        status = ring.status()
    if not status.ok:
        raise SystemExit(f"the ring fell back to the screen: {status.last_error}")
    return {
        "errors": errors,
        "fps": frames / wall,
        "cpu_share": cpu / wall,
        "bytes_per_frame": bus.bytes_sent / max(bus.frames, 1),
        "wall_s": wall,
    }


def cpu_share_screen(seconds: float, leds: int, fps: float) -> float:
    with Ring(RingConfig(led_count=leds, fps=fps), backend=ScreenRing(leds)) as ring:
        ring.idle()
        wall0, cpu0 = time.monotonic(), time.process_time()
        threading.Event().wait(seconds)
        return (time.process_time() - cpu0) / (time.monotonic() - wall0)


def cpu_share_asleep(seconds: float) -> float:
    wall0, cpu0 = time.monotonic(), time.process_time()
    threading.Event().wait(seconds)
    return (time.process_time() - cpu0) / (time.monotonic() - wall0)


def frame_cost_ms(leds: int, n: int = 500) -> float:
    config = RingConfig(backend="spi", led_count=leds)
    backend = NeoPixelSPI(leds, spi=CountingSPI())
    hourglass, idle = Hourglass.start(0.0, 30.0), Idle(0.0)
    power = config.power
    t0 = time.perf_counter()
    for i in range(n):
        effect = hourglass if i % 2 else idle
        picture = effect.frame(i * 0.033, leds)
        backend.show(orient(power.apply(picture), config.rotation, config.clockwise))
    return (time.perf_counter() - t0) * 1000.0 / n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="hourglasses to run (default 20)")
    parser.add_argument("--duration", type=float, default=3.0, help="seconds each (default 3)")
    parser.add_argument("--leds", type=int, default=24)
    parser.add_argument("--fps", type=float, default=30.0)
    parser.add_argument("--baseline-seconds", type=float, default=5.0)
    args = parser.parse_args(argv)

    print(f"ring benchmark: {args.count} hourglasses of {args.duration:g} s, {args.leds} LEDs at {args.fps:g} fps")
    cost = frame_cost_ms(args.leds)
    print(f"  one SPI frame (render, limit, encode): {cost:.3f} ms")
    asleep = cpu_share_asleep(min(args.baseline_seconds, 2.0))
    screen = cpu_share_screen(args.baseline_seconds, args.leds, args.fps)
    print(f"  baselines: asleep {asleep:.4f} of a core, screen ring animating {screen:.4f}")
    run = run_hourglasses(args.count, args.duration, args.leds, args.fps)
    errors = run["errors"]
    worst = max(errors, key=abs)
    print(f"  time up vs call + duration: min {min(errors):+.2f} ms, median {statistics.median(errors):+.2f} ms, "
          f"worst {worst:+.2f} ms over {len(errors)}")
    print(f"  SPI ring: {run['fps']:.2f} fps, {run['cpu_share']:.4f} of a core, {run['bytes_per_frame']:.0f} bytes a frame")
    figures = {
        "end_error_ms_max": round(abs(worst), 3),
        "end_error_ms_min": round(min(errors), 3),
        "end_error_ms_p50": round(statistics.median(errors), 3),
        "early": sum(1 for e in errors if e < 0),
        "hourglasses": len(errors),
        "hourglass_s": args.duration,
        "fps": round(run["fps"], 2),
        "cpu_share_of_core": round(run["cpu_share"], 4),
        "leds": args.leds,
        "target_fps": args.fps,
        "baseline_cpu_share_screen": round(screen, 4),
        "baseline_cpu_share_asleep": round(asleep, 4),
        "frame_cost_ms": round(cost, 4),
        "targets_met": abs(worst) <= 20.0 and run["fps"] >= 30.0 and run["cpu_share"] <= 0.10,
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
