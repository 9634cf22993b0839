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


def test_the_pictures_without_texts_change_nothing_but_the_letters(tmp_path):
    # The contrast check compares each text's letters with what the picture without texts has behind them.
    # The hardware check's rows grow with their words: emptying the texts shrank them and moved every row
    # below, so the '!' of a warning was measured against another row's pixels (1.19:1, a false failure).
    from PIL import Image, ImageChops

    from companion.app.scenarios import SCENARIOS

    with app_harness(tmp_path) as h:
        SCENARIOS["doctor"](h.app)
        h.settle(frames=8)
        texts = h.text_backgrounds(tmp_path / "shown.png", tmp_path / "hidden.png")
    with Image.open(tmp_path / "shown.png") as shown, Image.open(tmp_path / "hidden.png") as hidden:
        changed = ImageChops.difference(shown.convert("RGB"), hidden.convert("RGB")).convert("L")
        for text in texts:  # the letters' own boxes may differ, nothing else may
            x, y, w, h_ = text["box"]
            changed.paste(0, (x - 1, y - 1, x + w + 1, y + h_ + 1))
        moved = sum(1 for value in changed.getdata() if value > 8)
    assert len(texts) > 10 and moved == 0, f"{moved} pixels changed outside the texts"
