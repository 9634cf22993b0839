"""The blind review's findings on Pixies' screens, each held: a validated card carries a seal no other card
has and the scoring zone's frame is not the gold of a choice, the options offer "at random" (Pixies has no
die), the round screen's bar names the round scored, the rules help says every rule, the pad's picker shows
the cards in another grid (greyed, the grid named) rather than hiding them."""

from __future__ import annotations

import pytest

from tests.support import app_harness


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("pixies-review")) as h:
        yield h


def _discs(face) -> int:
    from kivy.graphics import Ellipse

    return sum(isinstance(i, Ellipse) for i in face.canvas.before.children)


def test_a_validated_card_wears_a_seal_and_the_zone_frame_is_apart_from_the_gold(harness):
    from companion.app.games.pixies.grid import GridView

    items = [{"up": "red-5-none", "validated": True}, {"up": "red-4-none"}] + [None] * 7
    view = GridView(items, zone=[1, 2], chosen=[3], size=(300, 380))
    view.grid.do_layout()
    for face in view.spaces:
        face._draw()
    validated, plain, empty = view.spaces[0], view.spaces[1], view.spaces[2]
    assert _discs(validated) == 2 and _discs(plain) == 0  # the seal: its dark ring and its gold disc
    assert validated.zone_on and plain.zone_on and not validated.outline_on and not plain.outline_on
    assert empty.outline_on and not empty.zone_on  # a choice keeps the gold frame


def _texts(report) -> list[str]:
    return [t["text"] for t in report["texts"]]


def test_who_starts_is_drawn_at_random_never_by_a_die(harness):
    from tests.support import scenario_report

    for language, word, die in (("fr", "Au hasard", "dé"), ("en", "At random", "die")):
        texts = _texts(scenario_report(harness, "pixies-options", language))
        assert any(word in t for t in texts), texts
        assert not any(die in t.split() for t in texts), texts


def test_the_round_screen_bar_names_the_round_being_scored(harness):
    from tests.support import scenario_report

    texts = _texts(scenario_report(harness, "round", "en"))
    assert any(t.startswith("Round 1 / 3") for t in texts), texts  # the state is in round 2 already
    assert any(t.startswith("Round 1: ") and t.endswith("’s grid") for t in texts), texts  # whose grid shows, not who won
    assert not any(t.startswith("Round 2 / 3") for t in texts), texts


def test_the_pad_picker_shows_a_card_of_another_grid_faded_and_whose_and_takes_no_tap(harness):
    from tests.support import scenario_report

    report = scenario_report(harness, "pad-picker", "en")
    picker = harness.app.current_screen().picker
    taken = [w for w in picker.walk() if w is not picker and getattr(w, "taken", None)]
    assert [w.taken for w in taken] == ["yellow-5-2x"]  # in Marie-Christine's grid (the digest's example)
    offered = [w.choice[1] for w in picker.walk() if getattr(w, "choice", None) and w.choice[0] == "card"]
    assert len(offered) == 11 and "yellow-5-2x" not in offered  # the twelve fives less the one placed
    assert any(t["text"].endswith("’s grid") for t in report["texts"])


def test_the_rules_help_says_every_rule_under_a_title_on_its_two_pages(harness):
    from tests.support import scenario_report

    placing = _texts(scenario_report(harness, "pixies-rule-help", "en"))
    scoring = _texts(scenario_report(harness, "rule-help-score", "en"))
    for texts in (placing, scoring):
        assert "The rules in short" in texts and "Placing cards" in texts and "Scoring" in texts
    for words in ("its number", "stays face up", "face down on an empty space", "all 9 spaces"):
        assert any(words in t for t in placing), words
    for words in ("largest zone", "itself", "count nothing", "per card"):
        assert any(words in t for t in scoring), words
