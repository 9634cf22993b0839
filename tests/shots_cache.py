"""The all-profiles pictures of ``companion shots`` rendered once and shared: by the tests of one run, by
the workers of a parallel run (pytest-xdist), and by later runs while the code is the same.

The folder is keyed by a hash of everything that draws a picture (the package, its art and catalogues,
the content packs): a change anywhere renders again. The pictures are rendered in shares, one display
profile in one language each (a ``companion shots`` process of its own), so that two workers that want
them at once both render: each takes the shares no one has taken (a lock file each, tried without
waiting), then waits for the shares the other one renders. A share is rendered into a temporary folder
and renamed into place when complete (a rename is atomic); when every share is there, one process joins
them into the key's folder under the key's lock. A render that fails leaves nothing behind (its share's
lock file aside), so the next test tries again and shows the failure itself."""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
DRAWN_FROM = ("companion", "content", "pyproject.toml")
SKIP_PARTS = {"__pycache__", ".pytest_cache"}


def code_key() -> str:
    """A hash of every file the pictures are drawn from (names and bytes)."""
    digest = hashlib.sha256()
    for top in DRAWN_FROM:
        base = ROOT / top
        files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
        for path in files:
            if SKIP_PARTS & set(path.parts) or path.suffix == ".pyc":
                continue
            digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def cache_root() -> Path:
    return Path(os.environ.get("COMPANION_SHOTS_CACHE") or Path(tempfile.gettempdir()) / "companion-shots")


def shares() -> list[tuple[str, str]]:
    """The render's shares: (display profile, language), every profile in every language."""
    from companion.app.table.language import LANGUAGES
    from companion.app.table.profiles import PROFILES

    return [(profile, language) for profile in PROFILES for language in LANGUAGES]


@contextmanager
def _locked(path: Path, wait: bool = True) -> Iterator[bool]:
    """Holds the lock file ``path``; without ``wait``, yields False at once when another process holds it."""
    with open(path, "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _render(root: Path, key: str, profile: str, language: str, env: dict | None, timeout: float) -> None:
    """One share into ``root``/KEY.PROFILE-LANGUAGE (its pictures and widgets.json), its figures beside it
    in KEY.PROFILE-LANGUAGE.json; both only once complete."""
    name = f"{key}.{profile}-{language}"
    work = Path(tempfile.mkdtemp(prefix=f"{name}.", suffix=".part", dir=root))
    try:
        run_env = dict(env or os.environ)
        run_env.setdefault("PYTHONPATH", str(ROOT))
        run_env["XDG_DATA_HOME"], run_env["XDG_CONFIG_HOME"] = str(work / "data"), str(work / "config")
        out = work / "shots"
        proc = subprocess.run([sys.executable, "-m", "companion", "shots", "--out", str(out), "--profiles", profile,
                               "--languages", language], capture_output=True, text=True, env=run_env,
                              timeout=timeout, cwd=ROOT)
        if proc.returncode != 0:
            raise AssertionError(f"companion shots --profiles {profile} --languages {language} failed "
                                 f"(exit {proc.returncode}):\n{proc.stderr[-3000:]}")
        figures = json.loads(proc.stdout.strip().splitlines()[-1])
        os.rename(out, root / name)  # complete: in place at once
        (work / "figures.json").write_text(json.dumps(figures), "utf-8")
        os.rename(work / "figures.json", root / f"{name}.json")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _join(root: Path, key: str, final: Path, figures_file: Path) -> dict:
    """Every share's pictures into ``final``, their widgets.json into one, their figures summed."""
    work = Path(tempfile.mkdtemp(prefix=f"{key}.", suffix=".part", dir=root))
    try:
        out, widgets = work / "shots", {}
        out.mkdir()
        figures = {"shots": 0, "overflows": 0, "out": str(final)}
        for profile, language in shares():
            name = f"{key}.{profile}-{language}"
            part = json.loads((root / f"{name}.json").read_text("utf-8"))
            figures["shots"] += part["shots"]
            figures["overflows"] += part["overflows"]
            widgets.update(json.loads((root / name / "widgets.json").read_text("utf-8")))
            for picture in (root / name).iterdir():
                if picture.name != "widgets.json":
                    os.link(picture, out / picture.name)  # the share stays whole until the key's folder is
        (out / "widgets.json").write_text(json.dumps(widgets, ensure_ascii=False), "utf-8")
        os.rename(out, final)  # complete: in place at once
        (work / "figures.json").write_text(json.dumps(figures), "utf-8")
        os.rename(work / "figures.json", figures_file)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for profile, language in shares():  # the shares are in the key's folder now
        name = f"{key}.{profile}-{language}"
        shutil.rmtree(root / name, ignore_errors=True)
        (root / f"{name}.json").unlink(missing_ok=True)
    return figures


def all_shots(env: dict | None = None, timeout: float = 1800) -> tuple[Path, dict]:
    """The folder of every scenario at every profile in both languages, with widgets.json, and the run's
    figures (``{"shots", "overflows", "out"}`` as ``companion shots`` prints them). ``timeout``: one
    share's hang guard."""
    root = cache_root()
    root.mkdir(parents=True, exist_ok=True)
    key = code_key()
    final, figures_file = root / key, root / f"{key}.json"

    def joined() -> bool:
        return figures_file.is_file() and final.is_dir()

    def done(profile: str, language: str) -> bool:
        return (root / f"{key}.{profile}-{language}.json").is_file()

    # First the shares no one renders (without waiting), then the others' (waiting for each: one whose
    # render failed elsewhere is rendered here, and fails here too if it must).
    for wait in (False, True):
        for profile, language in shares():
            if joined():
                return final, json.loads(figures_file.read_text("utf-8"))
            with _locked(root / f"{key}.{profile}-{language}.lock", wait=wait) as mine:
                if mine and not done(profile, language) and not joined():
                    _render(root, key, profile, language, env, timeout)
    with _locked(root / f"{key}.lock"):
        if joined():
            return final, json.loads(figures_file.read_text("utf-8"))
        return final, _join(root, key, final, figures_file)


def prefetch() -> threading.Thread:
    """Start rendering the shares in a thread of this process (a parallel run's worker, as its tests
    start: every worker takes shares at once, beside its other tests, instead of one worker rendering
    them all when its first test needs them). A failure is not kept: the test that needs the pictures
    renders that share again and shows it."""

    def render() -> None:
        try:
            all_shots()
        except Exception:  # noqa: BLE001 (the fixture's own call reports it)
            pass

    thread = threading.Thread(target=render, name="shots-prefetch", daemon=True)
    thread.start()
    return thread
