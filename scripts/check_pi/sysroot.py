"""Builds and caches, for one Raspberry Pi OS release, the emulated system root and its virtualenv.

The root is Debian's arm64 `minbase` (Essential and Priority: required packages and apt: less than
Raspberry Pi OS Lite, so a library the companion needs but the installer does not list is missing here
too) plus the installer's package list, installed by mmdebstrap with dpkg running under emulation, with
no recommended packages (install.sh uses --no-install-recommends). The virtualenv is made the way
install.sh makes it (python3 -m venv --system-site-packages; pip install) by the root's own Python,
under emulation, so pip picks wheels by the target's real tags and markers."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from .host import host_ca_bundle, run_in
from .packages import Target, key, platform_tags, requirements, split_debian, read_package_list

MIRROR = "http://deb.debian.org/debian"
PREFIX = "/opt/fort-boyard-companion"
VENV = f"{PREFIX}/venv"
INSTALLED_PARTS = ("companion", "content", "hardware", "systemd", "docs", "pyproject.toml", "README.md")
#: What a pip install leaves in the source folder: setuptools' build/lib is reused when its files look newer
#: than the sources (a copy keeps the sources' dates), so a new version would install stale modules.
BUILD_LEFTOVERS = ("build", "fort_boyard_companion.egg-info")
VARIANT = "minbase"


class StepFailed(RuntimeError):
    def __init__(self, step: str, log: Path) -> None:
        super().__init__(f"{step} failed: see {log}")
        self.step, self.log = step, log


def build_root(repo: Path, target: Target, cache: Path, logs: Path) -> tuple[Path, list[str]]:
    """The cached system root of this release (rebuilt when the package list changes) and the packages of
    the list that only Raspberry Pi's archive has (so not in it)."""
    listed = read_package_list(repo / "hardware" / "packages" / f"{target.os}.txt")
    debian, pi_only = split_debian(listed)
    root = cache / target.os / "root"
    stamp = cache / target.os / "root.key"
    wanted = key(VARIANT, MIRROR, target.os, debian)
    if root.is_dir() and stamp.is_file() and stamp.read_text() == wanted:
        return root, pi_only
    shutil.rmtree(root, ignore_errors=True)
    root.parent.mkdir(parents=True, exist_ok=True)
    stamp.unlink(missing_ok=True)
    debs = cache / "debs" / target.os
    debs.mkdir(parents=True, exist_ok=True)
    log = logs / f"{target.os}-root.log"
    argv = ["mmdebstrap", "--mode=root", f"--variant={VARIANT}", "--architectures=arm64",
            f"--include={','.join(debian)}", "--skip=download/empty",
            "--setup-hook=mkdir -p \"$1\"/var/cache/apt/archives/",
            f"--setup-hook=sync-in {debs} /var/cache/apt/archives/",
            f"--customize-hook=sync-out /var/cache/apt/archives {debs}",
            target.os, str(root), MIRROR]
    with log.open("ab") as out:
        code = subprocess.run(argv, stdout=out, stderr=subprocess.STDOUT).returncode
    if code != 0:
        shutil.rmtree(root, ignore_errors=True)
        raise StepFailed(f"{target.os}: building the system root", log)
    stamp.write_text(wanted)
    return root, pi_only


def download_wheels(repo: Path, target: Target, cache: Path, logs: Path) -> Path:
    """The aarch64 wheels of the companion's dependencies for this Python, downloaded on the host (fast)
    into a folder the root's pip looks in first. pip evaluates markers for the host here, so the root's pip
    may still fetch a few (those marked platform_machine == 'aarch64') itself."""
    folder = cache / "wheels" / f"cp{target.python.replace('.', '')}"
    folder.mkdir(parents=True, exist_ok=True)
    log = logs / f"{target.os}-wheels.log"
    abi = f"cp{target.python.replace('.', '')}"
    argv = [sys.executable, "-m", "pip", "download", "--dest", str(folder), "--only-binary=:all:",
            "--python-version", target.python, "--implementation", "cp", "--abi", abi, "--abi", "abi3",
            "--abi", "none"]
    for tag in platform_tags(target.glibc):
        argv += ["--platform", tag]
    argv += requirements(repo / "pyproject.toml")
    with log.open("ab") as out:
        if subprocess.run(argv, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
            raise StepFailed(f"{target.os}: downloading the aarch64 wheels", log)
    return folder


def install_venv(root: Path, target: Target, repo: Path, wheels: Path, cache: Path, logs: Path) -> dict[str, str]:
    """The virtualenv as systemd/install.sh makes it: the dependencies (cached, redone when they change),
    then the companion from a copy of the working tree in /opt/fort-boyard-companion/src (every run), and
    the hardware profiles where the installed package looks for them. Returns what pip installed
    (lower-case name -> version: onnxruntime's release matters on a Pi 4)."""
    log = logs / f"{target.os}-venv.log"
    (cache / "pip").mkdir(exist_ok=True)
    binds = {wheels: "/check/wheels", cache / "pip": "/check/pip-cache"}
    env = {"PIP_CACHE_DIR": "/check/pip-cache", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    ca = host_ca_bundle()
    if ca:
        binds[ca] = "/check/ca.crt"
        env["PIP_CERT"] = "/check/ca.crt"
    wanted = key(requirements(repo / "pyproject.toml"), (root.parent / "root.key").read_text())
    stamp = root.parent / "venv.key"
    if not (stamp.is_file() and stamp.read_text() == wanted):
        shutil.rmtree(root / VENV.lstrip("/"), ignore_errors=True)
        if run_in(root, ["python3", "-m", "venv", "--system-site-packages", VENV], log=log) != 0:
            raise StepFailed(f"{target.os}: making the virtualenv", log)
        argv = [f"{VENV}/bin/pip", "install", "--find-links", "/check/wheels", *requirements(repo / "pyproject.toml")]
        if run_in(root, argv, log=log, env=env, binds=binds) != 0:
            raise StepFailed(f"{target.os}: installing the dependencies in the virtualenv", log)
        stamp.write_text(wanted)
    src = root / PREFIX.lstrip("/") / "src"
    src.mkdir(parents=True, exist_ok=True)
    for part in (*INSTALLED_PARTS, *BUILD_LEFTOVERS):  # what install.sh copies, and what it clears
        shutil.rmtree(src / part, ignore_errors=True)
        if (repo / part).is_dir():
            shutil.copytree(repo / part, src / part, ignore=shutil.ignore_patterns("__pycache__"))
        elif (repo / part).is_file():
            shutil.copy2(repo / part, src / part)
    argv = [f"{VENV}/bin/pip", "install", "--upgrade", "--find-links", "/check/wheels", f"{PREFIX}/src"]
    if run_in(root, argv, log=log, env=env, binds=binds) != 0:
        raise StepFailed(f"{target.os}: installing the companion in the virtualenv", log)
    profiles = root / VENV.lstrip("/") / "share" / "fort-boyard-companion" / "profiles"
    shutil.rmtree(profiles, ignore_errors=True)
    shutil.copytree(repo / "hardware" / "profiles", profiles)
    frozen = logs / f"{target.os}-pip-freeze.txt"
    frozen.unlink(missing_ok=True)
    run_in(root, [f"{VENV}/bin/pip", "list", "--format=freeze"], log=frozen)
    return dict(line.lower().split("==", 1) for line in frozen.read_text().splitlines() if "==" in line)
