"""The blind review's findings on Pixies, each held: the draft's chips say their figures in words at every
player count, the reveal says what to tap and how many so far, a revealed card says where it goes in
words, an empty space is drawn as a slot and not as a card, the podium's first step is clearly the highest."""

from __future__ import annotations

import pytest

from tests.support import app_harness


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("pixies-review3")) as h:
        yield h


def _chips(app):
    from companion.app.games.pixies.chips import PixiesChip

    return [w for w in app.current_screen().walk() if isinstance(w, PixiesChip)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_draft_chips_say_the_total_and_this_round_in_words_at_every_player_count(harness, players):
    from companion.app.games.pixies.scenarios import draft_until, fresh_game

    app = harness.app
    app.set_language("en")
    fresh_game(app, players, "draft")
    draft_until(app, lambda v: v["phase"] == "pick" and v["turn"] == 2)
    app.show_phase()
    harness.settle(frames=4)
    chips = _chips(app)
    assert len(chips) == players
    for chip in chips:
        assert chip.total_text.endswith((" points", " pts"))
        assert chip.round_text.endswith((" this round", " so far")), chip.round_text
    report = harness.widget_report()
    # Words at 20 px or more, the figures ("37 points", "+12") at the standing's 24 px.
    chip_texts = [t for t in report["texts"] if t["text"].endswith(("points", "pts", "this round", "so far"))]
    assert chip_texts and all(t["font_px"] >= 20 for t in chip_texts)
    assert all(t["font_px"] >= 24 for t in report["texts"] if t["text"].endswith(("points", "pts")))


def test_the_reveal_says_what_to_tap_and_how_many_are_in(harness):
    from tests.support import scenario_report

    texts = [t["text"] for t in scenario_report(harness, "draft-reveal", "en")["texts"]]
    assert "Tap the 4 cards Zoé turned over (2/4)" in texts


def test_a_revealed_card_says_where_it_goes_in_words(harness):
    from tests.support import scenario_report

    texts = [" ".join(t["text"].split()) for t in scenario_report(harness, "draft-pick", "en")["texts"]]
    assert any(t.startswith("Space 7: two cards, you pick the face-up one") for t in texts), texts
    assert not any("stack it" in t for t in texts)


def test_an_empty_space_is_a_slot_with_its_number_not_a_card(harness):
    from companion.app.games.pixies.card import CardFace

    empty, card = CardFace(None, number=8), CardFace("red-1-3s")
    for face in (empty, card):
        face.size, face.pos = (90, 120), (0, 0)
        face._draw()
    assert [w.text for w in empty.children] == ["8"]
    # A slot's outline in dashes: many short lines, where a card has its frame and no dash.
    lines = lambda face: [i for i in face.canvas.before.children if type(i).__name__ == "Line"]  # noqa: E731
    assert len(lines(empty)) >= 12 > len(lines(card))


def test_the_podium_first_step_is_clearly_the_highest_and_gold(harness):
    from companion.app.look.palette import PODIUM_STEPS, hex_rgba
    from tests.support import scenario_report

    scenario_report(harness, "pixies-podium", "en")
    steps = {w.place: w for w in harness.app.current_screen().walk() if hasattr(w, "place")
             and type(w).__name__ == "BoxLayout"}
    heights = {place: next(c for c in column.children if type(c).__name__ == "Panel" and c.radius == 0).height
               for place, column in steps.items()}
    assert heights[1] >= 1.6 * heights[2] and heights[2] > heights[3]
    first = next(c for c in steps[1].children if type(c).__name__ == "Panel" and c.radius == 0)
    assert list(first.bg) == list(hex_rgba(PODIUM_STEPS[1]))
