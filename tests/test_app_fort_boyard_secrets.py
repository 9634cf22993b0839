"""Fort Boyard after the third family review: the secret screens (clues, phones' codes, the typed word and
its verdict) in the fort's look like the others, the verdict's word in the screen's language, the riddle's
answer under a cover naming its one reader, the treasure's total as the screen's key figure."""

from __future__ import annotations

import pytest

from tests.support import app_harness, shown_scenario as shown


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("fb-secrets")) as h:
        h.app.set_language("en")
        yield h


@pytest.mark.parametrize("shot", ["my-clues", "my-clues-held", "reveal-hidden", "keyboard", "verdict",
                                  "phones-qr"])
def test_a_secret_screen_draws_the_forts_backdrop_like_the_table_screens(harness, shot):
    from companion.app.widgets import art

    screen = shown(harness, shot)
    backdrop = getattr(screen, "_backdrop", None)
    assert backdrop is not None
    assert backdrop.source == art.game_backdrop(harness.app.controller.ui(), harness.app.controller.view)
    assert tuple(backdrop.size) == tuple(screen.size)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_verdicts_proposed_word_is_in_the_screens_language(harness, language):
    from companion.app.games.fort_boyard.scenarios import PROPOSED_WORD

    harness.app.set_language(language)
    try:
        screen = shown(harness, "verdict")
        words = " ".join(w.text for w in harness.widgets(screen) if hasattr(w, "text"))
        assert PROPOSED_WORD[language] in words
        other = PROPOSED_WORD["fr" if language == "en" else "en"]
        assert other not in words.replace(PROPOSED_WORD[language], "")
    finally:
        harness.app.set_language("en")


def test_the_riddles_cover_names_its_reader_and_opens_only_under_a_finger(harness):
    from kivy.tests.common import UnitTestTouch

    from companion.app.games.fort_boyard.turn import reader_of

    screen = shown(harness, "enigme")
    tr = harness.app.controller.tr
    strip = next(w for w in harness.widgets(screen) if getattr(w, "answer_hold", False))
    reader = reader_of(screen)
    assert strip.text == tr("enigme.hold_reader", player=reader)
    assert strip.text.startswith(reader)  # whose it is, first: "Jean-Baptiste only: hold to see the answer"
    assert strip._icon_source is not None  # the secret's symbol on the cover
    touch = UnitTestTouch(*strip.to_window(*strip.center))
    touch.touch_down()
    harness.pump(1)
    answer = tr("enigme.answer", answer=harness.app.controller.game_part.card_item().answer)
    assert strip.text == answer
    touch.touch_up()
    harness.pump(2)
    assert strip.text == tr("enigme.hold_reader", player=reader)


def test_the_treasures_total_is_a_48_px_figure(harness):
    screen = shown(harness, "treasure")
    view = harness.app.controller.view
    me = next(p for p in view["players"] if p["name"] == view["current"])
    figure = next(w for w in harness.widgets(screen) if getattr(w, "role", None) == "figure")
    from companion.app.games.fort_boyard.endgame import TOKENS

    assert figure.text == str(me["boyards"] + sum(screen.counts[kind] * value for kind, value in TOKENS))
    assert figure.font_size >= 48
