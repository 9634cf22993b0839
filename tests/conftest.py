from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Kivy reads these when first imported: no command-line parsing, no console noise, a private home,
# and SDL's offscreen driver (Mesa software GL) so that real frames render with no display at all.
# Under pytest-xdist (scripts/run-tests runs the suite over every core) each worker has a home of its own:
# Kivy writes its config.ini there as it starts, and two processes writing one file at once may leave
# half of it. (The virtual sound card is one per worker already: its server name is its own.)
_KIVY_HOME = Path(os.environ.get("PYTEST_KIVY_HOME", "/tmp/companion-tests-kivy-home"))
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_NO_FILELOG", "1")
os.environ.setdefault("KIVY_LOG_MODE", "MIXED")
os.environ.setdefault("KIVY_HOME", str(_KIVY_HOME))
if os.environ.get("PYTEST_XDIST_WORKER"):  # a worker inherits the home its controller set: one apart
    os.environ["KIVY_HOME"] += "-" + os.environ["PYTEST_XDIST_WORKER"]
os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
# The window's size as Kivy starts (KCFG_<section>_<key> overrides its config): a test module that imports
# the motion layer makes the window at collection, before any fixture can call configure_kivy, and it
# would otherwise open at Kivy's default 800×600 (tests.support.app_harness also puts it back).
os.environ.setdefault("KCFG_GRAPHICS_WIDTH", "800")
os.environ.setdefault("KCFG_GRAPHICS_HEIGHT", "480")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")


def pytest_addoption(parser):
    parser.addoption("--hardware", action="store_true", help="run tests that need the real Pi hardware")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--hardware"):
        return
    skip = pytest.mark.skip(reason="needs the real hardware: run with --hardware on the Pi")
    for item in items:
        if "hardware" in item.keywords:
            item.add_marker(skip)


_PREFETCH: list = []


def pytest_collection_finish(session):
    """In a parallel run (scripts/run-tests), each worker whose run holds a test of the all-profiles
    pictures starts rendering its shares of them at once (tests/shots_cache.py): the render is split over
    the workers and runs beside their other tests, instead of one worker rendering it all on its own."""
    if not os.environ.get("PYTEST_XDIST_WORKER") or session.config.option.collectonly \
            or os.environ.get("COMPANION_SHOTS_PREFETCH") == "0":  # 0: each share when a test needs it
        return
    if any("all_shots" in getattr(item, "fixturenames", ()) for item in session.items):
        from tests.shots_cache import prefetch

        _PREFETCH.append(prefetch())


def pytest_sessionfinish(session):
    for thread in _PREFETCH:  # a share this worker renders is finished, not cut off with the worker
        thread.join()


@pytest.fixture(scope="session")
def jack_server():
    """The virtual sound card (tests/test_sound_support.py), one for the whole run, for every module (one
    per xdist worker, each under a server name of its own)."""
    from tests.test_sound_support import jack_session

    yield from jack_session()


@pytest.fixture
def companion_env(tmp_path):
    """Environment for a ``companion`` child process: its user data dir inside tmp_path."""
    env = dict(os.environ)
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg-data")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "xdg-config")
    env["PYTHONPATH"] = str(ROOT)
    return env


@pytest.fixture
def headless(companion_env):
    """Run ``companion play --headless`` on some input lines; returns (answers as text lines, exit code)."""

    def run(lines: list[str], *args: str, timeout: float = 60) -> tuple[list[str], int]:
        proc = subprocess.run(
            [sys.executable, "-m", "companion", "play", "--headless", *args],
            input="".join(line + "\n" for line in lines).encode(),
            capture_output=True,
            env=companion_env,
            timeout=timeout,
        )
        return proc.stdout.decode().splitlines(), proc.returncode

    return run


@pytest.fixture(scope="session")
def all_shots():
    """Every scenario at every profile in both languages, rendered once per code version and shared by the
    tests that read them, also between parallel workers (tests/shots_cache.py): (folder, figures)."""
    from tests.shots_cache import all_shots as rendered

    return rendered()
