"""The Fort Boyard duel in three steps at the touchscreen (issue 28): the stake and the opponent on one
screen, "Which duel? Draw a Duel card" with who chooses, the run with its one rule line and the two
winners; "Run again" and "Other contest" under the menu."""

from __future__ import annotations

import pytest

pytest.importorskip("kivy")

from tests.support import app_harness  # noqa: E402


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    with app_harness(tmp_path_factory.mktemp("fb-duel")) as h:
        h.app.set_language("fr")
        yield h
        hw = getattr(h.app, "buzzer_hardware", None)
        if hw is not None:
            hw.close()


def tr(h, key, **kw):
    return h.app.controller.tr(key, **kw)


def buttons(h) -> list[str]:
    from kivy.uix.button import Button

    return [w.text for w in h.widgets(h.screen) if isinstance(w, Button) and not w.disabled]


def texts(h) -> list[str]:
    from kivy.uix.label import Label

    return [w.text for w in h.widgets(h.screen) if isinstance(w, Label) and w.text]


def round_2_duel(h):
    from companion.app.games.fort_boyard.scenarios import fresh_game, play, to_round_2

    fresh_game(h.app)
    to_round_2(h.app)
    play(h.app, {"cmd": "land", "space": "duel"})
    h.app.show_phase()
    h.settle(frames=4)
    return h.app.controller.view["current"]


def test_the_duel_goes_stake_and_opponent_then_which_duel_then_the_run(harness):
    h = harness
    c = h.app.controller
    me = round_2_duel(h)
    # 1. one screen: the stake and the opponent, the stake first (an opponent before it is refused)
    assert c.view["phase"] == "duel_stake" and h.app.sm.current == "duel"
    shown = buttons(h)
    assert tr(h, "common.key") in shown and tr(h, "common.clue") in shown
    others = [p["name"] for p in c.view["players"] if p["name"] != me]
    assert all(n in shown for n in others)
    h.tap(others[0])
    assert c.view["phase"] == "duel_stake"  # "the stake first"
    h.tap(tr(h, "common.clue"))
    assert c.view["phase"] == "duel_opponent" and c.view["stake"] == "clue"
    assert all(n in buttons(h) for n in others)  # the same screen: the opponents still there
    h.tap(tr(h, "common.key"))  # changed one's mind: the other stake replaces it
    assert c.view["phase"] == "duel_opponent" and c.view["stake"] == "key"
    assert [cmd["cmd"] for cmd in c.session.commands[-2:]] != ["stake", "stake"]
    h.tap(others[-1])
    assert c.view["phase"] == "duel_result" and c.view["opponent"] == others[-1]
    # 2. which duel, and who chooses it: no winner yet
    shown = texts(h)
    assert tr(h, "duel.draw_contest", player=me) in shown  # one instruction: who draws, who taps
    won = [tr(h, "duel.won_lines", player=n) for n in (me, others[-1])]
    assert not set(won) & set(buttons(h))
    # 3. the run: the contest's one rule line and the two winners, no asides beside them
    h.tap(tr(h, "buzz.mode.reflex"))
    shown = buttons(h)
    assert set(won) <= set(shown)
    assert tr(h, "duel.other_contest") not in shown and tr(h, "buzz.rerun") not in shown
    assert tr(h, "duel.draw_contest", player=me) not in texts(h)
    h.tap(won[1])
    last = c.view["last_command"]
    assert (last["cmd"], last["winner"]) == ("result", others[-1])


def test_run_again_and_other_contest_are_under_the_menu_during_the_run(harness):
    from companion.app.games.fort_boyard.scenarios import _duel

    h = harness
    _duel(h.app, "result")
    h.settle(frames=4)
    h.tap(tr(h, "buzz.mode.card"))
    screen = h.screen
    assert screen.duel_panel.duel.mode == "card"
    h.tap("≡ " + tr(h, "common.menu"))
    assert h.app.sm.current == "duel"  # the menu opens over the run, the duel stays
    h.tap(tr(h, "duel.other_contest"))
    assert tr(h, "duel.draw_contest", player=h.app.controller.view["current"]) in texts(h)  # back to step 2
    h.tap(tr(h, "buzz.mode.reflex"))
    h.tap("≡ " + tr(h, "common.menu"))
    h.tap(tr(h, "podium.home"))  # the app's menu is still one tap further
    assert h.app.sm.current == "home"


def test_the_menu_outside_the_run_goes_home_at_once(harness):
    from companion.app.games.fort_boyard.scenarios import _duel

    h = harness
    _duel(h.app, "opponent")
    h.settle(frames=4)
    h.tap("≡ " + tr(h, "common.menu"))
    assert h.app.sm.current == "home"


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_card_contests_rule_line_reads_as_one_sentence(harness, language):
    h = harness
    h.app.set_language(language)
    try:
        line = tr(h, "buzz.card")
        assert "duel de la carte" not in line.lower() and "card’s duel" not in line.lower()
        assert line.count(":") <= 1  # one rule, said once
    finally:
        h.app.set_language("fr")
