"""The design system's palette and tokens (companion/app/look, docs/design.md): text contrast, colour-blind
safety, the type scale's minimums, the 8 px grid, touch targets, motion limits."""

from __future__ import annotations

from dataclasses import fields

import pytest

from companion.app.look import cvd  # needs colorspacious, a test dependency (pyproject.toml)
from companion.app.look import palette as P
from companion.app.look import tokens as T
from companion.app.look.contrast import contrast
from companion.app.theme import PROFILES


def test_contrast_matches_wcag_reference_values():
    assert contrast("000000", "ffffff") == pytest.approx(21.0)
    assert contrast("ffffff", "ffffff") == pytest.approx(1.0)
    assert contrast("777777", "ffffff") == pytest.approx(4.48, abs=0.01)  # the classic "just fails AA" grey
    assert contrast((1, 1, 1, 1), "000000") == contrast("ffffff", "000000")


@pytest.mark.parametrize("text", P.TEXT_ROLES)
@pytest.mark.parametrize("background", P.BACKGROUND_ROLES)
def test_every_text_role_reads_on_every_background_role(text, background):
    assert contrast(P.role(text), P.role(background)) >= 4.5


@pytest.mark.parametrize("filled", ["success", "failure", "danger", "warning", "accent", "selection", "stone",
                                    "stone_dark", "surface"])
def test_buttons_of_every_role_carry_readable_text(filled):
    best = max(contrast(P.ROLES.text, P.role(filled)), contrast(P.ROLES.text_on_light, P.role(filled)))
    assert best >= 4.5


@pytest.mark.parametrize("colour", [c for _, c in P.PLAYER_COLOURS] + list(P.SPACE_COLOURS.values()))
def test_player_and_space_colours_carry_readable_text(colour):
    assert max(contrast(P.ROLES.text, colour), contrast(P.ROLES.text_on_light, colour)) >= 4.5


@pytest.mark.parametrize("background", P.ROUND_BACKGROUNDS.values())
def test_player_colours_stand_out_on_each_rounds_background(background):
    assert min(contrast(c, P.role(background)) for _, c in P.PLAYER_COLOURS) >= 3.0


def test_six_player_colours_stay_apart_under_every_colour_vision():
    assert len(dict(P.PLAYER_COLOURS)) == 6
    closest = cvd.worst_pairs(dict(P.PLAYER_COLOURS))[0]
    assert closest[0] >= cvd.MEANING_DELTA_E, closest


def test_no_player_colour_reads_as_the_main_actions_gold():
    # The family review: a "sun" player and the main action's gold looked the same; gold is one meaning.
    for colour_id, code in P.PLAYER_COLOURS:
        assert cvd.delta_e(code, P.ROLES.accent) >= cvd.MEANING_DELTA_E, colour_id
        closest = cvd.worst_pairs({"player": code, "accent": P.ROLES.accent})[0]
        assert closest[0] >= cvd.GOLD_DELTA_E, (colour_id, closest)


def test_the_gold_check_catches_the_december_sun():
    assert cvd.delta_e("ffca3a", P.ROLES.accent) < cvd.MEANING_DELTA_E


def test_current_players_chip_in_their_colour_carries_ink_text():
    # The current player's chip is filled with their own colour (not gold) with ink text on it.
    for colour_id, code in P.PLAYER_COLOURS:
        assert contrast(P.ROLES.text_on_light, code) >= 4.5, colour_id


def test_meaning_pairs_stay_apart_under_every_colour_vision():
    roles = {name: P.role(name) for pair in P.MEANING_PAIRS for name in pair}
    closest = cvd.worst_pairs(roles, P.MEANING_PAIRS)[0]
    assert closest[0] >= cvd.MEANING_DELTA_E, closest


def test_duel_and_passe_partout_stay_apart_under_every_colour_vision():
    closest = cvd.worst_pairs(P.SPACE_COLOURS, [("duel", "passe_partout")])[0]
    assert closest[0] >= cvd.MEANING_DELTA_E, closest


def test_the_seven_spaces_stay_apart_under_every_colour_vision():
    assert len(P.SPACE_COLOURS) == 7
    closest = cvd.worst_pairs(P.SPACE_COLOURS)[0]
    assert closest[0] >= cvd.SPACE_DELTA_E, closest


