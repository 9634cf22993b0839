"""Virtual audio devices for the sound tests, and checks that they are what the tests think they are.

- ``jack_server``: a paced virtual device, a JACK server with the dummy driver
  (``jackd --no-realtime -d dummy -r 48000 -p 480``: 10 ms periods, like a real card), under a
  server name of its own so that parallel runs do not meet.
- ``alsa_null_home``: a HOME whose ``.asoundrc`` defines an ALSA ``null`` PCM (an unpaced device).
- ``run_python``: runs a snippet in a fresh interpreter with a given environment: PortAudio reads the
  device list when it starts, and a JACK server killed under an open stream wedges PortAudio for the
  rest of that process, so the tests that change the devices run in processes of their own.

The Debian packages come from ``scripts/bootstrap`` (``COMPANION_EXTRAS=test``); when one is missing
the tests that need it are skipped with the package's name, except under CI, where they fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from tests.support import stop_process

ROOT = Path(__file__).resolve().parent.parent


def need(binary: str, package: str) -> str:
    path = shutil.which(binary)
    if path:
        return path
    message = f"{binary} is not installed (Debian package {package}; scripts/bootstrap installs it for tests)"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def need_module(module: str, package: str):
    """The module, else a skip naming the pip package (a failure under CI, where the test extra has it)."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:
        message = f"{module} is missing (pip package {package}, in the test extra): {exc}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def need_portaudio() -> None:
    try:
        import sounddevice  # noqa: F401
    except OSError as exc:
        message = f"PortAudio is missing (Debian package libportaudio2): {exc}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def die_with_parent() -> None:
    """In a child between fork and exec: the kernel sends it SIGTERM when the test process ends, however it
    ends (a run stopped with SIGKILL, a crashed interpreter), so that no jackd outlives its tests."""
    import ctypes
    import signal

    PR_SET_PDEATHSIG = 1
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class JackServer:
    """A jackd process with the dummy driver, named ``name``."""

    def __init__(self, name: str | None = None, rate: int = 48000, period: int = 480) -> None:
        self.name = name or f"companion-test-{uuid.uuid4().hex[:8]}"
        self.rate, self.period = rate, period
        self.proc: subprocess.Popen | None = None

    def env(self) -> dict[str, str]:
        return {"JACK_DEFAULT_SERVER": self.name, "JACK_NO_START_SERVER": "1"}

    def start(self) -> "JackServer":
        jackd = need("jackd", "jackd2")
        self.proc = subprocess.Popen(
            [jackd, "-n", self.name, "--no-realtime", "-d", "dummy", "-r", str(self.rate), "-p", str(self.period)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=die_with_parent)
        env = {**os.environ, **self.env()}
        ready = subprocess.run([need("jack_wait", "jackd2"), "-s", self.name, "-w", "-t", "20"],
                               env=env, capture_output=True, timeout=30)
        if ready.returncode != 0 or self.proc.poll() is not None:
            err = self.proc.stderr.read().decode(errors="replace") if self.proc.poll() is not None else ""
            self.stop()
            pytest.fail(f"jackd did not start: {ready.stdout.decode()} {err}")
        return self

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            stop_process(self.proc)
        self.proc = None


def jack_session():
    """A paced virtual output device for this test process (PortAudio restarted to see it): the body of
    the ``jack_server`` fixture of tests/conftest.py, ONE server for the whole run (a fixture imported into
    several modules was one server per module, each torn down with a PortAudio restart at the end)."""
    need_portaudio()
    server = JackServer().start()
    saved = {k: os.environ.get(k) for k in server.env()}
    os.environ.update(server.env())
    from companion.sound.devices import portaudio, rescan

    rescan(portaudio())
    yield server
    # PortAudio lets go of the server before it stops: closing a JACK client whose server is gone aborts.
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v
    os.environ["JACK_NO_START_SERVER"] = "1"
    rescan(portaudio())
    server.stop()


@pytest.fixture
def alsa_null_home(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    (home / ".asoundrc").write_text(
        'pcm.!default { type null }\n'
        'pcm.nullout { type null hint { show on description "Null output for tests" } }\n')
    return home


@pytest.fixture
def run_python(tmp_path):
    """Run ``code`` in a fresh interpreter; returns the CompletedProcess (stdout, stderr as text)."""

    def run(code: str, env: dict[str, str] | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
        full = dict(os.environ)
        full.update({"PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(tmp_path / "cache"),
                     "XDG_DATA_HOME": str(tmp_path / "data"), "JACK_NO_START_SERVER": "1",
                     "JACK_DEFAULT_SERVER": f"absent-{uuid.uuid4().hex[:8]}"})
        full.update(env or {})
        return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=full, capture_output=True,
                              text=True, timeout=timeout)

    return run


# --- the virtual devices are what the tests think ---------------------------------------------------

def test_jack_dummy_is_an_output_device(jack_server):
    from companion.sound.devices import output_devices

    devices = output_devices()
    jack = [d for d in devices if d.hostapi.startswith("JACK")]
    assert jack, f"no JACK device among {devices}"
    assert jack[0].channels >= 2


def test_alsa_null_pcm_is_listed_by_name(alsa_null_home, run_python):
    need_portaudio()
    out = run_python("""
        from companion.sound.devices import output_devices
        print([d.name for d in output_devices()])
    """, env={"HOME": str(alsa_null_home)})
    assert out.returncode == 0, out.stderr
    assert "nullout" in out.stdout
