"""Fort's own look: its backyard backdrop on every profile keeps every text role at 4.5:1 on any pixel, and
Fort's screens draw it (not the sea fortress of Fort Boyard's rounds)."""

from __future__ import annotations

import pytest

from companion.app.look import palette as P
from companion.app.look.assets import asset
from companion.app.look.contrast import worst_contrast
from companion.app.theme import PROFILES

pytest.importorskip("PIL.Image")
pytest.importorskip("numpy")


@pytest.mark.parametrize("profile", PROFILES.values(), ids=lambda p: p.name)
def test_every_text_role_reads_anywhere_on_the_backyard(profile):
    png = asset("fort-backyard", profile)
    whole = [(0, 0, profile.width, profile.height)]
    for text in P.TEXT_ROLES:
        assert worst_contrast(png, whole, P.role(text)) >= 4.5, (png.name, text)


def test_fort_screens_draw_the_backyard_and_the_shared_screens_the_shells():
    from types import SimpleNamespace

    from companion.app.games.fort.ui import FortUI
    from companion.app.screens.base import BaseScreen

    def screen(ui):
        return SimpleNamespace(c=SimpleNamespace(view={"round": 2}, ui=lambda: ui))

    assert BaseScreen.backdrop_source(screen(FortUI())).endswith("fort-backyard.png")
    shell = BaseScreen.backdrop_source(screen(None))
    assert not shell.endswith("fort-backyard.png") and not shell.endswith("round-clues.png")


def test_the_plank_of_forts_step_strip_keeps_every_text_role_at_4_5():
    from companion.app.look.contrast import contrast

    for text in P.TEXT_ROLES:
        assert contrast(P.role(text), P.PLANK) >= 4.5, text