def test_no_space_reads_as_a_player_or_the_main_action():
    # The family review: "Duel" in the coral player's orange, "Énigme" in the violet player's purple,
    # "Passe-partout" in the main action's gold; children took them for a player's or the main button.
    others = dict(P.PLAYER_COLOURS) | {"gold": P.ROLES.accent}
    for space, code in P.SPACE_COLOURS.items():
        closest = min((cvd.delta_e(code, other), name) for name, other in others.items())
        assert closest[0] >= cvd.PLAYER_SPACE_DELTA_E, (space, closest)


def test_the_space_check_catches_the_old_spaces():
    old = {"duel": ("ee6c2b", "e4572e"), "enigme": ("5e3c8c", "a56ef0"), "passe_partout": ("ffd166", "f2c14e")}
    for space, (code, look_alike) in old.items():
        assert cvd.delta_e(code, look_alike) < cvd.PLAYER_SPACE_DELTA_E, space


def test_the_check_catches_the_collisions_of_the_old_palette():
    # The December review: Okabe–Ito's orange and vermillion look alike to a deuteranope, and so did
    # the old Réussi green and Raté red: the check must see both.
    assert cvd.delta_e("e69f00", "d55e00", "deuteranomaly") < cvd.MEANING_DELTA_E
    assert cvd.worst_pairs({"ok": "2f8f5b", "ko": "b8412c"})[0][0] < cvd.MEANING_DELTA_E


def test_saved_games_colour_names_still_resolve_one_for_one():
    resolved = {P.player_hex(old) for old in ("orange", "sky", "green", "yellow", "vermillion", "purple")}
    assert len(resolved) == 6 and None not in resolved
    december = {P.player_hex(old) for old in ("coral", "sun", "lagoon", "violet", "sky", "chalk")}
    assert len(december) == 6 and None not in december
    assert P.player_hex("no such colour") is None


def test_play_text_sizes_meet_the_legibility_minimums():
    assert min(getattr(T.TYPE, f.name) for f in fields(T.TYPE)) >= 18
    assert T.TYPE.step >= 36 and T.TYPE.standing >= 24


def test_spacing_is_on_the_8_px_grid_and_touch_targets_are_big_enough():
    assert all(getattr(T.SPACE, f.name) % T.GRID == 0 for f in fields(T.SPACE))
    assert T.TOUCH.minimum >= 48 and T.TOUCH.icon_button >= 56 and T.TOUCH.gap >= 8


def test_sizes_scale_with_the_display_profile():
    assert T.px(T.TYPE.step, PROFILES["800x480"]) == 36
    assert T.px(T.TYPE.step, PROFILES["1280x800"]) == 60
    assert T.px(T.TYPE.caption, PROFILES["720x1280"]) == 27


def test_no_animation_lasts_over_a_second_and_a_half():
    durations = [getattr(T.MOTION, f.name) for f in fields(T.MOTION) if isinstance(getattr(T.MOTION, f.name), float)]
    assert max(durations) <= 1.5
    assert T.duration(4.0) == 1.5


def test_reduce_motion_from_the_settings_shows_end_states_at_once():
    from companion.config import Settings

    class Earlier:  # a settings object from before the setting existed
        pass

    assert T.duration(T.MOTION.medium, Settings().changed(reduce_motion=True)) == 0
    assert T.duration(T.MOTION.medium, Settings()) == T.MOTION.medium
    assert T.duration(T.MOTION.medium, Earlier()) == T.MOTION.medium


def test_easing_names_are_kivys():
    transitions = pytest.importorskip("kivy.animation").AnimationTransition
    for f in fields(T.MOTION):
        value = getattr(T.MOTION, f.name)
        if isinstance(value, str):
            assert hasattr(transitions, value), value


def test_line_box_holds_a_line_of_the_text_font_at_its_size():
    ImageFont = pytest.importorskip("PIL.ImageFont")
    from companion.app.look.fonts import FONTS_DIR, TEXT_FILES

    for style in TEXT_FILES.values():
        ascent, descent = ImageFont.truetype(str(FONTS_DIR / style), 1000).getmetrics()
        assert (ascent + descent) / 1000 == pytest.approx(T.LINE_HEIGHT, abs=0.002), style
    assert T.line_box(T.TYPE.step) >= T.TYPE.step * T.LINE_HEIGHT + 4
    assert T.line_box(T.TYPE.step, profile=PROFILES["1280x800"]) > T.line_box(T.TYPE.step)
