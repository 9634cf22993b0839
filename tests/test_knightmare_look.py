"""Knightmare's castle look: its backdrops (companion/app/games/knightmare/backdrops.py) keep every text role at
4.5:1 on every pixel, each screen stands in the castle where the knight is, and its dice show no value
before the roll (companion/app/games/knightmare/die.py)."""

from __future__ import annotations

import pytest

from companion.app.look import palette as P
from companion.app.games.knightmare.backdrops import BACKDROPS
from companion.app.look.assets import asset
from companion.app.look.contrast import worst_contrast
from companion.app.theme import PROFILES

pytest.importorskip("PIL.Image")


@pytest.mark.parametrize("profile", PROFILES.values(), ids=lambda p: p.name)
@pytest.mark.parametrize("name", sorted(BACKDROPS))
def test_every_text_role_reads_anywhere_on_each_castle_backdrop(profile, name):
    png = asset(name, profile)
    whole = [(0, 0, profile.width, profile.height)]
    for text in P.TEXT_ROLES:
        assert worst_contrast(png, whole, P.role(text)) >= 4.5, (png.name, text)


def test_the_dungeon_and_the_chamber_have_their_own_backdrops():
    from companion.app.games.knightmare.ui import backdrop_name

    assert backdrop_name({"phase": "escape"}) == "km-dungeon"
    assert backdrop_name({"phase": "question"}) == backdrop_name({"phase": "continue"}) == "km-chamber"
    assert backdrop_name({"phase": "fight"}) == "km-labyrinth"


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    from tests.support import app_harness

    with app_harness(tmp_path_factory.mktemp("km-look")) as h:
        yield h


def test_the_turns_die_shows_a_question_mark_and_no_pip_until_it_is_rolled(harness):
    from companion.app.games.knightmare.die import UNROLLED, UnrolledDie
    from companion.app.games.knightmare.scenarios import SCENARIOS

    h = harness
    SCENARIOS["turn"](h.app)
    h.pump()
    [die] = [w for w in h.widgets(h.screen) if isinstance(w, UnrolledDie)]
    assert die.blank and die.mark.text == UNROLLED and die.mark.parent is die
    assert all(c.a == 0 for c in die.drawing.pip_colours.values())
    die.roll(value=1)
    die.finish()
    assert not die.blank and die.mark.parent is None
    assert sum(c.a == 1 for c in die.drawing.pip_colours.values()) == 1  # the face 1, drawn this time
    assert h.screen.name == "km_turn"
