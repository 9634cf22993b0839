"""The second family review's findings on Pixies, each held: the strip's figures say what they count
("Total 37", never a bare ★ number: ★ is a kind of card), the podium's line speaks of points, the pad's
picker puts no seal on every card, a multicolour card shows its four bands round its number, and the
podium rains the game's cards over its own meadow."""

from __future__ import annotations

import pytest

from tests.support import app_harness


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("pixies-review2")) as h:
        yield h


def _player(total: int, now: int) -> dict:
    return {"name": "Zoé", "total": total, "score": {"total": now}}


@pytest.mark.parametrize("language, total, now", [("fr", "Total 37", "Manche +12"), ("en", "Total 37", "Round +12")])
def test_the_strip_says_what_each_figure_counts_and_draws_no_star(language, total, now):
    from companion.app.games.pixies.ui import UI
    from companion.app.screens.chips import figure_words
    from companion.app.table.language import Translator

    tr = Translator(language)
    figures = UI.standing({"mode": "draft", "phase": "pick"}, _player(37, 12))
    assert [figure_words(f, tr) for f in figures] == [total, now]
    assert all(f.icon != "star" for f in figures)


def test_the_podium_line_gives_the_winning_points_and_a_tie_names_both():
    from companion.app.games.pixies.ui import UI
    from companion.app.table.language import Translator

    tr = Translator("en")
    players = [{"name": "Zoé", "total": 45}, {"name": "Bob", "total": 45}, {"name": "Cy", "total": 30}]
    assert UI.winner_line(tr, {"winners": ["Zoé"], "players": players}) == "Zoé wins with 45 points!"
    assert "45 points" in UI.winner_line(tr, {"winners": ["Zoé", "Bob"], "players": players})


def test_the_pad_picker_puts_no_seal_on_its_cards_when_on_another_card_is_chosen(harness):
    from companion.app.games.pixies.card import CardView
    from companion.app.games.pixies.picker import SpacePicker
    from companion.app.games.pixies.scenarios import fresh_game
    from companion.games.pixies.cards import cards_of_number

    app = harness.app
    fresh_game(app)
    app.show_phase()
    picker = SpacePicker(app.current_screen(), 5, list(cards_of_number(5)), True, lambda _i: None, lambda _s: None)
    cards = [w for w in picker.walk() if isinstance(w, CardView)]
    assert cards and not any(c.validated for c in cards)
    picker.dismiss(animation=False)


def test_a_multicolour_card_shows_its_four_bands_round_its_number(harness):
    from kivy.graphics import Ellipse

    from companion.app.games.pixies.card import CardFace

    face = CardFace("multi-3-none", size=(150, 200))
    face._draw()
    # The number on a round patch (an Ellipse), the four bands uncovered round it: no full-face panel.
    assert sum(isinstance(i, Ellipse) for i in face.canvas.before.children) >= 1


def test_the_podium_rains_cards_over_the_meadow():
    from companion.app.games.pixies.ui import UI

    assert UI.ceremony_token == "card" and UI.ceremony_art == "pixies-glade"
