"""Pixies, Forfort and Fort laid out for the portrait display (720×1280), not the landscape squeezed: the
grid or the fort above, what to do under it, each target at its touch size (the pictures of every profile
are held to 0 legibility problems by tests/test_app_process.py)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def portrait(tmp_path_factory):
    pytest.importorskip("kivy")
    from tests.support import app_harness

    with app_harness(tmp_path_factory.mktemp("portrait")) as h:
        h.app.change_settings(display_profile="720x1280")
        h.pump(3)
        try:
            yield h
        finally:
            h.app.change_settings(display_profile="800x480")
            h.pump(3)


def _show(h, shot):
    from companion.app.scenarios import SCENARIOS

    SCENARIOS[shot](h.app)
    h.settle(frames=8)
    assert h.app.portrait
    return h.app.current_screen()


def _walk(screen, test):
    return [w for w in screen.walk() if test(w)]


def test_the_drafts_grid_stands_above_the_revealed_cards_across_the_width(portrait):
    screen = _show(portrait, "draft-pick")
    grid = screen.grid_view.to_window(*screen.grid_view.pos)
    cards = _walk(screen, lambda w: (getattr(w, "choice", None) or ("",))[0] == "card")
    assert cards
    for card in cards:
        _x, y = card.to_window(*card.pos)
        assert y + card.height <= grid[1]  # under the grid (Kivy's y grows upwards)
        assert card.width >= 72 and card.height >= 72
    tabs = _walk(screen, lambda w: (getattr(w, "choice", None) or ("",))[0] == "grid")
    assert sum(t.width for t in tabs) > 0.8 * 720  # the whose-grid tabs across the screen, not beside


def test_the_reveals_numbers_and_cards_take_two_rows_each(portrait):
    screen = _show(portrait, "draft-reveal")
    numbers = _walk(screen, lambda w: (getattr(w, "choice", None) or ("",))[0] == "number")
    assert len({round(n.to_window(*n.pos)[1]) for n in numbers}) == 2
    assert min(n.width for n in numbers) >= 72
    go = screen.reveal_button
    assert go.width > 0.9 * 700  # the gold button under the cards taken, across the width


def test_forforts_space_touched_stands_beside_the_fort_and_its_choices_under_it(portrait):
    screen = _show(portrait, "build")
    fort_x, fort_y = screen.picture.to_window(*screen.picture.pos)
    beside = screen.touched_column
    bx, by = beside.to_window(*beside.pos)
    assert bx >= fort_x + screen.picture.width and by + beside.height > fort_y  # at its right, same band
    choices = _walk(screen, lambda w: getattr(w, "command", None) is not None)
    assert choices and all(c.to_window(*c.pos)[1] + c.height <= fort_y for c in choices)


def test_forts_suits_stand_three_a_row_with_played_under_them(portrait):
    screen = _show(portrait, "play")
    suits = _walk(screen, lambda w: getattr(w, "suit", "-") not in ("-", None))
    assert len(suits) == 7 and len({round(s.to_window(*s.pos)[0]) for s in suits}) == 3
    played = next(w for w in screen.walk() if getattr(w, "played_slot", False))  # the hint until a suit is tapped
    lowest = min(s.to_window(*s.pos)[1] for s in suits)
    assert played.to_window(*played.pos)[1] + played.height <= lowest and played.width > 0.9 * 700


def test_five_players_round_tabs_share_the_gold_buttons_row_under_the_breakdown(portrait):
    from companion.app.games.pixies.scenarios import EXAMPLE, SECOND, THIRD, fresh_game, grids, play
    from companion.app.legibility import check_shot

    h = portrait
    fresh_game(h.app, 5)
    answer = play(h.app, *grids([EXAMPLE, SECOND, THIRD, [None] * 9, ["down"] + [None] * 8]))
    h.app.go(h.app.controller.ui("pixies").after_answer(h.app, {}, answer))
    h.settle(frames=8)
    screen = h.app.current_screen()
    tabs = _walk(screen, lambda w: (getattr(w, "choice", None) or ("",))[0] == "grid")
    assert len(tabs) == 5 and {t.text for t in tabs} >= {"MC 37", "A 0"}  # initials, with the round's total
    lines = [w for w in screen.walk() if getattr(w, "role", None) == "standing" and w.text == "+16"]
    under_lines = min(w.to_window(*w.pos)[1] for w in lines)
    go = screen.continue_button.to_window(*screen.continue_button.pos)[1]
    assert all(t.to_window(*t.pos)[1] + t.height <= under_lines and t.to_window(*t.pos)[1] == go for t in tabs)
    found = [p.what for p in check_shot("pixies-round-720x1280-fr.png", h.widget_report(), 720 / 480)]
    assert found == [], "\n".join(found)
