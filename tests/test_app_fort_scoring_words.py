"""Fort after the third blind review, through the real app at 800×480: the scoring wizard asks each count in
words with the player's name and shows the rule it serves with its points as computed, one question at a
time; the chip lit is the player choosing a made-up rule and the player counting; every rule and perk card
has its own icon; a chosen card is marked beyond its outline."""

from __future__ import annotations

import pytest

from tests.support import app_harness


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("fort-words")) as h:
        yield h


def _lit_chips(h):
    from companion.app import theme
    from companion.app.screens.chips import PlayerChip

    return [w.player_name for w in h.widgets() if isinstance(w, PlayerChip) and tuple(w.bg) != tuple(theme.SEA_LIGHT)]


def _texts(h):
    return [getattr(w, "text", "") for w in h.widgets()]


def test_the_wizard_asks_each_count_in_words_beside_the_rule_it_serves_and_its_points(harness):
    from companion.app.games.fort.scenarios import MC, SCENARIOS

    h, app = harness, harness.app
    SCENARIOS["final-first"](app)  # Marie-Christine holds Pizza Party and counts 4 pizzas
    h.settle(frames=6)
    tr = app.controller.tr
    texts = _texts(h)
    assert tr("fort.final.ask.pizza", player=MC) in texts
    assert tr("fort.final.how.pizza-party", points=tr("fort.final.pts.many", n=4)) in texts
    assert tr("fort.final.ask.cards", player=MC) not in texts  # her second question waits for its page
    assert _lit_chips(h) == [MC]
    h.tap(next(w for w in h.widgets() if getattr(w, "main", False)))  # "Next question"
    texts = _texts(h)
    assert tr("fort.final.ask.cards", player=MC) in texts
    assert tr("fort.final.how.sleepover.others") in texts  # Jean-Baptiste's Sleepover asks her cards
    assert app.controller.view["players"][0]["final"] is None  # nothing sent before her last question


def test_the_chip_lit_in_the_made_up_rule_picker_is_the_player_choosing(harness):
    from companion.app.games.fort.scenarios import SCENARIOS, ZO

    h, app = harness, harness.app
    SCENARIOS["ask-rule"](app)  # Zoé reaches level 1 during Marie-Christine's turn
    h.settle(frames=6)
    assert app.controller.view["leader"] != ZO
    assert _lit_chips(h) == [ZO]


def test_every_rule_and_perk_card_has_an_icon_of_its_own():
    from companion.app.games.fort import icons
    from companion.games.fort.model import PERKS, RULES

    shapes = [icons.CARD_ICONS[c] for c in (*RULES, *PERKS)]
    assert len(set(shapes)) == len(shapes)  # no two cards under one shape
    assert set(shapes) <= set(icons.KINDS)
    # nor a suit's, a resource's, an action's, a mark's or the turn's
    assert not set(shapes) & set(icons.SUITS + icons.RESOURCES + icons.ACTIONS + icons.MARKS + icons.STEP_KINDS)


def test_a_chosen_card_is_framed_and_ticked_and_the_others_are_not(harness):
    from companion.app.games.fort.scenarios import SCENARIOS

    h, app = harness, harness.app
    SCENARIOS["play-chosen"](app)
    h.settle(frames=6)
    chosen = {w.suit for w in h.widgets() if getattr(w, "framed", False)}
    assert chosen == {"squirtgun"}
