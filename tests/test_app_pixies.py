"""Pixies' screens through the real app at 800×480: a whole game to the podium, its first
steps with the screens' own buttons and the rest by the same commands (the score pad, and the draft), the pad's picker as the rules' picker, the card colours apart
under every colour vision with a shape each, and every Pixies screen legible in French and English."""

from __future__ import annotations

import pytest

from tests.support import app_harness

PIXIES_SHOTS = ("pad", "pad-picker", "draft-reveal", "draft-pick", "draft-keep", "draft-down", "draft-last-turn",
                "round", "pixies-podium", "pixies-options", "pixies-rule-help", "rule-help-score")


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    pytest.importorskip("kivy")
    with app_harness(tmp_path_factory.mktemp("pixies-app")) as h:
        yield h


def test_card_colours_stay_apart_under_every_colour_vision_and_each_has_its_shape():
    cvd = pytest.importorskip("companion.app.look.cvd")
    pytest.importorskip("colorspacious")
    from companion.app.games.pixies.look import CARD_HEX, SHAPES, ink_hex
    from companion.app.look.contrast import contrast

    closest = cvd.worst_pairs(dict(CARD_HEX))[0]
    assert closest[0] >= cvd.MEANING_DELTA_E, closest  # and each suit's shape says it as well
    assert len(set(SHAPES.values())) == len(SHAPES) == 4
    for colour, code in CARD_HEX.items():
        assert contrast(ink_hex(code), code) >= 4.5, colour


def test_the_pads_picker_offers_what_the_rules_picker_offers(harness):
    from companion.app.games.pixies.picker import pad_choices
    from companion.app.games.pixies.scenarios import EXAMPLE, fresh_game, grids, play
    from companion.games.pixies import RULES

    app = harness.app
    fresh_game(app)
    play(app, grids([EXAMPLE])[0])
    state, view = app.controller.session.state, app.controller.view
    for name in ("Jean-Baptiste", "Marie-Christine"):
        for space in range(1, 10):
            assert pad_choices(view, name, space) == RULES.picker(state, name, space)
    assert "blue-1-6s" not in pad_choices(view, "Jean-Baptiste", 1)  # face up in Marie-Christine's grid


def _card_in_picker(picker, card):
    return next(w for w in picker.walk() if getattr(w, "choice", None) == ("card", card))


def _enter_through_the_screens(h, app, grid):
    """One grid entered with the pad's own taps: each space's picker, "on another card" where it is."""
    for space, item in enumerate(grid, start=1):
        if item is None:
            continue
        h.tap(app.current_screen().grid_view.spaces[space - 1])
        picker = app.current_screen().picker
        if item == "down":
            h.tap(next(w for w in picker.walk() if getattr(w, "text", "") == app.controller.tr("pixies.pad.down")))
            continue
        stacked = bool(item.get("validated"))
        if picker.stacked != stacked:
            h.tap(next(w for w in picker.walk() if getattr(w, "choice", None) == ("stacked", stacked)))
        h.tap(_card_in_picker(app.current_screen().picker, item["up"]))
    assert app.current_screen().drafts[app.current_screen().who] == list(grid)
    h.tap(app.current_screen().enter_button)


def test_a_score_pad_game_played_through_the_screens_reaches_the_podium(harness):
    """Marie-Christine's first grid (the digest's: a card alone, cards on another, a face-down one) entered
    tap by tap; the other grids (the same taps again, the slow part) sent as the pad's own grid commands,
    each round still scored on its screen and left by its Continue."""
    from companion.app.games.pixies.scenarios import EXAMPLE, SECOND, THIRD, fresh_game, grids

    h, app = harness, harness.app
    fresh_game(app)
    app.show_phase()
    for round_ in (1, 2, 3):
        for name, grid in zip(("Marie-Christine", "Jean-Baptiste", "Zoé"), (EXAMPLE, SECOND, THIRD)):
            assert app.current_screen().name == "pixies_pad"
            if round_ == 1 and name == "Marie-Christine":
                _enter_through_the_screens(h, app, grid)
            else:
                app.send(next(g for g in grids([EXAMPLE, SECOND, THIRD]) if g["player"] == name))
        assert app.sm.current == "pixies_round"
        me = next(p for p in app.controller.view["players"] if p["name"] == "Marie-Christine")
        assert me["rounds"][-1]["total"] == {1: 37, 2: 41, 3: 45}[round_]  # the digest's grid: zone 4 × 2, 3, 4
        h.tap(app.current_screen().continue_button)
    assert app.sm.current == "podium"
    v = app.controller.view
    best = max(p["total"] for p in v["players"])
    assert v["winners"] == [p["name"] for p in v["players"] if p["total"] == best]


