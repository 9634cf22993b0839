"""`scripts/check-pi`: the companion on emulated Raspberry Pis (see the launcher and docs/pi.md).

For each release (Bookworm, Trixie): the system root and the virtualenv (cached), then for each CPU
(Cortex-A72, Cortex-A76) the six steps. The last line printed is the JSON summary; exit 0 only when
every step of every target passed."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from .host import HostError, ensure_binfmt, ensure_tools, run_in
from .packages import CPUS, TARGETS, PackageListError, cpuinfo, unit_environment
from .png import PngError, colours
from .sysroot import VENV, StepFailed, build_root, download_wheels, install_venv

STEPS = ("import", "frame", "piper", "espeak", "game", "doctor")
REPO = Path(__file__).resolve().parents[2]
PROBES = Path(__file__).resolve().parent / "probes"
# The kiosk's environment (systemd/companion.service), its state folders fresh for each step; the window
# is SDL's offscreen one (there is no DRM device to draw on), the audio SDL's dummy (Kivy's own audio).
UNIT = REPO / "systemd" / "companion.service"
STATE_DIRS = ("/var/lib/companion", "/var/cache/companion")
# Kivy's log goes to the step's log (it names the GL renderer: Mesa's llvmpipe from the root).
STEP_ENV = {"SDL_VIDEODRIVER": "offscreen", "SDL_AUDIODRIVER": "dummy", "KIVY_LOG_MODE": "MIXED"}
# The frame step's Kivy home is in its output folder: Kivy's log file there names the GL renderer.
FRAME_ENV = {"KIVY_HOME": "/check/out/kivy"}
REPORTED = ("Kivy", "numpy", "onnxruntime", "piper-tts", "sounddevice", "gpiozero")


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="scripts/check-pi", description=__doc__)
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "companion-check-pi",
                        help="downloads, system roots and logs (default: %(default)s)")
    parser.add_argument("--os", default=",".join(TARGETS), help="releases to check (default: %(default)s)")
    parser.add_argument("--cpu", default=",".join(CPUS), help="CPUs to emulate (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds one step may take")
    parser.add_argument("--rebuild", action="store_true",
                        help="build the system roots and virtualenvs again (after a Debian point release)")
    args = parser.parse_args(argv)
    if any(c.isspace() for c in str(args.cache)):
        parser.error(f"--cache: {str(args.cache)!r} has a space in it (mmdebstrap's hooks split on spaces)")
    for value, known, what in ((args.os, TARGETS, "--os"), (args.cpu, CPUS, "--cpu")):
        unknown = [v for v in value.split(",") if v not in known]
        if unknown:
            parser.error(f"{what}: unknown {unknown[0]!r}; known: {', '.join(known)}")
    return args


def step_commands(cpu: str, out: str) -> dict[str, list[str]]:
    """What each step runs inside the root (under /check: the probes and the run's output folder)."""
    py, companion = f"{VENV}/bin/python", f"{VENV}/bin/companion"
    return {
        "import": [py, "/check/probes/imports.py", cpu],
        "frame": [companion, "shots", "--out", f"{out}/frame", "--profiles", "800x480", "--languages", "fr",
                  "--screens", "home"],
        "piper": [py, "/check/probes/speech.py", "piper"],
        "espeak": [py, "/check/probes/speech.py", "espeak"],
        "game": [py, "/check/probes/game.py", companion, "/var/lib/companion/game.sqlite3"],
        "doctor": [companion, "doctor", "--non-interactive"],
    }


def check_frame(out: Path, log: Path) -> bool:
    """The home screen's PNG exists and is not one flat colour."""
    png = out / "frame" / "home-800x480-fr.png"
    try:
        count = colours(png)
    except (OSError, PngError) as exc:
        note(log, f"frame: {png}: {exc}")
        return False
    note(log, f"frame: {png}: {count} colours")
    for kivy_log in sorted((out / "kivy" / "logs").glob("kivy_*.txt")):
        for line in kivy_log.read_text(encoding="utf-8", errors="replace").splitlines():
            if "GL: OpenGL" in line or "Window: Provider" in line:
                note(log, line)
    return count >= 16


def last_lines(log: Path, marks: tuple[str, ...], count: int = 4) -> list[str]:
    """The log's last lines that say what went wrong, for the console."""
    lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    return [line[:200] for line in lines if any(m in line for m in marks)][-count:]


def note(log: Path, text: str) -> None:
    with log.open("a", encoding="utf-8") as f:
        f.write(text + "\n")


def run_target(root: Path, os_name: str, cpu: str, run_dir: Path, timeout: float) -> dict[str, bool]:
    out = run_dir / f"{os_name}-{cpu}"
    out.mkdir(parents=True, exist_ok=True)
    fake = out / "cpuinfo"
    fake.write_text(cpuinfo(cpu, os.cpu_count() or 1))
    binds = {PROBES: "/check/probes", out: "/check/out", fake: "/proc/cpuinfo",
             PROBES / "asound.conf": "/etc/asound.conf"}
    env = {**unit_environment(UNIT.read_text(encoding="utf-8")), **STEP_ENV, "QEMU_CPU": cpu}
    result: dict[str, bool] = {}
    for step, argv in step_commands(cpu, "/check/out").items():
        log = out / f"{step}.log"
        started = time.monotonic()
        step_env = {**env, **(FRAME_ENV if step == "frame" else {})}
        code = run_in(root, argv, log=log, env=step_env, binds=binds, tmpfs=STATE_DIRS, stdin=b"", timeout=timeout)
        ok = code == 0 and (step != "frame" or check_frame(out, log))
        result[step] = ok
        seconds = time.monotonic() - started
        print(f"check-pi: {os_name} {cpu} {step}: {'PASS' if ok else 'FAIL'} ({seconds:.0f} s)"
              + ("" if ok else f"; log: {log}"), flush=True)
        if not ok:
            for line in last_lines(log, ("FAIL", "Error", "error", "qemu:", "[exit")):
                print(f"    {line}", flush=True)
    return result


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    cache: Path = args.cache.resolve()
    run_dir = cache / "runs" / time.strftime("%Y%m%d-%H%M%S")
    run_dir.mkdir(parents=True, exist_ok=True)
    print(f"check-pi: logs in {run_dir}", flush=True)
    targets = []
    try:
        ensure_tools()
        ensure_binfmt()
    except (HostError, OSError) as exc:
        print(f"check-pi: {exc}", file=sys.stderr)
        return 2
    for os_name in args.os.split(","):
        target = TARGETS[os_name]
        started = time.monotonic()
        if args.rebuild:
            for stamp in ("root.key", "venv.key"):
                (cache / os_name / stamp).unlink(missing_ok=True)
        try:
            root, pi_only = build_root(REPO, target, cache, run_dir)
            if pi_only:
                print(f"check-pi: {os_name}: not in Debian (Raspberry Pi's archive), left out: {' '.join(pi_only)}")
            wheels = download_wheels(REPO, target, cache, run_dir)
            versions = install_venv(root, target, REPO, wheels, cache, run_dir)
            print(f"check-pi: {os_name}: " + ", ".join(f"{n} {versions.get(n.lower(), '?')}" for n in REPORTED))
            print(f"check-pi: {os_name}: system root and virtualenv ready ({time.monotonic() - started:.0f} s)",
                  flush=True)
        except (StepFailed, PackageListError, OSError) as exc:
            print(f"check-pi: {os_name}: {exc}", flush=True)
            root = None
        for cpu in args.cpu.split(","):
            steps = run_target(root, os_name, cpu, run_dir, args.timeout) if root else dict.fromkeys(STEPS, False)
            targets.append({"os": os_name, "cpu": cpu, **steps})
    summary = {"targets": targets}
    print(json.dumps(summary), flush=True)
    return 0 if targets and all(all(t[s] for s in STEPS) for t in targets) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
