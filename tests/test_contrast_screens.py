"""Every text on every screen keeps a contrast of at least 4.5:1 (WCAG AA) against whatever is drawn behind
its letters — backdrops, panels, buttons — measured on the real screens at 800×480 in both languages:
each screen is photographed as it is and with its texts taken away; where the two differ inside a
text's box are its letters, and their colour is compared with every pixel drawn behind them
(companion.app.look.contrast.letters_contrast)."""

from __future__ import annotations

import pytest

from companion.app.look.contrast import letters_contrast
from tests.support import app_harness

pytest.importorskip("kivy")

AA = 4.5


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("contrast")) as h:
        yield h


def scenarios():
    from companion.app.scenarios import SCENARIOS

    return list(SCENARIOS)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_text_of_every_screen_stands_out_from_what_is_behind_it(harness, tmp_path, language):
    from PIL import Image

    from companion.app.scenarios import SCENARIOS

    app = harness.app
    app.controller.settings = app.settings.changed(language=language)
    app.controller.tr.set_language(language)
    low = []
    for name in SCENARIOS:
        SCENARIOS[name](app)
        harness.settle(frames=8)
        shown, hidden = tmp_path / f"{name}-{language}.png", tmp_path / f"{name}-{language}-hidden.png"
        texts = harness.text_backgrounds(shown, hidden)
        with Image.open(shown) as picture:  # the screens as the table shows them, not another window's
            assert picture.size == (800, 480), f"{name}: a {picture.size} picture"
        for text in texts:
            ratio = letters_contrast(shown, hidden, text["box"], text["colour"])
            if ratio is not None and ratio < AA:
                low.append(f"{name}: {text['text'][:40]!r} {ratio:.2f}:1")
    assert not low, "\n".join(low)