def test_a_draft_played_through_the_screens_reaches_the_podium(harness):
    """Turns drafted with the screens' own taps (reveals, picks, where a card goes, which to keep) until a
    screen has asked where a card goes and two reveals were tapped; the rest (more of the same, the slow
    part) sent as legal commands, each round's screen left by its Continue, to the podium."""
    import random

    from companion.app.games.pixies.scenarios import fresh_game
    from companion.games.pixies.autoplay import legal_command
    from companion.games.pixies.cards import CARDS

    h, app = harness, harness.app
    fresh_game(app, 2, "draft")
    app.show_phase()
    asked, rng, reveals = set(), random.Random(7), 0
    for _ in range(2000):
        v, screen = app.controller.view, app.current_screen()
        if app.sm.current == "podium":
            break
        if screen.name == "pixies_round":
            h.tap(screen.continue_button)
        elif asked and reveals >= 2:
            app.send(legal_command(v, rng))  # no frames between: the next screen is read from the state
        elif v["phase"] == "reveal":
            while len(screen.chosen) < v["cards_per_turn"]:
                card = next(c for c in v["deck"] if c not in screen.chosen)
                h.tap(next(w for w in screen.walk() if getattr(w, "choice", None) == ("number", CARDS[card].number)))
                h.tap(next(w for w in app.current_screen().walk() if getattr(w, "choice", None) == ("card", card)))
                screen = app.current_screen()
            h.tap(screen.reveal_button)
            reveals += 1
        elif screen.pending is not None:
            needs = v["choices"][screen.pending]["needs"]
            asked.add(needs)
            if needs == "keep":
                h.tap(next(w for w in screen.walk() if getattr(w, "choice", None) == ("keep", "new")))
            else:
                h.tap(next(s for s in screen.grid_view.spaces if s.tappable))
        elif v["forced"]:
            h.tap(screen.forced_button)
        else:
            h.tap(next(w for w in screen.walk() if getattr(w, "choice", None) == ("card", v["revealed"][0])))
    assert app.sm.current == "podium", app.sm.current
    v = app.controller.view
    assert all(len(p["rounds"]) == 3 for p in v["players"])
    assert asked  # the screens asked where the player had a choice


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("shot", PIXIES_SHOTS)
def test_every_pixies_screen_is_legible_from_across_the_table(harness, shot, language):
    from companion.app.legibility import check_shot
    from companion.app.scenarios import SCENARIOS, shot_name

    app = harness.app
    app.controller.settings = app.settings.changed(language=language)
    app.controller.tr.set_language(language)
    name = SCENARIOS[shot](app)
    harness.settle(frames=8)
    assert app.sm.current == name
    report = harness.widget_report()
    assert [str(p) for p in check_shot(shot_name(shot, "800x480", language), report, 1.0)] == []
    assert harness.overflowing_labels() == []


@pytest.mark.parametrize("shot", PIXIES_SHOTS)
def test_every_text_of_a_pixies_screen_stands_out_from_the_cards_behind_it(harness, tmp_path, shot):
    """The numbers and marks on every card colour (the multicolour's bands too) at 4.5:1 or more."""
    from companion.app.look.contrast import letters_contrast
    from companion.app.scenarios import SCENARIOS

    app = harness.app
    app.set_language("fr")
    SCENARIOS[shot](app)
    harness.settle(frames=8)
    shown, hidden = tmp_path / "shown.png", tmp_path / "hidden.png"
    low = []
    for text in harness.text_backgrounds(shown, hidden):
        ratio = letters_contrast(shown, hidden, text["box"], text["colour"])
        if ratio is not None and ratio < 4.5:
            low.append(f"{text['text'][:40]!r} {ratio:.2f}:1")
    assert not low, low
