"""The app tests' harness (tests.support.app_harness) lays the screens out at the table's 800×480 whatever
another test module did to Kivy's window, which lives as long as the test process: the contrast test
run after test_motion measured screens laid out at 800×600, the window size Kivy gave when
test_motion's import made the window at collection."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.support import TABLE_SIZE, app_harness

pytest.importorskip("kivy")


def test_a_window_made_by_a_test_modules_import_has_the_tables_size():
    # A fresh process, as at collection: conftest first, then a module importing the motion layer.
    env = {k: v for k, v in os.environ.items() if not k.startswith("KCFG_")}  # only what conftest sets
    env["PYTHONPATH"] = str(ROOT)
    code = ("import tests.conftest, companion.app.motion.plan\n"
            "from kivy.core.window import Window\n"
            "print(*Window.size)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == [str(v) for v in TABLE_SIZE]


def test_an_app_harness_lays_the_app_out_at_800x480_whatever_size_the_window_was_left_at(tmp_path):
    from kivy.core.window import Window
    from PIL import Image

    Window.size = (800, 600)  # Kivy's default, as a window made at collection had it
    with app_harness(tmp_path) as h:
        assert tuple(Window.size) == TABLE_SIZE
        assert tuple(h.app.root.size) == TABLE_SIZE
        with Image.open(h.screenshot(tmp_path / "home.png")) as picture:
            assert picture.size == TABLE_SIZE
