"""Fort Boyard's look and words of issue 28 (the second screens review, items 11 and 13): the space tiles'
words at one size with their icons, the Passe-partout saying any space will do, the round's winner as the
moment's headline, and a card's sentence after a colon starting in lower case."""

from __future__ import annotations

import pytest

from companion.app.games.fort_boyard.turn import after_colon
from tests.support import app_harness


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("fort-boyard-look")) as h:
        yield h


def show(harness, shot: str, language: str):
    from companion.app.scenarios import SCENARIOS

    app = harness.app
    app.controller.settings = app.settings.changed(language=language)
    app.controller.tr.set_language(language)
    SCENARIOS[shot](app)
    harness.settle(frames=8)
    return app


def tiles(harness, app):
    from companion.app.games.fort_boyard.spaces import SpaceTile

    return [w for w in harness.widgets(app.current_screen()) if isinstance(w, SpaceTile)]


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("shot", ["turn", "turn-passe_partout"])
def test_every_spaces_word_has_one_size_and_its_icon(harness, shot, language):
    app = show(harness, shot, language)
    found = tiles(harness, app)
    assert len(found) == (6 if shot == "turn-passe_partout" else 7)
    sizes = {round(float(t.font_size), 1) for t in found}
    assert sizes == {26.0}, {t.text: t.font_size for t in found}  # the button's size, no word shrunk
    for t in found:
        assert min(t._icon_rect.size) >= 24, t.text  # the icon drawn, not squeezed away
        x, y = t._icon_rect.pos
        assert t.x <= x and x + t._icon_rect.size[0] <= t.right and t.y <= y and y + t._icon_rect.size[1] <= t.top


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_passe_partout_says_the_player_may_choose_any_space(harness, language):
    app = show(harness, "turn-passe_partout", language)
    texts = [t["text"] for t in harness.widget_report()["texts"]]
    assert app.controller.tr("play.any_space") in texts
    assert app.controller.tr("space.passe_partout") not in [t.text for t in tiles(harness, app)]


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("shot, winner, round_", [("moment-round2", "Marie-Christine", 1),
                                                   ("moment-round3", "Jean-Baptiste", 2)])
def test_the_rounds_winner_is_the_moments_headline(harness, shot, winner, round_, language):
    app = show(harness, shot, language)
    texts = harness.widget_report()["texts"]
    headline = app.controller.tr("moment.winner", player=winner, round=round_)
    largest = max(texts, key=lambda t: t["font_px"])
    assert largest["text"] == headline
    assert largest["font_px"] >= 36  # a step's size at least: it is what the table reads first
    below = [t for t in texts if t["pos"][1] < largest["pos"][1]]
    title = app.controller.tr("common.round", round=round_ + 1)
    assert any(t["text"].startswith(title) for t in below)  # the new round's title comes under it


@pytest.mark.parametrize("text, expected", [
    ("De 1 à 30, sans nombre sauté", "de 1 à 30, sans nombre sauté"),
    ("The ball stays up", "the ball stays up"),
    ("L’orange reste sur la cuillère", "l’orange reste sur la cuillère"),
    ("A tower of five cups", "a tower of five cups"),
    ("I stays upper case", "I stays upper case"),
    ("RFID tags stay as written", "RFID tags stay as written"),
    ("3 balles dans le seau", "3 balles dans le seau"),
    ("", ""),
])
def test_a_cards_sentence_after_a_colon_starts_in_lower_case(text, expected):
    assert after_colon(text) == expected
