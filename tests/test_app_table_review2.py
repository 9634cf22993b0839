"""What a second family review of the 800×480 French screens found, each checked through the real app:
a second proposal asks plainly and its buttons cannot be read as "confirm the wrong one"; the verdict
says what it costs by the rulebook; Round 2's opening says who reads which clue to whom; held clues
say whose they are; players without a key are told in words, at reading size; the treasure's "−"
matches its "+"; the podium's names sit centred and its numbers share one size; no message shows two
colons. (The phones' codes one at a time: tests/test_app_codewords.py.)"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.support import app_harness, scenario_report

pytest.importorskip("kivy")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("table-review-2")) as h:
        yield h


shown = scenario_report  # a scenario shown, its widget report


def texts_of(report: dict) -> list[str]:
    return [t["text"] for t in report["texts"]]


def buttons(h) -> dict:
    from kivy.uix.button import Button

    return {w.text: w for w in h.widgets(h.screen) if isinstance(w, Button) and w.text}


def test_a_second_proposal_asks_the_player_and_offers_no_bare_wrong_to_confirm(harness):
    h = harness
    texts = texts_of(shown(h, "proposal-again"))
    tr = h.app.controller.tr
    view = h.app.controller.view
    me = view["current"]
    keys = next(p["keys"] for p in view["players"] if p["name"] == me)
    assert view["phase"] == "propose_again"
    assert tr("propose.again_title", player=me, after=keys - 1) in texts
    offered = buttons(h)
    answers = [tr("propose.right"), tr("propose.wrong_again"), tr("propose.give_up")]
    assert all(a in offered for a in answers) and tr("propose.wrong") not in offered
    assert {offered[a].bold for a in answers} == {True}  # one weight: stopping is a choice like the others
    assert len({offered[a].base_font for a in answers}) == 1


def test_a_wrong_word_with_one_key_says_no_treasure_and_the_correction_says_treasure(harness):
    from companion.app.games.fort_boyard.keyboard import VerdictScreen

    h = harness
    texts = texts_of(shown(h, "verdict"))
    tr = h.app.controller.tr
    screen = h.screen
    assert isinstance(screen, VerdictScreen) and not screen.verdict["correct"]
    player = screen.verdict["player"]
    p = next(x for x in h.app.controller.view["players"] if x["name"] == player)
    assert p["keys"] == 1  # the rulebook: wrong with only 1 key, no new try
    assert tr("verdict.out", player=player) in texts
    offered = buttons(h)
    fix, go = offered[tr("codewords.overrule_right")], offered[tr("common.continue")]
    assert fix.base_font == go.base_font >= 22 and fix.height == go.height  # a real button, not a footnote
    h.tap(fix)
    h.settle(frames=4)
    assert tr("verdict.treasure", player=player) in texts_of(h.widget_report())


def test_a_wrong_word_with_two_keys_says_the_next_try_costs_one(harness):
    import copy

    from companion.app.scenarios import SCENARIOS
    from companion.app.games.fort_boyard.keyboard import verdict_outcome

    h = harness
    SCENARIOS["verdict"](h.app)
    player = h.screen.verdict["player"]
    view = copy.deepcopy(h.app.controller.view)
    view["phase"], view["current"] = "propose_again", player  # as the engine leaves a player with 3 keys
    next(x for x in view["players"] if x["name"] == player)["keys"] = 3
    tr = h.app.controller.tr
    assert verdict_outcome(tr, view, player, right=False) == tr("verdict.may_retry", player=player, after=2)


def test_round_2_opening_tells_the_card_reading_or_the_screen_as_the_game_plays_it(harness):
    from companion.app.games.fort_boyard.scenarios import DOOR, companion_words_game, play, win

    h = harness
    tr = h.app.controller.tr
    texts = " ".join(texts_of(shown(h, "moment-round2")))  # the cards' code words: neighbours read aloud
    assert "voisin de gauche" in texts and tr("moment.round2_companion", player="").split(".")[0] not in texts
    companion_words_game(h.app)
    for _ in range(2):
        play(h.app, *win(), DOOR, DOOR, DOOR)
    h.app.send(win()[0])
    h.app.send(win()[1])
    h.settle(frames=8)
    assert h.app.sm.current == "moment"
    texts = " ".join(texts_of(h.widget_report()))
    assert "en secret" in texts and "voisin" not in texts
    h.tap(tr("common.continue"))  # and then the screen does show each player's first clue in private
    assert h.app.sm.current == "reveal"


def test_held_clues_say_whose_they_are(harness):
    h = harness
    texts = texts_of(shown(h, "my-clues-held"))
    assert "Indices de Jean-Baptiste" in texts


def test_players_without_a_key_are_named_at_reading_size_in_words_not_with_a_cross(harness):
    from kivy.uix.image import Image

    from companion.app import theme
    from companion.app.screens.base import PlayerChip

    h = harness
    report = shown(h, "moment-round3")
    [line] = [t for t in report["texts"] if t["text"].startswith("Sans clé, pas de trésor")]
    assert line["font_px"] >= 22
    label = next(w for w in h.widgets(h.screen) if getattr(w, "text", None) == line["text"])
    assert list(label.color) == list(theme.TEXT)  # not the muted grey
    out = [c for c in h.widgets(h.screen) if isinstance(c, PlayerChip)
           and next(p for p in h.app.controller.view["players"] if p["name"] == c.player)["status"] == "out"]
    assert len(out) == 2
    for chip in out:
        assert "Sans clé" in [getattr(w, "text", "") for w in h.widgets(chip)]
        assert not [w for w in h.widgets(chip) if isinstance(w, Image) and "failure" in (w.source or "")]


def test_the_treasures_minus_is_as_strong_as_its_plus(harness):
    h = harness
    shown(h, "treasure")
    from kivy.uix.button import Button

    every = [w for w in h.widgets(h.screen) if isinstance(w, Button)]
    minus, plus = [b for b in every if b.text == "−"], [b for b in every if b.text == "+"]
    assert len(minus) == len(plus) == 4
    assert {tuple(b.bg) for b in minus} == {tuple(b.bg) for b in plus}
    assert {b.base_font for b in minus} == {b.base_font for b in plus}


def test_the_podium_centres_each_name_over_its_step_and_numbers_share_one_size(harness):
    from companion.app.controls import Swatch

    h = harness
    shown(h, "podium")
    screen = h.screen
    numbers = [w for w in h.widgets(screen) if hasattr(w, "place") and hasattr(w, "font_size")]
    assert sorted(n.place for n in numbers) == [1, 2, 3]
    assert len({round(n.font_size, 1) for n in numbers}) == 1
    for name, box in screen.name_rows.items():
        disc = next(w for w in h.widgets(box) if isinstance(w, Swatch))
        label = next(w for w in h.widgets(box) if getattr(w, "text", None) == name)
        words_right = label.center_x + label.texture_size[0] / 2  # where the name's letters end
        group = (disc.x + words_right) / 2  # the disc and the name together
        assert abs(group - box.center_x) <= 4, (name, group, box.center_x)


def po_messages(language: str) -> dict[str, str]:
    path = Path("companion/app/table/locale") / language / "LC_MESSAGES/companion.po"
    return dict(re.findall(r'^msgid "(.+)"\nmsgstr "(.*)"$', path.read_text(encoding="utf-8"), re.M))


def colons(text: str) -> int:
    text = re.sub(r"\{[^}]*\}", "X", text)  # a placeholder's format ("{seconds:.1f}") is no colon
    return len(re.findall(r"(?<!\d):(?!\d)", text))  # nor the ":" of a time


def test_no_sentence_of_the_catalogues_has_two_colons():
    for language in ("fr", "en"):
        for key, text in po_messages(language).items():
            for sentence in re.split(r"(?<=[.?!])\s+| · ", text):  # a legend's entries: one colon each
                assert colons(sentence) <= 1, (language, key, sentence)


def test_no_notice_or_clue_shows_two_colons():
    for language in ("fr", "en"):
        messages = po_messages(language)
        label = messages["common.labelled"].replace("{label}", messages["home.notice"])
        notices = [v for k, v in messages.items() if k.startswith("notice.")]
        assert notices and all(colons(label.replace("{value}", n)) <= 1 for n in notices), language
        words = tomllib.loads(Path(f"content/fort-boyard/{language}/code_words.toml").read_text(encoding="utf-8"))
        clues = [c for w in next(iter(v for v in words.values() if isinstance(v, list))) for c in w["easy"] + w["hard"]]
        shown_clues = [messages["codewords.clue_n"].replace("{n}", "1").replace("{clue}", c) for c in clues]
        assert clues and all(colons(s) <= 1 for s in shown_clues), language
